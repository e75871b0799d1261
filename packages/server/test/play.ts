/** Choosing moves for scripted players: the rules from @dama/core, a seeded random choice. */
import { makeNotation } from '@dama/core';
import { replay } from '../src/record.ts';

/** A small seeded generator (mulberry32), so a scripted game is the same every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A legal move in full notation after `moves`, or undefined when the game is over. */
export function pickMove(moves: readonly string[], rand: () => number): string | undefined {
  const game = replay(moves);
  if (game.isOver()) return undefined;
  const legal = game.position.legalMovesAllPaths();
  return makeNotation(legal[Math.floor(rand() * legal.length)]);
}

/** An illegal move in the position after `moves` (a man moved two squares, or anything not legal). */
export function illegalMove(moves: readonly string[]): string {
  const game = replay(moves);
  const legal = new Set(game.position.legalMovesAllPaths().map(makeNotation));
  for (const candidate of ['c3-c5', 'a3-a5', 'h6-h4', 'a1-a2', 'd6-d4', 'b2-b1'])
    if (!legal.has(candidate)) return candidate;
  throw new Error('no illegal candidate');
}
