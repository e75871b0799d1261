// Chaos: two instances on real PostgreSQL and real Redis, scripted players that reconnect as a good
// client does, and faults mid-game: PostgreSQL stopped for 10 s, Redis stopped for 10 s, SIGKILL
// of one instance and of both, a frozen client (SIGSTOP), moves sent into dropped connections, and
// 20,000 sockets from one address while others play. After each fault every game must match a
// replay of its moves on the server and on both players, no acknowledged move may be lost, no
// player may be stuck, no clock may be charged for the fault, and no instance may have died of it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../src/record.ts';
import type { Snapshot } from '../src/wire.ts';
import { createGame, TestClient } from './client.ts';
import { random } from './play.ts';
import { Player } from './player.ts';
import {
  kill,
  startPostgres,
  startRedis,
  startServer,
  type Postgres,
  type ServerProcess,
} from './services.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'dama-chaos-'));
/** What a move's charge may exceed the player's own thinking by: loopback, timers, a reconnect. */
const TOLERANCE = 1500;
const LIMITS = { silentClose: 3000, helloTimeout: 3000, socketsPerAddress: 100 };
const CLAIM_AFTER = 3000;

let redis: { child: ChildProcess; url: string; port: number };
let pg: Postgres;
let a: ServerProcess;
let b: ServerProcess;
const extra: ChildProcess[] = [];
const everyone: Player[] = [];
const env = () => ({
  DATABASE_URL: pg.url,
  REDIS_URL: redis.url,
  DAMA_LIMITS: JSON.stringify(LIMITS),
  DAMA_CLAIM_AFTER_MS: String(CLAIM_AFTER),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  [redis, pg] = await Promise.all([startRedis(join(dir, 'redis')), startPostgres(dir)]);
  a = await startServer(env());
  b = await startServer(env());
}, 120_000);

afterAll(async () => {
  for (const p of everyone) p.stop();
  for (const c of [...extra, a?.child, b?.child]) if (c) await kill(c, 'SIGKILL');
  if (redis) await kill(redis.child, 'SIGKILL');
  if (pg) await pg.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

interface Match {
  id: string;
  white: Player;
  black: Player;
}

/** `n` games, each with White on instance a and Black on instance b, playing on their own. */
async function games(n: number, seed: number, think = 150): Promise<Match[]> {
  const out: Match[] = [];
  for (let i = 0; i < n; i++) {
    const made = await createGame(a.base, { color: 'white', clock: { minutes: 10, increment: 0 } });
    const joiner = await TestClient.open(b.base);
    await joiner.hello(made.id);
    const seat = joiner.next((m) => m.t === 'seat');
    joiner.send({ t: 'join' });
    const { token } = (await seat) as { token: string };
    joiner.close();
    const white = new Player([a.base, b.base], made.id, made.token, random(seed + 2 * i), think);
    const black = new Player([b.base, a.base], made.id, token, random(seed + 2 * i + 1), think);
    white.start();
    black.start();
    everyone.push(white, black);
    out.push({ id: made.id, white, black });
  }
  return out;
}

const plies = (m: Match) => Math.max(m.white.snap?.moves.length ?? 0, m.black.snap?.moves.length ?? 0);
const over = (m: Match) => m.white.snap?.status !== 'playing' && m.white.snap !== undefined;

/** Every game plays `k` more moves (or ends) within `ms`: nobody is stuck. */
async function progress(matches: Match[], k: number, ms: number): Promise<void> {
  await Promise.all(
    matches.map((m) => {
      const target = plies(m) + k;
      return m.white.until(() => over(m) || plies(m) >= target, ms, `${k} more moves`);
    }),
  );
}

async function serverGame(base: string, id: string): Promise<Snapshot> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${base}/api/games/${id}`).catch(() => undefined);
    if (res?.ok) return (await res.json()) as Snapshot;
    await sleep(200);
  }
  throw new Error(`game ${id} not readable`);
}

/** The checks after a fault. */
async function verify(matches: Match[]): Promise<void> {
  for (const m of matches) for (const p of [m.white, m.black]) p.hold(true);
  await sleep(800);
  for (const m of matches) {
    const game = await serverGame(a.base, m.id);
    const fromB = await serverGame(b.base, m.id);
    expect(fromB.moves).toEqual(game.moves);
    // The stored moves replay by the rules.
    expect(replay(game.moves).plies).toBe(game.moves.length);
    for (const p of [m.white, m.black]) {
      await p.until((q) => (q.snap?.v ?? 0) >= game.v, 10_000, `version ${game.v}`);
      expect(p.snap!.moves).toEqual(game.moves);
      // A move message came only to a socket that had the version before it.
      expect(p.gaps).toBe(0);
      // No acknowledged move is lost, and none is played twice.
      for (const ack of p.acked) expect(game.moves[ack.ply]).toBe(ack.move);
      expect(new Set(p.acked.map((x) => x.ply)).size).toBe(p.acked.length);
      // No move was charged more than the player thought over it (plus the tolerance).
      for (const c of p.charges) {
        expect(
          c.charged,
          `ply ${c.ply} of ${m.id}: charged ${c.charged} ms for ${c.think} ms`,
        ).toBeLessThanOrEqual(c.think + TOLERANCE);
      }
    }
  }
  // The moves came as move messages, across the bus too (White and Black are on different instances).
  for (const m of matches) expect(m.white.moveMessages + m.black.moveMessages).toBeGreaterThan(0);
  for (const m of matches) for (const p of [m.white, m.black]) p.hold(false);
  expect(a.child.exitCode).toBeNull();
  expect(b.child.exitCode).toBeNull();
}

const health = async (s: ServerProcess) => {
  const res = await fetch(`${s.base}/api/health`);
  return { code: res.status, body: (await res.json()) as { status: string } };
};

describe('chaos on two instances, real PostgreSQL and Redis', () => {
  it('survives PostgreSQL stopped for 10 s: busy meanwhile, nothing half-written, play resumes, no clock charged', async () => {
    const matches = await games(3, 100);
    await progress(matches, 4, 20_000);
    await pg.stop();
    await sleep(2000);
    expect(await health(a)).toMatchObject({ code: 503, body: { status: 'down' } });
    await sleep(8000);
    // Both instances are alive (an idle pooled client's error no longer ends the process).
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    await pg.restart();
    await progress(matches, 6, 30_000);
    expect((await health(a)).body.status).toBe('ready');
    const busy = matches
      .flatMap((m) => [...m.white.refused, ...m.black.refused])
      .filter((r) => r.code === 'busy');
    expect(busy.length).toBeGreaterThan(0);
    await verify(matches);
    for (const m of matches) for (const p of [m.white, m.black]) p.stop();
  }, 90_000);

  it('survives Redis stopped for 10 s: games between instances go on meanwhile, no clock charged', async () => {
    const matches = await games(3, 200);
    await progress(matches, 4, 20_000);
    await kill(redis.child, 'SIGKILL');
    await sleep(1000);
    expect((await health(a)).body.status).toBe('degraded');
    // Without the bus each instance finds the other's moves in the database.
    await progress(matches, 3, 9000);
    await sleep(Math.max(0, 9000));
    redis = await startRedis(join(dir, 'redis'), redis.port);
    await progress(matches, 6, 30_000);
    await sleep(1500);
    expect((await health(a)).body.status).toBe('ready');
    await verify(matches);
    for (const m of matches) for (const p of [m.white, m.black]) p.stop();
  }, 90_000);

  it('survives SIGKILL of one instance: its players come back on the other, no clock charged', async () => {
    const matches = await games(3, 300);
    await progress(matches, 4, 20_000);
    await kill(b.child, 'SIGKILL');
    await progress(matches, 4, 20_000);
    b = await startServer(env(), b.port);
    await progress(matches, 4, 20_000);
    await verify(matches);
    for (const m of matches) for (const p of [m.white, m.black]) p.stop();
  }, 90_000);

  it('survives SIGKILL of both instances, down for 4 s: the time away is not charged', async () => {
    const matches = await games(3, 400);
    await progress(matches, 4, 20_000);
    await Promise.all([kill(a.child, 'SIGKILL'), kill(b.child, 'SIGKILL')]);
    await sleep(4000);
    a = await startServer(env(), a.port);
    b = await startServer(env(), b.port);
    await progress(matches, 6, 30_000);
    await verify(matches);
    for (const m of matches) for (const p of [m.white, m.black]) p.stop();
  }, 90_000);

  it('closes the socket of a frozen client (SIGSTOP), after which the opponent may claim the win', async () => {
    const made = await createGame(a.base, { color: 'white', clock: null });
    const white = await TestClient.open(a.base);
    await white.hello(made.id, made.token);
    const joiner = await TestClient.open(b.base);
    await joiner.hello(made.id);
    const seat = joiner.next((m) => m.t === 'seat');
    joiner.send({ t: 'join' });
    const { token } = (await seat) as { token: string };
    joiner.close();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(here, 'frozen-client.ts'), b.base, made.id, token],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    extra.push(child);
    await new Promise<void>((res) =>
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && res()),
    );
    if (white.game?.presence.black.state !== 'online')
      await white.nextGame((g) => g.presence.black.state === 'online');
    const seen = white.nextGame((g) => g.moves.length === 1);
    white.send({ t: 'move', move: 'c3-c4', ply: 0 });
    await seen;
    child.kill('SIGSTOP');
    // Silent past the limit (3 s here): closed, and the seat is offline on every instance.
    const gone = await white.nextGame((g) => g.presence.black.state === 'offline', 10_000);
    white.send({ t: 'claim' });
    expect(await white.nextError()).toMatchObject({ code: 'too-early' });
    await sleep(Math.max(0, gone.presence.black.since + CLAIM_AFTER - gone.now) + 300);
    const ended = white.nextGame((g) => g.status === 'over');
    white.send({ t: 'claim' });
    expect((await ended).outcome).toEqual({ winner: 'white', reason: 'abandoned' });
    child.kill('SIGCONT');
    await kill(child, 'SIGKILL');
    white.close();
  }, 60_000);

  it('applies a move sent into a dropped connection exactly once, or re-sends it', async () => {
    const matches = await games(2, 500, 100);
    await progress(matches, 2, 20_000);
    for (let round = 0; round < 6; round++) {
      for (const m of matches) {
        // Whoever is to move: its socket dies just as (or just before) the move goes out.
        const p = (plies(m) % 2 === 0 ? m.white : m.black) as Player;
        const ws = p.socket;
        if (!ws) continue;
        if (round % 2 === 0) ws.terminate();
        else {
          const send = ws.send.bind(ws);
          // The next frame the player sends is its move: the socket is cut right after it leaves.
          ws.send = ((data: string) => {
            send(data);
            if (data.includes('"move"')) ws.terminate();
          }) as typeof ws.send;
        }
      }
      await progress(matches, 2, 20_000);
    }
    await verify(matches);
    for (const m of matches) for (const p of [m.white, m.black]) p.stop();
  }, 120_000);

  it('keeps playing while one address opens 20,000 sockets: the excess is refused, idle ones are closed', async () => {
    const matches = await games(2, 600);
    await progress(matches, 2, 20_000);
    let refused = 0;
    let held = 0;
    let closedIdle = 0;
    const failures = new Map<string, number>();
    const note = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
    const idle: Promise<void>[] = [];
    /** `count` sockets at once from one address; resolves when each is refused or held for 1.5 s. */
    const flood = async (count: number): Promise<number> => {
      let heldNow = 0;
      await Promise.all(
        Array.from(
          { length: count },
          () =>
            new Promise<void>((res) => {
              const ws = new WebSocket(`${a.base.replace('http', 'ws')}/api/ws`, {
                localAddress: '127.0.0.9',
              });
              let done = false;
              const settle = () => {
                if (done) return;
                done = true;
                res();
              };
              const closed = new Promise<void>((c) =>
                ws.on('close', (code) => {
                  if (code === 1013) refused++;
                  else if (code === 1008) closedIdle++;
                  else if (!done) note(`close ${code}`);
                  settle();
                  c();
                }),
              );
              // Refused before the handshake: an HTTP 429 (too many from this address) or 503 (full).
              ws.on('unexpected-response', (req, res) => {
                if (!done && (res.statusCode === 429 || res.statusCode === 503)) refused++;
                else if (!done) note(`http ${res.statusCode}`);
                settle();
                req.destroy();
              });
              ws.on('error', (e: NodeJS.ErrnoException) => {
                if (!done) note(`error ${e.code ?? e.message}`);
                settle();
              });
              // Held: still open 1.5 s after the server let it in (a refused one is closed at once).
              ws.on('open', () =>
                setTimeout(() => {
                  if (ws.readyState === WebSocket.OPEN && !done) {
                    heldNow++;
                    held++;
                    idle.push(closed);
                  }
                  settle();
                }, 1500),
              );
              setTimeout(() => {
                if (!done) note('no answer in 30 s');
                settle();
              }, 30_000);
            }),
        ),
      );
      return heldNow;
    };
    const playing = progress(matches, 5, 90_000);
    // Waves as large as this process's open-file limit allows (2,000 where it is 20,000).
    const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || 1024;
    const wave = Math.max(200, Math.min(2000, Math.floor((limit - 500) / 2)));
    for (let sent = 0; sent < 20_000; sent += wave) {
      // Never more than the per-address cap let in at once.
      expect(await flood(Math.min(wave, 20_000 - sent))).toBeLessThanOrEqual(LIMITS.socketsPerAddress);
    }
    await playing;
    expect(refused + held, JSON.stringify([...failures])).toBe(20_000);
    // The cap frees as idle sockets are closed (after the hello timeout): at most a cap's worth per wave.
    expect(refused).toBeGreaterThanOrEqual(20_000 - Math.ceil(20_000 / wave) * LIMITS.socketsPerAddress);
    // Those let in never said hello: each is closed after the hello timeout.
    await Promise.all(idle);
    expect(closedIdle).toBe(held);
    // Another address is served as ever.
    const other = await TestClient.open(a.base);
    await other.hello(matches[0].id);
    other.close();
    await verify(matches);
    for (const m of matches) for (const p of [m.white, m.black]) p.stop();
  }, 400_000);
});
