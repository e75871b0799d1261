// Scale-out: two server processes on one real PostgreSQL and one real Redis, one player on each.
// A whole game is played through, each move made on one instance and seen on the other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, TestClient } from './client.ts';
import { pickMove, random } from './play.ts';
import { PgStore } from '../src/store-pg.ts';
import { loadTrainingBank, type PuzzleRatingsResponse, type PuzzleResultsResponse } from '../src/index.ts';
import { MAX_DEVICES, randomName } from '../src/players.ts';
import { newRecord } from '../src/record.ts';
import type { Snapshot } from '../src/wire.ts';
import { settle } from '../src/results.ts';
import { LobbyClient, type Player } from './lobby-client.ts';
import { PushEndpoint } from './push-endpoint.ts';
import { kill, startPostgres, startRedis, startServer, type ServerProcess } from './services.ts';

const dir = mkdtempSync(join(tmpdir(), 'dama-scale-'));
const children: ChildProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;
let pgUrl = '';
let endpoint: PushEndpoint;

beforeAll(async () => {
  const [redis, pg] = await Promise.all([startRedis(join(dir, 'redis')), startPostgres(dir)]);
  children.push(redis.child, pg.child);
  pgUrl = pg.url;
  endpoint = await PushEndpoint.start();
  const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, DAMA_PUSH_HOSTS: endpoint.host };
  a = await startServer(env);
  children.push(a.child);
  b = await startServer(env);
  children.push(b.child);
}, 90_000);

afterAll(async () => {
  for (const c of children.reverse()) await kill(c, 'SIGTERM');
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two instances on PostgreSQL and Redis', () => {
  it('play one game through with a player on each and a spectator on each', async () => {
    const made = await createGame(a.base, { color: 'white', clock: { minutes: 5, increment: 2 } });
    const white = await TestClient.open(a.base);
    await white.hello(made.id, made.token);
    const black = await TestClient.open(b.base);
    await black.hello(made.id);
    const playing = white.nextGame((g) => g.status === 'playing');
    black.send({ t: 'join' });
    await playing;
    const watchA = await TestClient.open(a.base);
    await watchA.hello(made.id);
    const watchB = await TestClient.open(b.base);
    await watchB.hello(made.id);
    const rand = random(99);
    let game = white.game!;
    const all = [white, black, watchA, watchB];
    while (game.status === 'playing') {
      const n = game.moves.length;
      const seen = all.map((c) => c.nextGame((g) => g.moves.length === n + 1 || g.status === 'over'));
      // A player's moves are paced below the server's limit of 10 messages a second per connection.
      await new Promise((resolve) => setTimeout(resolve, 150));
      (n % 2 === 0 ? white : black).send({ t: 'move', move: pickMove(game.moves, rand)!, ply: n });
      [game] = await Promise.all(seen);
    }
    expect(game.outcome).not.toBeNull();
    for (const c of all) expect(c.game!.moves).toEqual(game.moves);
    // Both instances read the same stored game.
    const fromB = (await (await fetch(`${b.base}/api/games/${made.id}`)).json()) as Snapshot;
    const fromA = (await (await fetch(`${a.base}/api/games/${made.id}`)).json()) as Snapshot;
    expect(fromA.moves).toEqual(game.moves);
    expect(fromB.moves).toEqual(game.moves);
    expect(fromB.outcome).toEqual(game.outcome);
    for (const c of all) c.close();
  }, 120_000);

  it('relays a reaction from one instance to the other', async () => {
    const made = await createGame(b.base, { color: 'black', clock: null });
    const black = await TestClient.open(b.base);
    await black.hello(made.id, made.token);
    const white = await TestClient.open(a.base);
    await white.hello(made.id);
    const playing = black.nextGame((g) => g.status === 'playing');
    white.send({ t: 'join' });
    await playing;
    const got = black.next((m) => m.t === 'react');
    white.send({ t: 'react', reaction: 'hello' });
    expect(await got).toEqual({ t: 'react', color: 'white', reaction: 'hello' });
    white.close();
    black.close();
  }, 30_000);

  it('keeps players on PostgreSQL: the newest device secrets, and a transfer code taken once', async () => {
    const store = await PgStore.open(pgUrl);
    const p = { id: 'Pabcdefghijk', secrets: ['h0'], name: randomName(), created: 1, seen: 1 };
    await store.insertPlayer(p);
    for (let i = 1; i <= 12; i++) await store.addPlayerSecret(p.id, `h${i}`, MAX_DEVICES);
    const got = await store.getPlayer(p.id);
    expect(got!.secrets).toEqual(Array.from({ length: 10 }, (_, i) => `h${i + 3}`));
    await store.renamePlayer(p.id, { adjective: 'Cesur', noun: 'Kartal', number: 5 });
    expect((await store.getPlayer(p.id))!.name).toEqual({ adjective: 'Cesur', noun: 'Kartal', number: 5 });
    await store.insertTransfer('ABCD-EFGH', p.id, 2000);
    const both = await Promise.all([
      store.takeTransfer('ABCD-EFGH', 1000),
      store.takeTransfer('ABCD-EFGH', 1000),
    ]);
    expect(both.filter((x) => x === p.id)).toHaveLength(1);
    await store.insertTransfer('ABCD-EFGJ', p.id, 2000);
    expect(await store.takeTransfer('ABCD-EFGJ', 3000)).toBeUndefined();
    await store.close();
  });

  it('pairs two players seeking on different instances within a second', async () => {
    const [pa, pb] = [await newPlayer(a.base), await newPlayer(b.base)];
    const la = await LobbyClient.open(a.base);
    const lb = await LobbyClient.open(b.base);
    await la.hello(pa);
    await lb.hello(pb);
    const got = [la.next('paired'), lb.next('paired')];
    await la.seek({ rated: false });
    const t0 = Date.now();
    await lb.seek({ rated: false });
    const [ga, gb] = await Promise.all(got);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(ga.game).toBe(gb.game);
    expect(ga.color).not.toBe(gb.color);
    // Either instance serves the game: the seat tokens open the seats on the other one too.
    const ca = await TestClient.open(b.base);
    const cb = await TestClient.open(a.base);
    const sa = await ca.hello(ga.game, ga.token);
    await cb.hello(gb.game, gb.token);
    expect(sa.players![ga.color].id).toBe(pa.id);
    for (const c of [la, lb, ca, cb]) c.close();
  }, 30_000);

  it('writes a rated result and both ratings once when both instances end the game at the same moment', async () => {
    const [pa, pb] = [await newPlayer(a.base), await newPlayer(b.base)];
    const la = await LobbyClient.open(a.base);
    const lb = await LobbyClient.open(b.base);
    await la.hello(pa);
    await lb.hello(pb);
    const got = [la.next('paired'), lb.next('paired')];
    await la.seek();
    await lb.seek();
    const [ga, gb] = await Promise.all(got);
    const ca = await TestClient.open(a.base);
    const cb = await TestClient.open(b.base);
    await ca.hello(ga.game, ga.token);
    await cb.hello(gb.game, gb.token);
    const [white, black] = ga.color === 'white' ? [ca, cb] : [cb, ca];
    const one = black.nextGame((g) => g.moves.length === 1);
    white.send({ t: 'move', move: 'c3-c4', ply: 0 });
    await one;
    const two = white.nextGame((g) => g.moves.length === 2);
    black.send({ t: 'move', move: 'f6-f5', ply: 1 });
    await two;
    // Both resign at once, each on its own instance: one resignation ends the game, the other is refused.
    const ends = [ca, cb].map((c) => c.nextGame((g) => g.status === 'over'));
    ca.send({ t: 'resign' });
    cb.send({ t: 'resign' });
    const [end] = await Promise.all(ends);
    const loser = end.outcome!.winner === 'white' ? 'black' : 'white';
    expect(end.outcome!.reason).toBe('resignation');
    await new Promise((r) => setTimeout(r, 300));
    const store = await PgStore.open(pgUrl);
    for (const p of [pa, pb]) {
      const rec = (await store.getPlayer(p.id))!;
      expect(rec.ratings!.blitz!.games).toBe(1);
      expect(await store.ratingHistory(p.id)).toHaveLength(1);
      expect((await store.gamesOf(p.id, Number.MAX_SAFE_INTEGER, 10)).map((g) => g.id)).toEqual([ga.game]);
    }
    const winnerId = end.players![loser === 'white' ? 'black' : 'white'].id;
    expect((await store.getPlayer(winnerId))!.ratings!.blitz!.rating).toBeGreaterThan(1500);

    // And two settles of one end on PostgreSQL at the same moment: one writes, the other nothing.
    const stored = (await store.get(ga.game))!;
    const fake = {
      ...stored,
      status: 'playing' as const,
      outcome: null,
      ended: null,
      version: stored.version + 1,
    };
    await store.update(fake);
    const end2 = {
      ...fake,
      status: 'over' as const,
      outcome: { winner: 'white' as const, reason: 'resignation' as const },
      ended: Date.now(),
      version: fake.version + 1,
    };
    const results = await Promise.all([store.finish(end2, settle), store.finish(end2, settle)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    for (const p of [pa, pb]) expect((await store.getPlayer(p.id))!.ratings!.blitz!.games).toBe(2);
    await store.close();
    for (const c of [la, lb, ca, cb]) c.close();
  }, 30_000);
});

describe('expiry on PostgreSQL', () => {
  it('deletes a live invitation nobody took before a correspondence one', async () => {
    const store = await PgStore.open(pgUrl);
    const t = Date.now();
    const made = (id: string, days: number | null) =>
      newRecord({
        id,
        creator: 'white',
        token: 't'.repeat(24),
        clock: null,
        days,
        address: 'x',
        now: t - 10_000,
      });
    await store.insert(made('ExpireLive1', null));
    await store.insert(made('ExpireCorr1', 7));
    await store.expire(t - 5_000, 0, t - 20_000);
    expect(await store.get('ExpireLive1')).toBeUndefined();
    expect(await store.get('ExpireCorr1')).toBeDefined();
    await store.expire(t - 5_000, 0, t - 5_000);
    expect(await store.get('ExpireCorr1')).toBeUndefined();
    await store.close();
  });
});

describe('pooled puzzle ratings on PostgreSQL', () => {
  it('counts every device once when two instances rate one puzzle at the same time', async () => {
    const puzzle = [...loadTrainingBank().keys()][10];
    const post = (base: string, device: string, win: boolean) =>
      fetch(`${base}/api/puzzles/results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ device, results: [{ puzzle, win, rating: 1600, rd: 80, at: Date.now() }] }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as PuzzleResultsResponse }));
    const devices = Array.from({ length: 12 }, (_, i) => `scale-device-${String(i).padStart(8, '0')}`);
    const first = await Promise.all(devices.map((d, i) => post(i % 2 ? a.base : b.base, d, i % 3 === 0)));
    expect(first.every((r) => r.status === 200 && r.body.accepted === 1)).toBe(true);
    // The same devices again, through the other instance: all duplicates, nothing lost or counted twice.
    const again = await Promise.all(devices.map((d, i) => post(i % 2 ? b.base : a.base, d, true)));
    expect(again.every((r) => r.status === 200 && r.body.duplicate === 1)).toBe(true);
    const list = (await (await fetch(`${a.base}/api/puzzles/ratings`)).json()) as PuzzleRatingsResponse;
    expect(list.ratings.find((r) => r.puzzle === puzzle)?.plays).toBe(12);
  });
});

describe('notifications across instances', () => {
  it('sends exactly one push for a correspondence move, whichever instances hold the game', async () => {
    const [pa, pb] = [await newPlayer(a.base), await newPlayer(b.base)];
    const la = await LobbyClient.open(a.base);
    const lb = await LobbyClient.open(b.base);
    await la.hello(pa);
    await lb.hello(pb);
    const got = [la.next('paired'), lb.next('paired')];
    await la.seek({ clock: { days: 3 } });
    await lb.seek({ clock: { days: 3 } });
    const [ga, gb] = await Promise.all(got);
    const [white, black] = ga.color === 'white' ? [pa, pb] : [pb, pa];
    const [whiteSeat, blackSeat] = ga.color === 'white' ? [ga, gb] : [gb, ga];
    // Black subscribes (on instance B); both players have the game open, one on each instance.
    const sub = endpoint.subscribe(`scale-${black.id}`);
    const put = await fetch(`${b.base}/api/players/me/push`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${black.id}.${black.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...sub, kinds: ['turn'], lang: 'tr' }),
    });
    expect(put.status).toBe(204);
    const cw = await TestClient.open(a.base);
    const cb = await TestClient.open(b.base);
    await cw.hello(whiteSeat.game, whiteSeat.token);
    await cb.hello(blackSeat.game, blackSeat.token);
    const seen = cb.nextGame((g) => g.moves.length === 1);
    cw.send({ t: 'move', move: 'c3-c4', ply: 0 });
    await seen;
    await new Promise((r) => setTimeout(r, 1500));
    const mine = endpoint.received.filter((r) => r.path === `/push/scale-${black.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0].payload).toEqual({ kind: 'turn', game: ga.game, opponent: white.name, lang: 'tr' });
    expect(endpoint.refused).toEqual([]);
    for (const c of [la, lb, cw, cb]) c.close();
  }, 30_000);
});

async function newPlayer(base: string): Promise<Player> {
  const res = await fetch(`${base}/api/players`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as Player;
}
