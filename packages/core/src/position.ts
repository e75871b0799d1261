/**
 * A legal game state: where the pieces are and who is to move. Immutable; `play` returns a new one.
 * Internally six int32 halves (see bitboard.ts), so the engine can take them without conversion.
 */
import { BLACK, popcount, WHITE, type Board } from './bitboard.ts';
import { applyMove, generateMoves, MAX_CAPTURES, MoveList } from './movegen.ts';
import type { Placement, Setup } from './setup.ts';
import { startSetup } from './setup.ts';
import type { Color, DamaError, Move, Piece, Result, Square } from './types.ts';
import { err, ok, sameMove, squareName, unwrap } from './types.ts';

/** Why a `Setup` is not a legal position. */
export type PositionErrorCode =
  'bad-turn' | 'bad-square' | 'bad-piece' | 'overlap' | 'too-many-pieces' | 'man-on-end-rank';

/** Why a move cannot be played. */
export type MoveErrorCode = 'illegal-move' | 'game-over';

const scratch = new MoveList(256);
const board = new Int32Array(6);

function bit(square: Square): [number, number] {
  return square < 32 ? [1 << square, 0] : [0, 1 << (square - 32)];
}

function toMove(l: MoveList, i: number, turn: number, kings: boolean): Move {
  const from = l.from[i];
  const to = l.to[i];
  const path: Square[] = [];
  const captures: Square[] = [];
  if (l.captures === 0) path.push(to);
  else {
    const base = i * MAX_CAPTURES;
    for (let k = 0; k < l.captures; k++) {
      path.push(l.path[base + k]);
      captures.push(l.captured[base + k]);
    }
  }
  const promotes = !kings && (turn === WHITE ? to >= 56 : to < 8);
  return { from, to, path, captures, promotes };
}

/** Options of `Position.fromSetup` and `parsePosition`. */
export interface PositionOptions {
  /**
   * Accept men on rank 1 or 8. No game can reach such a position (a man never moves backward and is
   * crowned on the far rank), but composed problems and rule examples use them, and their moves are
   * well defined, so analysis tools may allow them.
   */
  allowEndRankMen?: boolean;
}

/** An immutable legal position: the pieces and the side to move. Make one with `Position.start()`, `Position.fromSetup` or `parsePosition`; `legalMoves()` lists the moves (maximum capture enforced) and `play` gives the next position. */
export class Position {
  private constructor(
    /** White's pieces, squares 0–31 and 32–63. */
    readonly wLo: number,
    readonly wHi: number,
    /** Black's pieces. */
    readonly bLo: number,
    readonly bHi: number,
    /** Kings of both colours. */
    readonly kLo: number,
    readonly kHi: number,
    readonly turn: Color,
  ) {}

  /** The starting position: 16 men each, White on ranks 2–3, Black on 6–7, White to move. */
  static start(): Position {
    return unwrap(Position.fromSetup(startSetup()));
  }

  /** Check a set-up and make it a position; the error says what is wrong with it. */
  static fromSetup(setup: Setup, options: PositionOptions = {}): PositionResult {
    if (setup === null || typeof setup !== 'object')
      return result(err('bad-piece', 'The set-up is not an object.'));
    if (setup.turn !== 'white' && setup.turn !== 'black')
      return result(err('bad-turn', `The side to move must be white or black, not ${String(setup.turn)}.`));
    if (!Array.isArray(setup.pieces)) return result(err('bad-piece', 'The set-up has no list of pieces.'));
    let wLo = 0,
      wHi = 0,
      bLo = 0,
      bHi = 0,
      kLo = 0,
      kHi = 0;
    let white = 0,
      black = 0;
    for (const p of setup.pieces as Placement[]) {
      if (p === null || typeof p !== 'object')
        return result(err('bad-piece', 'A piece of the set-up is not an object.'));
      const sq = p.square;
      if (!Number.isInteger(sq) || sq < 0 || sq > 63)
        return result(err('bad-square', `${String(sq)} is not a square (0–63).`));
      if ((p.color !== 'white' && p.color !== 'black') || (p.role !== 'man' && p.role !== 'king'))
        return result(
          err('bad-piece', `The piece on ${squareName(sq)} is not a white or black man or king.`),
        );
      const [lo, hi] = bit(sq);
      if (((wLo | bLo) & lo) !== 0 || ((wHi | bHi) & hi) !== 0)
        return result(err('overlap', `Two pieces stand on ${squareName(sq)}.`));
      if (p.role === 'man' && (sq < 8 || sq >= 56) && !options.allowEndRankMen)
        return result(
          err(
            'man-on-end-rank',
            `A ${p.color} man stands on ${squareName(sq)}; men are never on rank 1 or 8.`,
          ),
        );
      if (p.color === 'white') {
        wLo |= lo;
        wHi |= hi;
        white++;
      } else {
        bLo |= lo;
        bHi |= hi;
        black++;
      }
      if (p.role === 'king') {
        kLo |= lo;
        kHi |= hi;
      }
    }
    if (white > 16)
      return result(err('too-many-pieces', `White has ${white} pieces; at most 16 are allowed.`));
    if (black > 16)
      return result(err('too-many-pieces', `Black has ${black} pieces; at most 16 are allowed.`));
    return result(ok(new Position(wLo, wHi, bLo, bHi, kLo, kHi, setup.turn)));
  }

  /** For the engine and tests: the position of a `Board` (the inverse of `toBoard`), unchecked. */
  static fromBoard(b: Board, turn: Color): Position {
    return new Position(b[0], b[1], b[2], b[3], b[4], b[5], turn);
  }

  /** The six halves as a `Board` (into `out` when given, else a new one), for the bitboard functions. */
  toBoard(out: Board = new Int32Array(6)): Board {
    out[0] = this.wLo;
    out[1] = this.wHi;
    out[2] = this.bLo;
    out[3] = this.bHi;
    out[4] = this.kLo;
    out[5] = this.kHi;
    return out;
  }

  get turnIndex(): number {
    return this.turn === 'white' ? WHITE : BLACK;
  }

  /** The pieces and the side to move as a `Setup`. */
  toSetup(): Setup {
    const pieces: Placement[] = [];
    for (let sq = 0; sq < 64; sq++) {
      const p = this.pieceAt(sq);
      if (p) pieces.push({ square: sq, ...p });
    }
    return { turn: this.turn, pieces };
  }

  /** The piece on `square`, if any. */
  pieceAt(square: Square): Piece | undefined {
    const lo = square < 32;
    const mask = lo ? 1 << square : 1 << (square - 32);
    const role = ((lo ? this.kLo : this.kHi) & mask) !== 0 ? 'king' : 'man';
    if (((lo ? this.wLo : this.wHi) & mask) !== 0) return { color: 'white', role };
    if (((lo ? this.bLo : this.bHi) & mask) !== 0) return { color: 'black', role };
    return undefined;
  }

  /** Number of pieces of a colour, optionally of one role. */
  count(color: Color, role?: 'man' | 'king'): number {
    let lo = color === 'white' ? this.wLo : this.bLo;
    let hi = color === 'white' ? this.wHi : this.bHi;
    if (role === 'king') {
      lo &= this.kLo;
      hi &= this.kHi;
    } else if (role === 'man') {
      lo &= ~this.kLo;
      hi &= ~this.kHi;
    }
    return popcount(lo) + popcount(hi);
  }

  /** The legal moves; capture paths with the same start, end and captured set are merged. */
  legalMoves(): Move[] {
    return this.listMoves(false);
  }

  /** The legal moves with every capture path listed separately. */
  legalMovesAllPaths(): Move[] {
    return this.listMoves(true);
  }

  private listMoves(paths: boolean): Move[] {
    const t = this.turnIndex;
    generateMoves(this.toBoard(board), t, scratch, paths);
    const moves: Move[] = [];
    for (let i = 0; i < scratch.count; i++) {
      const from = scratch.from[i];
      const king = ((from < 32 ? this.kLo >>> from : this.kHi >>> (from - 32)) & 1) !== 0;
      moves.push(toMove(scratch, i, t, king));
    }
    return moves;
  }

  /** True when the side to move has a legal move (false: it has lost). */
  hasLegalMove(): boolean {
    generateMoves(this.toBoard(board), this.turnIndex, scratch, false);
    return scratch.count > 0;
  }

  /**
   * The legal move that starts on `from` and lands on the squares of `path` in that order (one
   * capture route exactly, as `legalMovesAllPaths` lists them), if there is one.
   */
  findPath(from: Square, path: readonly Square[]): Move | undefined {
    return this.legalMovesAllPaths().find(
      (m) => m.from === from && m.path.length === path.length && m.path.every((s, i) => s === path[i]),
    );
  }

  /** The legal move equal to `move` (same from, to and captured set), if there is one. */
  findLegal(move: Pick<Move, 'from' | 'to' | 'captures'>): Move | undefined {
    if (move === null || typeof move !== 'object' || !Array.isArray(move.captures)) return undefined;
    return this.legalMoves().find((m) => sameMove(m, move));
  }

  /** Play a move that is known to be legal (from `legalMoves`). */
  play(move: Move): Position {
    const l = scratch;
    l.count = 1;
    l.from[0] = move.from;
    l.to[0] = move.to;
    let cLo = 0,
      cHi = 0;
    for (const c of move.captures) {
      if (c < 32) cLo |= 1 << c;
      else cHi |= 1 << (c - 32);
    }
    l.capLo[0] = cLo;
    l.capHi[0] = cHi;
    applyMove(this.toBoard(board), this.turnIndex, l, 0, board);
    return new Position(
      board[0],
      board[1],
      board[2],
      board[3],
      board[4],
      board[5],
      this.turn === 'white' ? 'black' : 'white',
    );
  }

  /** Play a move from any caller: an illegal one is refused with a reason and nothing changes. */
  playChecked(move: Pick<Move, 'from' | 'to' | 'captures'>): Result<Position, DamaError<MoveErrorCode>> {
    const legal = this.findLegal(move);
    if (!legal) return err('illegal-move', `${describe(move)} is not a legal move here.`);
    return ok(this.play(legal));
  }

  /** A string that is equal for two positions exactly when they are the same position. */
  key(): string {
    return `${this.wLo},${this.wHi},${this.bLo},${this.bHi},${this.kLo},${this.kHi},${this.turn[0]}`;
  }

  /** The same pieces on the same squares and the same side to move. */
  equals(other: Position): boolean {
    return (
      this.wLo === other.wLo &&
      this.wHi === other.wHi &&
      this.bLo === other.bLo &&
      this.bHi === other.bHi &&
      this.kLo === other.kLo &&
      this.kHi === other.kHi &&
      this.turn === other.turn
    );
  }
}

function describe(move: Pick<Move, 'from' | 'to' | 'captures'>): string {
  const name = (sq: unknown) =>
    Number.isInteger(sq) && (sq as number) >= 0 && (sq as number) < 64 ? squareName(sq as number) : '?';
  if (move === null || typeof move !== 'object') return 'That';
  const sep = Array.isArray(move.captures) && move.captures.length > 0 ? 'x' : '-';
  return `The move ${name(move.from)}${sep}${name(move.to)}`;
}

/** A position, or why the setup was refused. */
export type PositionResult = Result<Position, DamaError<PositionErrorCode>>;

const result = (r: PositionResult): PositionResult => r;
