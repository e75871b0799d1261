/**
 * The game hub: the sockets of one instance, what each watches and which seat it holds, and every
 * change to a game. A change reads the record, applies a pure function from `record.ts`, and
 * writes it back over the version it read (retrying when another instance wrote first); then the
 * new snapshot goes on the bus, and every instance sends it to the sockets watching that game.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Color, Game } from '@dama/core';
import type { WebSocket } from 'ws';
import type { Bus, BusMessage } from './bus.ts';
import type { ClientMessage, ErrorCode, ServerMessage } from './protocol.ts';
import { ClientMessage as ClientSchema, describe } from './protocol.ts';
import type { Change, ChangeError, ClockSetting, GameRecord, PresenceState } from './record.ts';
import * as R from './record.ts';
import type { Store } from './store.ts';

export interface Limits {
  /** Largest WebSocket frame accepted, in bytes; a larger one closes the socket (1009). */
  maxFrame: number;
  /** Messages a connection may send in a burst, and how many per second after it. */
  burst: number;
  perSecond: number;
  /** Refused messages in a row before the socket is closed (1008). */
  maxStrikes: number;
  /** Games waiting or being played that one address may have created. */
  openGamesPerAddress: number;
  /** A game nobody joined, or one nobody has touched while being played, ends after this long (ms). */
  idleExpiry: number;
  /** Finished games are kept this long (ms). */
  keepFinished: number;
  /** Milliseconds a player must be gone before the opponent may claim the win. */
  claimAfter: number;
  /** The most network time taken off a move's thinking time (ms). */
  lagCap: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxFrame: 4096,
  burst: 20,
  perSecond: 10,
  maxStrikes: 50,
  openGamesPerAddress: 20,
  idleExpiry: 3 * 24 * 3600_000,
  keepFinished: 30 * 24 * 3600_000,
  claimAfter: 60_000,
  lagCap: 500,
};

interface Conn {
  ws: WebSocket;
  address: string;
  game: string | null;
  seat: Color | null;
  visible: boolean;
  /** The last version sent, so a snapshot that arrives late (an older one) is not sent after a newer. */
  v: number;
  /** Round trip measured with WebSocket pings (ms). */
  rtt: number;
  pingAt: number;
  tokens: number;
  refilled: number;
  strikes: number;
}

export type CreateResult =
  | { ok: true; id: string; color: Color; token: string }
  | { ok: false; status: number; code: string; message: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (): string => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const newToken = (): string => randomBytes(18).toString('base64url');

/** What a change function may return: a change (or refusal), or null for "only settle the clock". */
type Mutation = (rec: GameRecord, now: number) => Change | null;

export class Hub {
  readonly limits: Limits;
  private store: Store;
  private bus: Bus;
  private now: () => number;
  private watchers = new Map<string, Set<Conn>>();
  private conns = new Set<Conn>();
  private flags = new Map<string, NodeJS.Timeout>();
  private locks = new Map<string, Promise<unknown>>();
  /** The rules' game of each game being played on this instance (dropped when nobody here watches it). */
  private games = new Map<string, Game>();
  private sweeper: NodeJS.Timeout | undefined;
  private pinger: NodeJS.Timeout | undefined;
  /** Moves accepted and how long each took from arrival to the write, for the load benchmark. */
  readonly stats = { moves: 0, refused: 0 };

  constructor(store: Store, bus: Bus, limits: Partial<Limits> = {}, now: () => number = Date.now) {
    this.store = store;
    this.bus = bus;
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.now = now;
    bus.subscribe((msg) => this.deliver(msg));
  }

  /** Settles every game being played (a flag that fell while no instance ran) and starts the sweeps. */
  async start(): Promise<void> {
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), 60_000);
    this.sweeper.unref();
    this.pinger = setInterval(() => this.ping(), 10_000);
    this.pinger.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.pinger);
    for (const t of this.flags.values()) clearTimeout(t);
    this.flags.clear();
    for (const c of this.conns) c.ws.close(1001, 'server stopping');
    await Promise.allSettled([...this.locks.values()]);
  }

  get openSockets(): number {
    return this.conns.size;
  }

  async create(color: Color | 'random', clock: ClockSetting | null, address: string): Promise<CreateResult> {
    const open = await this.store.openGamesOf(address);
    if (open >= this.limits.openGamesPerAddress)
      return {
        ok: false,
        status: 429,
        code: 'too-many-games',
        message: `This address already has ${open} open games; finish or leave one first.`,
      };
    const creator: Color = color === 'random' ? (randomInt(2) === 0 ? 'white' : 'black') : color;
    const token = newToken();
    const rec = R.newRecord({ id: newId(), creator, token, clock, address, now: this.now() });
    await this.store.insert(rec);
    return { ok: true, id: rec.id, color: creator, token };
  }

  async get(id: string): Promise<GameRecord | undefined> {
    const rec = await this.store.get(id);
    return rec && R.settle(rec, this.now() - this.limits.lagCap);
  }

  snapshot(rec: GameRecord): R.Snapshot {
    return R.snapshot(rec, this.now(), this.limits.claimAfter);
  }

  /** A new socket. Nothing is read from it before its first message. */
  connection(ws: WebSocket, address: string): void {
    const now = this.now();
    const conn: Conn = {
      ws,
      address,
      game: null,
      seat: null,
      visible: true,
      v: 0,
      rtt: 0,
      pingAt: 0,
      tokens: this.limits.burst,
      refilled: now,
      strikes: 0,
    };
    this.conns.add(conn);
    ws.on('message', (data, isBinary) => {
      void this.receive(conn, data as Buffer, isBinary).catch((e: unknown) => {
        this.send(conn, { t: 'error', code: 'busy', message: `The server could not do that: ${String(e)}` });
      });
    });
    ws.on('pong', () => {
      if (conn.pingAt) conn.rtt = this.now() - conn.pingAt;
    });
    ws.on('close', () => void this.leave(conn));
    ws.on('error', () => undefined);
  }

  private ping(): void {
    const now = this.now();
    for (const c of this.conns) {
      c.pingAt = now;
      c.ws.ping();
    }
  }

  private send(conn: Conn, msg: ServerMessage): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(msg));
  }

  private refuse(conn: Conn, code: ErrorCode, message: string, ref?: string): void {
    this.stats.refused++;
    conn.strikes++;
    this.send(conn, ref ? { t: 'error', code, message, ref } : { t: 'error', code, message });
    if (conn.strikes >= this.limits.maxStrikes) conn.ws.close(1008, 'too many refused messages');
  }

  /** Token bucket: `burst` at once, `perSecond` after. */
  private allowed(conn: Conn): boolean {
    const now = this.now();
    conn.tokens = Math.min(
      this.limits.burst,
      conn.tokens + ((now - conn.refilled) / 1000) * this.limits.perSecond,
    );
    conn.refilled = now;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  private async receive(conn: Conn, data: Buffer, isBinary: boolean): Promise<void> {
    if (!this.allowed(conn))
      return this.refuse(
        conn,
        'rate-limited',
        `Too many messages: at most ${this.limits.perSecond} a second.`,
      );
    if (isBinary) return this.refuse(conn, 'bad-message', 'Messages are JSON text frames, not binary.');
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.refuse(conn, 'bad-json', 'That message is not valid JSON.');
    }
    const parsed = ClientSchema.safeParse(json);
    if (!parsed.success) {
      const t =
        json !== null && typeof json === 'object' && 't' in json
          ? String((json as { t: unknown }).t)
          : undefined;
      return this.refuse(
        conn,
        'bad-message',
        `That message is not one the server knows: ${describe(parsed.error)}.`,
        t?.slice(0, 20),
      );
    }
    const msg = parsed.data;
    if (msg.t === 'ping') return this.send(conn, { t: 'pong', n: msg.n, now: this.now() });
    if (msg.t === 'hello') return this.hello(conn, msg.game, msg.token);
    if (!conn.game) return this.refuse(conn, 'no-game', 'Send hello with a game id first.', msg.t);
    const ok = await this.act(conn, conn.game, msg);
    if (ok) conn.strikes = 0;
  }

  private async hello(conn: Conn, id: string, token: string | undefined): Promise<void> {
    if (conn.game) await this.leave(conn, false);
    const rec = await this.get(id);
    if (!rec)
      return this.refuse(conn, 'unknown-game', `There is no game ${id}: it may have expired.`, 'hello');
    const seat = R.seatOf(rec, token);
    conn.game = id;
    conn.seat = seat;
    conn.v = 0;
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(conn);
    this.send(conn, { t: 'hello', you: seat });
    if (token !== undefined && !seat)
      this.refuse(
        conn,
        'not-a-player',
        'That seat token does not open a seat in this game: you are watching.',
        'hello',
      );
    this.sendSnapshot(conn, rec);
    this.watchFlag(id, R.flagAt(rec));
    if (seat) await this.presence(id, seat);
    else conn.strikes = 0;
  }

  private sendSnapshot(conn: Conn, rec: GameRecord): void {
    if (rec.version <= conn.v) return;
    conn.v = rec.version;
    this.send(conn, { t: 'game', game: this.snapshot(rec) });
  }

  /** A seat's presence from this instance's sockets for it: online if one is in view, away if all are hidden. */
  private async presence(id: string, seat: Color): Promise<void> {
    const mine = [...(this.watchers.get(id) ?? [])].filter((c) => c.seat === seat);
    const state: PresenceState =
      mine.length === 0 ? 'offline' : mine.some((c) => c.visible) ? 'online' : 'away';
    await this.mutate(id, (rec, now) => {
      const next = R.setPresence(rec, seat, state, now);
      return next === rec ? null : { ok: true, record: next };
    });
  }

  private async leave(conn: Conn, closed = true): Promise<void> {
    if (closed) this.conns.delete(conn);
    const id = conn.game;
    if (!id) return;
    const set = this.watchers.get(id);
    set?.delete(conn);
    if (set && set.size === 0) {
      this.watchers.delete(id);
      this.games.delete(id);
      clearTimeout(this.flags.get(id));
      this.flags.delete(id);
    }
    const seat = conn.seat;
    conn.game = null;
    conn.seat = null;
    if (seat) await this.presence(id, seat).catch(() => undefined);
  }

  /** One player's action. True when it was accepted. */
  private async act(conn: Conn, id: string, msg: ClientMessage): Promise<boolean> {
    if (msg.t === 'presence') {
      conn.visible = msg.visible;
      if (conn.seat) await this.presence(id, conn.seat);
      return true;
    }
    if (msg.t === 'join') {
      if (conn.seat)
        return (this.refuse(conn, 'seat-taken', 'You already have a seat in this game.', 'join'), false);
      const token = newToken();
      const r = await this.mutate(id, (rec, now) => R.join(rec, token, now));
      if (!r.ok) return (this.refuse(conn, r.error.code, r.error.message, 'join'), false);
      conn.seat = R.seatOf(r.record, token);
      this.send(conn, { t: 'seat', color: conn.seat!, token });
      return true;
    }
    const seat = conn.seat;
    if (!seat)
      return (
        this.refuse(conn, 'not-a-player', 'Only the two players can do that; you are watching.', msg.t),
        false
      );
    if (msg.t === 'react') {
      const rec = await this.store.get(id);
      if (!rec) return false;
      await this.bus.publish({
        game: id,
        v: 0,
        flag: null,
        frame: JSON.stringify({ t: 'react', color: seat, reaction: msg.reaction }),
      });
      return true;
    }
    const lag = Math.min(this.limits.lagCap, Math.round(conn.rtt / 2));
    const rematchId = newId();
    const mutation: Mutation = (rec, now) => {
      switch (msg.t) {
        case 'move': {
          const cached = this.games.get(id);
          return R.move(
            rec,
            seat,
            msg.move,
            msg.ply,
            now,
            lag,
            cached?.plies === rec.moves.length ? cached : undefined,
          );
        }
        case 'resign':
          return R.resign(rec, seat, now);
        case 'draw':
          return msg.action === 'offer'
            ? R.offerDraw(rec, seat, now)
            : msg.action === 'accept'
              ? R.acceptDraw(rec, seat, now)
              : R.declineDraw(rec, seat, now);
        case 'claim':
          return R.claim(rec, seat, now, this.limits.claimAfter);
        case 'rematch':
          return msg.action === 'offer' ? R.offerRematch(rec, seat, rematchId) : R.declineRematch(rec, seat);
      }
      return null;
    };
    const r = await this.mutate(id, mutation, async (before, after) => {
      if (!before.rematch && after.rematch)
        await this.store.insert(R.rematchRecord(after, after.rematch, this.now()));
    });
    if (!r.ok) return (this.refuse(conn, r.error.code, r.error.message, msg.t), false);
    if (msg.t === 'move') this.stats.moves++;
    return true;
  }

  /**
   * Reads, changes and writes one game, one change at a time on this instance and retried when
   * another instance wrote in between. `before` runs ahead of the write (the rematch game is
   * inserted before the record that points to it).
   */
  private mutate(
    id: string,
    f: Mutation,
    before?: (old: GameRecord, next: GameRecord) => Promise<void>,
  ): Promise<
    | { ok: true; record: GameRecord }
    | { ok: false; error: ChangeError | { code: 'unknown-game'; message: string } }
  > {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const run = prev.then(async () => {
      for (let attempt = 0; attempt < 8; attempt++) {
        const stored = await this.store.get(id);
        if (!stored)
          return {
            ok: false as const,
            error: { code: 'unknown-game' as const, message: `There is no game ${id}.` },
          };
        const now = this.now();
        const rec = R.settle(stored, now - this.limits.lagCap);
        const change = f(rec, now);
        const next = change === null ? rec : change.ok ? change.record : rec;
        if (next !== stored) {
          if (before && change?.ok) await before(stored, next);
          if (!(await this.store.update(next))) continue;
          await this.publish(next);
        }
        if (change && !change.ok) return change;
        return change?.ok && change.game
          ? { ok: true as const, record: next, game: change.game }
          : { ok: true as const, record: next };
      }
      return {
        ok: false as const,
        error: { code: 'busy' as ChangeError['code'], message: 'The game is changing too fast; try again.' },
      };
    });
    const tail = run.catch(() => undefined);
    this.locks.set(id, tail);
    void tail.then(() => {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    });
    return run;
  }

  private async publish(rec: GameRecord): Promise<void> {
    const frame = JSON.stringify({ t: 'game', game: this.snapshot(rec) } satisfies ServerMessage);
    await this.bus.publish({ game: rec.id, v: rec.version, flag: R.flagAt(rec), frame });
  }

  /** A message from the bus: to every socket here watching that game, newest versions only. */
  private deliver(msg: BusMessage): void {
    const set = this.watchers.get(msg.game);
    if (!set) return;
    for (const c of set) {
      if (msg.v !== 0) {
        if (msg.v <= c.v) continue;
        c.v = msg.v;
      }
      if (c.ws.readyState === c.ws.OPEN) c.ws.send(msg.frame);
    }
    if (msg.v !== 0) this.watchFlag(msg.game, msg.flag);
  }

  /** A timer for the fall of the flag of a game watched here (plus the lag allowance). */
  private watchFlag(id: string, flag: number | null): void {
    clearTimeout(this.flags.get(id));
    this.flags.delete(id);
    if (flag === null || !this.watchers.has(id)) return;
    const wait = Math.max(0, flag + this.limits.lagCap - this.now() + 5);
    const timer = setTimeout(
      () => {
        this.flags.delete(id);
        void this.mutate(id, () => null).catch(() => undefined);
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    timer.unref();
    this.flags.set(id, timer);
  }

  /** Ends fallen flags and idle games, and deletes old ones. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const id of await this.store.playing()) {
      await this.mutate(id, (rec) => {
        if (rec.status === 'playing' && rec.active < now - this.limits.idleExpiry)
          return {
            ok: true,
            record: { ...rec, status: 'aborted', turnStart: null, version: rec.version + 1 },
          };
        return null;
      });
    }
    await this.store.expire(now - this.limits.idleExpiry, now - this.limits.keepFinished);
  }
}
