import { describe, expect, it, vi } from 'vitest';
import trainingText from '@dama/puzzle/training.tsv?raw';
import { MIN_POOLED_PLAYS, PENDING_MAX_AGE, parseBank, solutionMoves } from '@dama/puzzle';
import { toPath } from '../lib/adapter.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import type { Http, HttpRequest } from '../lib/player/api.ts';
import { asideKey } from '../lib/storage.ts';
import { POOL_KEY, PoolSync } from './pool-sync.ts';
import { TrainingCtrl } from './training-ctrl.ts';
import { screenDeps } from './test-deps.ts';

const bank = parseBank(trainingText, 'training');
if (!bank.ok) throw new Error(bank.error);
const pool = bank.value;
const NOW = Date.parse('2026-12-10T09:00:00Z');

/** A server in memory: answers as the game server does, or is away / busy while told so. */
function fakeServer() {
  const state = {
    mode: 'up' as 'up' | 'offline' | 'busy' | 'limited',
    calls: [] as { path: string; init: HttpRequest }[],
    plays: new Map<number, number>(),
    seen: new Set<string>(),
  };
  const reply = (status: number, body: unknown) => ({
    status,
    headers: { get: () => null },
    text: async () => JSON.stringify(body),
  });
  const http: Http = async (path, init) => {
    state.calls.push({ path, init });
    if (state.mode === 'offline') throw new TypeError('Failed to fetch');
    if (state.mode === 'busy') return reply(503, { error: { code: 'busy', message: 'later' } });
    if (state.mode === 'limited') return reply(429, { error: { code: 'rate-limited', message: 'later' } });
    if (path === '/api/puzzles/ratings')
      return reply(200, {
        ratings: [...state.plays].map(([puzzle, plays]) => ({ puzzle, rating: 1900, rd: 70, plays })),
      });
    const body = JSON.parse(init.body!) as { device: string; results: { puzzle: number }[] };
    let accepted = 0;
    for (const r of body.results) {
      const key = `${body.device}:${r.puzzle}`;
      if (state.seen.has(key)) continue;
      state.seen.add(key);
      state.plays.set(r.puzzle, (state.plays.get(r.puzzle) ?? 0) + 1);
      accepted++;
    }
    const ratings = body.results.map((r) => ({
      puzzle: r.puzzle,
      rating: 1900,
      rd: 70,
      plays: state.plays.get(r.puzzle)!,
    }));
    return reply(200, { accepted, duplicate: body.results.length - accepted, rejected: 0, ratings });
  };
  return { state, http };
}

const result = (puzzle: number, at = NOW - 1000) => ({ puzzle, win: true, rating: 1500, rd: 200, at });

describe('pooled ratings on the device', () => {
  it('keeps results while offline, busy or limited, and sends them once the server answers', async () => {
    const { state, http } = fakeServer();
    const kv = new MemoryKv();
    const sync = new PoolSync({ kv, now: () => NOW, http });
    sync.record(result(pool[0].id));
    sync.record(result(pool[1].id));
    for (const mode of ['offline', 'busy', 'limited'] as const) {
      state.mode = mode;
      await sync.sync();
      expect(sync.waiting).toBe(2);
    }
    state.mode = 'up';
    await sync.sync();
    expect(sync.waiting).toBe(0);
    expect([...state.plays.keys()]).toEqual([pool[0].id, pool[1].id]);
    // The whole list was fetched after the queue went.
    expect(state.calls.at(-1)?.path).toBe('/api/puzzles/ratings');
    // Sent again (a sync whose answer was lost), a result is counted once by the server.
    const device = JSON.parse(kv.getItem(POOL_KEY)!).device as string;
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    sync.record(result(pool[0].id));
    await sync.sync();
    expect(state.plays.get(pool[0].id)).toBe(1);
  });

  it('drops results too old for the server, and a batch the server calls malformed', async () => {
    const { state, http } = fakeServer();
    const kv = new MemoryKv();
    const sync = new PoolSync({ kv, now: () => NOW, http });
    sync.record(result(pool[0].id, NOW - PENDING_MAX_AGE - 1));
    await sync.sync();
    expect(sync.waiting).toBe(0);
    expect(state.calls.filter((c) => c.path === '/api/puzzles/results')).toHaveLength(0);
    const refusing: Http = async () => ({
      status: 400,
      headers: { get: () => null },
      text: async () => '{}',
    });
    const s2 = new PoolSync({ kv: new MemoryKv(), now: () => NOW, http: refusing });
    s2.record(result(pool[2].id));
    await s2.sync();
    expect(s2.waiting).toBe(0);
  });

  it('sets a damaged record aside and starts again, with nothing else lost', () => {
    const kv = new MemoryKv();
    kv.setItem(POOL_KEY, '{"version":1,"device":');
    kv.setItem('dama.training.v1', '{"kept":true}');
    const sync = new PoolSync({ kv, now: () => NOW, http: undefined });
    expect(sync.waiting).toBe(0);
    expect(kv.getItem(asideKey(POOL_KEY, NOW))).toBe('{"version":1,"device":');
    expect(kv.getItem('dama.training.v1')).toBe('{"kept":true}');
    sync.record(result(pool[0].id));
    expect(sync.waiting).toBe(1);
  });

  it('reads the stored record again only when another tab changed it', () => {
    const kv = new MemoryKv();
    const tab = new PoolSync({ kv, now: () => NOW, http: undefined });
    const other = new PoolSync({ kv, now: () => NOW, http: undefined });
    tab.record(result(pool[0].id));
    const ratings = tab.ratings();
    expect(other.waiting).toBe(1);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 5; i++) {
        expect(tab.waiting).toBe(1);
        expect(tab.ratings()).toBe(ratings);
      }
      expect(parse).not.toHaveBeenCalled();
      // the other tab's own copy is the stored one: it changes it without reading it again
      other.record(result(pool[1].id));
      expect(parse).not.toHaveBeenCalled();
      expect(tab.waiting).toBe(2);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(tab.waiting).toBe(2);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
    // Damaged by another tab: set aside and started again, as on opening.
    kv.setItem(POOL_KEY, '{');
    expect(tab.waiting).toBe(0);
    expect(kv.getItem(asideKey(POOL_KEY, NOW))).toBe('{');
  });

  it('loses no result queued by another tab, even while a sync waits for the server', async () => {
    const { state, http } = fakeServer();
    const kv = new MemoryKv();
    const other = new PoolSync({ kv, now: () => NOW, http: undefined });
    let midway: (() => void) | undefined;
    const slow: Http = async (path, init) => {
      midway?.();
      midway = undefined;
      return http(path, init);
    };
    const tab = new PoolSync({ kv, now: () => NOW, http: slow });
    tab.record(result(pool[0].id));
    other.record(result(pool[1].id));
    tab.record(result(pool[2].id));
    expect([tab.waiting, other.waiting]).toEqual([3, 3]);
    // The other tab queues a result while this tab's first batch is on its way: settling that batch
    // keeps it, and the next batch of the same sync sends it.
    midway = () => other.record(result(pool[3].id));
    await tab.sync();
    expect([...state.plays.keys()]).toEqual([pool[0].id, pool[1].id, pool[2].id, pool[3].id]);
    expect(state.calls.filter((c) => c.path === '/api/puzzles/results')).toHaveLength(2);
    expect([tab.waiting, other.waiting]).toEqual([0, 0]);
  });

  it('queues a rated training result, not an unrated one, and picks by the pooled ratings', async () => {
    const { state, http } = fakeServer();
    state.mode = 'offline';
    const kv = new MemoryKv();
    const pooled = new PoolSync({ kv, now: () => NOW, http });
    const ctrl = new TrainingCtrl({
      pool,
      pooled,
      ...screenDeps(kv, () => NOW),
    });
    const first = ctrl.puzzle!;
    const line = solutionMoves(first);
    for (let i = 0; i < line.length; i += 2) await ctrl.userMove(toPath(line[i]));
    expect(ctrl.player.phase).toBe('solved');
    expect(pooled.waiting).toBe(1);
    // The same puzzle again is a replay: unrated, not queued.
    ctrl.retry(first.id);
    for (let i = 0; i < line.length; i += 2) await ctrl.userMove(toPath(line[i]));
    expect(ctrl.unrated).toBe('replay');
    expect(pooled.waiting).toBe(1);
    // Back online: the result goes, and the pooled ratings come.
    state.mode = 'up';
    for (const p of pool.slice(0, 40)) state.plays.set(p.id, MIN_POOLED_PLAYS);
    await pooled.sync();
    expect(pooled.waiting).toBe(0);
    expect(pooled.ratings().get(pool[5].id)).toMatchObject({ rating: 1900, rd: 70 });
    ctrl.destroy();
  });
});
