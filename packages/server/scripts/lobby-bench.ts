/**
 * `npm run bench:lobby`: quick pairing on one real server instance. 2,000 players (made in the
 * database beforehand, each with its secret) arrive over a minute at uniform random times; each
 * opens a lobby socket (from one of many loopback addresses), says hello, and seeks one of the live
 * time controls, rated or casual, a quarter of them with a rating range. A paired player leaves for
 * the game (its socket closes); after the last arrival the pool gets `--tail` seconds more.
 *
 * Reports the time from the seek's acknowledgement to `paired` (p50/p95/p99/max), how many were
 * paired and left unpaired, that no player was paired twice and that every game has exactly two
 * players of the same time control, the lobby traffic received, and the server's CPU. The server is
 * `src/main.ts` in its own process (SQLite in a temp dir), this process the players. Bounded: it
 * stops after arrivals + tail + 30 s whatever happens.
 *
 * Usage: npm run bench:lobby [-- --players 2000 --minutes 1 --tail 20 --seed 1]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { hashSecret, newPlayerId, newSecret, randomName } from '../src/players.ts';
import { OFFERED_TIME_CONTROLS } from '../src/rating.ts';
import { SqliteStore } from '../src/store.ts';
import type { LobbyServerMessage } from '../src/wire.ts';

const { values: opt } = parseArgs({
  options: {
    players: { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '1' },
    tail: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
  },
});
const PLAYERS = Number(opt.players);
const ARRIVALS_MS = Number(opt.minutes) * 60_000;
const TAIL_MS = Number(opt.tail) * 1000;
if (!(PLAYERS >= 2 && PLAYERS <= 10_000)) throw new Error('--players must be 2 to 10,000');
/** Lobby sockets per loopback address (the server allows 20). */
const PER_ADDRESS = 15;

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../src/main.ts');

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(Number(opt.seed));

const freePort = (): Promise<number> =>
  new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const dir = mkdtempSync(join(tmpdir(), 'dama-lobby-bench-'));
const db = join(dir, 'games.sqlite');

// The players, straight into the database the server will open.
const players: { id: string; secret: string }[] = [];
{
  const store = new SqliteStore(db);
  for (let i = 0; i < PLAYERS; i++) {
    const secret = newSecret();
    const p = { id: newPlayerId(), secrets: [hashSecret(secret)], name: randomName(), created: 0, seen: 0 };
    await store.insertPlayer(p);
    players.push({ id: p.id, secret });
  }
  await store.close();
}

const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DAMA_DB: db,
    DAMA_WEB_ROOT: '/nonexistent',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((res, rej) => {
  const t = setTimeout(() => rej(new Error('the server did not start in 30 s')), 30_000);
  server.stdout!.on('data', (d: Buffer) => {
    if (/Dama on http/.test(String(d))) {
      clearTimeout(t);
      res();
    }
  });
});
const cpuOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms, at 100 ticks a second
};
const cpu0 = cpuOf(server.pid!);

const LIVE = OFFERED_TIME_CONTROLS.filter((tc) => !('days' in tc));
const waits: number[] = [];
const pairedBy = new Map<string, number>();
const games = new Map<string, { player: string; clock: string }[]>();
let bytes = 0;
let errors = 0;
let refused = 0;
const open = new Set<WebSocket>();

function arrive(i: number): void {
  const p = players[i];
  const tc = LIVE[Math.floor(random() * LIVE.length)];
  const rated = random() < 0.7;
  const range = random() < 0.25 ? { min: 1300, max: 1700 } : null;
  const clock = JSON.stringify(tc);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/lobby`, {
    localAddress: `127.0.${1 + Math.floor(i / PER_ADDRESS / 250)}.${2 + (Math.floor(i / PER_ADDRESS) % 250)}`,
  });
  open.add(ws);
  let seekAt = 0;
  ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', player: p.id, secret: p.secret })));
  ws.on('message', (data: Buffer) => {
    bytes += data.length;
    const m = JSON.parse(String(data)) as LobbyServerMessage;
    if (m.t === 'hello') ws.send(JSON.stringify({ t: 'seek', clock: tc, rated, range }));
    else if (m.t === 'seeking' && m.seek) seekAt = performance.now();
    else if (m.t === 'paired') {
      waits.push(performance.now() - seekAt);
      pairedBy.set(p.id, (pairedBy.get(p.id) ?? 0) + 1);
      const g = games.get(m.game) ?? [];
      g.push({ player: p.id, clock: `${clock}|${rated}` });
      games.set(m.game, g);
      ws.close();
    } else if (m.t === 'error') refused++;
  });
  ws.on('error', () => errors++);
  ws.on('close', () => open.delete(ws));
}

const times = Array.from({ length: PLAYERS }, () => random() * ARRIVALS_MS).sort((a, b) => a - b);
const start = performance.now();
const bound = setTimeout(() => finish('the time bound'), ARRIVALS_MS + TAIL_MS + 30_000);
for (let i = 0; i < PLAYERS; i++) {
  const wait = times[i] - (performance.now() - start);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  arrive(i);
}
await new Promise((r) => setTimeout(r, TAIL_MS));
finish('done');

function finish(why: string): void {
  clearTimeout(bound);
  const serverCpu = cpuOf(server.pid!) - cpu0;
  const elapsed = performance.now() - start;
  const twice = [...pairedBy.values()].filter((n) => n > 1).length;
  const badGames = [...games.values()].filter(
    (g) => g.length > 2 || (g.length === 2 && (g[0].player === g[1].player || g[0].clock !== g[1].clock)),
  ).length;
  const paired = pairedBy.size;
  console.log(
    JSON.stringify(
      {
        stopped: why,
        players: PLAYERS,
        arrivalsSeconds: ARRIVALS_MS / 1000,
        paired,
        unpaired: PLAYERS - paired,
        games: games.size,
        pairedTwice: twice,
        badGames,
        waitMs: {
          p50: Math.round(quantile(waits, 0.5)),
          p95: Math.round(quantile(waits, 0.95)),
          p99: Math.round(quantile(waits, 0.99)),
          max: Math.round(Math.max(...waits)),
        },
        lobbyBytesReceived: bytes,
        refused,
        socketErrors: errors,
        serverCpuPercent: Math.round((100 * serverCpu) / elapsed),
      },
      null,
      2,
    ),
  );
  for (const ws of open) ws.terminate();
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = twice > 0 || badGames > 0 ? 1 : 0;
  setTimeout(() => process.exit(), 2000).unref();
}
