// The player's mistakes and blunders of a reviewed game, as puzzles to keep ("find the better move",
// lib/mistakes.ts): the position before each, the engine's better move, the review's answer to the
// move played, and the bar a move must clear to count as good — the review's own threshold for an
// inaccuracy, measured from the position's winning chance.
import { makeFen, type Color, type Game } from '@dama/core';
import type { FoundMistake, MistakeKind } from '../lib/mistakes.ts';
import { THRESHOLDS, scoreOfChance } from './judge.ts';
import type { Review, ReviewedMove } from './review.ts';

const KINDS: readonly (string | undefined)[] = ['mistake', 'blunder'] satisfies MistakeKind[];

/**
 * The mistakes and blunders of `side` with a better move (`reviewedMoves`), in the game's order. A
 * move counts as good from the position when it leaves the player more than `minScore`: the
 * score at which the winning chance has dropped by the inaccuracy threshold from the chance before
 * the move (the drop the review starts blaming at).
 */
export function reviewMistakes(
  game: Game,
  review: Review,
  moves: readonly ReviewedMove[],
  side: Color,
  ref: { id: string; at?: number },
): FoundMistake[] {
  const out: FoundMistake[] = [];
  for (const v of moves) {
    if (v.side !== side || !KINDS.includes(v.judgement) || !v.better) continue;
    const minScore = Math.round(scoreOfChance(v.before - THRESHOLDS.inaccuracy));
    // a mistake dropped at least 0.10 from `before`, so the bar is a chance above 0: never ±∞
    if (!Number.isFinite(minScore)) continue;
    out.push({
      fen: makeFen(game.positionAt(v.ply - 1)),
      side,
      played: v.played,
      best: v.better.slice(0, 8),
      answer: review.lines[v.ply].slice(0, 1),
      judgement: v.judgement as MistakeKind,
      minScore,
      game: { id: ref.id, ply: v.ply, ...(ref.at !== undefined ? { at: ref.at } : {}) },
    });
  }
  return out;
}
