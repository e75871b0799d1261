import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import { WIN } from '@dama/engine';
import { describe, expect, it } from 'vitest';
import type { Ask, Thought } from './engine.ts';
import { readReview, reviewedMoves, runReview, type ReviewBudget } from './review.ts';

const budget: ReviewBudget = { first: 10, deep: 99, swing: 0.08, most: 4 };

/** A fake engine: the score for the side to move from a table by ply, and a fixed first move. */
function fakeEngine(whiteScores: number[], best: (ask: Ask) => string[]) {
  const asks: Ask[] = [];
  const evaluate = (ask: Ask): Promise<Thought> => {
    asks.push(ask);
    const ply = ask.moves.length;
    const whiteToMove = ply % 2 === 0;
    const s = whiteScores[ply];
    return Promise.resolve({
      depth: 5,
      nodes: 1,
      nps: 1,
      done: true,
      lines: [{ score: whiteToMove ? s : -s, pv: best(ask) }],
    });
  };
  return { asks, evaluate };
}

function playFirstMoves(n: number): Game {
  const g = new Game();
  for (let i = 0; i < n; i++) g.play(g.position.legalMoves()[0]);
  return g;
}

describe('runReview', () => {
  it("scores every position from White's side, then looks again around the big swings", async () => {
    const g = playFirstMoves(4);
    const { asks, evaluate } = fakeEngine([0, 5, -120, -110, -100], () => ['a3-a4']);
    const seen: [number, number][] = [];
    const r = await runReview(g, evaluate, (d, t) => seen.push([d, t]), budget);
    expect(r?.scores).toEqual([0, 5, -120, -110, -100]);
    // first pass: 5 positions at 10 nodes; then positions 1 and 2 (the swing of move 2) at 99
    expect(asks.map((a) => ('nodes' in a.limits ? a.limits.nodes : 0))).toEqual([10, 10, 10, 10, 10, 99, 99]);
    expect(asks.slice(5).map((a) => a.moves.length)).toEqual([1, 2]);
    // each position is asked as the game's first moves
    expect(asks[2].moves).toEqual(g.moves.slice(0, 2));
    expect(seen.at(-1)).toEqual([7, 7]);
  });

  it('decides a lost final position by the rules, without the engine', async () => {
    const g = new Game(unwrap(parsePosition('W:Wd4:Bd5')));
    g.playNotation('d4xd6');
    const { asks, evaluate } = fakeEngine([WIN - 1], () => ['d4xd6']);
    const r = await runReview(g, evaluate, () => {}, budget);
    expect(asks).toHaveLength(1);
    expect(r?.scores[1]).toBe(WIN); // Black to move with nothing left: White has won
    expect(r?.depths[1]).toBe(0);
  });

  it('gives up when the engine stops answering', async () => {
    const g = playFirstMoves(2);
    const r = await runReview(
      g,
      () => Promise.resolve(undefined),
      () => {},
      budget,
    );
    expect(r).toBeUndefined();
  });
});

describe('reviewedMoves', () => {
  it("marks the blunder with the engine's better move, not a good move", async () => {
    const g = playFirstMoves(4);
    const other = (ask: Ask) => {
      const legal = g.positionAt(ask.moves.length).legalMoves();
      return [makeNotation(legal[legal.length - 1])];
    };
    const { evaluate } = fakeEngine([0, 5, 130, 120, 110], other); // Black's move 2 gives a man away
    const r = (await runReview(g, evaluate, () => {}, budget))!;
    const moves = reviewedMoves(g, r);
    expect(moves.map((m) => m.judgement)).toEqual([undefined, 'blunder', undefined, undefined]);
    expect(moves[1].side).toBe('black');
    expect(moves[1].played).toBe(makeNotation(g.moves[1]));
    expect(moves[1].better?.[0]).not.toBe(moves[1].played);
    expect(moves[0].better).toBeUndefined();
  });
});

describe('readReview', () => {
  const good = { v: 1, moves: ['c3-c4'], scores: [0, 10], lines: [['c3-c4'], []], depths: [9, 9] };
  it('accepts a review of the same game', () => {
    expect(readReview(good, ['c3-c4'])).toEqual(good);
  });
  it("refuses another game's review, or a damaged one", () => {
    expect(readReview(good, ['b3-b4'])).toBeUndefined();
    expect(readReview({ ...good, scores: [0] }, ['c3-c4'])).toBeUndefined();
    expect(readReview({ ...good, scores: [0, 'x'] }, ['c3-c4'])).toBeUndefined();
    expect(readReview({ ...good, v: 2 }, ['c3-c4'])).toBeUndefined();
    expect(readReview('nonsense', ['c3-c4'])).toBeUndefined();
  });
});
