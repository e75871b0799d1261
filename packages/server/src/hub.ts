/**
 * The game hub: the sockets of one instance, the games they watch (held in memory, with the rules'
 * game after their moves, so a move is checked without a replay), and every change to a game.
 *
 * A change takes the held record (or reads it), applies a pure function from `record.ts`, and
 * writes it over the version it read; when another instance wrote first, it reads again and
 * retries. The new snapshot goes at once to this instance's sockets, then on the bus to the other
 * instances. The database is the truth and the bus only a speed-up: while the bus is away the hub
 * polls the database for the games it holds, and when the bus returns it reads them all again.
 *
 * Faults are the server's, not the players': a database stall or outage, a bus outage that delayed
 * a move, and a dead instance pause the clock of the side to move (`R.pause`). Liveness is
 * explicit: clients ping, a silent socket is closed, and instances beat in the database so that the
 * players of a dead instance become offline everywhere.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { isObject, opposite, type Color } from '@dama/core';
import type { RawData, WebSocket } from 'ws';
import { take, type Bucket } from './bucket.ts';
import type { Bus, BusMessage } from './bus.ts';
import { NO_LOG, NO_METRICS, type Health, type HubLog, type HubMetrics } from './observe.ts';
import type { ClientMessage, ErrorCode, ServerMessage } from './protocol.ts';
import { ClientMessage as ClientSchema, describe } from './protocol.ts';
import type { Change, ChangeError, ClockSetting, PresenceState, ServerGame, Timing } from './record.ts';
import * as R from './record.ts';
import { endsPairedGame, settle } from './results.ts';
import type { GameStore } from './store.ts';
import { SILENT_CLOSE } from './wire.ts';

export interface HubLimits {
  /** Largest WebSocket frame accepted, in bytes; a larger one closes the socket (1009). */
  maxFrame: number;
  /** Messages one connection may send in a burst, and how many per second after it. */
  burst: number;
  perSecond: number;
  /** The same for all connections of one address together. */
  addressBurst: number;
  addressPerSecond: number;
  /** The same for one seat of one game (every socket of that player): moves, offers, claims. */
  seatBurst: number;
  seatPerSecond: number;
  /** Reactions of one seat. */
  reactionBurst: number;
  reactionPerSecond: number;
  /** Refused messages in a row before the socket is closed (1008). */
  maxStrikes: number;
  /** Games waiting or being played that one address may have created. */
  openGamesPerAddress: number;
  /** Sockets one address may hold open. */
  socketsPerAddress: number;
  /** Sockets the instance holds before it refuses new ones with `busy`. */
  maxSockets: number;
  /** Changes waiting for the database before new games and sockets are refused with `busy`. */
  maxPending: number;
  /** Event-loop delay (ms, 99th percentile over a second) past which the instance counts as saturated. */
  maxLoopDelay: number;
  /** A socket that has not said `hello` this long after opening is closed (ms). */
  helloTimeout: number;
  /** A socket silent this long is closed (ms); a quiet client pings every `PING_EVERY`. */
  silentClose: number;
  /** Bytes queued for a socket that does not read before it is dropped. */
  maxBuffered: number;
  /** A game being played that nobody has touched this long ends as `aborted` (ms). */
  idleExpiry: number;
  /** A game nobody joined is deleted after this long (ms); a correspondence one after `correspondenceInviteExpiry`. */
  waitingExpiry: number;
  correspondenceInviteExpiry: number;
  /** Finished games are kept this long (ms). */
  keepFinished: number;
  /** Milliseconds a player must be gone before the opponent may claim the win. */
  claimAfter: number;
  /** How long each of the first two moves may take before the game is aborted (ms), with a clock and without. */
  firstMove: number;
  firstMoveUnclocked: number;
  /** How often an instance beats (ms); one silent for `instanceTtl` is dead and its players offline. */
  heartbeat: number;
  instanceTtl: number;
  /** The most of one turn that a dead instance pauses (ms): its players have this long to come back. */
  crashPause: number;
  /** A database call slower than this is a stall, paused on the clocks (ms). */
  stall: number;
  /**
   * A timer's task (the socket checks, the sweep, a beat…) or a database commit that holds the
   * event loop longer than this is logged, named, with its length (ms; 0: never). For finding
   * what stalls the loop under load (`npm run bench:server` sets it).
   */
  slowTask: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  maxFrame: 4096,
  burst: 20,
  perSecond: 10,
  addressBurst: 400,
  addressPerSecond: 200,
  seatBurst: 20,
  seatPerSecond: 5,
  reactionBurst: 3,
  reactionPerSecond: 0.5,
  maxStrikes: 50,
  openGamesPerAddress: 20,
  socketsPerAddress: 100,
  maxSockets: 30_000,
  maxPending: 5_000,
  maxLoopDelay: 1_000,
  helloTimeout: 10_000,
  silentClose: SILENT_CLOSE,
  maxBuffered: 512 * 1024,
  idleExpiry: 3 * 24 * 3600_000,
  waitingExpiry: 24 * 3600_000,
  correspondenceInviteExpiry: 7 * 24 * 3600_000,
  keepFinished: 30 * 24 * 3600_000,
  claimAfter: 60_000,
  firstMove: R.DEFAULT_TIMING.firstMove,
  firstMoveUnclocked: R.DEFAULT_TIMING.firstMoveUnclocked,
  heartbeat: 1_000,
  instanceTtl: 4_000,
  crashPause: 30_000,
  stall: 1_000,
  slowTask: 0,
};

export interface HubOptions {
  now?: () => number;
  log?: HubLog;
  metrics?: HubMetrics;
  /** Called once for each change this instance stored (the notifications), never awaited. */
  onStored?: (before: ServerGame, after: ServerGame) => void;
}

/** A socket's part that batches writes (ws keeps the net.Socket under `_socket`). */
interface Corkable {
  cork(): void;
  uncork(): void;
}

interface Conn {
  ws: WebSocket;
  address: string;
  game: string | null;
  seat: Color | null;
  visible: boolean;
  /** The last version sent, so that an older snapshot arriving late is never sent after a newer one. */
  v: number;
  /** It takes `move` messages (its `hello` said `delta`): a move on version `v` comes as the move alone. */
  delta: boolean;
  /** Round trip the client reports in its pings (ms). */
  rtt: number;
  opened: number;
  /** The last message from the client: a socket silent past `silentClose` is closed. */
  heard: number;
  bucket: Bucket;
  strikes: number;
  /** The rematch this socket has been given its seat in. */
  rematchSent: string | null;
  /** It has said `hello` once (a socket moving to another game is game-less for a moment, not silent). */
  greeted: boolean;
  closed: boolean;
  /** Its TCP socket while its writes are held until the end of this turn (`cork`), else null. */
  corked: Corkable | null;
  /** The key of its seat's limits (`game:colour`), made once a seat rather than once a message. */
  seatKey: string | null;
}

/** A game held by this instance because some of its sockets watch it. */
interface Held {
  /**
   * The newest record known here: one object for as long as the game is held, which takes each
   * newer record's fields in place (`keep`). Read it now, never keep it across an `await`.
   */
  rec: ServerGame;
  /** The rules' game of `rec.moves`, when known. */
  game: R.Replayed | undefined;
  /** The record may be behind the database (a write failed, the bus missed something): read it again. */
  stale: boolean;
  watchers: Set<Conn>;
  /** When something is next due without anyone acting (a flag, the first-move deadline), or null. */
  due: number | null;
  /** The timer that wakes for it, and the due time it wakes for (no later than `due`, see `schedule`). */
  timer: NodeJS.Timeout | undefined;
  wakeAt: number;
  /** The last change queued for this game (`mutate`), while it is not done. */
  lock: Promise<unknown> | undefined;
  /** When this instance first showed the side to move its current position (ply), for bus delays. */
  shown: { plies: number; at: number } | undefined;
}

interface Fault {
  from: number;
  to: number;
}

export type CreateResult =
  | { ok: true; id: string; color: Color; token: string }
  | { ok: false; status: number; code: string; message: string };

type Result =
  | { ok: true; record: ServerGame; game?: R.Replayed }
  | { ok: false; error: ChangeError | { code: 'unknown-game' | 'busy'; message: string } };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const newId = (): string =>
  Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
export const newToken = (): string => randomBytes(18).toString('base64url');

/** What a change function may return: a change (or refusal), or null for "only settle what is due". */
type Mutation = (rec: ServerGame, now: number) => Change | null;

/** A message about the game itself: what is left once the socket's own (ping, hello, sync) are answered. */
type GameAction = Exclude<ClientMessage, { t: 'ping' | 'hello' | 'sync' }>;

const SETTLED = Promise.resolve();
/** A socket's 'error' listener when it has none: the error is followed by 'close', where it is handled. */
export const ignoreError = (): void => undefined;

/** Whether version `v` of its game goes to this socket as a `move` message (it was sent `v - 1`). */
const takesMove = (c: Conn, v: number): boolean => c.delta && c.v === v - 1;

/**
 * The held record `held` becomes `next` in place. A record a move would otherwise stay in memory
 * until the next move (seconds), long enough to reach the old generation, where thousands of
 * them a second make the major collections come (docs/server-load.md). A list of moves that only
 * grew by one move takes it on its end instead of being replaced.
 */
export function keep(held: ServerGame, next: ServerGame): void {
  const grown = oneMore(held.moves, next.moves);
  if (grown) held.moves.push(next.moves[next.moves.length - 1]);
  const moves = grown ? held.moves : next.moves;
  Object.assign(held, next);
  held.moves = moves;
}

/** Whether `longer` is `shorter` and one more move. */
function oneMore(shorter: readonly string[], longer: readonly string[]): boolean {
  if (longer.length !== shorter.length + 1) return false;
  for (let i = 0; i < shorter.length; i++) if (longer[i] !== shorter[i]) return false;
  return true;
}
const BUSY_DB = 'The game server cannot reach its database just now; try again in a moment.';
const KEEP_FAULTS = 3600_000;

export class Hub {
  readonly limits: HubLimits;
  /** This process's id in heartbeats and presence. */
  readonly instance = randomBytes(6).toString('hex');
  private store: GameStore;
  private bus: Bus;
  readonly now: () => number;
  private log: HubLog;
  private metrics: HubMetrics;
  readonly timing: Timing;
  /** Each open socket's connection: the socket's listeners are shared, and find theirs here. */
  private conns = new Map<WebSocket, Conn>();
  private held = new Map<string, Held>();
  private locks = new Map<string, Promise<unknown>>();
  private addresses = new Map<string, { sockets: number; bucket: Bucket }>();
  private seats = new Map<string, { act: Bucket; react: Bucket }>();
  private timers: NodeJS.Timeout[] = [];
  private pending = 0;
  private loop: IntervalHistogram | undefined;
  private loopDelay = 0;
  /**
   * Server faults of the last hour that every player was subject to (database outages and stalls,
   * event-loop stalls), and the start of a database outage going on.
   */
  private dbFaults: Fault[] = [];
  private dbDownSince: number | null = null;
  private busFaults: Fault[] = [];
  /**
   * When a move refused as `busy` first arrived (game:seat:id): sent again later with the same id,
   * it is charged up to its first arrival, since the wait was the server's.
   */
  private busyMoves = new Map<string, number>();
  /** Presence changes that could not be written (game:seat), written again when the database is back. */
  private presenceRetry = new Set<string>();
  private busDownSince: number | null = null;
  /** The last beat of every instance, as read with this instance's last good beat. */
  private beats = new Map<string, number>();
  /** This instance's beats have been succeeding since (deaths are judged only after `instanceTtl` of them). */
  private beatingSince: number | null = null;
  private started: number;
  private stopping = false;
  private onStored: (before: ServerGame, after: ServerGame) => void;
  /** Counters for the load benchmark and the metrics. */
  readonly stats = { moves: 0, refused: 0 };

  constructor(store: GameStore, bus: Bus, limits: Partial<HubLimits> = {}, options: HubOptions = {}) {
    this.store = store;
    this.bus = bus;
    this.limits = { ...DEFAULT_HUB_LIMITS, ...limits };
    this.now = options.now ?? Date.now;
    this.log = options.log ?? NO_LOG;
    this.metrics = options.metrics ?? NO_METRICS;
    this.onStored = options.onStored ?? (() => undefined);
    this.timing = { firstMove: this.limits.firstMove, firstMoveUnclocked: this.limits.firstMoveUnclocked };
    this.started = this.now();
    bus.subscribe((msg) => this.fromBus(msg));
    bus.onState((up) => this.busState(up));
  }

  /** Starts the beats, the socket checks and the sweeps. */
  async start(): Promise<void> {
    await this.beat();
    const every = (ms: number, f: () => unknown, task = f.name) => {
      const t = setInterval(() => {
        const start = performance.now();
        void Promise.resolve(f()).catch((e: unknown) => this.fail('timer', e));
        this.noteSlow(task, performance.now() - start);
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.limits.heartbeat, () => this.beat(), 'beat');
    every(1000, () => this.checkSockets(), 'checkSockets');
    every(2000, () => this.checkLiveness(), 'checkLiveness');
    every(1000, () => this.pollWithoutBus(), 'pollWithoutBus');
    every(60_000, () => this.sweep(), 'sweep');
    // A stalled event loop (a flood of connections, a long garbage collection) is a server fault:
    // moves waited in the queue through no fault of their players.
    let tick = this.now();
    every(
      100,
      () => {
        const now = this.now();
        if (now - tick > 100 + this.limits.stall / 2)
          this.addFault(this.dbFaults, { from: tick + 100, to: now });
        tick = now;
      },
      'stallProbe',
    );
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
    every(
      1000,
      () => {
        this.loopDelay = this.loop!.percentile(99) / 1e6;
        this.loop!.reset();
      },
      'loopDelay',
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.loop?.disable();
    for (const h of this.held.values()) clearTimeout(h.timer);
    for (const c of this.conns.values()) c.ws.close(1001, 'server stopping');
    const held = [...this.held.values()].flatMap((h) => (h.lock ? [h.lock] : []));
    await Promise.allSettled([...this.locks.values(), ...held]);
  }

  get openSockets(): number {
    return this.conns.size;
  }

  /** Games held here that are being played. */
  get playing(): number {
    let n = 0;
    for (const h of this.held.values()) if (h.rec.status === 'playing') n++;
    return n;
  }

  /** Past its limits: new games and sockets are refused with `busy`. */
  get full(): boolean {
    return this.saturated();
  }

  health(): Health {
    const db = this.dbDownSince === null ? 'up' : 'down';
    const bus = this.bus.kind === 'local' ? 'local' : this.bus.up ? 'up' : 'down';
    const saturated = this.saturated();
    return {
      status: db === 'down' ? 'down' : bus === 'down' || saturated ? 'degraded' : 'ready',
      db,
      bus,
      saturated,
      sockets: this.conns.size,
      games: this.held.size,
      instance: this.instance,
    };
  }

  private saturated(): boolean {
    return (
      this.conns.size >= this.limits.maxSockets ||
      this.pending >= this.limits.maxPending ||
      this.loopDelay > this.limits.maxLoopDelay
    );
  }

  /** Logs a task that held the event loop past `slowTask` (its synchronous part: what stalls sockets). */
  noteSlow(task: string, ms: number, extra: object = {}): void {
    if (this.limits.slowTask > 0 && ms > this.limits.slowTask)
      this.log.warn({ task, ms: Math.round(ms), ...extra, instance: this.instance }, 'slow task');
  }

  private fail(where: string, e: unknown, game?: string): void {
    this.log.error({ err: e, where, game, instance: this.instance }, 'hub error');
  }

  // ---- the database, with its faults

  /** A call to the store: its failures and stalls are recorded as faults (and paused on clocks). */
  private async db<T>(call: () => Promise<T>): Promise<T> {
    const start = this.now();
    try {
      const out = await call();
      const end = this.now();
      if (this.dbDownSince !== null) this.dbUp(end);
      else if (end - start >= this.limits.stall) this.addFault(this.dbFaults, { from: start, to: end });
      return out;
    } catch (e) {
      if (this.dbDownSince === null) {
        this.dbDownSince = start;
        this.beatingSince = null;
        this.log.warn({ err: e, instance: this.instance }, 'database unreachable');
      }
      throw e;
    }
  }

  private dbUp(now: number): void {
    if (this.dbDownSince === null) return;
    this.addFault(this.dbFaults, { from: this.dbDownSince, to: now });
    this.log.info({ instance: this.instance, ms: now - this.dbDownSince }, 'database back');
    this.dbDownSince = null;
    // Whatever was held may have changed without this instance hearing of it.
    for (const h of this.held.values()) h.stale = true;
    const retry = [...this.presenceRetry];
    this.presenceRetry.clear();
    for (const key of retry) {
      const [id, seat] = key.split(':') as [string, Color];
      void this.presence(id, seat).catch(() => undefined);
    }
  }

  private addFault(list: Fault[], f: Fault): void {
    list.push(f);
    const old = this.now() - KEEP_FAULTS;
    while (list.length > 0 && (list[0].to < old || list.length > 200)) list.shift();
  }

  private async beat(): Promise<void> {
    const now = this.now();
    try {
      await this.db(() => this.store.beat(this.instance, now));
      this.beats = await this.db(() => this.store.instances());
      this.beatingSince ??= now;
    } catch {
      // the database is away: recorded by db(); the next beat tries again
    }
  }

  /**
   * When `instance` died (its last beat), if it is dead: silent past the TTL while this instance
   * beats. An instance forgotten by the database died long ago (`-Infinity`). Null while alive, or
   * while this instance cannot tell (its own beats are failing or only just back).
   */
  private deadSince(instance: string | undefined): number | null {
    if (!instance || instance === this.instance) return null;
    const now = this.now();
    if (this.beatingSince === null || now - this.beatingSince < this.limits.instanceTtl) return null;
    const seen = this.beats.get(instance);
    if (seen === undefined) return -Infinity;
    const mine = this.beats.get(this.instance) ?? now;
    return mine - seen > this.limits.instanceTtl ? seen : null;
  }

  // ---- the bus

  private busState(up: boolean): void {
    const now = this.now();
    if (!up) {
      this.busDownSince ??= now;
      this.log.warn({ instance: this.instance }, 'bus unreachable: polling the database for held games');
      return;
    }
    if (this.busDownSince !== null) this.addFault(this.busFaults, { from: this.busDownSince, to: now });
    this.log.info({ instance: this.instance }, 'bus back: reading held games again');
    this.busDownSince = null;
    // Messages sent while it was away are lost: read every held game again (now, and once the
    // subscription is surely back).
    for (const h of this.held.values()) h.stale = true;
    for (const wait of [0, 1000]) {
      const t = setTimeout(() => void this.refreshHeld([...this.held.keys()]), wait);
      t.unref();
    }
  }

  /** While the bus is away (and a few seconds after), held games are compared with the database each second. */
  private async pollWithoutBus(): Promise<void> {
    if (this.bus.kind === 'local' || this.held.size === 0) return;
    const recent = this.busFaults.at(-1);
    if (this.bus.up && this.busDownSince === null && !(recent && this.now() - recent.to < 5000)) return;
    const ids = [...this.held.keys()];
    let versions: Map<string, number>;
    try {
      versions = await this.db(() => this.store.versions(ids));
    } catch {
      return;
    }
    const changed = ids.filter((id) => {
      const h = this.held.get(id);
      const v = versions.get(id);
      return h && v !== undefined && v > h.rec.version;
    });
    await this.refreshHeld(changed);
  }

  /** Reads these held games again and sends what is newer to their sockets. */
  private async refreshHeld(ids: string[]): Promise<void> {
    for (const id of ids) {
      const h = this.held.get(id);
      if (!h) continue;
      let rec: ServerGame | undefined;
      try {
        rec = await this.db(() => this.store.get(id));
      } catch {
        return;
      }
      if (!rec) continue;
      this.hold(rec, undefined);
      this.deliverLocal(rec, this.frames(rec));
    }
  }

  private async publish(rec: ServerGame, frame: () => string, move: string | null): Promise<void> {
    if (this.bus.kind === 'local') return;
    const msg: BusMessage = {
      game: rec.id,
      from: this.instance,
      frame: frame(),
      ...(move !== null ? { move } : {}),
      v: rec.version,
      due: R.dueAt(rec),
      rematch: rec.rematch,
    };
    try {
      await this.bus.publish(msg);
    } catch {
      // The bus is away: the other instances poll the database until it returns.
    }
  }

  /** A message from another instance: to every socket here watching that game, newest versions only. */
  private fromBus(msg: BusMessage): void {
    if (msg.from === this.instance) return;
    const h = this.held.get(msg.game);
    if (!h) return;
    // A version this instance already holds (it read it back after losing a race to write) may
    // still be news to its sockets: each socket is sent what it has not seen.
    if (msg.v > h.rec.version) {
      // The frame is the truth for the sockets; the record here is now behind.
      h.stale = true;
      h.game = undefined;
      this.schedule(msg.game, msg.due);
    }
    for (const c of h.watchers) {
      let text = msg.frame;
      if (msg.v !== 0) {
        if (msg.v <= c.v) continue;
        if (msg.move !== undefined && takesMove(c, msg.v)) text = msg.move;
        c.v = msg.v;
        this.noteShown(h, c, msg.v);
      }
      this.sendText(c, text);
    }
    if (msg.rematch) void this.giveRematchSeats(msg.game, msg.rematch);
  }

  // ---- sockets

  /**
   * Whether a socket from `address` would be let in now, asked before the WebSocket handshake so
   * that a refusal costs little: null, or the HTTP status and sentence to answer with.
   */
  admission(address: string): { status: number; message: string } | null {
    if (this.stopping || this.saturated())
      return { status: 503, message: 'The server is full just now; try again in a moment.' };
    if ((this.addresses.get(address)?.sockets ?? 0) >= this.limits.socketsPerAddress)
      return {
        status: 429,
        message: `Too many connections from your address (at most ${this.limits.socketsPerAddress}).`,
      };
    return null;
  }

  /** A new socket. Nothing is read from it before its first message. */
  connection(ws: WebSocket, address: string): void {
    const now = this.now();
    let addr = this.addresses.get(address);
    if (!addr)
      this.addresses.set(
        address,
        (addr = { sockets: 0, bucket: { tokens: this.limits.addressBurst, at: now } }),
      );
    if (this.stopping || this.saturated() || addr.sockets >= this.limits.socketsPerAddress) {
      const tooMany = addr.sockets >= this.limits.socketsPerAddress;
      const message = tooMany
        ? `Too many connections from your address (at most ${this.limits.socketsPerAddress}).`
        : 'The server is full just now; try again in a moment.';
      ws.send(JSON.stringify({ t: 'error', code: 'busy', message } satisfies ServerMessage));
      ws.close(1013, tooMany ? 'too many connections' : 'server busy');
      this.metrics.dropped(tooMany ? 'too-many' : 'busy');
      if (addr.sockets === 0) this.addresses.delete(address);
      return;
    }
    addr.sockets++;
    const conn: Conn = {
      ws,
      address,
      game: null,
      seat: null,
      visible: true,
      v: 0,
      delta: false,
      rtt: 0,
      opened: now,
      heard: now,
      bucket: { tokens: this.limits.burst, at: now },
      strikes: 0,
      rematchSent: null,
      greeted: false,
      closed: false,
      corked: null,
      seatKey: null,
    };
    this.conns.set(ws, conn);
    ws.on('message', this.onMessage);
    ws.on('close', this.onClose);
    if (ws.listenerCount('error') === 0) ws.on('error', ignoreError);
  }

  /**
   * The listeners of every socket, shared (a closure a socket would be two functions and a context
   * more on each of thousands of sockets, for every major collection to mark): ws calls them with
   * the socket as `this`.
   */
  private readonly onMessage = ((hub: Hub) =>
    function (this: WebSocket, data: RawData, isBinary: boolean) {
      const conn = hub.conns.get(this);
      if (!conn) return;
      conn.heard = hub.now();
      let done: Promise<void> | void;
      try {
        done = hub.receive(conn, data as Buffer, isBinary);
      } catch (e) {
        done = Promise.reject(e);
      }
      done?.catch((e: unknown) => {
        hub.fail('receive', e, conn.game ?? undefined);
        hub.send(conn, { t: 'error', code: 'busy', message: 'The server could not do that; try again.' });
      });
    })(this);

  private readonly onClose = ((hub: Hub) =>
    function (this: WebSocket) {
      const conn = hub.conns.get(this);
      if (conn) hub.closed(conn);
    })(this);

  private closed(conn: Conn): void {
    if (conn.closed) return;
    conn.closed = true;
    this.conns.delete(conn.ws);
    const addr = this.addresses.get(conn.address);
    if (addr && --addr.sockets <= 0) this.addresses.delete(conn.address);
    void this.leave(conn).catch((e: unknown) => this.fail('leave', e, conn.game ?? undefined));
  }

  private drop(conn: Conn, reason: string, code = 1008): void {
    this.metrics.dropped(reason);
    if (reason === 'silent' || reason === 'slow-reader') conn.ws.terminate();
    else conn.ws.close(code, reason);
    this.closed(conn);
  }

  /** Sockets that never said hello, or went silent, are closed (a frozen phone, a dead network). */
  private checkSockets(): void {
    const now = this.now();
    for (const c of this.conns.values()) {
      if (!c.greeted && now - c.opened > this.limits.helloTimeout) this.drop(c, 'no-hello');
      else if (now - c.heard > this.limits.silentClose) this.drop(c, 'silent');
    }
  }

  /**
   * Holds a socket's writes until the work of this turn is done: the mover's snapshot and the ack
   * that follows it a few promise steps later leave in one write (one system call, not two).
   */
  private cork(conn: Conn): void {
    const socket = (conn.ws as unknown as { _socket?: Corkable })._socket;
    if (!socket || conn.corked) return;
    if (this.nCorked === 0) process.nextTick(this.uncorkAll);
    socket.cork();
    conn.corked = socket;
    this.corked[this.nCorked++] = conn;
  }

  /**
   * The connections corked this turn: the first `nCorked` of an array that is kept from turn to
   * turn (a set's `clear`, or an array's `length = 0`, would make a new table every turn).
   */
  private corked: (Conn | null)[] = [];
  private nCorked = 0;
  private readonly uncorkAll = () => {
    for (let i = 0; i < this.nCorked; i++) {
      const c = this.corked[i]!;
      this.corked[i] = null;
      c.corked!.uncork();
      c.corked = null;
    }
    this.nCorked = 0;
  };

  private send(conn: Conn, msg: ServerMessage): void {
    this.sendText(conn, JSON.stringify(msg));
  }

  private sendText(conn: Conn, text: string): void {
    if (conn.closed || conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > this.limits.maxBuffered) return this.drop(conn, 'slow-reader');
    conn.ws.send(text);
  }

  private refuse(conn: Conn, code: ErrorCode, message: string, ref?: string, id?: string): void {
    this.stats.refused++;
    this.metrics.refused(code);
    conn.strikes++;
    this.send(conn, { t: 'error', code, message, ...(ref ? { ref } : {}), ...(id ? { id } : {}) });
    if (conn.strikes >= this.limits.maxStrikes) this.drop(conn, 'strikes');
  }

  private take(b: Bucket, burst: number, rate: number): boolean {
    return take(b, burst, rate, this.now());
  }

  private seatBuckets(conn: Conn): { act: Bucket; react: Bucket } | undefined {
    if (!conn.game || !conn.seat) return undefined;
    const key = (conn.seatKey ??= `${conn.game}:${conn.seat}`);
    let s = this.seats.get(key);
    if (!s) {
      const at = this.now();
      s = {
        act: { tokens: this.limits.seatBurst, at },
        react: { tokens: this.limits.reactionBurst, at },
      };
      this.seats.set(key, s);
    }
    return s;
  }

  /**
   * One frame from a client, checked, and answered here if it is the socket's own (a ping); a
   * message about a game goes on to `handle`, the frame itself stays here. A frame kept in an
   * async function's state until its change is stored (a few ms) outlives the young generation's
   * collections at thousands a second (docs/server-load.md).
   */
  private receive(conn: Conn, data: Buffer, isBinary: boolean): Promise<void> | void {
    const L = this.limits;
    const addr = this.addresses.get(conn.address);
    if (
      !this.take(conn.bucket, L.burst, L.perSecond) ||
      (addr && !this.take(addr.bucket, L.addressBurst, L.addressPerSecond))
    )
      return this.refuse(conn, 'rate-limited', `Too many messages: at most ${L.perSecond} a second.`);
    if (isBinary) return this.refuse(conn, 'bad-message', 'Messages are JSON text frames, not binary.');
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.refuse(conn, 'bad-json', 'That message is not valid JSON.');
    }
    const parsed = ClientSchema.safeParse(json);
    if (!parsed.success) {
      const t = isObject(json) && 't' in json ? String(json.t) : undefined;
      return this.refuse(
        conn,
        'bad-message',
        `That message is not one the server knows: ${describe(parsed.error)}.`,
        t?.slice(0, 20),
      );
    }
    const msg = parsed.data;
    if (msg.t === 'ping') {
      if (msg.rtt !== undefined) conn.rtt = msg.rtt;
      return this.send(conn, { t: 'pong', n: msg.n, now: this.now() });
    }
    return this.handle(conn, msg);
  }

  private async handle(conn: Conn, msg: Exclude<ClientMessage, { t: 'ping' }>): Promise<void> {
    const L = this.limits;
    if (msg.t === 'hello') {
      conn.greeted = true;
      conn.delta = msg.delta === true;
      return this.hello(conn, msg.game, msg.token, msg.v ?? 0);
    }
    if (!conn.game) return this.refuse(conn, 'no-game', 'Send hello with a game id first.', msg.t);
    if (msg.t === 'sync') return this.sync(conn, conn.game, msg.v);
    if (msg.t === 'move' && msg.rtt !== undefined) conn.rtt = msg.rtt;
    if (msg.t !== 'presence' && msg.t !== 'join') {
      const seat = this.seatBuckets(conn);
      if (seat) {
        const [b, burst, rate] =
          msg.t === 'react'
            ? [seat.react, L.reactionBurst, L.reactionPerSecond]
            : [seat.act, L.seatBurst, L.seatPerSecond];
        if (!this.take(b, burst, rate))
          return this.refuse(conn, 'rate-limited', 'Too many actions in this game; slow down.', msg.t);
      }
    }
    const ok = await this.act(conn, conn.game, msg);
    if (ok) conn.strikes = 0;
  }

  private async hello(conn: Conn, id: string, token: string | undefined, v: number): Promise<void> {
    if (conn.game) await this.leave(conn);
    let rec: ServerGame | undefined;
    try {
      rec = await this.db(() => this.store.get(id));
    } catch {
      return this.refuse(conn, 'busy', BUSY_DB, 'hello');
    }
    if (!rec)
      return this.refuse(conn, 'unknown-game', `There is no game ${id}: it may have expired.`, 'hello');
    if (conn.closed) return;
    const seat = R.seatOf(rec, token);
    conn.game = id;
    conn.seat = seat;
    conn.seatKey = null;
    conn.v = v;
    const h = this.hold(rec, undefined);
    h.watchers.add(conn);
    this.send(conn, { t: 'hello', you: seat, v: rec.version });
    if (token !== undefined && !seat)
      this.refuse(
        conn,
        'not-a-player',
        'That seat token does not open a seat in this game: you are watching.',
        'hello',
      );
    // The seat's presence first: its change (and any pause of the clock it brings) is the snapshot sent.
    if (seat) {
      conn.strikes = 0;
      await this.presence(id, seat);
    }
    this.sendSnapshot(conn, this.held.get(id)?.rec ?? rec);
    this.schedule(id, R.dueAt(this.held.get(id)?.rec ?? rec));
    if (seat && rec.rematch) await this.giveRematchSeats(id, rec.rematch);
  }

  private async sync(conn: Conn, id: string, v: number): Promise<void> {
    let rec: ServerGame | undefined;
    try {
      rec = await this.db(() => this.store.get(id));
    } catch {
      return this.refuse(conn, 'busy', BUSY_DB, 'sync');
    }
    if (!rec) return;
    this.hold(rec, undefined);
    if (rec.version > v) {
      conn.v = Math.min(conn.v, v);
      this.sendSnapshot(conn, rec);
    }
  }

  private frame(rec: ServerGame, now = this.now()): string {
    return JSON.stringify({ t: 'game', game: this.snapshot(rec, now) } satisfies ServerMessage);
  }

  /** The `game` frame of `rec` at `now`, made the first time it is asked for (often never: see `MoveMessage`). */
  private frames(rec: ServerGame, now?: number): () => string {
    let text: string | undefined;
    return () => (text ??= this.frame(rec, now));
  }

  private sendSnapshot(conn: Conn, rec: ServerGame): void {
    if (rec.version <= conn.v) return;
    conn.v = rec.version;
    this.sendText(conn, this.frame(rec));
    const h = this.held.get(rec.id);
    if (h) this.noteShown(h, conn, rec.version);
  }

  /** Remembers when the side to move was first shown its position here (a late showing may be a bus fault). */
  private noteShown(h: Held, conn: Conn, v: number): void {
    if (v !== h.rec.version || conn.seat === null || conn.seat !== R.turnOf(h.rec)) return;
    const plies = h.rec.moves.length;
    if (!h.shown) h.shown = { plies, at: this.now() };
    else if (h.shown.plies !== plies) {
      // Changed in place: a new object a move would live until the next move (see `schedule`).
      h.shown.plies = plies;
      h.shown.at = this.now();
    }
  }

  /** Keeps a game in memory (its newest record) while sockets here watch it. */
  private hold(rec: ServerGame, game: R.Replayed | undefined): Held {
    let h = this.held.get(rec.id);
    if (!h) {
      h = {
        rec,
        game,
        stale: false,
        watchers: new Set(),
        due: null,
        timer: undefined,
        wakeAt: 0,
        shown: undefined,
        lock: this.locks.get(rec.id),
      };
      this.locks.delete(rec.id);
      this.held.set(rec.id, h);
      return h;
    }
    if (rec.version >= h.rec.version) {
      // A change that is not a move keeps the moves (the same array): the rules' game stands.
      if (rec.version > h.rec.version || game)
        h.game = game ?? (rec.moves === h.rec.moves ? h.game : undefined);
      if (rec !== h.rec) keep(h.rec, rec);
      h.stale = false;
    }
    return h;
  }

  private release(id: string): void {
    const h = this.held.get(id);
    if (!h || h.watchers.size > 0) return;
    clearTimeout(h.timer);
    this.held.delete(id);
    // Changes still queued stay in order for whoever changes the game next.
    if (h.lock) this.locks.set(id, h.lock);
    this.seats.delete(`${id}:white`);
    this.seats.delete(`${id}:black`);
  }

  /** A seat's presence from this instance's sockets for it: online if one is in view, away if all are hidden. */
  private async presence(id: string, seat: Color): Promise<void> {
    const h = this.held.get(id);
    const mine = [...(h?.watchers ?? [])].filter((c) => c.seat === seat);
    const state: PresenceState =
      mine.length === 0 ? 'offline' : mine.some((c) => c.visible) ? 'online' : 'away';
    // A seat that comes here from another instance that has stopped beating (it was killed, or
    // restarted): the time since its last beat is the server's. Read fresh, as this is rare.
    let lastBeat: number | undefined;
    const from = h?.rec.presence[seat].instance;
    if (state !== 'offline' && from && from !== this.instance && h && R.turnOf(h.rec) === seat) {
      const seen = (await this.db(() => this.store.instances()).catch(() => undefined))?.get(from);
      if (seen !== undefined && this.now() - seen > 1.5 * this.limits.heartbeat + 200) lastBeat = seen;
    }
    const r = await this.mutate(id, (rec, now) => {
      let base = rec;
      if (lastBeat !== undefined && rec.presence[seat].instance === from && R.turnOf(rec) === seat)
        base = R.pause(rec, lastBeat, Math.min(now, lastBeat + this.limits.crashPause));
      const next = R.setPresence(base, seat, state, now, this.instance);
      return next === rec ? null : { ok: true, record: next };
    });
    // Not written (the database is away): written again when it is back.
    if (!r.ok && r.error.code === 'busy') this.presenceRetry.add(`${id}:${seat}`);
  }

  private async leave(conn: Conn): Promise<void> {
    const id = conn.game;
    if (!id) return;
    const h = this.held.get(id);
    h?.watchers.delete(conn);
    const seat = conn.seat;
    conn.game = null;
    conn.seat = null;
    conn.seatKey = null;
    if (seat && !this.stopping) await this.presence(id, seat).catch(() => undefined);
    this.release(id);
  }

  /** One player's action. True when it was accepted. */
  private async act(conn: Conn, id: string, msg: GameAction): Promise<boolean> {
    if (msg.t === 'presence') {
      conn.visible = msg.visible;
      if (conn.seat) await this.presence(id, conn.seat);
      return true;
    }
    if (msg.t === 'join') {
      if (conn.seat)
        return (this.refuse(conn, 'seat-taken', 'You already have a seat in this game.', 'join'), false);
      const token = newToken();
      const r = await this.mutate(id, (rec, now) => R.join(rec, token, now, this.timing, this.instance));
      if (!r.ok) return (this.refuse(conn, r.error.code, r.error.message, 'join'), false);
      conn.seat = R.seatOf(r.record, token);
      conn.seatKey = null;
      this.send(conn, { t: 'seat', game: id, color: conn.seat!, token });
      return true;
    }
    const seat = conn.seat;
    if (!seat)
      return (
        this.refuse(conn, 'not-a-player', 'Only the two players can do that; you are watching.', msg.t),
        false
      );
    if (msg.t === 'react') {
      const h = this.held.get(id);
      if (!h) return false;
      const frame = JSON.stringify({
        t: 'react',
        color: seat,
        reaction: msg.reaction,
      } satisfies ServerMessage);
      for (const c of h.watchers) this.sendText(c, frame);
      if (this.bus.kind !== 'local')
        await this.bus
          .publish({ game: id, from: this.instance, v: 0, due: null, rematch: null, frame })
          .catch(() => undefined);
      return true;
    }
    const busyKey = msg.t === 'move' ? `${id}:${seat}:${msg.id}` : '';
    const at = this.busyMoves.get(busyKey) ?? this.now();
    // Made when a rematch is offered (rarely), and the same on a retry of the change.
    let rematchId: string | undefined;
    const mutation: Mutation = (rec, now) => {
      switch (msg.t) {
        case 'move': {
          const h = this.held.get(id);
          // The held rules' game, if it is this record's: a fault pause or a presence change makes a
          // new record over the same moves (the same array), and the game still stands.
          const cached = h && h.rec.moves === rec.moves ? h.game : undefined;
          if (!cached || cached.from + cached.game.plies !== rec.moves.length) this.metrics.replayed();
          // A position shown late here while the bus or the database was failing: that wait was the server's.
          let base = rec;
          const shown = h?.shown;
          if (
            shown &&
            shown.plies === rec.moves.length &&
            rec.turnStart !== null &&
            shown.at > rec.turnStart
          ) {
            const faults = [...this.busFaults, ...this.dbFaults];
            if (this.busDownSince !== null) faults.push({ from: this.busDownSince, to: now });
            if (faults.some((f) => f.from < shown.at && f.to > rec.turnStart!))
              base = R.pause(rec, rec.turnStart, shown.at);
          }
          const lag = Math.round(conn.rtt / 2);
          const change = R.move(
            base,
            { seat, text: msg.move, ply: msg.ply, id: msg.id },
            { at, now, lag },
            this.timing,
            cached,
          );
          return change.ok && change.record === base && base !== rec ? { ok: true, record: rec } : change;
        }
        case 'cancel':
          return R.cancel(rec, seat, now);
        case 'resign':
          return R.resign(rec, seat, now);
        case 'draw':
          return msg.action === 'offer'
            ? R.offerDraw(rec, seat, now)
            : msg.action === 'accept'
              ? R.acceptDraw(rec, seat, now)
              : R.declineDraw(rec, seat, now);
        case 'takeback':
          return msg.action === 'offer'
            ? R.offerTakeback(rec, seat, now)
            : msg.action === 'accept'
              ? R.acceptTakeback(rec, seat, now, this.timing)
              : R.declineTakeback(rec, seat, now);
        case 'claim':
          return R.claim(rec, seat, now, this.limits.claimAfter);
        case 'moretime':
          return R.moreTime(rec, seat, now);
        case 'rematch':
          return msg.action === 'offer'
            ? R.offerRematch(rec, seat, (rematchId ??= newId()))
            : R.declineRematch(rec, seat);
      }
    };
    const r = await this.mutate(id, mutation, async (before, after) => {
      if (!before.rematch && after.rematch)
        await this.store.insert(
          R.rematchRecord(
            after,
            after.rematch,
            { white: newToken(), black: newToken() },
            this.now(),
            this.timing,
          ),
        );
    });
    const moveId = msg.t === 'move' ? msg.id : undefined;
    if (busyKey) {
      if (!r.ok && r.error.code === 'busy') {
        if (this.busyMoves.size > 10_000) this.busyMoves.clear();
        this.busyMoves.set(busyKey, at);
      } else this.busyMoves.delete(busyKey);
    }
    if (!r.ok) return (this.refuse(conn, r.error.code, r.error.message, msg.t, moveId), false);
    if (msg.t === 'move') {
      this.stats.moves++;
      this.metrics.move(this.now() - at);
      this.send(conn, { t: 'ack', id: msg.id, v: r.record.version });
    }
    if (msg.t === 'rematch' && r.record.rematch) await this.giveRematchSeats(id, r.record.rematch);
    return true;
  }

  /** Each player of game `id` watching here gets their seat (a new token) in the rematch `next`. */
  private async giveRematchSeats(id: string, next: string): Promise<void> {
    const h = this.held.get(id);
    const players = [...(h?.watchers ?? [])].filter((c) => c.seat && c.rematchSent !== next);
    if (players.length === 0) return;
    let rec: ServerGame | undefined;
    try {
      rec = await this.db(() => this.store.get(next));
    } catch {
      return;
    }
    if (!rec) return;
    for (const c of players) {
      const color = opposite(c.seat!);
      const token = rec.tokens[color];
      if (!token || c.rematchSent === next) continue;
      c.rematchSent = next;
      this.send(c, { t: 'seat', game: next, color, token });
    }
  }

  /**
   * Faults known here that the side to move must not pay for: database outages and stalls during
   * its turn, and its instance's death (the seat then goes offline from the last beat).
   */
  private excuse(rec: ServerGame, now: number): ServerGame {
    if (rec.status !== 'playing' || rec.turnStart === null) return rec;
    let next = rec;
    for (const f of this.dbFaults)
      if (f.to > next.turnStart! && f.to > next.pausedTo) next = R.pause(next, f.from, f.to);
    for (const seat of ['white', 'black'] as const) {
      const dead = this.deadSince(next.presence[seat].instance);
      if (dead === null || next.presence[seat].state === 'offline') continue;
      if (dead === -Infinity) {
        next = R.setPresence(next, seat, 'offline', next.presence[seat].since);
        continue;
      }
      if (R.turnOf(next) === seat) next = R.pause(next, dead, Math.min(now, dead + this.limits.crashPause));
      next = R.setPresence(next, seat, 'offline', dead);
    }
    return next;
  }

  /**
   * Reads (or takes the held record), changes and writes one game, one change at a time on this
   * instance, and retries when another instance wrote in between. `before` runs ahead of the write
   * (the rematch game is inserted before the record that points to it). A database failure is a
   * `busy` refusal with nothing written.
   */
  private mutate(
    id: string,
    f: Mutation,
    before?: (old: ServerGame, next: ServerGame) => Promise<void>,
  ): Promise<Result> {
    // The queue of changes to this game: on its held game while held (a map entry set and deleted
    // at every move would make the map's table anew again and again), else in `locks`.
    const held = this.held.get(id);
    const prev = (held ? held.lock : this.locks.get(id)) ?? SETTLED;
    this.pending++;
    const run = prev.then(async (): Promise<Result> => {
      try {
        let fresh = false;
        for (let attempt = 0; attempt < 8; attempt++) {
          const h = this.held.get(id);
          const stored = !fresh && h && !h.stale ? h.rec : await this.db(() => this.store.get(id));
          if (!stored)
            return { ok: false, error: { code: 'unknown-game', message: `There is no game ${id}.` } };
          const now = this.now();
          const rec = R.settle(this.excuse(stored, now), now);
          const change = f(rec, now);
          let next = change === null ? rec : change.ok ? change.record : rec;
          if (next !== stored) {
            if (next.version !== stored.version + 1) next = { ...next, version: stored.version + 1 };
            if (before && change?.ok) await this.db(() => before(stored, next));
            let written: boolean;
            try {
              if (endsPairedGame(stored, next)) {
                // The end of a paired game: its players' ratings and records in the same transaction.
                const ending = next;
                const settled = await this.db(() => this.store.finish(ending, settle));
                written = settled !== null;
                if (settled) next = settled;
              } else written = await this.db(() => this.store.update(next));
            } catch (e) {
              if (h) h.stale = true;
              throw e;
            }
            if (!written) {
              fresh = true;
              if (h) h.stale = true;
              continue;
            }
            const grew = change?.ok === true && next.moves.length === stored.moves.length + 1;
            const at = this.now();
            const move = grew ? R.moveMessage(stored, next, at) : null;
            // Told first: `changed` updates the held record, which may be `stored`, in place.
            this.onStored(stored, next);
            this.changed(
              next,
              grew && change?.ok ? change.game : undefined,
              move ? JSON.stringify(move satisfies ServerMessage) : null,
              at,
            );
          } else if (h && (fresh || h.stale)) {
            // Read back after another instance's write: this instance's sockets see it now, whatever the bus does.
            this.hold(stored, undefined);
            this.deliverLocal(stored, this.frames(stored));
          }
          if (change && !change.ok) return change;
          return { ok: true, record: next };
        }
        return { ok: false, error: { code: 'busy', message: 'The game is changing too fast; try again.' } };
      } catch (e) {
        this.fail('mutate', e, id);
        return { ok: false, error: { code: 'busy', message: BUSY_DB } };
      } finally {
        this.pending--;
      }
    });
    const tail = run.catch(() => undefined);
    if (held) held.lock = tail;
    else this.locks.set(id, tail);
    void tail.then(() => {
      const h = this.held.get(id);
      if (h?.lock === tail) h.lock = undefined;
      else if (this.locks.get(id) === tail) this.locks.delete(id);
    });
    return run;
  }

  /**
   * A change is stored: hold it, send it to the sockets here, then tell the other instances. `move`
   * is the change as a `move` message when it is one move and nothing else (`R.moveMessage`), made
   * at `now` (the snapshot is made at the same time, so both say the same).
   */
  private changed(rec: ServerGame, game: R.Replayed | undefined, move: string | null, now: number): void {
    const frame = this.frames(rec, now);
    if (this.held.has(rec.id)) {
      this.hold(rec, game);
      this.deliverLocal(rec, frame, move);
      this.schedule(rec.id, R.dueAt(rec));
    }
    void this.publish(rec, frame, move);
  }

  /**
   * Sends version `rec` of a game to the sockets here that have not had it: as `move`, when given,
   * to each socket that takes it and has the version before, else as the `game` snapshot.
   */
  private deliverLocal(rec: ServerGame, frame: () => string, move: string | null = null): void {
    const h = this.held.get(rec.id);
    if (!h) return;
    for (const c of h.watchers) {
      if (rec.version <= c.v) continue;
      const text = move !== null && takesMove(c, rec.version) ? move : frame();
      c.v = rec.version;
      this.cork(c);
      this.sendText(c, text);
      this.noteShown(h, c, rec.version);
    }
  }

  snapshot(rec: ServerGame, now = this.now()): R.Snapshot {
    return R.snapshot(rec, now, this.limits.claimAfter);
  }

  /**
   * What is next due in a held game (a flag, the first-move deadline), and a timer to wake for it.
   * A timer already set to wake no later than that is kept: it wakes early, finds nothing due, and
   * sleeps again until the due time. Most moves put the due time later (the other side's flag), so
   * most moves set no timer: at thousands of moves a second, a new timer a move is garbage that
   * lives until the next move, long enough to reach the old generation.
   */
  private schedule(id: string, due: number | null): void {
    const h = this.held.get(id);
    if (!h) return;
    h.due = due;
    if (due === null) return;
    if (h.timer && h.wakeAt <= due) return;
    clearTimeout(h.timer);
    this.wakeFor(id, h, due);
  }

  /** A timer that wakes just after `at` (5 ms: a timer may fire a little early). */
  private wakeFor(id: string, h: Held, at: number): void {
    h.wakeAt = at;
    const wait = Math.max(0, at - this.now() + 5);
    h.timer = setTimeout(() => this.wake(id, h), Math.min(wait, 2 ** 31 - 1));
    h.timer.unref();
  }

  private wake(id: string, h: Held): void {
    h.timer = undefined;
    if (this.held.get(id) !== h || h.due === null) return;
    if (this.now() < h.due) return this.wakeFor(id, h, h.due);
    void this.mutate(id, () => null).then((r) => {
      if (this.held.get(id) !== h || h.timer) return;
      // Not settled (a fault paused the clock, or the database is away): look again later.
      if (r.ok) this.schedule(id, R.dueAt(h.rec));
      else this.schedule(id, this.now() + 1000);
    });
  }

  /** Players of dead instances become offline in the held games (so the opponent may claim). */
  private async checkLiveness(): Promise<void> {
    if (this.beatingSince === null) return;
    const due: string[] = [];
    for (const [id, h] of this.held) {
      if (h.rec.status !== 'playing') continue;
      const p = h.rec.presence;
      if (
        (p.white.state !== 'offline' && this.deadSince(p.white.instance) !== null) ||
        (p.black.state !== 'offline' && this.deadSince(p.black.instance) !== null)
      )
        due.push(id);
    }
    for (const id of due) await this.mutate(id, () => null);
  }

  // ---- games

  async create(
    color: Color | 'random',
    clock: ClockSetting | null,
    address: string,
    days: number | null = null,
    owner: string | null = null,
  ): Promise<CreateResult> {
    if (this.saturated())
      return {
        ok: false,
        status: 503,
        code: 'busy',
        message: 'The server is full just now; try again in a moment.',
      };
    try {
      const open = await this.db(() => this.store.openGamesOf(address));
      if (open >= this.limits.openGamesPerAddress)
        return {
          ok: false,
          status: 429,
          code: 'too-many-games',
          message: `This address already has ${open} open games; finish or cancel one first.`,
        };
      const creator: Color = color === 'random' ? (randomInt(2) === 0 ? 'white' : 'black') : color;
      const token = newToken();
      const rec = R.newRecord({ id: newId(), creator, token, clock, days, owner, address, now: this.now() });
      await this.db(() => this.store.insert(rec));
      return { ok: true, id: rec.id, color: creator, token };
    } catch {
      return { ok: false, status: 503, code: 'busy', message: BUSY_DB };
    }
  }

  /** A game as it stands now (for the HTTP API); throws when the database is away. */
  async get(id: string): Promise<ServerGame | undefined> {
    const rec = await this.db(() => this.store.get(id));
    return rec && R.settle(this.excuse(rec, this.now()), this.now());
  }

  /** Ends idle games, and deletes expired and old ones, a slice at a time. */
  async sweep(): Promise<void> {
    const now = this.now();
    const idle = await this.db(() => this.store.idle(now - this.limits.idleExpiry));
    for (let i = 0; i < idle.length; i++) {
      await this.mutate(idle[i], (rec) =>
        // A correspondence game ends on time, not by idleness (reading it here settles a fallen flag).
        rec.status === 'playing' && rec.days === null && rec.active < now - this.limits.idleExpiry
          ? { ok: true, record: { ...rec, status: 'aborted', turnStart: null, abortAt: null, ended: now } }
          : null,
      );
      if (i % 50 === 49) await new Promise((r) => setImmediate(r));
    }
    await this.db(() =>
      this.store.expire(
        now - this.limits.waitingExpiry,
        now - this.limits.keepFinished,
        now - this.limits.correspondenceInviteExpiry,
      ),
    );
  }
}
