// What the puzzle specs share: the banks the game ships, and moves played by taps on the board.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from '@playwright/test';
import { sameMove, squareName, type Move, type Position } from '@dama/core';
import { parseBank, slowerWin, solutionMoves, startSession, type BankKind, type Puzzle } from '@dama/puzzle';

/** A bank as shipped (`@dama/puzzle/daily.tsv` or `training.tsv`). */
export function shippedBank(kind: BankKind): Puzzle[] {
  const r = parseBank(
    readFileSync(createRequire(import.meta.url).resolve(`@dama/puzzle/${kind}.tsv`), 'utf8'),
    kind,
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The puzzle's start position. */
export const startOf = (p: Puzzle): Position => startSession(p).position;

/** A legal first move the puzzle does not accept: after it the solver has no win at all. */
export function wrongMove(p: Puzzle): Move | undefined {
  const pos = startOf(p);
  return pos.legalMovesAllPaths().find((m) => slowerWin(pos, m, p.moves) === 0);
}

/**
 * Play a move by taps on the board `root`: its piece, its destination, then each stop where the
 * routes to that destination still differ (the board skips the stops they share). Routes that take
 * the same men are one move and need no stop (docs/RULES.md).
 */
export async function tapMove(root: Locator, pos: Position, m: Move): Promise<void> {
  const square = (s: number) => root.locator(`[data-square="${squareName(s)}"]`);
  await square(m.from).click();
  await square(m.to).click();
  let routes = pos.legalMovesAllPaths().filter((r) => r.from === m.from && r.to === m.to);
  for (let k = 0; !routes.every((r) => sameMove(r, m)); k++) {
    const stop = m.path[k];
    if (routes.some((r) => r.path[k] !== stop)) await square(stop).click();
    routes = routes.filter((r) => r.path[k] === stop);
  }
}

/** Play the solver's moves of `p`'s line by taps on `root`, after `ready(ply)` has waited for each turn. */
export async function tapLine(
  root: Locator,
  p: Puzzle,
  ready: (ply: number) => Promise<void>,
): Promise<void> {
  const line = solutionMoves(p);
  let pos = startOf(p);
  for (let i = 0; i < line.length; i += 2) {
    await ready(i);
    await tapMove(root, pos, line[i]);
    if (i + 1 < line.length) pos = pos.play(line[i]).play(line[i + 1]);
  }
}
