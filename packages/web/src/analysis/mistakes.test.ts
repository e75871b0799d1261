import { Game, makeFen, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { THRESHOLDS, scoreOfChance, winChance } from './judge.ts';
import { reviewMistakes } from './mistakes.ts';
import { REVIEW_VERSION, reviewedMoves, type Review } from './review.ts';

// White, a man up, blunders with d4-d5 (d6xd4xd2 follows), then plays an inaccuracy (a3-a4).
const FEN = 'W:Wd4,d3,a3,b2:Bd6,g7,h7';
const MOVES = ['d4-d5', 'd6xd4xd2', 'a3-a4', 'h7-h6'];

function reviewed(): { game: Game; review: Review } {
  const game = new Game(unwrap(parsePosition(FEN)));
  for (const m of MOVES) game.playNotation(m);
  const review: Review = {
    v: REVIEW_VERSION,
    moves: MOVES,
    // White's side: 1.5 men up, then worse after the blunder; the inaccuracy drops about 0.07
    scores: [150, -50, -50, -80, -80],
    lines: [['a3-a4', 'h7-h6'], ['d6xd4xd2', 'a3-a4'], ['b2-b3'], ['h7-h6'], []],
    depths: [8, 8, 8, 8, 8],
  };
  return { game, review };
}

describe('the mistakes of a review, as puzzles', () => {
  it('keeps the side’s mistakes and blunders with the better move, not its inaccuracies', () => {
    const { game, review } = reviewed();
    const moves = reviewedMoves(game, review);
    expect(moves.map((v) => v.judgement)).toEqual(['blunder', undefined, 'inaccuracy', undefined]);
    const found = reviewMistakes(game, review, moves, 'white', { id: 'g-1', at: 42 });
    expect(found).toHaveLength(1);
    const [m] = found;
    expect(m).toMatchObject({
      fen: makeFen(unwrap(parsePosition(FEN))),
      side: 'white',
      played: 'd4-d5',
      best: ['a3-a4', 'h7-h6'],
      answer: ['d6xd4xd2'],
      judgement: 'blunder',
      game: { id: 'g-1', ply: 1, at: 42 },
    });
    // the bar: the winning chance before the move less the inaccuracy threshold
    expect(winChance(m.minScore)).toBeCloseTo(winChance(150) - THRESHOLDS.inaccuracy, 2);
    expect(reviewMistakes(game, review, moves, 'black', { id: 'g-1' })).toEqual([]);
  });

  it('turns a winning chance back into its score', () => {
    for (const s of [-400, -120, 0, 35, 250]) expect(scoreOfChance(winChance(s))).toBeCloseTo(s, 6);
    expect(scoreOfChance(0)).toBe(-Infinity);
    expect(scoreOfChance(1)).toBe(Infinity);
  });
});
