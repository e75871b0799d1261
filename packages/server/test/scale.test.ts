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
import { MAX_DEVICES, randomName } from '../src/players.ts';
import { kill, startPostgres, startRedis, startServer, type ServerProcess } from './services.ts';

const dir = mkdtempSync(join(tmpdir(), 'dama-scale-'));
const children: ChildProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;
let pgUrl = '';

beforeAll(async () => {
  const [redis, pg] = await Promise.all([startRedis(join(dir, 'redis')), startPostgres(dir)]);
  children.push(redis.child, pg.child);
  pgUrl = pg.url;
  const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url };
  a = await startServer(env);
  children.push(a.child);
  b = await startServer(env);
  children.push(b.child);
}, 90_000);

afterAll(async () => {
  for (const c of children.reverse()) await kill(c, 'SIGTERM');
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
    const fromB = await (await fetch(`${b.base}/api/games/${made.id}`)).json();
    const fromA = await (await fetch(`${a.base}/api/games/${made.id}`)).json();
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
});
