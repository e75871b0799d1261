/**
 * A deliberately simple reference move generator for Turkish draughts (see docs/RULES.md).
 *
 * Written for obviousness, not speed: a plain array of 64 cells, recursive search of every
 * capture path, no bitboards and no clever tricks. It is used by the tests to cross-check the
 * fast generator in `src/`. It shares no code with `src/`.
 *
 * Squares: index = rank * 8 + file, a1 = 0, h8 = 63.
 */

export type Colour = 'white' | 'black';

export interface Piece {
  colour: Colour;
  king: boolean;
}

export type Cell = Piece | null;

export interface RefBoard {
  cells: Cell[]; // length 64
  turn: Colour;
}

export interface RefMove {
  from: number;
  /** Landing squares in order; the last one is the destination. */
  path: number[];
  /** Captured squares in the order they were jumped. */
  captures: number[];
}

const FILES = 'abcdefgh';

export function squareName(sq: number): string {
  return FILES[sq % 8] + String(Math.floor(sq / 8) + 1);
}

export function parseSquareName(name: string): number {
  if (!/^[a-h][1-8]$/.test(name)) throw new Error(`bad square name: ${name}`);
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

export function fileOf(sq: number): number {
  return sq % 8;
}

export function rankOf(sq: number): number {
  return Math.floor(sq / 8);
}

export function emptyBoard(turn: Colour = 'white'): RefBoard {
  const cells: Cell[] = [];
  for (let i = 0; i < 64; i++) cells.push(null);
  return { cells, turn };
}

/**
 * Parse a PDN FEN such as `W:Wa2,b2,Kd5:Ba7,Kh8`. Either colour section may be empty
 * (`W:W:Bc3`) or missing. Throws on anything it does not understand (this parser is for tests).
 */
export function refParseFen(fen: string): RefBoard {
  const parts = fen.trim().replace(/\.$/, '').split(':');
  const side = parts[0].trim();
  if (side !== 'W' && side !== 'B') throw new Error(`bad side to move in ${fen}`);
  const board = emptyBoard(side === 'W' ? 'white' : 'black');
  for (const rawSection of parts.slice(1)) {
    const section = rawSection.trim();
    if (section === '') continue;
    const colourLetter = section[0];
    if (colourLetter !== 'W' && colourLetter !== 'B') throw new Error(`bad colour section in ${fen}`);
    const colour: Colour = colourLetter === 'W' ? 'white' : 'black';
    const list = section.slice(1).trim();
    if (list === '') continue;
    for (const rawItem of list.split(',')) {
      let item = rawItem.trim();
      let king = false;
      if (item.startsWith('K')) {
        king = true;
        item = item.slice(1);
      }
      const sq = parseSquareName(item);
      if (board.cells[sq] !== null) throw new Error(`square ${item} given twice in ${fen}`);
      board.cells[sq] = { colour, king };
    }
  }
  return board;
}

/** Canonical FEN: pieces of each colour in increasing square order. */
export function refMakeFen(board: RefBoard): string {
  const list = (colour: Colour): string => {
    const items: string[] = [];
    for (let sq = 0; sq < 64; sq++) {
      const p = board.cells[sq];
      if (p !== null && p.colour === colour) items.push((p.king ? 'K' : '') + squareName(sq));
    }
    return items.join(',');
  };
  return `${board.turn === 'white' ? 'W' : 'B'}:W${list('white')}:B${list('black')}`;
}

/** Normalise any FEN the reference parser accepts to the canonical form. */
export function canonicalFen(fen: string): string {
  return refMakeFen(refParseFen(fen));
}

function onBoard(file: number, rank: number): boolean {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

interface Dir {
  df: number;
  dr: number;
}

const UP: Dir = { df: 0, dr: 1 };
const DOWN: Dir = { df: 0, dr: -1 };
const LEFT: Dir = { df: -1, dr: 0 };
const RIGHT: Dir = { df: 1, dr: 0 };
const ALL_DIRS: Dir[] = [UP, DOWN, LEFT, RIGHT];

/** Directions a man may move and capture in: forward and both sideways. */
function manDirs(colour: Colour): Dir[] {
  return [colour === 'white' ? UP : DOWN, LEFT, RIGHT];
}

function isOpposite(a: Dir, b: Dir): boolean {
  return a.df === -b.df && a.dr === -b.dr;
}

/** The square reached from `sq` by `steps` steps in `dir`, or -1 if off the board. */
function step(sq: number, dir: Dir, steps = 1): number {
  const f = fileOf(sq) + dir.df * steps;
  const r = rankOf(sq) + dir.dr * steps;
  return onBoard(f, r) ? r * 8 + f : -1;
}

/**
 * Every complete capture sequence of the piece `piece` standing (conceptually) on `at`.
 * `cells` is the board with the mover already lifted off and every piece captured so far removed.
 */
function captureSequences(
  cells: Cell[],
  piece: Piece,
  at: number,
  lastDir: Dir | null,
  path: number[],
  captures: number[],
  from: number,
  out: RefMove[],
): void {
  let continued = false;
  const enemy = (c: Cell): boolean => c !== null && c.colour !== piece.colour;

  if (piece.king) {
    for (const dir of ALL_DIRS) {
      if (lastDir !== null && isOpposite(dir, lastDir)) continue; // no 180° turn
      // Walk over empty squares to the first piece.
      let k = 1;
      while (step(at, dir, k) !== -1 && cells[step(at, dir, k)] === null) k++;
      const victim = step(at, dir, k);
      if (victim === -1 || !enemy(cells[victim])) continue;
      // Land on any empty square beyond the victim, up to the next piece or the edge.
      for (let j = k + 1; ; j++) {
        const land = step(at, dir, j);
        if (land === -1 || cells[land] !== null) break;
        const saved = cells[victim];
        cells[victim] = null; // removed immediately
        continued = true;
        captureSequences(cells, piece, land, dir, [...path, land], [...captures, victim], from, out);
        cells[victim] = saved;
      }
    }
  } else {
    for (const dir of manDirs(piece.colour)) {
      const victim = step(at, dir, 1);
      const land = step(at, dir, 2);
      if (victim === -1 || land === -1) continue;
      if (!enemy(cells[victim]) || cells[land] !== null) continue;
      const saved = cells[victim];
      cells[victim] = null; // removed immediately
      continued = true;
      // A man stays a man for the rest of the chain, even on the far rank.
      captureSequences(cells, piece, land, dir, [...path, land], [...captures, victim], from, out);
      cells[victim] = saved;
    }
  }

  if (!continued && captures.length > 0) {
    out.push({ from, path, captures });
  }
}

function quietMoves(cells: Cell[], from: number, piece: Piece, out: RefMove[]): void {
  if (piece.king) {
    for (const dir of ALL_DIRS) {
      for (let k = 1; ; k++) {
        const to = step(from, dir, k);
        if (to === -1 || cells[to] !== null) break;
        out.push({ from, path: [to], captures: [] });
      }
    }
  } else {
    for (const dir of manDirs(piece.colour)) {
      const to = step(from, dir, 1);
      if (to !== -1 && cells[to] === null) out.push({ from, path: [to], captures: [] });
    }
  }
}

/** Every legal move, one entry per capture path (path mode). */
export function boardMoves(board: RefBoard): RefMove[] {
  const captures: RefMove[] = [];
  for (let from = 0; from < 64; from++) {
    const piece = board.cells[from];
    if (piece === null || piece.colour !== board.turn) continue;
    const cells = board.cells.slice();
    cells[from] = null; // the mover's start square is empty during the move
    captureSequences(cells, piece, from, null, [], [], from, captures);
  }
  if (captures.length > 0) {
    const max = Math.max(...captures.map((m) => m.captures.length));
    return captures.filter((m) => m.captures.length === max);
  }
  const quiet: RefMove[] = [];
  for (let from = 0; from < 64; from++) {
    const piece = board.cells[from];
    if (piece === null || piece.colour !== board.turn) continue;
    quietMoves(board.cells, from, piece, quiet);
  }
  return quiet;
}

/** Key of a move's identity: start square, end square and the set of captured squares. */
export function distinctKey(m: RefMove): string {
  const to = m.path[m.path.length - 1];
  const caps = [...m.captures].sort((a, b) => a - b);
  return `${m.from}-${to}x${caps.join(',')}`;
}

/** Key of a capture path: start square, every landing square and every capture in order. */
export function pathKey(m: RefMove): string {
  return `${m.from}>${m.path.join('>')}x${m.captures.join(',')}`;
}

/** Distinct moves: paths with the same from, to and captured set merged (the first path kept). */
export function boardDistinct(board: RefBoard): RefMove[] {
  const seen = new Map<string, RefMove>();
  for (const m of boardMoves(board)) {
    const key = distinctKey(m);
    if (!seen.has(key)) seen.set(key, m);
  }
  return [...seen.values()];
}

export function boardPlay(board: RefBoard, move: RefMove): RefBoard {
  const cells = board.cells.slice();
  const piece = cells[move.from];
  if (piece === null) throw new Error(`no piece on ${squareName(move.from)}`);
  const to = move.path[move.path.length - 1];
  cells[move.from] = null;
  for (const c of move.captures) cells[c] = null;
  const farRank = piece.colour === 'white' ? 7 : 0;
  const king = piece.king || rankOf(to) === farRank;
  cells[to] = { colour: piece.colour, king };
  return { cells, turn: board.turn === 'white' ? 'black' : 'white' };
}

export function boardPerft(board: RefBoard, depth: number, paths: boolean): number {
  if (depth === 0) return 1;
  const moves = paths ? boardMoves(board) : boardDistinct(board);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += boardPerft(boardPlay(board, m), depth - 1, paths);
  return total;
}

// ---- FEN-level API -------------------------------------------------------------------------

/** Every legal move of the position, one per capture path. */
export function referenceMoves(fen: string): RefMove[] {
  return boardMoves(refParseFen(fen));
}

/** Legal moves with identical (from, to, captured set) merged. */
export function referenceDistinct(fen: string): RefMove[] {
  return boardDistinct(refParseFen(fen));
}

/** Canonical FEN after playing `move` (promotion if a man ends on its far rank). */
export function referencePlay(fen: string, move: RefMove): string {
  return refMakeFen(boardPlay(refParseFen(fen), move));
}

export function referencePerft(fen: string, depth: number, paths: boolean): number {
  return boardPerft(refParseFen(fen), depth, paths);
}

/** `c3-c4` for quiet moves, `f3xf5xd5` (every landing square) for captures. */
export function refNotation(m: RefMove): string {
  if (m.captures.length === 0) return `${squareName(m.from)}-${squareName(m.path[0])}`;
  return [m.from, ...m.path].map(squareName).join('x');
}

export const START_FEN =
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';
