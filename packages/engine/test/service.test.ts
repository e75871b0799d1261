import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { WEIGHTS_FILE } from '../src/node.ts';
import { parsePosition, unwrap } from '@dama/core';
import { EngineService, squarePath, type EngineResponse } from '../src/service.ts';

const shipped = (): ArrayBuffer => {
  const b = readFileSync(WEIGHTS_FILE);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

describe('engine service (worker messages)', () => {
  it('runs only the latest of queued requests and cancels the others', () => {
    const out: EngineResponse[] = [];
    const tasks: (() => void)[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => tasks.push(t),
    );
    service.receive({ type: 'search', id: 1, limits: { depth: 3 } });
    service.receive({ type: 'search', id: 2, moves: [[18, 26]], limits: { depth: 3 } }); // c3-c4
    for (const t of tasks.splice(0)) t();
    const done = out.filter((r) => r.type === 'done');
    expect(done.map((d) => [d.id, d.cancelled])).toEqual([
      [1, true],
      [2, false],
    ]);
    const last = done[1];
    expect(last.type === 'done' && last.notation).toMatch(/^[a-h][1-8]-[a-h][1-8]$/);
    expect(out.some((r) => r.type === 'info' && r.id === 2)).toBe(true);
  });

  it('takes the moves as their squares, a capture along the route given', () => {
    const out: EngineResponse[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
    );
    // White's man on d4 takes d5 and d7 (landing d6, then d8): the route lists every landing
    const fen = 'W:Wd4,a2:Bd5,d7,h7';
    const [take] = unwrap(parsePosition(fen)).legalMovesAllPaths();
    expect(squarePath(take)).toEqual([27, 43, 59]);
    service.receive({ type: 'search', id: 1, fen, moves: [squarePath(take)], limits: { depth: 2 } });
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 1, cancelled: false });
    service.receive({
      type: 'search',
      id: 2,
      moves: [
        [18, 26],
        [45, 37],
      ],
      limits: { depth: 2 },
    }); // c3-c4 f6-f5
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 2, cancelled: false });
  });

  it('refuses a malformed or illegal move with an error, and goes on answering', () => {
    const out: EngineResponse[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
    );
    const notAMove = 'is not a move (a move is its squares, 0–63, from its start to its end)';
    const refused: [unknown, string][] = [
      [[[0, 8]], 'move 1: the squares a1, a2 are not a legal move in this position'],
      [
        [
          [18, 26],
          [18, 26],
        ],
        'move 2: the squares c3, c4 are not a legal move in this position',
      ],
      [[[18, 34]], 'move 1: the squares c3, c5 are not a legal move in this position'],
      [['c3-c4'], `move 1: "c3-c4" ${notAMove}`],
      [[[18]], `move 1: [18] ${notAMove}`],
      [[[18, 64]], `move 1: [18, 64] ${notAMove}`],
      [[[18, 26.5]], `move 1: [18, 26.5] ${notAMove}`],
      [[[18, '26']], `move 1: [18, "26"] ${notAMove}`],
      [[[18, 26], null], `move 2: null ${notAMove}`],
      [[{ from: 18, path: [26] }], `move 1: object ${notAMove}`],
      [[new Array(40).fill(18)], `move 1: [18, 18, 18, 18, 18, 18, 18, 18, …] ${notAMove}`],
      ['c3-c4 f6-f5', 'moves: "c3-c4 f6-f5" is not a list of moves'],
      [{ length: 1, 0: [18, 26] }, 'moves: object is not a list of moves'],
    ];
    for (const [i, [moves, message]] of refused.entries()) {
      service.receive({ type: 'search', id: i, moves: moves as never, limits: { depth: 1 } });
      expect(out.at(-1)).toEqual({ type: 'error', id: i, message });
    }
    service.receive({ type: 'search', id: 99, moves: [[18, 26]], limits: { depth: 1 } });
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 99, cancelled: false });
  });

  it('plays at a rung of the ladder when asked, refuses a rung that does not exist, and goes back to a level', () => {
    const out: EngineResponse[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
    );
    service.receive({ type: 'search', id: 1, rung: 1, limits: { depth: 6 } });
    // rung 1 searches one ply, whatever the limits allow
    expect(out.find((r) => r.type === 'done')).toMatchObject({ id: 1, depth: 1, cancelled: false });
    for (const rung of [0, 9, 1.5]) {
      service.receive({ type: 'search', id: 2, rung, limits: { depth: 2 } });
      expect(out.at(-1)).toMatchObject({ type: 'error', id: 2, message: `no such rung: ${rung}` });
    }
    service.receive({ type: 'search', id: 3, level: 'master', limits: { depth: 4 } });
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 3, depth: 4, cancelled: false });
  });

  it('stops at once through a shared flag', () => {
    const out: EngineResponse[] = [];
    const buffer = new SharedArrayBuffer(4);
    const flag = new Int32Array(buffer);
    const service = new EngineService(
      (r) => {
        out.push(r);
        if (r.type === 'info' && r.depth === 2) Atomics.store(flag, 0, 1);
      },
      (t) => t(),
    );
    service.receive({ type: 'init', stopBuffer: buffer, hashMegabytes: 1 });
    service.receive({ type: 'search', id: 1, limits: { depth: 40 } });
    const done = out.find((r) => r.type === 'done');
    expect(done).toMatchObject({ type: 'done', id: 1, cancelled: false });
    expect(done?.type === 'done' && done.depth).toBeLessThan(6);
  });

  it('a stop that comes after a search was sent but before it starts still stops it, and only it', () => {
    const out: EngineResponse[] = [];
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const tasks: (() => void)[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => void tasks.push(t),
    );
    service.receive({ type: 'init', stopBuffer: flag.buffer as SharedArrayBuffer, hashMegabytes: 1 });
    // the host sends a search (stopped by the first stop), which the worker schedules ...
    service.receive({ type: 'search', id: 1, limits: { depth: 10 }, stopAt: 1 });
    expect(tasks).toHaveLength(1);
    // ... and stops it before it starts: the flag counts one stop, the message is still on its way
    Atomics.add(flag, 0, 1);
    tasks.shift()!();
    const first = out.find((r) => r.type === 'done' && r.id === 1);
    expect(first?.type === 'done' && first.depth).toBeLessThan(10);
    // the stop message, then a newer search that the earlier stop must not end
    service.receive({ type: 'stop' });
    service.receive({ type: 'search', id: 2, limits: { depth: 4 }, stopAt: 2 });
    tasks.shift()!();
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 2, depth: 4, cancelled: false });
  });

  it('fetches the weights first, then runs the latest search with the learned evaluation', async () => {
    const out: EngineResponse[] = [];
    let release: (bytes: ArrayBuffer) => void = () => {};
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
      async () => undefined, // no endgame tables
      (url) => {
        expect(url).toBe('https://example.test/engine/eval.bin');
        return new Promise((resolve) => (release = resolve));
      },
    );
    service.receive({ type: 'init', weightsUrl: 'https://example.test/engine/eval.bin' });
    service.receive({ type: 'search', id: 1, limits: { depth: 2 } });
    service.receive({ type: 'search', id: 2, limits: { depth: 2 } });
    // Nothing runs while the weights load; the older search is already cancelled.
    expect(out).toEqual([expect.objectContaining({ type: 'done', id: 1, cancelled: true })]);
    release(shipped());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(out[1]).toEqual({ type: 'ready', evaluation: 'learned' });
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 2, cancelled: false });
  });

  it('plays with the hand-weighted evaluation and says why when the weights are bad or missing', async () => {
    const out: EngineResponse[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
      async () => undefined, // no endgame tables
      () => Promise.reject(new Error('offline')),
    );
    service.receive({ type: 'init', weights: new TextEncoder().encode('<html>').buffer as ArrayBuffer });
    expect(out[0]).toMatchObject({
      type: 'ready',
      evaluation: 'hand-weighted',
      problem: expect.stringMatching(/not an evaluation weights file/),
    });
    service.receive({ type: 'init', weightsUrl: '/engine/eval.bin' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(out[1]).toMatchObject({
      type: 'ready',
      evaluation: 'hand-weighted',
      problem: expect.stringMatching(/offline/),
    });
    service.receive({ type: 'search', id: 3, limits: { depth: 2 } });
    expect(out.at(-1)).toMatchObject({ type: 'done', id: 3, cancelled: false });
  });
});
