/**
 * How far apart two puzzle positions are: the fewest single-piece edits that turn one into the
 * other. An edit adds a piece, removes one, moves one to another square (same colour and kind), or
 * changes a man to a king or back on its square. Both positions are first seen from the solver's
 * side, as `nearDuplicateKey` (mine.ts) sees them: when Black is to move the board is turned over
 * (rank r to rank 9 − r) and the colours swapped, so the side to move is always "solver" and never
 * differs. The distance is the smaller of the two with the board as it is and mirrored a↔h (the
 * rules are symmetric under both). Squares are kept as 32-bit halves, so comparing every pair of a
 * few thousand puzzles takes a second or two.
 */
import { popcount, type Position } from '@dama/core';

/** One side of a position seen from the solver: four square sets, each as two 32-bit halves. */
export interface Shape {
  /** solver men lo/hi, solver kings lo/hi, defender men lo/hi, defender kings lo/hi */
  readonly plain: Int32Array;
  /** the same, mirrored a↔h */
  readonly mirrored: Int32Array;
}

const SOLVER_MEN = 0;
const SOLVER_KINGS = 2;
const DEFENDER_MEN = 4;
const DEFENDER_KINGS = 6;

/** The position seen from the side to move, plain and mirrored, for `shapeDistance`. */
export function shapeOf(pos: Position): Shape {
  const plain = new Int32Array(8);
  const mirrored = new Int32Array(8);
  const solver = pos.turn;
  for (let sq = 0; sq < 64; sq++) {
    const piece = pos.pieceAt(sq);
    if (!piece) continue;
    const seen = solver === 'white' ? sq : sq ^ 56;
    const base =
      piece.color === solver
        ? piece.role === 'man'
          ? SOLVER_MEN
          : SOLVER_KINGS
        : piece.role === 'man'
          ? DEFENDER_MEN
          : DEFENDER_KINGS;
    set(plain, base, seen);
    set(mirrored, base, seen ^ 7);
  }
  return { plain, mirrored };
}

function set(sets: Int32Array, base: number, sq: number): void {
  if (sq < 32) sets[base] |= 1 << sq;
  else sets[base + 1] |= 1 << (sq - 32);
}

const count = (lo: number, hi: number) => popcount(lo) + popcount(hi);

/**
 * The edits between one side's men and kings in `a` and in `b` (sets at `men` and `men + 2`).
 * Each square left (in `a`, not in `b`) must be paired with a square gained of the same kind (a
 * move) or with the same square gained as the other kind (a man/king change), or cost an edit of its
 * own; the cost is the squares left and gained less the pairs, at most. With k1 changes man→king
 * and k2 king→man, the rest pair freely within each kind: k1 + k2 + max(men left − k1, men gained −
 * k2) + max(kings left − k2, kings gained − k1), least over the changes possible (usually none).
 */
function sideEdits(a: Int32Array, b: Int32Array, men: number): number {
  const kings = men + 2;
  const aMl = a[men],
    aMh = a[men + 1],
    aKl = a[kings],
    aKh = a[kings + 1];
  const bMl = b[men],
    bMh = b[men + 1],
    bKl = b[kings],
    bKh = b[kings + 1];
  const menLeft = count(aMl & ~bMl, aMh & ~bMh);
  const menGained = count(bMl & ~aMl, bMh & ~aMh);
  const kingsLeft = count(aKl & ~bKl, aKh & ~bKh);
  const kingsGained = count(bKl & ~aKl, bKh & ~aKh);
  const crowned = count(aMl & bKl, aMh & bKh);
  const uncrowned = count(aKl & bMl, aKh & bMh);
  if (crowned === 0 && uncrowned === 0)
    return Math.max(menLeft, menGained) + Math.max(kingsLeft, kingsGained);
  let best = Infinity;
  for (let k1 = 0; k1 <= crowned; k1++)
    for (let k2 = 0; k2 <= uncrowned; k2++) {
      const cost =
        k1 + k2 + Math.max(menLeft - k1, menGained - k2) + Math.max(kingsLeft - k2, kingsGained - k1);
      if (cost < best) best = cost;
    }
  return best;
}

const edits = (a: Int32Array, b: Int32Array) => sideEdits(a, b, SOLVER_MEN) + sideEdits(a, b, DEFENDER_MEN);

/** The distance between two shapes: the fewer edits of the board as it is and mirrored. */
export function shapeDistance(a: Shape, b: Shape): number {
  const plain = edits(a.plain, b.plain);
  return plain === 0 ? 0 : Math.min(plain, edits(a.plain, b.mirrored));
}

/** The distance between two positions (`shapeDistance` of their shapes). */
export const positionDistance = (a: Position, b: Position): number => shapeDistance(shapeOf(a), shapeOf(b));
