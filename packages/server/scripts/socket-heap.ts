/**
 * The live heap a game socket costs the server: a server in this process, N sockets opened from a
 * child process (each says `hello` to one game as a spectator and pings), and the heap after full
 * collections before and after, divided by N. Every major collection marks this much a socket.
 *
 * Usage: npm run bench:socket-heap [-- --sockets 5000]
 */
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { buildServer, LocalBus, SqliteStore } from '../src/index.ts';
import { PING_EVERY } from '../src/wire.ts';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { sockets: { type: 'string', default: '5000' } },
});
const N = Number(opt.sockets);
if (!Number.isInteger(N) || N < 1 || N > 15_000) {
  console.error('socket-heap: --sockets is 1 to 15,000');
  process.exit(2);
}
/** Sockets an address (127.0.0.2 on), within the server's limit below. */
const PER_ADDRESS = 150;

async function clients(url: string, game: string): Promise<void> {
  let open = 0;
  for (let i = 0; i < N; i++) {
    const a = Math.floor(i / PER_ADDRESS);
    const ws = new WebSocket(url, { localAddress: `127.0.${1 + Math.floor(a / 250)}.${2 + (a % 250)}` });
    ws.on('open', () => {
      ws.send(JSON.stringify({ t: 'hello', game, delta: true }));
      setInterval(() => ws.send(JSON.stringify({ t: 'ping', n: 1 })), PING_EVERY).unref();
    });
    // counted once the server has answered its hello: a socket it let in and kept
    ws.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { t: string }).t === 'hello' && ++open === N) process.send!('open');
    });
    ws.on('close', (code) => {
      console.error(`socket-heap: the server closed a socket (${code}) after ${open} were let in`);
      process.exit(1);
    });
    ws.on('error', (e) => {
      console.error(`socket-heap: a socket failed: ${String(e)}`);
      process.exit(1);
    });
    // a few hundred at a time, as the server's handshake admission expects
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 20));
  }
  setInterval(() => undefined, 60_000);
}

if (positionals[0] === 'clients') await clients(positionals[1], positionals[2]);
else {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    console.error('socket-heap: run it with node --expose-gc (npm run bench:socket-heap does)');
    process.exit(2);
  }
  const heap = (): number => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const server = await buildServer({
    store: new SqliteStore(':memory:'),
    bus: new LocalBus(),
    limits: { socketsPerAddress: PER_ADDRESS, addressBurst: 100_000, addressPerSecond: 100_000 },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const res = await fetch(`http://127.0.0.1:${port}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ color: 'white', clock: null }),
  });
  const { id } = (await res.json()) as { id: string };
  await new Promise((r) => setTimeout(r, 500));
  const before = heap();
  const child = fork(
    new URL(import.meta.url).pathname,
    ['clients', `ws://127.0.0.1:${port}/api/ws`, id, '--sockets', String(N)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const failed = new Promise((_, reject) => child.once('exit', () => reject(new Error('the clients died'))));
  await Promise.race([new Promise((r) => child.once('message', r)), failed]);
  // every hello answered, and the server's answers sent
  await new Promise((r) => setTimeout(r, 3000));
  const after = heap();
  console.log(
    `${N} sockets: heap ${(before / 1e6).toFixed(1)} → ${(after / 1e6).toFixed(1)} MB, ` +
      `${Math.round((after - before) / N)} bytes a socket`,
  );
  child.kill();
  await server.app.close();
  process.exit(0);
}
