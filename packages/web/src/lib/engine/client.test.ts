import { describe, expect, it } from 'vitest';
import type { EngineResponse } from '@dama/engine';
import { DEFAULT_DRAW_RULES, Game, makeFen, parsePosition, START_FEN, unwrap } from '@dama/core';
import { EngineClient, EngineWorkerSlot } from './client.ts';
import { fakeWorker, type FakeWorker } from './fake-worker.ts';

const ask = { fen: START_FEN, moves: [], drawRules: { ...DEFAULT_DRAW_RULES }, level: 'easy' as const };
const done = (id: number, score = 12): Extract<EngineResponse, { type: 'done' }> => ({
  type: 'done',
  id,
  move: undefined,
  notation: 'c3-c4',
  score,
  depth: 3,
  nodes: 1,
  time: 1,
  pv: [],
  cancelled: false,
});

describe('EngineClient', () => {
  it('goes loading → computing → idle and answers', async () => {
    const workers: FakeWorker[] = [];
    const states: string[] = [];
    const c = new EngineClient(
      () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
      () => states.push(c.state),
    );
    const p = c.search(ask);
    expect(c.state).toBe('loading');
    expect(workers[0].sent.map((m) => m.type)).toEqual(['init', 'search']);
    workers[0].reply({ type: 'ready' });
    expect(c.state).toBe('computing');
    workers[0].reply(done(1));
    await expect(p).resolves.toMatchObject({ notation: 'c3-c4', score: 12 });
    expect(states).toEqual(['loading', 'computing', 'idle']);
  });

  it('the latest request wins: a running search is dropped with its worker', async () => {
    const workers: FakeWorker[] = [];
    const c = new EngineClient(() => {
      const w = fakeWorker();
      workers.push(w);
      return w;
    });
    const first = c.search(ask);
    workers[0].reply({ type: 'ready' });
    const second = c.search({ ...ask, level: 'master' });
    await expect(first).resolves.toBeUndefined();
    expect(workers[0].terminated).toBe(true);
    expect(workers).toHaveLength(2);
    workers[0].reply(done(1)); // a late answer from the old worker is ignored
    workers[1].reply({ type: 'ready' });
    workers[1].reply(done(2, -5));
    await expect(second).resolves.toMatchObject({ score: -5 });
  });

  it('a request made while the worker still loads replaces the earlier one, which is settled', async () => {
    const workers: FakeWorker[] = [];
    const c = new EngineClient(() => {
      const w = fakeWorker();
      workers.push(w);
      return w;
    });
    const first = c.search(ask);
    expect(c.state).toBe('loading');
    const second = c.search({ ...ask, level: 'master' });
    // the first promise is not left hanging: it says it was replaced
    await expect(first).resolves.toBeUndefined();
    // one worker, both requests queued in it: the service answers the latest (and cancels the first)
    expect(workers).toHaveLength(1);
    workers[0].reply({ type: 'ready' });
    expect(c.state).toBe('computing');
    workers[0].reply({ ...done(1), cancelled: true });
    workers[0].reply(done(2, 7));
    await expect(second).resolves.toMatchObject({ score: 7 });
    expect(c.state).toBe('idle');
  });

  it('search during loading: every request is settled, the earlier ones at once', async () => {
    const w = fakeWorker();
    const c = new EngineClient(() => w);
    const first = c.search(ask);
    const second = c.search({ ...ask, level: 'hard' });
    const third = c.search({ ...ask, level: 'master' });
    expect(c.state).toBe('loading');
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    expect(w.sent.map((m) => m.type)).toEqual(['init', 'search', 'search', 'search']);
    // the service cancels the queued requests and answers the latest
    w.reply({ type: 'ready' });
    w.reply({ ...done(1), cancelled: true });
    w.reply({ ...done(2), cancelled: true });
    w.reply(done(3, 4));
    await expect(third).resolves.toMatchObject({ score: 4 });
    expect(c.state).toBe('idle');
    // a request the worker refuses (`error`) while it loads is settled too, and so is one stopped
    const other = fakeWorker();
    const d = new EngineClient(() => other);
    const refused = d.search(ask);
    other.reply({ type: 'error', id: 1, message: 'move 1: [] is not a move' });
    await expect(refused).resolves.toBeUndefined();
    const stopped = d.search(ask);
    d.stop();
    await expect(stopped).resolves.toBeUndefined();
    expect(d.state).toBe('idle');
  });

  it('sends the moves as their squares, a capture along its route', () => {
    const w = fakeWorker();
    const c = new EngineClient(() => w);
    const g = new Game(unwrap(parsePosition('W:Wd4,a2:Bd5,d7,h7')));
    unwrap(g.playNotation('d4xd6xd8'));
    void c.search({ ...ask, fen: makeFen(g.initial), moves: g.moves });
    const sent = w.sent[1];
    expect(sent.type === 'search' && sent.moves).toEqual([[27, 43, 59]]);
  });

  it('fails honestly when the worker cannot start', async () => {
    const c = new EngineClient(() => {
      throw new Error('no workers here');
    });
    await expect(c.search(ask)).resolves.toBeUndefined();
    expect(c.state).toBe('failed');
  });

  it('a worker error fails the pending search', async () => {
    const w = fakeWorker();
    const c = new EngineClient(() => w);
    const p = c.search(ask);
    w.onerror?.({} as ErrorEvent);
    await expect(p).resolves.toBeUndefined();
    expect(c.state).toBe('failed');
  });
});

describe('EngineClient with a shared stop flag (a cross-origin isolated page)', () => {
  it('stops a running search through the flag, keeps the worker, and answers only the latest request', async () => {
    const workers: FakeWorker[] = [];
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const c = new EngineClient(
      () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
      () => {},
      flag,
    );
    const first = c.search(ask);
    const w = workers[0];
    const init = w.sent[0];
    expect(init.type === 'init' && init.stopBuffer).toBe(flag.buffer);
    w.reply({ type: 'ready' });
    const second = c.search({ ...ask, moves: [{ from: 18, path: [26] }] });
    // the running search is told to stop through the flag (and a queued one by a message); each
    // search carries the count of stops that ends it, so the stop is never taken for the newer one
    expect(Atomics.load(flag, 0)).toBe(1);
    expect(w.sent.map((m) => m.type)).toEqual(['init', 'search', 'stop', 'search']);
    expect(w.sent.flatMap((m) => (m.type === 'search' ? [m.stopAt] : []))).toEqual([1, 2]);
    expect(await first).toBeUndefined();
    // the same worker, weights and all: no second worker, none ended
    expect(workers).toHaveLength(1);
    expect(w.terminated).toBe(false);
    // the stopped search's own answer still comes, and is not taken for the newer one's
    w.reply(done(1, 99));
    expect(c.state).toBe('computing');
    w.reply(done(2, 7));
    expect((await second)?.score).toBe(7);
    expect(c.state).toBe('idle');
    c.destroy();
    expect(w.terminated).toBe(true);
  });
});

describe('EngineWorkerSlot', () => {
  it('keeps the worker before init, then hears only from the worker it keeps', () => {
    const workers: FakeWorker[] = [];
    const seen: string[] = [];
    const slot: EngineWorkerSlot = new EngineWorkerSlot(
      () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
      {
        started: () =>
          seen.push(`started, kept:${slot.get() === workers.at(-1)} sent:${workers.at(-1)!.sent.length}`),
        receive: (msg) => seen.push(msg.type),
        failed: () => seen.push('failed'),
      },
    );
    const first = slot.get();
    expect(first).toBe(workers[0]);
    expect(slot.get()).toBe(first);
    expect(workers[0].sent.map((m) => m.type)).toEqual(['init']);
    workers[0].reply({ type: 'ready' });
    slot.end();
    expect(workers[0].terminated).toBe(true);
    workers[0].reply({ type: 'ready' }); // an ended worker's late message is dropped
    workers[0].onerror?.({} as ErrorEvent);
    const second = slot.get();
    expect(second).toBe(workers[1]);
    workers[1].onerror?.({} as ErrorEvent);
    expect(workers[1].terminated).toBe(true);
    expect(seen).toEqual(['started, kept:true sent:0', 'ready', 'started, kept:true sent:0', 'failed']);
  });

  it('says so when the worker cannot be made', () => {
    const seen: string[] = [];
    const slot = new EngineWorkerSlot(
      () => {
        throw new Error('no workers here');
      },
      {
        started: () => seen.push('started'),
        receive: () => seen.push('receive'),
        failed: () => seen.push('failed'),
      },
    );
    expect(slot.get()).toBeUndefined();
    expect(seen).toEqual(['failed']);
  });
});
