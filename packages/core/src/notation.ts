/**
 * Move notation. A quiet move is `c3-c4`; a capture lists every landing square in order, joined by
 * `x`: `f3xf5xd5xd7xb7`. The short form `f3xb7` (start and end only) is accepted when exactly one
 * legal move matches it.
 */
import type { Position } from './position.ts';
import type { DamaError, Move, Result } from './types.ts';
import { err, ok, parseSquare, sameMove, squareName } from './types.ts';

/** Why a move in notation was refused. */
export type NotationErrorCode = 'notation-syntax' | 'notation-illegal' | 'notation-ambiguous';

/** A move in notation: `c3-c4`, or every landing square of a capture joined by `x` (`f3xf5xd5`). */
export function makeNotation(move: Pick<Move, 'from' | 'path' | 'captures'>): string {
  if (move.captures.length === 0)
    return `${squareName(move.from)}-${squareName(move.path[move.path.length - 1])}`;
  return [move.from, ...move.path].map(squareName).join('x');
}

/** Find the legal move of `pos` that `input` names (full capture path, or start and end when only one move matches). */
export function parseNotation(pos: Position, input: string): Result<Move, DamaError<NotationErrorCode>> {
  if (typeof input !== 'string') return err('notation-syntax', 'A move must be text like c3-c4 or f3xf5xd5.');
  const text = input.trim().toLowerCase();
  if (text.length > 200 || !/^[a-h][1-8](-[a-h][1-8]|(x[a-h][1-8])+)$/.test(text))
    return err(
      'notation-syntax',
      `"${input.trim().slice(0, 40)}" is not a move like c3-c4 or f3xf5xd5 (a capture is written with x).`,
    );
  const capture = text.includes('x');
  const squares = text.split(/[-x]/).map((s) => parseSquare(s) as number);
  const from = squares[0];
  const to = squares[squares.length - 1];
  const distinct = pos.legalMoves();
  if (squares.length === 2) {
    const matches = distinct.filter(
      (m) => m.from === from && m.to === to && m.captures.length > 0 === capture,
    );
    if (matches.length === 1) return ok(matches[0]);
    if (matches.length > 1)
      return err(
        'notation-ambiguous',
        `${text} could be ${matches.length} different captures: ${matches.map(makeNotation).join(', ')}. Write every landing square.`,
      );
    return err('notation-illegal', `${text} is not a legal move here.`);
  }
  // Every landing square given: find the path, then the distinct move it belongs to.
  const path = squares.slice(1);
  const found = pos.findPath(from, path);
  if (!found) return err('notation-illegal', `${text} is not a legal move here.`);
  const merged = distinct.find((m) => sameMove(m, found));
  return ok(merged ? { ...merged, path: found.path, captures: found.captures } : found);
}
