/**
 * Bit operations on the board, the one copy every package uses (movegen, perft, the engine's search,
 * the puzzle prover). A board is six int32 numbers in one `Int32Array`: White's pieces, Black's
 * pieces and the kings of both colours, each as a low half holding ranks 1–4 (squares 0–31) and a
 * high half holding ranks 5–8 (squares 32–63). Two uint32 halves rather than a BigInt: BigInt
 * bitboards are about 50× slower on V8.
 *
 * Because each half holds whole ranks, sideways shifts never cross halves; only forward and backward
 * shifts (±8) carry bits from one half to the other.
 */

/** Six int32 halves: `[whiteLo, whiteHi, blackLo, blackHi, kingsLo, kingsHi]`. */
export type Board = Int32Array;

/** Indices of the halves in a `Board`. */
export const W_LO = 0;
/** Index of White's pieces on squares 32–63 in a `Board`. */
export const W_HI = 1;
/** Index of Black's pieces on squares 0–31. */
export const B_LO = 2;
/** Index of Black's pieces on squares 32–63. */
export const B_HI = 3;
/** Index of the kings (both colours) on squares 0–31. */
export const K_LO = 4;
/** Index of the kings (both colours) on squares 32–63. */
export const K_HI = 5;

/** Side indices, as `Position.turnIndex` gives them. */
export const WHITE = 0;
/** Black's side index. */
export const BLACK = 1;

/** The a-file squares of one half. */
export const FILE_A = 0x01010101;
/** The h-file squares of one half. */
export const FILE_H = 0x80808080 | 0;
/** Every square of one half but the a-file (masks shifts towards the h-file). */
export const NOT_FILE_A = ~FILE_A;
/** Every square of one half but the h-file (masks shifts towards the a-file). */
export const NOT_FILE_H = ~FILE_H;
/** Rank masks of the promotion ranks, in the half that holds them. */
export const RANK_8_HI = 0xff000000 | 0;
/** Rank 1 in the low half: where Black's men are crowned. */
export const RANK_1_LO = 0xff;

/** A new, empty board. */
export const newBoard = (): Board => new Int32Array(6);

/** Copy the six halves of `from` into `to`. */
export function copyBoard(from: Board, to: Board): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
  to[3] = from[3];
  to[4] = from[4];
  to[5] = from[5];
}

/** The number of set bits of an int32. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero int32. */
export const lowestBit = (x: number): number => 31 - Math.clz32(x & -x);

/** Bit `sq` (0–63) of the pair `lo`, `hi`: 1 or 0. */
export const bitAt = (lo: number, hi: number, sq: number): number =>
  sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;

/** King directions: 0 = north (+8), 1 = south (-8), 2 = east (+1), 3 = west (-1); the opposite of d is d ^ 1. */
export const STEP = [8, -8, 1, -1];

/** Distance to the edge for each square in each king direction, at `dir * 64 + square`. */
export const RAY_LENGTH = new Uint8Array(4 * 64);
for (let sq = 0; sq < 64; sq++) {
  const file = sq & 7;
  const rank = sq >> 3;
  RAY_LENGTH[sq] = 7 - rank;
  RAY_LENGTH[64 + sq] = rank;
  RAY_LENGTH[128 + sq] = 7 - file;
  RAY_LENGTH[192 + sq] = file;
}

/**
 * The capture mask: the men of `side` that have at least one capture (an enemy piece beside them or
 * in front, and the square beyond it empty), found with shifts. The halves go to `out[0]` (lo) and
 * `out[1]` (hi).
 */
export function menCaptureMask(b: Board, side: number, out: Int32Array): void {
  const white = side === WHITE;
  const menLo = (white ? b[0] : b[2]) & ~b[4];
  const menHi = (white ? b[1] : b[3]) & ~b[5];
  const enLo = white ? b[2] : b[0];
  const enHi = white ? b[3] : b[1];
  const eLo = ~(b[0] | b[2]);
  const eHi = ~(b[1] | b[3]);
  // Towards the a-file: s-1 enemy and s-2 empty; towards the h-file: s+1 enemy and s+2 empty.
  let lo =
    menLo &
    ((((enLo & ((eLo << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A) |
      (((enLo & ((eLo >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H));
  let hi =
    menHi &
    ((((enHi & ((eHi << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A) |
      (((enHi & ((eHi >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H));
  if (white) {
    // s+8 enemy, s+16 empty: the squares below (enemy & the squares below empty squares).
    const xLo = enLo & ((eLo >>> 8) | (eHi << 24));
    const xHi = enHi & (eHi >>> 8);
    lo |= menLo & ((xLo >>> 8) | (xHi << 24));
    hi |= menHi & (xHi >>> 8);
  } else {
    const xLo = enLo & (eLo << 8);
    const xHi = enHi & ((eHi << 8) | (eLo >>> 24));
    lo |= menLo & (xLo << 8);
    hi |= menHi & ((xHi << 8) | (xLo >>> 24));
  }
  out[0] = lo;
  out[1] = hi;
}

/**
 * Write the squares (0–63) of the set `lo`/`hi` into `out`, lowest first, and return how many there
 * are. The one walk over the bits of a set; `out` needs room for every square of the set.
 */
export function squaresOf(lo: number, hi: number, out: Uint8Array): number {
  let n = 0;
  while (lo !== 0) {
    out[n++] = lowestBit(lo);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[n++] = lowestBit(hi) + 32;
    hi &= hi - 1;
  }
  return n;
}

/**
 * How many empty squares (the set `eLo`/`eHi`) follow `sq` in king direction `dir` before the
 * first piece or the edge of the board.
 */
export function emptyRun(sq: number, dir: number, eLo: number, eHi: number): number {
  const step = STEP[dir];
  const max = RAY_LENGTH[dir * 64 + sq];
  let n = 0;
  let s = sq + step;
  while (n < max && bitAt(eLo, eHi, s) !== 0) {
    n++;
    s += step;
  }
  return n;
}

const kingSquares = new Uint8Array(64);

/** True when one of the kings in `kingsLo`/`kingsHi` can jump an enemy piece (ray walks). */
export function kingsCanCapture(
  kingsLo: number,
  kingsHi: number,
  enLo: number,
  enHi: number,
  eLo: number,
  eHi: number,
): boolean {
  const kings = squaresOf(kingsLo, kingsHi, kingSquares);
  for (let i = 0; i < kings; i++) {
    const sq = kingSquares[i];
    for (let dir = 0; dir < 4; dir++) {
      const run = emptyRun(sq, dir, eLo, eHi);
      if (RAY_LENGTH[dir * 64 + sq] - run < 2) continue;
      // The first piece on the ray must be an enemy with an empty square beyond it.
      const s = sq + (run + 1) * STEP[dir];
      if (bitAt(enLo, enHi, s) !== 0 && bitAt(eLo, eHi, s + STEP[dir]) !== 0) return true;
    }
  }
  return false;
}

const mask = new Int32Array(2);

/** Can this side capture? True when `side` (0 = White) has at least one capture on the board. */
export function hasCapture(b: Board, side: number): boolean {
  menCaptureMask(b, side, mask);
  if ((mask[0] | mask[1]) !== 0) return true;
  const white = side === WHITE;
  return kingsCanCapture(
    (white ? b[0] : b[2]) & b[4],
    (white ? b[1] : b[3]) & b[5],
    white ? b[2] : b[0],
    white ? b[3] : b[1],
    ~(b[0] | b[2]),
    ~(b[1] | b[3]),
  );
}

/** Has a quiet move? True when `side` has a move that is not a capture (a man step forward or sideways, a king step). */
export function hasQuietMove(b: Board, side: number): boolean {
  const white = side === WHITE;
  const ownLo = white ? b[0] : b[2];
  const ownHi = white ? b[1] : b[3];
  const eLo = ~(b[0] | b[2]);
  const eHi = ~(b[1] | b[3]);
  const kingsLo = ownLo & b[4];
  const kingsHi = ownHi & b[5];
  const menLo = ownLo & ~b[4];
  const menHi = ownHi & ~b[5];
  // Sideways, for men and kings alike.
  if ((((ownLo >>> 1) & NOT_FILE_H & eLo) | ((ownHi >>> 1) & NOT_FILE_H & eHi)) !== 0) return true;
  if ((((ownLo << 1) & NOT_FILE_A & eLo) | ((ownHi << 1) & NOT_FILE_A & eHi)) !== 0) return true;
  // Forward for men; both ways for kings.
  const upLo = white ? ownLo : kingsLo;
  const upHi = white ? ownHi : kingsHi;
  if ((((upLo << 8) & eLo) | (((upHi << 8) | (upLo >>> 24)) & eHi)) !== 0) return true;
  const downLo = white ? kingsLo : menLo | kingsLo;
  const downHi = white ? kingsHi : menHi | kingsHi;
  return ((((downLo >>> 8) | (downHi << 24)) & eLo) | ((downHi >>> 8) & eHi)) !== 0;
}

/** The number of pieces of `side` on the board. */
export const pieceCount = (b: Board, side: number): number =>
  side === WHITE ? popcount(b[0]) + popcount(b[1]) : popcount(b[2]) + popcount(b[3]);
