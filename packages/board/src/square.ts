// Square names and their place on the screen. Pure, no DOM.
import { files, ranks } from './types.ts';
import type { Color, PieceKind, Role, SquareName } from './types.ts';

/** All 64 squares, a1 first, h8 last (index = rank * 8 + file, as in the rules module). */
export const allSquares: readonly SquareName[] = ranks.flatMap((r) =>
  files.map((f): SquareName => `${f}${r}`),
);

/** 0 for the a-file … 7 for the h-file. */
export const fileOf = (sq: SquareName): number => sq.charCodeAt(0) - 97;

/** 0 for rank 1 … 7 for rank 8. */
export const rankOf = (sq: SquareName): number => sq.charCodeAt(1) - 49;

/** The square at file 0–7 and rank 0–7, or undefined off the board. */
export function squareAt(file: number, rank: number): SquareName | undefined {
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return allSquares[rank * 8 + file];
}

/** 'c3' → 18 (rank * 8 + file, a1 = 0, h8 = 63). */
export const squareToIndex = (sq: SquareName): number => rankOf(sq) * 8 + fileOf(sq);

/** 18 → 'c3'. */
export function squareFromIndex(index: number): SquareName {
  const sq = allSquares[index];
  if (sq === undefined) throw new RangeError(`no square ${index}`);
  return sq;
}

/** True for a square name of the board, `a1`–`h8`. */
export const isSquare = (s: string): s is SquareName => /^[a-h][1-8]$/.test(s);

/** Screen column and row (0, 0 = top-left) of a square for a board seen from `orientation`. */
export function screenPos(sq: SquareName, orientation: Color): [col: number, row: number] {
  const f = fileOf(sq);
  const r = rankOf(sq);
  return orientation === 'white' ? [f, 7 - r] : [7 - f, r];
}

/** The square shown at a screen column and row, or undefined off the board. */
export function squareAtScreen(col: number, row: number, orientation: Color): SquareName | undefined {
  return orientation === 'white' ? squareAt(col, 7 - row) : squareAt(7 - col, row);
}

/** The colour of a piece kind (`'white-king'` → `'white'`). */
export const colorOf = (kind: PieceKind): Color => (kind.startsWith('white') ? 'white' : 'black');
/** The role of a piece kind (`'white-king'` → `'king'`). */
export const roleOf = (kind: PieceKind): Role => (kind.endsWith('king') ? 'king' : 'man');
