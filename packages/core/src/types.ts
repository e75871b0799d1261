/** The vocabulary of the game. Squares are numbers 0–63 (`rank * 8 + file`, a1 = 0, h8 = 63). */

/** The two colours, White first (White moves first). */
export const COLORS = ['white', 'black'] as const;
/** `'white'` or `'black'`. */
export type Color = (typeof COLORS)[number];

/** The two kinds of piece. */
export const ROLES = ['man', 'king'] as const;
/** A man (`'man'`) or a king (`'king'`). */
export type Role = (typeof ROLES)[number];

/** A square, 0–63: `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56, h8 = 63). */
export type Square = number;

/** A piece: its colour and whether it is a man or a king. */
export interface Piece {
  color: Color;
  role: Role;
}

/** One value for each colour. */
export type ByColor<T> = { [C in Color]: T };

/** The file letters, a–h, by file index. */
export const FILE_NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
/** The rank digits, 1–8, by rank index. */
export const RANK_NAMES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

/** The other colour. */
export const opposite = (color: Color): Color => (color === 'white' ? 'black' : 'white');

/** The file of a square, 0 (a) to 7 (h). */
export const squareFile = (square: Square): number => square & 7;
/** The rank of a square, 0 (rank 1) to 7 (rank 8). */
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

/**
 * Whether two moves are the same move: the same start, the same end and the same pieces taken, in
 * any order. Two capture routes that differ only in the order of their jumps leave the same
 * position and are one move (docs/RULES.md, "Move identity").
 */
export function sameMove(
  a: Pick<Move, 'from' | 'to' | 'captures'>,
  b: Pick<Move, 'from' | 'to' | 'captures'>,
): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.captures.length === b.captures.length &&
    a.captures.every((c) => b.captures.includes(c))
  );
}

/** The error half of every `Result` in this package: a stable code for programs, a sentence for people. */
export interface DamaError<Code extends string = string> {
  code: Code;
  message: string;
}

/** A value, or an error: functions that read input return this instead of throwing. */
export type Result<T, E = DamaError> = { ok: true; value: T } | { ok: false; error: E };

/** A successful `Result`. */
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
/** A failed `Result` with a stable `code` and a readable `message`. */
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

/**
 * Text from outside made safe to quote in a message: control characters (and the line separators)
 * are shown as `\u` escapes, so an error message never carries raw control bytes to a terminal or a
 * page. At most `max` characters are kept.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` cut to `max` characters with its control characters written as `\u` escapes, for quoting input in error messages. */
export function printable(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
