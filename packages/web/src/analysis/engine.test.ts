import { describe, expect, it } from 'vitest';
import { START_FEN } from '@dama/core';
import { fakeWorker } from '../lib/engine/fake-worker.ts';
import { AnalysisEngine, type Thought } from './engine.ts';

const ask = { fen: START_FEN, moves: [], limits: { depth: 2 }, lines: 2 };

describe('AnalysisEngine', () => {
  it('starts its worker as the game engine does (init first), streams thoughts with tb', () => {
    const w = fakeWorker();
    const a = new AnalysisEngine(() => w);
    const heard: Thought[] = [];
    a.analyse(ask, (t) => heard.push(t));
    expect(w.sent.map((m) => m.type)).toEqual(['init', 'search']);
    expect(a.state).toBe('thinking');
    const tb = { result: 'win', plies: 5 } as const;
    const line = { score: 30, pv: ['c3-c4'] };
    w.reply({
      type: 'info',
      id: 1,
      depth: 1,
      score: 30,
      nodes: 9,
      time: 1,
      nps: 9000,
      pv: ['c3-c4'],
      lines: [line],
      tb,
    });
    expect(heard).toEqual([{ depth: 1, nodes: 9, nps: 9000, lines: [line], done: false, tb }]);
  });

  it('sends the line’s moves as their squares', () => {
    const w = fakeWorker();
    const a = new AnalysisEngine(() => w);
    a.analyse({ ...ask, moves: [{ from: 18, path: [26] }] }, () => {}); // c3-c4
    expect(w.sent.at(-1)).toMatchObject({ type: 'search', id: 1, moves: [[18, 26]], multiPv: 2 });
  });

  it('a worker error fails it; a worker that cannot start fails it too', () => {
    const w = fakeWorker();
    const a = new AnalysisEngine(() => w);
    a.analyse(ask, () => {});
    w.onerror?.({} as ErrorEvent);
    expect(a.state).toBe('failed');
    const b = new AnalysisEngine(() => {
      throw new Error('no workers here');
    });
    b.analyse(ask, () => {});
    expect(b.state).toBe('failed');
  });
});
