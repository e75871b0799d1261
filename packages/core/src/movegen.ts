/**
 * The fast move generator. Everything here works on raw bitboards (`Board`, see `bitboard.ts`) so
 * that the engine and perft can run without allocating: six int32 halves plus the side to move
 * (0 = White, 1 = Black).
 *
 * Captures are found by depth-first search with pieces removed as they are jumped (immediate
 * removal); only sequences of the maximum length over all pieces are kept. Quiet moves are
 * generated only when there is no capture.
 *
 * Speed: `generateMoves` and `countMoves` are the hot loop of perft and of the engine's search, so
 * each reads the board's halves once and writes the capture mask and the loops over the moving
 * pieces out in full, instead of calling `menCaptureMask` (which writes an array) and `squaresOf`.
 * With those calls V8 inlines `countMoves` into perft's walk and runs out of inlining budget for the
 * rest (`manCaptures` is no longer inlined into `generateMoves`): 16.7% more instructions per perft
 * (valgrind), ~14% slower. `menCaptureMask` in bitboard.ts stays the plain definition; a test holds
 * the generator, the counter and it equal on random positions.
 */

import {
  emptyRun,
  kingsCanCapture,
  lowestBit,
  NOT_FILE_A,
  NOT_FILE_H,
  popcount,
  RANK_1_LO,
  RANK_8_HI,
  RAY_LENGTH,
  squaresOf,
  STEP,
  WHITE,
  type Board,
} from './bitboard.ts';

/** The longest capture possible: every enemy piece. */
export const MAX_CAPTURES = 16;

/**
 * A reusable list of moves. Move `i` is `from[i]`, `to[i]`, the captured set `capLo[i]`/`capHi[i]`
 * and, for captures, `maxCaptures` landing squares at `path[i * 16 ...]` and as many captured squares
 * in order at `captured[i * 16 ...]`. All moves of one list capture the same number of pieces.
 */
export class MoveList {
  count = 0;
  /** The number of pieces every move of the list captures (0 for quiet moves). */
  captures = 0;
  capacity: number;
  from: Uint8Array;
  to: Uint8Array;
  capLo: Int32Array;
  capHi: Int32Array;
  path: Uint8Array;
  captured: Uint8Array;

  constructor(capacity = 128) {
    this.capacity = capacity;
    this.from = new Uint8Array(capacity);
    this.to = new Uint8Array(capacity);
    this.capLo = new Int32Array(capacity);
    this.capHi = new Int32Array(capacity);
    this.path = new Uint8Array(capacity * MAX_CAPTURES);
    this.captured = new Uint8Array(capacity * MAX_CAPTURES);
  }

  /** Double the capacity, keeping the moves listed so far. */
  grow(): void {
    const capacity = this.capacity * 2;
    const from = new Uint8Array(capacity);
    from.set(this.from);
    this.from = from;
    const to = new Uint8Array(capacity);
    to.set(this.to);
    this.to = to;
    const capLo = new Int32Array(capacity);
    capLo.set(this.capLo);
    this.capLo = capLo;
    const capHi = new Int32Array(capacity);
    capHi.set(this.capHi);
    this.capHi = capHi;
    const path = new Uint8Array(capacity * MAX_CAPTURES);
    path.set(this.path);
    this.path = path;
    const captured = new Uint8Array(capacity * MAX_CAPTURES);
    captured.set(this.captured);
    this.captured = captured;
    this.capacity = capacity;
  }
}

/**
 * One move list and one board buffer per ply, allocated once: the copy-make searches (perft, the
 * engine, the puzzle prover and searcher) write the child of ply `p` into `boards[p + 1]`.
 */
export class PlyStack {
  readonly lists: MoveList[] = [];
  readonly boards: Board[] = [];

  constructor(plies: number, capacity = 64) {
    for (let i = 0; i < plies; i++) {
      this.lists.push(new MoveList(capacity));
      this.boards.push(new Int32Array(6));
    }
  }
}

// State of the capture search, kept at module level so that the recursion allocates nothing.
let enemyLo = 0;
let enemyHi = 0;
let emptyLo = 0;
let emptyHi = 0;
let capturedLo = 0;
let capturedHi = 0;
let best = 0;
let origin = 0;
let mergeDuplicates = false;
let list: MoveList = new MoveList(1);
let forward = 8;
const pathStack = new Uint8Array(MAX_CAPTURES + 1);
const capStack = new Uint8Array(MAX_CAPTURES + 1);
/** The squares of the pieces that move (the loops over a side's men or kings). */
const origins = new Uint8Array(64);

const isEmpty = (sq: number): boolean =>
  sq < 32 ? ((emptyLo >>> sq) & 1) !== 0 : ((emptyHi >>> (sq - 32)) & 1) !== 0;
const isEnemy = (sq: number): boolean =>
  sq < 32 ? ((enemyLo >>> sq) & 1) !== 0 : ((enemyHi >>> (sq - 32)) & 1) !== 0;

/** Take the piece on `sq`: it leaves the enemy set and its square becomes empty. */
function take(sq: number): void {
  if (sq < 32) {
    const bit = 1 << sq;
    enemyLo ^= bit;
    emptyLo ^= bit;
    capturedLo ^= bit;
  } else {
    const bit = 1 << (sq - 32);
    enemyHi ^= bit;
    emptyHi ^= bit;
    capturedHi ^= bit;
  }
}

/** Record the capture sequence held in the stacks, `depth` jumps long, if it is of maximum length. */
function record(depth: number, to: number, king: boolean): void {
  if (depth < best) return;
  const l = list;
  if (depth > best) {
    best = depth;
    l.count = 0;
  } else if (king && mergeDuplicates) {
    // Two king paths with the same start, end and captured set are the same move.
    for (let i = 0; i < l.count; i++) {
      if (l.to[i] === to && l.from[i] === origin && l.capLo[i] === capturedLo && l.capHi[i] === capturedHi)
        return;
    }
  }
  if (l.count === l.capacity) l.grow();
  const i = l.count++;
  l.from[i] = origin;
  l.to[i] = to;
  l.capLo[i] = capturedLo;
  l.capHi[i] = capturedHi;
  const base = i * MAX_CAPTURES;
  for (let k = 0; k < depth; k++) {
    l.path[base + k] = pathStack[k];
    l.captured[base + k] = capStack[k];
  }
}

function manCaptures(sq: number, depth: number): void {
  let found = false;
  const file = sq & 7;
  const rank = sq >> 3;
  // Forward.
  if (forward > 0 ? rank <= 5 : rank >= 2) {
    const over = sq + forward;
    const land = over + forward;
    if (isEnemy(over) && isEmpty(land)) {
      found = true;
      take(over);
      pathStack[depth] = land;
      capStack[depth] = over;
      manCaptures(land, depth + 1);
      take(over);
    }
  }
  // Towards the a-file.
  if (file >= 2 && isEnemy(sq - 1) && isEmpty(sq - 2)) {
    found = true;
    take(sq - 1);
    pathStack[depth] = sq - 2;
    capStack[depth] = sq - 1;
    manCaptures(sq - 2, depth + 1);
    take(sq - 1);
  }
  // Towards the h-file.
  if (file <= 5 && isEnemy(sq + 1) && isEmpty(sq + 2)) {
    found = true;
    take(sq + 1);
    pathStack[depth] = sq + 2;
    capStack[depth] = sq + 1;
    manCaptures(sq + 2, depth + 1);
    take(sq + 1);
  }
  if (!found && depth > 0) record(depth, sq, false);
}

function kingCaptures(sq: number, depth: number, lastDir: number): void {
  let found = false;
  for (let dir = 0; dir < 4; dir++) {
    if ((dir ^ 1) === lastDir) continue; // no 180° turn between two jumps
    const step = STEP[dir];
    let n = RAY_LENGTH[dir * 64 + sq];
    let s = sq + step;
    while (n > 0 && isEmpty(s)) {
      s += step;
      n--;
    }
    // `s` is the first occupied square (if n > 0); it must be an enemy with an empty square beyond.
    if (n < 2 || !isEnemy(s) || !isEmpty(s + step)) continue;
    const over = s;
    found = true;
    take(over);
    capStack[depth] = over;
    let land = over + step;
    n--;
    while (n > 0 && isEmpty(land)) {
      pathStack[depth] = land;
      kingCaptures(land, depth + 1, dir);
      land += step;
      n--;
    }
    take(over);
  }
  if (!found && depth > 0) record(depth, sq, true);
}

/**
 * Fill `out` with the legal moves of the position. With `paths` every capture path is listed;
 * without it, capture paths with the same start, end and captured set are merged into one move.
 */
export function generateMoves(b: Board, turn: number, out: MoveList, paths = false): void {
  const wLo = b[0],
    wHi = b[1],
    bLo = b[2],
    bHi = b[3],
    kLo = b[4],
    kHi = b[5];
  const white = turn === WHITE;
  const ownLo = white ? wLo : bLo;
  const ownHi = white ? wHi : bHi;
  enemyLo = white ? bLo : wLo;
  enemyHi = white ? bHi : wHi;
  emptyLo = ~(wLo | bLo);
  emptyHi = ~(wHi | bHi);
  capturedLo = 0;
  capturedHi = 0;
  list = out;
  out.count = 0;
  best = 1;
  mergeDuplicates = !paths;
  forward = white ? 8 : -8;

  // Men that have at least one capture: `menCaptureMask` written out (see the note above), with the
  // moving piece lifted off its square while it jumps, so that it may pass it again.
  const menLo = ownLo & ~kLo;
  const menHi = ownHi & ~kHi;
  const en = enemyLo;
  const enH = enemyHi;
  const eLo = emptyLo;
  const eHi = emptyHi;
  let capLo =
    menLo &
    ((((en & ((eLo << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A) |
      (((en & ((eLo >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H));
  let capHi =
    menHi &
    ((((enH & ((eHi << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A) |
      (((enH & ((eHi >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H));
  if (white) {
    const xLo = en & ((eLo >>> 8) | (eHi << 24));
    const xHi = enH & (eHi >>> 8);
    capLo |= menLo & ((xLo >>> 8) | (xHi << 24));
    capHi |= menHi & (xHi >>> 8);
  } else {
    const xLo = en & (eLo << 8);
    const xHi = enH & ((eHi << 8) | (eLo >>> 24));
    capLo |= menLo & (xLo << 8);
    capHi |= menHi & ((xHi << 8) | (xLo >>> 24));
  }
  while (capLo !== 0) {
    const sq = lowestBit(capLo);
    capLo &= capLo - 1;
    origin = sq;
    emptyLo ^= 1 << sq;
    manCaptures(sq, 0);
    emptyLo ^= 1 << sq;
  }
  while (capHi !== 0) {
    const sq = lowestBit(capHi);
    capHi &= capHi - 1;
    origin = sq + 32;
    emptyHi ^= 1 << sq;
    manCaptures(sq + 32, 0);
    emptyHi ^= 1 << sq;
  }
  let kingsLo = ownLo & kLo;
  let kingsHi = ownHi & kHi;
  while (kingsLo !== 0) {
    const sq = lowestBit(kingsLo);
    kingsLo &= kingsLo - 1;
    origin = sq;
    emptyLo ^= 1 << sq;
    kingCaptures(sq, 0, -1);
    emptyLo ^= 1 << sq;
  }
  while (kingsHi !== 0) {
    const sq = lowestBit(kingsHi);
    kingsHi &= kingsHi - 1;
    origin = sq + 32;
    emptyHi ^= 1 << sq;
    kingCaptures(sq + 32, 0, -1);
    emptyHi ^= 1 << sq;
  }
  if (out.count > 0) {
    out.captures = best;
    return;
  }
  out.captures = 0;
  generateQuiet(ownLo, ownHi, kLo, kHi, white, out);
}

function pushQuiet(out: MoveList, from: number, to: number): void {
  if (out.count === out.capacity) out.grow();
  const i = out.count++;
  out.from[i] = from;
  out.to[i] = to;
  out.capLo[i] = 0;
  out.capHi[i] = 0;
}

function generateQuiet(
  ownLo: number,
  ownHi: number,
  kLo: number,
  kHi: number,
  white: boolean,
  out: MoveList,
): void {
  const eLo = emptyLo;
  const eHi = emptyHi;
  const menLo = ownLo & ~kLo;
  const menHi = ownHi & ~kHi;
  // Forward.
  let fLo: number, fHi: number;
  const fwd = white ? 8 : -8;
  if (white) {
    fLo = (menLo << 8) & eLo;
    fHi = ((menHi << 8) | (menLo >>> 24)) & eHi;
  } else {
    fLo = ((menLo >>> 8) | (menHi << 24)) & eLo;
    fHi = (menHi >>> 8) & eHi;
  }
  while (fLo !== 0) {
    const to = lowestBit(fLo);
    fLo &= fLo - 1;
    pushQuiet(out, to - fwd, to);
  }
  while (fHi !== 0) {
    const to = lowestBit(fHi) + 32;
    fHi &= fHi - 1;
    pushQuiet(out, to - fwd, to);
  }
  // Sideways.
  let lLo = (menLo >>> 1) & NOT_FILE_H & eLo;
  let lHi = (menHi >>> 1) & NOT_FILE_H & eHi;
  while (lLo !== 0) {
    const to = lowestBit(lLo);
    lLo &= lLo - 1;
    pushQuiet(out, to + 1, to);
  }
  while (lHi !== 0) {
    const to = lowestBit(lHi) + 32;
    lHi &= lHi - 1;
    pushQuiet(out, to + 1, to);
  }
  let rLo = (menLo << 1) & NOT_FILE_A & eLo;
  let rHi = (menHi << 1) & NOT_FILE_A & eHi;
  while (rLo !== 0) {
    const to = lowestBit(rLo);
    rLo &= rLo - 1;
    pushQuiet(out, to - 1, to);
  }
  while (rHi !== 0) {
    const to = lowestBit(rHi) + 32;
    rHi &= rHi - 1;
    pushQuiet(out, to - 1, to);
  }
  // Kings slide along ranks and files.
  const kings = squaresOf(ownLo & kLo, ownHi & kHi, origins);
  for (let i = 0; i < kings; i++) {
    const sq = origins[i];
    for (let dir = 0; dir < 4; dir++) {
      const step = STEP[dir];
      const run = emptyRun(sq, dir, eLo, eHi);
      for (let k = 1; k <= run; k++) pushQuiet(out, sq, sq + k * step);
    }
  }
}

/**
 * The number of legal moves, counted without listing them where that is possible (positions without
 * captures, and captures in path mode). Used for the last ply of perft.
 */
export function countMoves(b: Board, turn: number, scratch: MoveList, paths: boolean): number {
  const wLo = b[0],
    wHi = b[1],
    bLo = b[2],
    bHi = b[3],
    kLo = b[4],
    kHi = b[5];
  const white = turn === WHITE;
  const ownLo = white ? wLo : bLo;
  const ownHi = white ? wHi : bHi;
  const enLo = white ? bLo : wLo;
  const enHi = white ? bHi : wHi;
  const eLo = ~(wLo | bLo);
  const eHi = ~(wHi | bHi);
  const menLo = ownLo & ~kLo;
  const menHi = ownHi & ~kHi;
  const kingsLo = ownLo & kLo;
  const kingsHi = ownHi & kHi;

  // Is there any capture? Men by shifts; kings by walking their rays.
  let any =
    (menLo & (((enLo & ((eLo << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A)) |
    (menHi & (((enHi & ((eHi << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A)) |
    (menLo & (((enLo & ((eLo >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H)) |
    (menHi & (((enHi & ((eHi >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H));
  if (white) {
    const xLo = enLo & ((eLo >>> 8) | (eHi << 24));
    const xHi = enHi & (eHi >>> 8);
    any |= (menLo & ((xLo >>> 8) | (xHi << 24))) | (menHi & (xHi >>> 8));
  } else {
    const xLo = enLo & (eLo << 8);
    const xHi = enHi & ((eHi << 8) | (eLo >>> 24));
    any |= (menLo & (xLo << 8)) | (menHi & ((xHi << 8) | (xLo >>> 24)));
  }
  if (any !== 0 || kingsLo !== 0 || kingsHi !== 0) {
    // Captures (or kings, whose captures and moves are cheapest to list): generate.
    if (any === 0 && !kingsCanCapture(kingsLo, kingsHi, enLo, enHi, eLo, eHi)) {
      // Only quiet moves: count men by shifts, kings by rays.
      return countQuietMen(menLo, menHi, eLo, eHi, white) + countKingSlides(kingsLo, kingsHi, eLo, eHi);
    }
    generateMoves(b, turn, scratch, paths);
    return scratch.count;
  }
  return countQuietMen(menLo, menHi, eLo, eHi, white);
}

function countQuietMen(menLo: number, menHi: number, eLo: number, eHi: number, white: boolean): number {
  let n: number;
  if (white) n = popcount((menLo << 8) & eLo) + popcount(((menHi << 8) | (menLo >>> 24)) & eHi);
  else n = popcount(((menLo >>> 8) | (menHi << 24)) & eLo) + popcount((menHi >>> 8) & eHi);
  return (
    n +
    popcount((menLo >>> 1) & NOT_FILE_H & eLo) +
    popcount((menHi >>> 1) & NOT_FILE_H & eHi) +
    popcount((menLo << 1) & NOT_FILE_A & eLo) +
    popcount((menHi << 1) & NOT_FILE_A & eHi)
  );
}

function countKingSlides(kingsLo: number, kingsHi: number, eLo: number, eHi: number): number {
  const kings = squaresOf(kingsLo, kingsHi, origins);
  let n = 0;
  for (let i = 0; i < kings; i++) for (let dir = 0; dir < 4; dir++) n += emptyRun(origins[i], dir, eLo, eHi);
  return n;
}

/**
 * Apply move `i` of `l` to board `b`, writing the resulting board into `out` (which may be `b`
 * itself). The side to move flips.
 */
export function applyMove(b: Board, turn: number, l: MoveList, i: number, out: Board): void {
  let wLo = b[0],
    wHi = b[1],
    bLo = b[2],
    bHi = b[3],
    kLo = b[4],
    kHi = b[5];
  const from = l.from[i];
  const to = l.to[i];
  const cLo = l.capLo[i];
  const cHi = l.capHi[i];
  let fLo = 0,
    fHi = 0,
    tLo = 0,
    tHi = 0;
  if (from < 32) fLo = 1 << from;
  else fHi = 1 << (from - 32);
  if (to < 32) tLo = 1 << to;
  else tHi = 1 << (to - 32);
  const wasKing = ((kLo & fLo) | (kHi & fHi)) !== 0;
  // Remove the captured pieces (from both colours' sets and the kings; only the enemy has them).
  kLo &= ~cLo;
  kHi &= ~cHi;
  if (turn === WHITE) {
    wLo = (wLo & ~fLo) | tLo;
    wHi = (wHi & ~fHi) | tHi;
    bLo &= ~cLo;
    bHi &= ~cHi;
    if (wasKing || (tHi & RANK_8_HI) !== 0) {
      kLo = (kLo & ~fLo) | tLo;
      kHi = (kHi & ~fHi) | tHi;
    }
  } else {
    bLo = (bLo & ~fLo) | tLo;
    bHi = (bHi & ~fHi) | tHi;
    wLo &= ~cLo;
    wHi &= ~cHi;
    if (wasKing || (tLo & RANK_1_LO) !== 0) {
      kLo = (kLo & ~fLo) | tLo;
      kHi = (kHi & ~fHi) | tHi;
    }
  }
  out[0] = wLo;
  out[1] = wHi;
  out[2] = bLo;
  out[3] = bHi;
  out[4] = kLo;
  out[5] = kHi;
}
