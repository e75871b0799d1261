import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkGame as game } from '../test/records.ts';
import type { ServerGame } from './record.ts';
import { ACTIVE_LAG, MAX_BATCH, SqliteStore } from './store.ts';

const next = (rec: ServerGame, move: string): ServerGame => ({
  ...rec,
  version: rec.version + 1,
  moves: [...rec.moves, move],
});

let store: SqliteStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('SqliteStore group commit', () => {
  it('writes a backlog larger than one commit, each write checked against its own version', async () => {
    store = new SqliteStore(':memory:');
    const n = 2 * MAX_BATCH + 50;
    const recs = Array.from({ length: n }, (_, i) => game(`g${i}`));
    for (const r of recs) await store.insert(r);
    // All in one turn of the event loop: more than one commit's worth, and one stale write among them.
    const fresh = recs.map((r) => next(r, 'c3-d4'));
    const stale = { ...next(recs[7], 'a3-b4'), version: 5 };
    const results = await Promise.all([...fresh.map((r) => store!.update(r)), store.update(stale)]);
    expect(results.slice(0, n).every((ok) => ok)).toBe(true);
    expect(results[n]).toBe(false);
    const versions = await store.versions(recs.map((r) => r.id));
    expect([...versions.values()].every((v) => v === 2)).toBe(true);
    expect((await store.get('g7'))?.moves).toEqual(['c3-d4']);
    expect((await store.get(`g${n - 1}`))?.moves).toEqual(['c3-d4']);
  });

  it('a commit takes the writes of one turn of the event loop, and tells how many', async () => {
    store = new SqliteStore(':memory:');
    const commits: number[] = [];
    store.onCommit = (writes) => commits.push(writes);
    const [x, y] = ['x', 'y'].map(game);
    for (const r of [x, y]) await store.insert(r);
    const both = [store.update(next(x, 'c3-d4')), store.update(next(y, 'c3-d4'))];
    expect(await Promise.all(both)).toEqual([true, true]);
    expect(commits).toEqual([2]);
    await store.update(next(next(x, 'c3-d4'), 'f6-e5'));
    expect(commits).toEqual([2, 1]);
  });

  it('keeps the order of two writes of one game in the same backlog', async () => {
    store = new SqliteStore(':memory:');
    const rec = game('one');
    await store.insert(rec);
    const fill = Array.from({ length: MAX_BATCH + 10 }, (_, i) => game(`f${i}`));
    for (const r of fill) await store.insert(r);
    const a = next(rec, 'c3-d4');
    const b = next(a, 'f6-e5');
    // The second write of `one` lands in a later commit than the first, and still finds its version.
    const out = await Promise.all([
      ...fill.map((r) => store!.update(next(r, 'x'))),
      store.update(a),
      store.update(b),
    ]);
    expect(out.every((ok) => ok)).toBe(true);
    expect((await store.get('one'))?.moves).toEqual(['c3-d4', 'f6-e5']);
  });

  it('writes what is waiting before it closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dama-store-'));
    try {
      const file = join(dir, 'games.sqlite');
      const s = new SqliteStore(file);
      const rec = game('c');
      await s.insert(rec);
      const pending = s.update(next(rec, 'c3-d4'));
      await s.close();
      expect(await pending).toBe(true);
      store = new SqliteStore(file);
      expect((await store.get('c'))?.moves).toEqual(['c3-d4']);
    } finally {
      await store?.close();
      store = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SqliteStore writes of a game being played', () => {
  const playing = (id: string, active: number): ServerGame => ({ ...game(id), status: 'playing', active });
  const moved = (rec: ServerGame, move: string, active: number): ServerGame => ({
    ...next(rec, move),
    active,
  });

  it('keeps every move and refuses a stale write, whichever statement wrote it', async () => {
    store = new SqliteStore(':memory:');
    let rec = playing('p', 1000);
    await store.insert(rec);
    for (let i = 0; i < 5; i++) {
      rec = moved(rec, `m${i}`, 1000 + i);
      expect(await store.update(rec)).toBe(true);
    }
    // The same version again (another writer came first): refused, and the record stays.
    expect(await store.update({ ...rec, moves: [...rec.moves.slice(0, 4), 'other'] })).toBe(false);
    expect(await store.update({ ...rec, version: rec.version + 2 })).toBe(false);
    const stored = await store.get('p');
    expect(stored?.moves).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(stored?.version).toBe(rec.version);
    // An end is a status change: written in full, so the games that expire by `ended` see it.
    const over = { ...moved(rec, 'm5', 2000), status: 'over' as const, ended: 2000 };
    expect(await store.update(over)).toBe(true);
    expect((await store.get('p'))?.status).toBe('over');
    expect(await store.idle(10 ** 12)).toEqual([]);
  });

  it('finds idle games by an active time that lags its record by at most ACTIVE_LAG', async () => {
    store = new SqliteStore(':memory:');
    const start = 10 * ACTIVE_LAG;
    let a = playing('a', start);
    const b = playing('b', start);
    await store.insert(a);
    await store.insert(b);
    // `a` moves within the lag: its indexed columns are not written, so the column keeps its old
    // time and `a` is still a candidate of idle (the sweep checks the record); `b`, untouched, too.
    a = moved(a, 'c3-d4', start + ACTIVE_LAG / 2);
    expect(await store.update(a)).toBe(true);
    expect(await store.idle(start + 1)).toEqual(expect.arrayContaining(['a', 'b']));
    expect((await store.get('a'))?.active).toBe(start + ACTIVE_LAG / 2);
    // Past the lag, the column catches up: `a` is no longer idle at a time before its last move.
    a = moved(a, 'f6-e5', start + 2 * ACTIVE_LAG);
    expect(await store.update(a)).toBe(true);
    const idle = await store.idle(start + ACTIVE_LAG);
    expect(idle).toContain('b');
    expect(idle).not.toContain('a');
    // Never later than the record: a game whose last move is before `before` is always found.
    expect(await store.idle(start + 2 * ACTIVE_LAG + 1)).toEqual(expect.arrayContaining(['a', 'b']));
  });
});

describe('SqliteStore checkpoints', () => {
  it('copies the WAL into the database file from its worker, not from the commits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dama-store-'));
    const file = join(dir, 'games.sqlite');
    const size = () => statSync(file).size;
    let other: SqliteStore | undefined;
    try {
      store = new SqliteStore(file, { checkpointEvery: 60_000 });
      expect(store.checkpointsInWorker).toBe(true);
      const empty = size();
      for (let i = 0; i < 3000; i++) await store.insert(game(`w${i}`));
      // Far past SQLite's own 1,000 pages, and the worker's first checkpoint a minute away: no commit copied a page.
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(4096 * 1000);
      expect(size()).toBe(empty);
      // A second store on the file, both open: its worker copies the frames over (the file grows as it writes).
      other = new SqliteStore(file, { checkpointEvery: 20 });
      const deadline = Date.now() + 10_000;
      while (size() <= 4096 * 500 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(size()).toBeGreaterThan(4096 * 500);
      expect((await other.get('w2999'))?.id).toBe('w2999');
    } finally {
      await other?.close();
      await store?.close();
      store = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
