/**
 * `npm run bench:server`: load on one server instance over loopback. The server runs in its own
 * process (SQLite file in a temp dir); scripted players in this process play N games at once, each
 * answering the moment its turn comes, starting a new game when one ends. For each N: moves per
 * second, move latency (sent → the sender sees the server's new game) p50/p99, the server's memory
 * per game, for a fixed time. Bounded: at most 1,000 games (2,000 sockets), 8 s per step.
 * Usage: npm run bench:server [-- --games 10,100,500,1000 --seconds 8]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Game, makeNotation } from '@dama/core';
import { createGame, TestClient } from '../test/client.ts';
import { random } from '../test/play.ts';
import { kill, startServer } from '../test/services.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const STEPS = arg('games', '10,100,500,1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 1000);
const SECONDS = Math.min(30, Number(arg('seconds', '8')));

const dir = mkdtempSync(join(tmpdir(), 'dama-bench-'));

interface Stats {
  moves: number;
  latencies: number[];
}

/** Two players on one game; they play games one after another until `deadline.at`. */
async function pair(
  base: string,
  seed: number,
  deadline: { at: number },
  stats: Stats,
  ready: () => void,
): Promise<TestClient[]> {
  const rand = random(seed);
  let first = true;
  let clients: TestClient[] = [];
  while (Date.now() < deadline.at) {
    const made = await createGame(base, { color: 'white', clock: { minutes: 10, increment: 0 } });
    for (const c of clients) c.close();
    const white = await TestClient.open(base);
    await white.hello(made.id, made.token);
    const black = await TestClient.open(base);
    await black.hello(made.id);
    const seated = black.next((m) => m.t === 'seat');
    black.send({ t: 'join' });
    await seated;
    clients = [white, black];
    if (first) {
      first = false;
      ready();
    }
    const game = new Game();
    while (!game.isOver() && Date.now() < deadline.at) {
      const legal = game.position.legalMovesAllPaths();
      const move = makeNotation(legal[Math.floor(rand() * legal.length)]);
      const mover = game.position.turn === 'white' ? white : black;
      const n = game.plies;
      const seen = mover.nextGame((g) => g.moves.length === n + 1, 60_000);
      const t0 = performance.now();
      mover.send({ t: 'move', move, ply: n });
      await seen;
      stats.latencies.push(performance.now() - t0);
      stats.moves++;
      game.playNotation(move);
    }
  }
  return clients;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

console.log(
  `one server process (SQLite file), players in this process, loopback; ${SECONDS} s measured per step`,
);
console.log('games  sockets  moves/s  p50 ms  p99 ms  server RSS MB  RSS/game KB  heap/game KB');
for (const n of STEPS) {
  const server = await startServer({
    DAMA_DB: join(dir, `bench-${n}.sqlite`),
    DAMA_OPEN_GAMES_PER_ADDRESS: '100000',
    DAMA_MESSAGES_PER_SECOND: '100000',
  });
  const health = async () =>
    (await (await fetch(`${server.base}/api/health`)).json()) as {
      rss: number;
      heapUsed: number;
      sockets: number;
    };
  const baseline = await health();
  const stats: Stats = { moves: 0, latencies: [] };
  const deadline = { at: Infinity };
  let up = 0;
  let allUp!: () => void;
  const ready = new Promise<void>((r) => (allUp = r));
  const runs: Promise<TestClient[]>[] = [];
  for (let i = 0; i < n; i++) {
    runs.push(pair(server.base, n * 1000 + i, deadline, stats, () => ++up === n && allUp()).catch(() => []));
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 20));
  }
  await ready;
  // a fixed window once every game is being played
  const m0 = stats.moves;
  const l0 = stats.latencies.length;
  const t0 = performance.now();
  deadline.at = Date.now() + SECONDS * 1000;
  await new Promise((r) => setTimeout(r, SECONDS * 1000 - 200));
  const h = await health();
  const secs = (performance.now() - t0) / 1000;
  const moves = stats.moves - m0;
  const window = stats.latencies.slice(l0);
  console.log(
    [
      String(n).padStart(5),
      String(h.sockets).padStart(7),
      (moves / secs).toFixed(0).padStart(8),
      pct(window, 50).toFixed(1).padStart(7),
      pct(window, 99).toFixed(1).padStart(7),
      (h.rss / 1e6).toFixed(0).padStart(14),
      ((h.rss - baseline.rss) / n / 1024).toFixed(0).padStart(12),
      ((h.heapUsed - baseline.heapUsed) / n / 1024).toFixed(0).padStart(13),
    ].join(' '),
  );
  for (const clients of await Promise.all(runs)) for (const c of clients) c.close();
  await kill(server.child, 'SIGKILL');
}
rmSync(dir, { recursive: true, force: true });
