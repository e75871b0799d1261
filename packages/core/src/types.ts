/** The vocabulary of the game. Squares are numbers 0–63 (`rank * 8 + file`, a1 = 0, h8 = 63). */

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];

export const ROLES = ['man', 'king'] as const;
export type Role = (typeof ROLES)[number];

export type Square = number;

export interface Piece {
  color: Color;
  role: Role;
}

export type ByColor<T> = { [C in Color]: T };

export const FILE_NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export const RANK_NAMES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

export const opposite = (color: Color): Color => (color === 'white' ? 'black' : 'white');

export const squareFile = (square: Square): number => square & 7;
export const squareRank = (square: Square): number => square >> 3;

/** `c3` for 18. */
export const squareName = (square: Square): string => FILE_NAMES[square & 7] + RANK_NAMES[square >> 3];

/** 18 for `c3` (case-insensitive); undefined for anything else. */
export function parseSquare(name: string): Square | undefined {
  if (name.length !== 2) return undefined;
  const file = name.toLowerCase().charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return rank * 8 + file;
}

/** A move as the rest of the program sees it. A capture lists every landing square (`path`) and
 * every captured square (`captures`), both in order; a quiet move has `path = [to]` and no captures. */
export interface Move {
  from: Square;
  to: Square;
  path: Square[];
  captures: Square[];
  /** A man that ends this move on its far rank becomes a king. */
  promotes: boolean;
}

/** The error half of every `Result` in this package: a stable code for programs, a sentence for people. */
export interface DamaError<Code extends string = string> {
  code: Code;
  message: string;
}

export type Result<T, E = DamaError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <Code extends string>(
  code: Code,
  message: string,
): { ok: false; error: DamaError<Code> } => ({
  ok: false,
  error: { code, message },
});

/** The value of a result that the caller knows is fine (constants, tests); throws otherwise. */
export function unwrap<T>(r: Result<T, DamaError>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A plain object (not null, not an array): the first check when reading untrusted JSON. */
export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
