/**
 * The load generator of `npm run bench:server`: N games at human pace against a running server, in
 * a process of its own (`bench.ts` starts it on its own core). It uses nothing of the server but the
 * types of its wire format: its own WebSockets (`ws`), its own HTTP requests, and `@dama/core` to
 * choose legal moves.
 *
 * Each game is a pair of sockets. The creator (White) makes the game with `POST /api/games`, both
 * say `hello`, Black sends `join`. The player to move waits a uniformly random 2–5 s after its socket
 * saw the opponent's move, then plays a random legal move `{t:'move', move, ply, id, rtt}`. When a
 * game ends, the pair starts a new one on the same sockets, so N games are played at once. Every
 * `PING_EVERY` (10 s) a socket sends `{t:'ping', n, rtt}` unless, since the last tick, it sent
 * something other than a ping and received something, as the app does (`--pings every`: at every
 * tick, as clients before it did), the ticks starting at a random point of the interval so that the
 * sockets never ping in step. `rtt` is the socket's last round trip: a ping's to its pong, or a
 * move's sent once to its `ack`.
 *
 * Sockets say `hello` with `delta: true`, as the app does, so most moves come as `move` messages
 * (`--full-snapshots`: as a `game` snapshot each, as clients before them had it).
 *
 * Measured: from the moment the mover's socket sends a move to the moment the opponent's socket
 * receives the `game` snapshot or `move` message with it (both sockets are here: one clock). Counted, never dropped:
 * refused messages by code, sockets closed by the server by code, games that failed to start, moves
 * the opponent did not see within 10 s (and acks, pongs that did not come), anything unexpected.
 *
 * Driven over stdin/stdout by `bench.ts`, one command a line: `start` (ramp up), `window` (start
 * measuring), `end` (stop measuring; the result follows once the window's last moves are settled),
 * `stop` (close every socket and exit). It answers with JSON lines on stdout (`ready`, `progress`,
 * `steady`, `result`, `final`) and writes its progress for people on stderr.
 *
 * Usage: node --import tsx loadgen.ts --base http://127.0.0.1:4173 --games 1000 [--ramp 200]
 *   [--per-address 100] [--seed 1] [--clock 10+5 | none] [--full-snapshots] [--pings quiet | every]
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { makeNotation, parseNotation, Position } from '@dama/core';
import WebSocket, { type RawData } from 'ws';
import { PING_EVERY, type ClientMessage, type ServerMessage, type Status } from '../src/wire.ts';
import { reuseFragmentLists } from '../src/ws-receiver.ts';
import { watchGc } from './gc.ts';

const { values: opt } = parseArgs({
  options: {
    base: { type: 'string' },
    games: { type: 'string' },
    ramp: { type: 'string', default: '200' },
    'per-address': { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    clock: { type: 'string', default: '10+5' },
    'think-min': { type: 'string', default: '2000' },
    'think-max': { type: 'string', default: '5000' },
    'full-snapshots': { type: 'boolean', default: false },
    pings: { type: 'string', default: 'quiet' },
  },
});

function fail(message: string): never {
  process.stderr.write(`loadgen: ${message}\n`);
  process.exit(2);
}

const BASE = opt.base ?? fail('--base http://host:port is required');
const GAMES = Number(opt.games);
if (opt.pings !== 'quiet' && opt.pings !== 'every') fail('--pings is quiet or every');
/** Ping at every tick, or only after a tick in which the socket did not both send and receive. */
const PING_ALWAYS = opt.pings === 'every';
if (!Number.isInteger(GAMES) || GAMES < 1) fail('--games must be a positive integer');
const RAMP = Number(opt.ramp);
const PER_ADDRESS = Number(opt['per-address']);
if (!Number.isInteger(PER_ADDRESS) || PER_ADDRESS < 1 || PER_ADDRESS > 100)
  fail('--per-address must be 1 to 100 games');
/** 127.0.0.2 … 127.0.0.254: one loopback source address per `PER_ADDRESS` games. */
const ADDRESSES = 253;
if (Math.ceil(GAMES / PER_ADDRESS) > ADDRESSES)
  fail(`${GAMES} games at ${PER_ADDRESS} an address need more than ${ADDRESSES} loopback addresses`);
const THINK_MIN = Number(opt['think-min']);
const THINK_MAX = Number(opt['think-max']);
const CLOCK = opt.clock === 'none' ? null : parseClock(opt.clock);
const SEED = Number(opt.seed);
/** Whether the sockets take `move` messages. */
const DELTA = !opt['full-snapshots'];

/** A move not seen by the opponent (or not acknowledged) within this long is an error. */
export const MOVE_TIMEOUT = 10_000;
/** Starting a game (create, hello, join) must take less than this. */
const START_TIMEOUT = 10_000;
const PONG_TIMEOUT = 10_000;

function parseClock(text: string | undefined): { minutes: number; increment: number } {
  const m = /^(\d+(?:\.\d+)?)\+(\d+)$/.exec(text ?? '');
  if (!m) fail(`--clock is minutes+increment (10+5) or none, not ${text}`);
  return { minutes: Number(m[1]), increment: Number(m[2]) };
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Numbers kept for percentiles, in a typed array that doubles when full: a few large buffers the
 * garbage collector does not look into, rather than a growing array of boxed numbers.
 */
class Samples {
  private buf = new Float64Array(1 << 16);
  length = 0;
  push(x: number): void {
    if (this.length === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = x;
  }
  sorted(): Float64Array {
    return this.buf.slice(0, this.length).sort();
  }
}

/**
 * Many waits on one timer: `add(ms, p)` calls `run(p)` in the first 10 ms tick at or after
 * `ms` from now. Thousands of players waiting seconds each would otherwise be thousands of timer
 * objects living long enough to burden the old generation; here they are entries in reused
 * arrays. An entry cannot be taken back: `run` checks it is still due. A wait past the wheel's
 * 20 s (only if this process stalled for seconds) falls back on a timer of its own.
 */
class Wheel {
  private static readonly TICK = 10;
  private static readonly SLOTS = 2048;
  private slots: Player[][] = Array.from({ length: Wheel.SLOTS }, () => []);
  private done = Math.floor(performance.now() / Wheel.TICK);
  private timer: NodeJS.Timeout;

  constructor(private run: (p: Player) => void) {
    this.timer = setInterval(() => this.tick(), Wheel.TICK);
  }

  add(ms: number, p: Player): void {
    const slot = Math.max(this.done + 1, Math.ceil((performance.now() + ms) / Wheel.TICK));
    if (slot - this.done >= Wheel.SLOTS) setTimeout(() => this.run(p), ms);
    else this.slots[slot % Wheel.SLOTS].push(p);
  }

  private tick(): void {
    const now = Math.floor(performance.now() / Wheel.TICK);
    while (this.done < now) {
      this.done++;
      const due = this.slots[this.done % Wheel.SLOTS];
      if (due.length === 0) continue;
      // Taken out before running: a run may add to this same slot only for a full turn later.
      const players = due.splice(0);
      for (const p of players) this.run(p);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// What is counted

type Phase = 'ramp' | 'window' | 'after';
let phase: Phase = 'ramp';
let windowStart = Infinity;
let windowEnd = Infinity;
const inWindow = (t: number) => t >= windowStart && t < windowEnd;
/** The epoch time of the window's start, for lining its seconds up with the server's events. */
let windowStartEpoch = 0;
/** A move slower than this (ms) counts as slow in the window's seconds (the goal's p99). */
const SLOW_MOVE = 50;
function bySecond(sentAt: number, ms: number): void {
  const s = Math.floor((sentAt - windowStart) / 1000);
  const b = stats.bySecond;
  while (b.n.length <= s) {
    b.n.push(0);
    b.slow.push(0);
    b.max.push(0);
  }
  b.n[s]++;
  if (ms > SLOW_MOVE) b.slow[s]++;
  if (ms > b.max[s]) b.max[s] = Math.round(ms);
}

/** Every error, by kind (`refused:<code>`, `closed:<code>`, `timeout:move`, …), in the window and overall. */
const errors = { window: new Map<string, number>(), total: new Map<string, number>() };
/** Games that did not get to `playing`, by why (they are retried). */
const startFailed = { window: new Map<string, number>(), total: new Map<string, number>() };
function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
function error(kind: string): void {
  bump(errors.total, kind);
  if (phase === 'window') bump(errors.window, kind);
}
function startFailure(why: string): void {
  bump(startFailed.total, why);
  if (phase === 'window') bump(startFailed.window, why);
}

const stats = {
  /** Window: moves sent, moves the opponent received (by receipt time), acks received. */
  sent: 0,
  delivered: 0,
  acks: 0,
  /** Milliseconds from send to the opponent's snapshot, for moves sent in the window. */
  latency: new Samples(),
  /**
   * The latency by the second of the window its move was sent in: moves, moves over `SLOW_MOVE`
   * ms, and the longest (ms). Lines the slow moves up with the server's collections and stalls.
   */
  bySecond: { n: [] as number[], slow: [] as number[], max: [] as number[] },
  /** Milliseconds from send to the mover's ack, for moves sent in the window. */
  ackLatency: new Samples(),
  /** Ping → pong round trips in the window. */
  pong: new Samples(),
  /** How many games were being played, sampled each second in the window. */
  playingSamples: [] as number[],
  /** Games that ended, by outcome reason (whole run). */
  ended: new Map<string, number>(),
  /** Window: the messages received, by type, and their bytes. */
  received: new Map<string, number>(),
  receivedBytes: 0,
};
let playing = 0;
let started = 0;

// ---------------------------------------------------------------------------------------------------
// HTTP with a chosen source address

const agents = new Map<string, Agent>();
function agentFor(address: string): Agent {
  let a = agents.get(address);
  // Kept-alive connections, at most two an address (one kept idle): enough for the ramp, and a
  // bound on open files (`bench.ts` counts them in).
  if (!a)
    agents.set(
      address,
      (a = new Agent({ keepAlive: true, maxSockets: 2, maxFreeSockets: 1, localAddress: address })),
    );
  return a;
}

const URL_BASE = new URL(BASE);
const WS_URL = `${BASE.replace(/^http/, 'ws')}/api/ws`;

/** POST a JSON body from `address`; the status and parsed body (or the text when not JSON). */
function post(address: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: URL_BASE.hostname,
        port: URL_BASE.port,
        path,
        method: 'POST',
        agent: agentFor(address),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        timeout: START_TIMEOUT,
      },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: the text is reported as it is
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(data);
  });
}

// ---------------------------------------------------------------------------------------------------
// A socket

class StartError extends Error {}

interface Waiter {
  pred: (m: ServerMessage) => boolean;
  resolve: (m: ServerMessage) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

class Player {
  ws: WebSocket | undefined;
  open = false;
  /** We closed it (a restart or the end): its close is not an error. */
  closing = false;
  /**
   * What this socket last saw of the pair's current game: its status and how many moves (the
   * snapshot itself is not kept: thousands of them, kept for seconds, would all reach the old
   * generation of the heap).
   */
  status: Status | undefined;
  plies = 0;
  /** The version of the pair's current game that this socket last saw (0: none yet). */
  v = 0;
  private waiters: Waiter[] = [];
  private pingN = 0;
  private pings = new Map<number, number>();
  rtt: number | undefined;
  /** When this socket's next ping is due. */
  pingAt = Infinity;
  /** Since the last ping tick: this socket sent something other than a ping, and received something. */
  private sent = false;
  private heard = false;

  constructor(
    readonly pair: Pair,
    readonly color: 'white' | 'black',
  ) {}

  connect(): Promise<void> {
    this.closing = false;
    this.open = false;
    this.status = undefined;
    this.pings.clear();
    this.rtt = undefined;
    this.sent = this.heard = false;
    const ws = new WebSocket(WS_URL, { localAddress: this.pair.address });
    this.ws = ws;
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        ws.terminate();
        reject(new StartError('ws-open-timeout'));
      }, START_TIMEOUT);
      ws.on('unexpected-response', (_req, res) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(new StartError(`ws-upgrade-${res.statusCode}`));
        res.resume();
        ws.terminate();
      });
      ws.once('open', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.open = true;
        // The first ping at a random point of the interval, so that the sockets never ping in step.
        this.schedulePing(this.pair.rand() * PING_EVERY);
        resolve();
      });
      ws.on('message', (data) => this.receive(data));
      ws.on('error', (e: NodeJS.ErrnoException) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          reject(new StartError(`ws-${e.code ?? 'error'}`));
          return;
        }
        if (!this.closing) error(`socket-error:${e.code ?? e.message.slice(0, 40)}`);
      });
      ws.on('close', (code) => {
        const wasOpen = this.open;
        this.open = false;
        this.pingAt = Infinity;
        for (const w of this.waiters.splice(0)) {
          clearTimeout(w.timer);
          w.reject(new StartError(`closed-${code}`));
        }
        if (this.closing || this.ws !== ws) return;
        if (wasOpen) {
          error(`closed:${code}`);
          this.pair.broken(`closed:${code}`);
        }
      });
    });
  }

  send(msg: ClientMessage): void {
    if (!this.open || !this.ws) throw new StartError('socket-closed');
    this.ws.send(JSON.stringify(msg));
    this.sent = true;
  }

  /**
   * The next message `pred` accepts; a refusal of `ref` rejects it. A rejection nobody awaits any
   * more (the start already failed on the other socket) is not a crash: that failure was counted.
   */
  expect<T extends ServerMessage>(pred: (m: ServerMessage) => boolean, ref: string): Promise<T> {
    const p = new Promise<T>((resolve, reject) => {
      const w: Waiter = {
        pred: (m) => pred(m) || (m.t === 'error' && m.ref === ref),
        resolve: (m) => (m.t === 'error' ? reject(new StartError(`refused-${m.code}`)) : resolve(m as T)),
        reject,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          reject(new StartError(`${ref}-timeout`));
        }, START_TIMEOUT),
      };
      this.waiters.push(w);
    });
    p.catch(() => undefined);
    return p;
  }

  close(): void {
    this.closing = true;
    this.open = false;
    this.pingAt = Infinity;
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(new StartError('closed-by-us'));
    }
    this.ws?.close(1000);
  }

  private receive(data: RawData): void {
    if (stopping) return; // the pairs are closing: what is still in flight is not looked at
    const t = performance.now();
    this.heard = true;
    let msg: ServerMessage;
    try {
      msg = JSON.parse(data.toString()) as ServerMessage;
    } catch {
      error('protocol:bad-json');
      return;
    }
    if (inWindow(t)) {
      bump(stats.received, msg.t);
      stats.receivedBytes += (data as Buffer).length;
    }
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i];
      if (w.pred(msg)) {
        this.waiters.splice(i, 1);
        clearTimeout(w.timer);
        w.resolve(msg);
        break;
      }
    }
    switch (msg.t) {
      case 'game': {
        const g = msg.game;
        if (g.id !== this.pair.gameId) break; // the previous game's last words
        if (g.v <= this.v) {
          error('protocol:old-snapshot');
          break;
        }
        this.v = g.v;
        this.pair.seen(this, g.status, g.moves.length, (i) => g.moves[i], g.outcome?.reason, t);
        break;
      }
      case 'move':
        if (msg.game !== this.pair.gameId) break;
        if (!DELTA || msg.v <= this.v) {
          error(DELTA ? 'protocol:old-move' : 'protocol:unasked-move');
          break;
        }
        if (msg.v !== this.v + 1 || this.status !== 'playing') {
          // Not on the version this socket has: the server sent it to the wrong socket.
          error('protocol:move-gap');
          this.send({ t: 'sync', v: this.v });
          break;
        }
        this.v = msg.v;
        {
          const ply = this.plies;
          this.pair.seen(this, 'playing', ply + 1, (i) => (i === ply ? msg.move : undefined), undefined, t);
        }
        break;
      case 'ack':
        this.pair.ack(this, msg.id, t);
        break;
      case 'pong': {
        const at = this.pings.get(msg.n);
        if (at === undefined) {
          error('protocol:unknown-pong');
          break;
        }
        this.pings.delete(msg.n);
        this.rtt = t - at;
        if (inWindow(at)) stats.pong.push(this.rtt);
        break;
      }
      case 'error':
        error(`refused:${msg.code}${msg.ref ? `(${msg.ref})` : ''}`);
        this.pair.refused(this, msg);
        break;
      case 'hello':
      case 'seat':
      case 'react':
        break;
      default:
        error(`protocol:unexpected-${String((msg as { t: unknown }).t).slice(0, 20)}`);
    }
  }

  private schedulePing(wait: number): void {
    this.pingAt = performance.now() + wait;
    pingWheel.add(wait, this);
  }

  /** The round trip a ping or a move reports (whole ms, at most 60 s); none yet: left out of the JSON. */
  lag(): number | undefined {
    return this.rtt === undefined ? undefined : Math.min(60_000, Math.round(this.rtt));
  }

  /** From the wheel: ping if this is still the socket's due tick, and it was not busy both ways. */
  ping(): void {
    if (!this.open || stopping || performance.now() < this.pingAt) return;
    const now = performance.now();
    for (const [n, at] of this.pings)
      if (now - at > PONG_TIMEOUT) {
        this.pings.delete(n);
        error('timeout:pong');
      }
    const busy = this.sent && this.heard;
    this.sent = this.heard = false;
    if (busy && !PING_ALWAYS) return this.schedulePing(PING_EVERY);
    const n = ++this.pingN;
    this.pings.set(n, now);
    this.send({ t: 'ping', n, rtt: this.lag() });
    this.sent = false; // a ping is not traffic: a quiet socket pings at every tick
    this.schedulePing(PING_EVERY);
  }
}

// ---------------------------------------------------------------------------------------------------
// A pair of players playing game after game

interface Pending {
  id: string;
  ply: number;
  move: string;
  mover: Player;
  sentAt: number;
  /** Sent again (after `busy`): its ack measures no round trip. */
  resent: boolean;
  acked: number | undefined;
  seen: number | undefined;
}

let stopping = false;

class Pair {
  readonly rand: () => number;
  readonly white: Player;
  readonly black: Player;
  state: 'idle' | 'starting' | 'playing' | 'ending' = 'idle';
  gameId: string | undefined;
  /**
   * The position after the moves the server has sent, to choose a legal move from. A position, not
   * a core `Game`: a game keeps every position it went through, and ten thousand of those
   * histories would be most of this process's heap (and its garbage collector's work). Whether a
   * game is over (draw rules included) is the server's to say.
   */
  private pos = Position.start();
  private plies = 0;
  /**
   * Each player's move not yet both acknowledged and seen by the opponent. Two can be out at once:
   * the opponent may move before the mover's ack arrives.
   */
  private pending: { white: Pending | undefined; black: Pending | undefined } = {
    white: undefined,
    black: undefined,
  };
  /** The player thinking (on the wheel) and when it moves. */
  private thinking: Player | undefined;
  private thinkAt = 0;
  private retry: NodeJS.Timeout | undefined;
  private seq = 0;
  private everPlayed = false;

  constructor(
    readonly index: number,
    readonly address: string,
  ) {
    this.rand = random(SEED * 1_000_003 + index);
    this.white = new Player(this, 'white');
    this.black = new Player(this, 'black');
  }

  /** Opens the sockets if needed, creates a game, says hello on both, and Black joins. */
  async begin(): Promise<void> {
    if (stopping) return;
    this.state = 'starting';
    this.gameId = undefined;
    this.pos = Position.start();
    this.plies = 0;
    this.clearPending();
    this.white.status = this.black.status = undefined;
    this.white.v = this.black.v = 0;
    try {
      if (!this.white.open || !this.black.open) {
        this.white.close();
        this.black.close();
        const opening = [this.white.connect(), this.black.connect()];
        for (const o of opening) o.catch(() => undefined);
        await Promise.all(opening);
      }
      const made = await post(this.address, '/api/games', {
        color: 'white',
        clock: CLOCK,
      }).catch((e: Error) => {
        throw new StartError(`create-${(e as NodeJS.ErrnoException).code ?? e.message}`);
      });
      const body = made.body as { id?: string; token?: string; error?: { code?: string } };
      if (made.status !== 201 || !body.id || !body.token)
        throw new StartError(`create-${made.status}${body.error?.code ? `-${body.error.code}` : ''}`);
      if (stopping) return;
      const id = body.id;
      this.gameId = id;
      const helloW = this.white.expect<Extract<ServerMessage, { t: 'hello' }>>(
        (m) => m.t === 'hello',
        'hello',
      );
      const helloB = this.black.expect<Extract<ServerMessage, { t: 'hello' }>>(
        (m) => m.t === 'hello',
        'hello',
      );
      this.white.send({ t: 'hello', game: id, token: body.token, ...(DELTA ? { delta: true } : {}) });
      this.black.send({ t: 'hello', game: id, ...(DELTA ? { delta: true } : {}) });
      const [hw, hb] = await Promise.all([helloW, helloB]);
      if (hw.you !== 'white' || hb.you !== null) throw new StartError('hello-wrong-seat');
      const seat = this.black.expect<Extract<ServerMessage, { t: 'seat' }>>((m) => m.t === 'seat', 'join');
      this.black.send({ t: 'join' });
      const s = await seat;
      if (s.color !== 'black' || s.game !== id) throw new StartError('join-wrong-seat');
      if (stopping) return;
      this.state = 'playing';
      playing++;
      if (!this.everPlayed) {
        this.everPlayed = true;
        started++;
      }
      // The `playing` snapshot may have come before the seat: look at what each socket saw.
      this.think(this.white);
      this.think(this.black);
    } catch (e) {
      if (stopping) return;
      const why = e instanceof StartError ? e.message : `bug-${String(e).slice(0, 60)}`;
      startFailure(why);
      if (!(e instanceof StartError)) error(`protocol:${why}`);
      this.state = 'idle';
      this.retry = setTimeout(() => void this.begin(), 1000 + this.rand() * 1000);
    }
  }

  /**
   * What one of the pair's sockets now sees of the current game (a snapshot or a move message,
   * received at `t`): its status, its number of moves, each move `i` that the socket saw before it
   * and the pair has not played (`moveAt`), and the reason it ended.
   */
  seen(
    p: Player,
    status: Status,
    plies: number,
    moveAt: (i: number) => string | undefined,
    reason: string | undefined,
    t: number,
  ): void {
    p.status = status;
    p.plies = plies;
    const active = this.state === 'playing' || this.state === 'ending';
    // The pair's position follows the server's moves first, so that whose turn it is is known below.
    if (active) {
      if (plies < this.plies) {
        error('protocol:moves-shrank');
        return this.broken('protocol');
      }
      while (this.plies < plies) {
        const text = moveAt(this.plies);
        const parsed = text === undefined ? undefined : parseNotation(this.pos, text);
        if (!parsed?.ok) {
          error('protocol:unplayable-move');
          return this.broken('protocol');
        }
        this.pos = this.pos.play(parsed.value);
        this.plies++;
      }
    }
    const pd = this.pending[p.color === 'white' ? 'black' : 'white'];
    if (pd && pd.seen === undefined && plies > pd.ply) {
      pd.seen = t;
      if (moveAt(pd.ply) !== pd.move) error('protocol:other-move-seen');
      if (inWindow(pd.sentAt)) {
        stats.latency.push(t - pd.sentAt);
        bySecond(pd.sentAt, t - pd.sentAt);
      }
      if (inWindow(t)) stats.delivered++;
      this.settle(pd);
    }
    if (!active) return;
    if (status === 'over' || status === 'aborted') {
      if (this.state === 'playing') {
        this.state = 'ending';
        playing--;
        this.thinking = undefined;
        if (status === 'aborted') reason = 'aborted';
        reason ??= 'unknown';
        bump(stats.ended, reason);
        // Nobody here gives up or runs out of thinking time: such an end means the server failed them.
        if (reason === 'aborted' || reason === 'timeout' || reason === 'abandoned') error(`game:${reason}`);
        this.next();
      }
      return;
    }
    this.think(p);
  }

  /** When it is `p`'s turn by what its socket last saw, and nothing of `p`'s is out: think, then move. */
  private think(p: Player): void {
    if (this.state !== 'playing' || p.status !== 'playing') return;
    if (p.color !== this.pos.turn || p.plies !== this.plies) return;
    if (this.pending[p.color] || this.thinking) return;
    const think = THINK_MIN + this.rand() * (THINK_MAX - THINK_MIN);
    this.thinking = p;
    this.thinkAt = performance.now() + think;
    thinkWheel.add(think, p);
  }

  /** From the wheel: `p` has thought; if that is still what the pair waits for, it moves. */
  move(p: Player): void {
    if (this.thinking !== p || performance.now() < this.thinkAt) return;
    this.thinking = undefined;
    if (this.state !== 'playing' || !p.open || stopping) return;
    const legal = this.pos.legalMoves();
    if (legal.length === 0) {
      // No move, so the game is over by the rules; the server says it is still being played.
      error('protocol:over-by-the-rules');
      return this.broken('protocol');
    }
    const move = makeNotation(legal[Math.floor(this.rand() * legal.length)]);
    const ply = this.plies;
    const id = `${this.index.toString(36)}-${(++this.seq).toString(36)}`;
    const pd: Pending = {
      id,
      ply,
      move,
      mover: p,
      sentAt: 0,
      resent: false,
      acked: undefined,
      seen: undefined,
    };
    this.pending[p.color] = pd;
    pd.sentAt = performance.now();
    p.send({ t: 'move', move, ply, id, rtt: p.lag() });
    if (inWindow(pd.sentAt)) stats.sent++;
  }

  ack(p: Player, id: string, t: number): void {
    const pd = this.pending[p.color];
    if (!pd || pd.id !== id || pd.acked !== undefined) {
      error('protocol:unexpected-ack');
      return;
    }
    pd.acked = t;
    if (!pd.resent) p.rtt = t - pd.sentAt;
    if (inWindow(t)) stats.acks++;
    if (inWindow(pd.sentAt)) stats.ackLatency.push(t - pd.sentAt);
    this.settle(pd);
  }

  /** A refused message (already counted). A refused move: `busy` is sent again, anything else restarts. */
  refused(p: Player, msg: Extract<ServerMessage, { t: 'error' }>): void {
    const pd = this.pending[p.color];
    if (!pd || (msg.id !== pd.id && !(msg.id === undefined && msg.ref === 'move'))) return;
    if (msg.code === 'busy' && pd.seen === undefined) {
      setTimeout(
        () => {
          if (this.pending[p.color] === pd && p.open) {
            pd.resent = true;
            p.send({ t: 'move', move: pd.move, ply: pd.ply, id: pd.id });
          }
        },
        250 + this.rand() * 500,
      );
      return;
    }
    this.broken('refused-move');
  }

  /** A move both acknowledged and seen by the opponent is done. */
  private settle(pd: Pending): void {
    if (pd.acked === undefined || pd.seen === undefined) return;
    if (this.pending[pd.mover.color] === pd) this.pending[pd.mover.color] = undefined;
    if (this.state === 'ending') this.next();
    else this.think(pd.mover); // its turn may have come before its ack
  }

  /** From the sweep: a move out for `MOVE_TIMEOUT` without being both seen and acknowledged. */
  expire(now: number): void {
    for (const pd of [this.pending.white, this.pending.black]) {
      if (!pd || now - pd.sentAt < MOVE_TIMEOUT || this.pending[pd.mover.color] !== pd) continue;
      if (pd.seen === undefined) error('timeout:move');
      if (pd.acked === undefined) error('timeout:ack');
      this.broken('timeout');
    }
  }

  private clearPending(): void {
    this.pending = { white: undefined, black: undefined };
  }

  /** The game ended: once its last moves are settled, the next game. */
  private next(): void {
    if (this.pending.white || this.pending.black || this.state !== 'ending') return;
    this.state = 'idle';
    void this.begin();
  }

  /**
   * Something went wrong in this game (already counted): resign it if it is still being played, so
   * that it stops counting against the address, and start another, on new sockets if one is gone.
   */
  broken(_why: string): void {
    if (stopping) return;
    if (this.state === 'playing') playing--;
    if (this.state === 'starting') return; // begin() sees the failure and retries
    this.thinking = undefined;
    this.clearPending();
    clearTimeout(this.retry);
    if (this.state === 'playing' && this.white.open && this.white.status === 'playing')
      this.white.send({ t: 'resign' });
    if (!this.white.open || !this.black.open) {
      this.white.close();
      this.black.close();
    }
    this.state = 'idle';
    this.retry = setTimeout(() => void this.begin(), 500 + this.rand() * 1000);
  }

  stop(): void {
    this.thinking = undefined;
    clearTimeout(this.retry);
    this.clearPending();
    this.white.close();
    this.black.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The run, driven by bench.ts

const thinkWheel = new Wheel((p) => p.pair.move(p));
const pingWheel = new Wheel((p) => p.ping());
const pairs: Pair[] = [];
const sweeper = setInterval(() => {
  const now = performance.now();
  for (const p of pairs) p.expire(now);
}, 500);
for (let i = 0; i < GAMES; i++) pairs.push(new Pair(i, `127.0.0.${2 + Math.floor(i / PER_ADDRESS)}`));

const gc = watchGc();
// The clients' receivers are ws's too: the instrument's own collections must not show as latency.
reuseFragmentLists();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let elu = performance.eventLoopUtilization();
let cpu = process.cpuUsage();
const t0 = performance.now();

function emit(event: string, data: object = {}): void {
  process.stdout.write(JSON.stringify({ event, ...data }) + '\n');
}

function summary(samples: Samples) {
  const a = samples.sorted();
  const n = a.length;
  const at = (p: number) => (n ? round(a[Math.min(n - 1, Math.floor((p / 100) * n))]) : null);
  let total = 0;
  for (let i = 0; i < n; i++) total += a[i];
  return {
    n,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: n ? round(a[n - 1]) : null,
    mean: n ? round(total / n) : null,
  };
}
const round = (x: number) => Math.round(x * 100) / 100;
const obj = (m: Map<string, number>) => Object.fromEntries([...m].sort((a, b) => b[1] - a[1]));
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const openSockets = () => pairs.reduce((n, p) => n + (p.white.open ? 1 : 0) + (p.black.open ? 1 : 0), 0);

let ramping: NodeJS.Timeout | undefined;
function start(): void {
  let next = 0;
  const tick = 50;
  const perTick = Math.max(1, Math.round((RAMP * tick) / 1000));
  let steadyTold = false;
  ramping = setInterval(() => {
    for (let k = 0; k < perTick && next < GAMES; k++) void pairs[next++].begin();
    if (!steadyTold && started === GAMES) {
      steadyTold = true;
      clearInterval(ramping);
      emit('steady', { seconds: (performance.now() - t0) / 1000, playing });
    }
  }, tick);
}

const progress = setInterval(() => {
  const s = (performance.now() - t0) / 1000;
  const line = {
    seconds: Math.round(s),
    started,
    playing,
    sockets: openSockets(),
    errors: sum(errors.total),
    startFailed: sum(startFailed.total),
  };
  emit('progress', line);
  process.stderr.write(
    `[gen] ${line.seconds}s started ${started}/${GAMES} playing ${playing} sockets ${line.sockets} ` +
      `errors ${line.errors} failed starts ${line.startFailed}\n`,
  );
}, 5000);
const sampler = setInterval(() => {
  if (phase === 'window') stats.playingSamples.push(playing);
}, 1000);

function window(): void {
  phase = 'window';
  windowStart = performance.now();
  windowStartEpoch = Date.now();
  delay.reset();
  gc.take();
  elu = performance.eventLoopUtilization();
  cpu = process.cpuUsage();
}

function end(): void {
  windowEnd = performance.now();
  phase = 'after';
  const e = performance.eventLoopUtilization(elu);
  const c = process.cpuUsage(cpu);
  const ms = windowEnd - windowStart;
  const gen = {
    gc: gc.take(),
    cpu: (c.user + c.system) / 1000 / ms,
    elu: e.utilization,
    // The histogram holds the whole interval between the 10 ms timer's runs: its lateness is what is past 10 ms.
    delay: {
      p50: Math.max(0, delay.percentile(50) / 1e6 - 10),
      p99: Math.max(0, delay.percentile(99) / 1e6 - 10),
      max: Math.max(0, delay.max / 1e6 - 10),
    },
  };
  // The window's last moves get their full time to be seen before the result is made.
  setTimeout(() => {
    const samples = stats.playingSamples;
    emit('result', {
      games: GAMES,
      windowSeconds: ms / 1000,
      sockets: openSockets(),
      playingMin: samples.length ? Math.min(...samples) : playing,
      playingMean: samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : playing,
      sent: stats.sent,
      delivered: stats.delivered,
      acks: stats.acks,
      movesPerSecond: stats.delivered / (ms / 1000),
      latency: summary(stats.latency),
      bySecond: { start: windowStartEpoch, slowMs: SLOW_MOVE, ...stats.bySecond },
      ackLatency: summary(stats.ackLatency),
      pong: summary(stats.pong),
      errors: obj(errors.window),
      errorCount: sum(errors.window),
      startFailed: obj(startFailed.window),
      ended: obj(stats.ended),
      received: obj(stats.received),
      receivedBytes: stats.receivedBytes,
      gen,
    });
  }, MOVE_TIMEOUT + 1000);
}

async function stop(): Promise<void> {
  stopping = true;
  clearInterval(ramping);
  clearInterval(sampler);
  clearInterval(sweeper);
  thinkWheel.stop();
  pingWheel.stop();
  for (const p of pairs) p.stop();
  // Give the closing handshakes a moment, then report everything counted since the start.
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(progress);
  emit('final', {
    errors: obj(errors.total),
    errorCount: sum(errors.total),
    startFailed: obj(startFailed.total),
    ended: obj(stats.ended),
    started,
  });
  for (const a of agents.values()) a.destroy();
  process.exit(0);
}

const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  const cmd = line.trim();
  if (cmd === 'start') start();
  else if (cmd === 'window') window();
  else if (cmd === 'end') end();
  else if (cmd === 'stop') void stop();
  else process.stderr.write(`loadgen: unknown command ${cmd}\n`);
});
// The bench went away: stop.
commands.on('close', () => void stop());
emit('ready', { games: GAMES, addresses: Math.ceil(GAMES / PER_ADDRESS) });
