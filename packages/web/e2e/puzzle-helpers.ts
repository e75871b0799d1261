// What the puzzle specs share: the banks the game ships, and whether a puzzle's line can be played
// by taps on the board.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Move, Position } from '@dama/core';
import { parseBank, solutionMoves, startSession, type BankKind, type Puzzle } from '@dama/puzzle';

/** A bank as shipped (`@dama/puzzle/daily.tsv` or `training.tsv`). */
export function shippedBank(kind: BankKind): Puzzle[] {
  const r = parseBank(
    readFileSync(createRequire(import.meta.url).resolve(`@dama/puzzle/${kind}.tsv`), 'utf8'),
    kind,
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/**
 * Two taps play the move: every route of that piece to that square takes the same men (one move,
 * however many routes: docs/RULES.md).
 */
export function oneRoute(pos: Position, m: Move): boolean {
  const routes = pos.legalMovesAllPaths().filter((x) => x.from === m.from && x.to === m.to);
  return new Set(routes.map((r) => [...r.captures].sort((a, b) => a - b).join(','))).size === 1;
}

/** Every move of the solver's in the puzzle's line can be played by two taps. */
export function playableByTaps(p: Puzzle): boolean {
  let pos = startSession(p).position;
  return solutionMoves(p).every((m, i) => {
    const ok = i % 2 === 1 || oneRoute(pos, m);
    pos = pos.play(m);
    return ok;
  });
}
