import { describe, expect, it } from 'vitest';
import { makeFen, parseNotation, parsePosition, unwrap } from '@dama/core';
import { toPath } from '../lib/adapter.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import {
  addMistakes,
  emptyMistakes,
  loadMistakes,
  saveMistakes,
  type FoundMistake,
} from '../lib/mistakes.ts';
import { MistakesCtrl } from './mistakes-ctrl.ts';
import { screenDeps } from './test-deps.ts';

const NOW = 1_765_000_000_000;
const A = makeFen(unwrap(parsePosition('W:Wd4,d3,a3,b2:Bd6,g7,h7')));
const B = makeFen(unwrap(parsePosition('W:Wa3,c3,e3:Bb6,d6,h7')));

const found = (fen: string, game: string, ply: number): FoundMistake => ({
  fen,
  side: 'white',
  played: fen === A ? 'd4-d5' : 'c3-c4',
  best: [fen === A ? 'a3-a4' : 'e3-e4'],
  answer: fen === A ? ['d6xd4xd2'] : [],
  judgement: 'mistake',
  minScore: 0,
  game: { id: game, ply },
});

function make(game?: string) {
  const kv = new MemoryKv();
  // newest first: B (game g-2), then A (game g-1)
  let s = addMistakes(emptyMistakes(), [found(A, 'g-1', 1)], NOW - 10);
  s = addMistakes(s, [found(B, 'g-2', 5)], NOW);
  saveMistakes(kv, s);
  const ctrl = new MistakesCtrl({
    ...screenDeps(kv, () => NOW),
    ...(game ? { game } : {}),
  });
  return { ctrl, kv };
}

const path = (fen: string, text: string) => toPath(unwrap(parseNotation(unwrap(parsePosition(fen)), text)));

describe('learn from your mistakes, on the puzzle page', () => {
  it('opens the linked game’s mistake; the game’s move shows its answer and comes back, the better move solves it', async () => {
    const { ctrl, kv } = make('g-1');
    expect(ctrl.open?.fen).toBe(A);
    await ctrl.userMove(path(A, 'd4-d5'));
    expect(ctrl.feedback).toEqual({ kind: 'retry' });
    expect(ctrl.phase).toBe('play');
    expect(ctrl.shown && makeFen(ctrl.shown)).toBe(A);
    await ctrl.userMove(path(A, 'a3-a4'));
    expect(ctrl.phase).toBe('solved');
    expect(ctrl.feedback).toEqual({ kind: 'best', move: 'a3-a4' });
    expect(loadMistakes(kv, NOW).store.list.map((m) => [m.fen, m.solved])).toEqual([
      [B, false],
      [A, true],
    ]);
    // the next unsolved one, then back to the list when none is left
    ctrl.next();
    expect(ctrl.open?.fen).toBe(B);
    await ctrl.userMove(path(B, 'e3-e4'));
    ctrl.next();
    expect(ctrl.open).toBeUndefined();
    expect(ctrl.toSolve).toBe(0);
  });

  it('without an engine another move is not judged, and the better move can be shown without solving', async () => {
    const { ctrl, kv } = make();
    expect(ctrl.open).toBeUndefined();
    ctrl.openMistake(A);
    await ctrl.userMove(path(A, 'b2-b3'));
    expect(ctrl.feedback).toEqual({ kind: 'unknown' });
    expect(ctrl.playing).toBe(true);
    await ctrl.showBetter();
    expect(ctrl.phase).toBe('shown');
    expect(ctrl.lastMove && ctrl.shown && makeFen(ctrl.shown)).not.toBe(A);
    expect(loadMistakes(kv, NOW).store.list.every((m) => !m.solved)).toBe(true);
  });
});
