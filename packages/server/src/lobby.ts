/**
 * Quick pairing: the lobby socket (`/api/lobby`). A player with an identity says who they are,
 * seeks a game (a time control, rated or casual, a rating range), sees the open seeks and how many
 * are online and playing, and is told the game they were paired into, with their seat token.
 *
 * The seek pool is the database's, shared by every instance. An instance adds its players' seeks
 * and runs a pairing round at once; rounds never overlap on any instance (the store runs each as
 * one transaction under a lock), so the later of two seeks made on two instances at the same moment
 * always sees the earlier. Each instance reads the outcomes of its own players' seeks every `poll`
 * ms, so players seeking on two instances are paired within about that time, with or without the
 * bus. A seek lives as long as its socket; the seeks of an instance that stopped beating are
 * dropped by the next round.
 */
import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { take, type Bucket } from './bucket.ts';
import { ignoreError, newId, newToken, type Hub } from './hub.ts';
import { NO_LOG, type HubLog } from './observe.ts';
import { chooseColors, pair, pauseUntil, sameTimeControl } from './pairing.ts';
import { nameText, secretMatches, type PlayerRecord } from './players.ts';
import { LobbyClientMessage as LobbySchema, describe } from './protocol.ts';
import { isProvisional, OFFERED_TIME_CONTROLS, SPEEDS, speedOf } from './rating.ts';
import { pairedRecord, type SeatPlayer } from './record.ts';
import { ratingIn } from './results.ts';
import type { GameStore, PairPlan, SeekOutcome, StoredSeek } from './store.ts';
import type { Timing } from './record.ts';
import { MAX_LOBBY_SEEKS } from './wire.ts';
import type {
  LobbyClientMessage,
  LobbyErrorCode,
  LobbySeek,
  LobbyServerMessage,
  ShownRating,
} from './wire.ts';

export interface LobbyLimits {
  /** How often an instance reads the outcomes of its players' seeks, and runs a round if it has any open (ms). */
  poll: number;
  /** How often the lobby list and counts are read and sent when they changed (ms). */
  listEvery: number;
  /** A socket that has not said hello by then is closed (ms). */
  helloTimeout: number;
  /** A socket silent this long is closed (a quiet client pings every 10 s) (ms). */
  silentClose: number;
  /** Lobby sockets one address may hold. */
  socketsPerAddress: number;
  /** Messages a socket may send: a burst, then this many a second. */
  burst: number;
  perSecond: number;
  /** An instance whose last beat is older than this has its seeks dropped (ms). */
  instanceTtl: number;
}

export const DEFAULT_LOBBY_LIMITS: LobbyLimits = {
  poll: 250,
  listEvery: 2000,
  helloTimeout: 10_000,
  silentClose: 30_000,
  socketsPerAddress: 20,
  burst: 10,
  perSecond: 2,
  instanceTtl: 4_000,
};

interface LobbyConn {
  ws: WebSocket;
  address: string;
  opened: number;
  heard: number;
  player: PlayerRecord | null;
  /** This socket's open seek. */
  seek: StoredSeek | null;
  bucket: Bucket;
  /** The last list sent (its text), so an unchanged one is not sent again. */
  shown: string;
  /** The messages of this socket are handled one after another, in their order (a cancel before a seek stays before it). */
  queue: Promise<void>;
}

/** The games that one pairing round starts, as a pure function of the pool (see `Planner`). */
export function planPairing(
  open: StoredSeek[],
  beats: Map<string, number>,
  now: number,
  o: { instanceTtl: number; timing: Timing; random: () => number; id: () => string; token: () => string },
): PairPlan {
  const alive = (s: StoredSeek) => (beats.get(s.instance) ?? -Infinity) >= now - o.instanceTtl;
  const drop = open.filter((s) => !alive(s)).map((s) => s.id);
  const live = open.filter(alive);
  const blocked = new Map<string, Set<string>>();
  for (const s of live) blocked.set(s.player, new Set([...(blocked.get(s.player) ?? []), ...s.blocked]));
  const { pairs } = pair(live, (p) => blocked.get(p) ?? new Set());
  const plan: PairPlan = { games: [], paired: [], drop };
  const pairedPlayers = new Set<string>();
  for (const [a, b] of pairs) {
    const [ca] = chooseColors(a.colors, b.colors, o.random);
    const [white, black] = ca === 'white' ? [a, b] : [b, a];
    const seat = (s: StoredSeek): SeatPlayer => ({
      id: s.player,
      name: s.name,
      rating: s.rating,
      provisional: s.provisional ?? false,
      after: null,
    });
    const tokens = { white: o.token(), black: o.token() };
    const id = o.id();
    const clock = 'days' in a.clock ? null : a.clock;
    const days = 'days' in a.clock ? a.clock.days : null;
    plan.games.push(
      pairedRecord(
        {
          id,
          tokens,
          players: { white: seat(white), black: seat(black) },
          rated: a.rated,
          clock,
          days,
          address: 'pairing',
          now,
        },
        o.timing,
      ),
    );
    plan.paired.push(
      { seek: white.id, outcome: { game: id, color: 'white', token: tokens.white } },
      { seek: black.id, outcome: { game: id, color: 'black', token: tokens.black } },
    );
    pairedPlayers.add(a.player).add(b.player);
  }
  // A player paired now has their other seeks (other tabs) withdrawn: one game at a time.
  const pairedSeeks = new Set(plan.paired.map((p) => p.seek));
  for (const s of live) if (pairedPlayers.has(s.player) && !pairedSeeks.has(s.id)) plan.drop.push(s.id);
  return plan;
}

export class Lobby {
  readonly limits: LobbyLimits;
  private conns = new Set<LobbyConn>();
  private perAddress = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private rounds: Promise<void> = Promise.resolve();
  private roundAgain = false;
  private roundRunning = false;
  private log: HubLog;
  private stopping = false;

  constructor(
    private store: GameStore,
    private hub: Hub,
    limits: Partial<LobbyLimits> = {},
    options: { log?: HubLog; random?: () => number } = {},
  ) {
    this.limits = { ...DEFAULT_LOBBY_LIMITS, ...limits };
    this.log = options.log ?? NO_LOG;
    this.random = options.random ?? (() => randomInt(1 << 30) / (1 << 30));
  }

  private random: () => number;

  start(): void {
    const every = (ms: number, f: () => Promise<void> | void) => {
      const t = setInterval(() => {
        Promise.resolve()
          .then(f)
          .catch((e: unknown) => this.log.error({ err: e }, 'lobby timer failed'));
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.limits.poll, () => this.poll());
    every(this.limits.listEvery, () => this.list());
    every(1000, () => this.checkSockets());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    const mine = [...this.conns].flatMap((c) => (c.seek ? [c.seek.id] : []));
    for (const c of this.conns) c.ws.close(1001, 'server stopping');
    await this.store.removeSeeks(mine).catch(() => undefined);
    await this.rounds;
  }

  /** Whether a new lobby socket from `address` may open (checked before the handshake). */
  admission(address: string): string | null {
    if (this.hub.full) return 'The server is full just now; try again in a moment.';
    if ((this.perAddress.get(address) ?? 0) >= this.limits.socketsPerAddress)
      return 'Too many lobby connections from this address.';
    return null;
  }

  get sockets(): number {
    return this.conns.size;
  }

  connection(ws: WebSocket, address: string): void {
    const now = this.hub.now();
    const conn: LobbyConn = {
      ws,
      address,
      opened: now,
      heard: now,
      player: null,
      seek: null,
      bucket: { tokens: this.limits.burst, at: now },
      shown: '',
      queue: Promise.resolve(),
    };
    this.conns.add(conn);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    ws.on('message', (data, isBinary) => {
      conn.queue = conn.queue.then(() => this.receive(conn, data, isBinary));
    });
    ws.on('close', () => void this.closed(conn));
    if (ws.listenerCount('error') === 0) ws.on('error', ignoreError);
  }

  private async closed(conn: LobbyConn): Promise<void> {
    if (!this.conns.delete(conn)) return;
    const n = (this.perAddress.get(conn.address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(conn.address, n);
    else this.perAddress.delete(conn.address);
    if (conn.seek) {
      const id = conn.seek.id;
      conn.seek = null;
      await this.store.removeSeeks([id]).catch(() => undefined);
    }
  }

  private send(conn: LobbyConn, msg: LobbyServerMessage): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(msg));
  }

  private refuse(conn: LobbyConn, code: LobbyErrorCode, message: string, until?: number): void {
    this.send(conn, { t: 'error', code, message, ...(until !== undefined ? { until } : {}) });
  }

  private async receive(conn: LobbyConn, data: unknown, isBinary: boolean): Promise<void> {
    const now = this.hub.now();
    conn.heard = now;
    if (!take(conn.bucket, now, this.limits.burst, this.limits.perSecond))
      return this.refuse(conn, 'rate-limited', 'Too many messages; slow down.');
    let parsed: unknown;
    try {
      if (isBinary) throw new Error('binary');
      parsed = JSON.parse(String(data));
    } catch {
      return this.refuse(conn, 'bad-message', 'A lobby message is one JSON object in a text frame.');
    }
    const msg = LobbySchema.safeParse(parsed);
    if (!msg.success) return this.refuse(conn, 'bad-message', `Not a lobby message: ${describe(msg.error)}.`);
    try {
      await this.act(conn, msg.data, now);
    } catch (e) {
      this.log.warn({ err: e }, 'lobby message failed');
      this.refuse(conn, 'busy', 'The server cannot reach its database just now; try again in a moment.');
    }
  }

  private async act(conn: LobbyConn, msg: LobbyClientMessage, now: number): Promise<void> {
    if (msg.t === 'ping') return this.send(conn, { t: 'pong', n: msg.n, now });
    if (msg.t === 'hello') {
      const p = await this.store.getPlayer(msg.player);
      if (!p || !secretMatches(p, msg.secret))
        return this.refuse(
          conn,
          'unknown-player',
          'That player id and secret do not match an identity here.',
        );
      conn.player = p;
      this.send(conn, {
        t: 'hello',
        player: { id: p.id, name: nameText(p.name) },
        ratings: shownRatings(p, now),
        pausedUntil: pauseUntil(p.aborts ?? [], now),
        blocked: p.blocked ?? [],
        games: await this.unstarted(p.id),
      });
      await this.sendList(conn);
      return;
    }
    const player = conn.player;
    if (!player) return this.refuse(conn, 'no-hello', 'Say hello with your player id first.');
    if (msg.t === 'cancel') {
      if (conn.seek) {
        const id = conn.seek.id;
        conn.seek = null;
        await this.store.removeSeeks([id]);
      }
      return this.send(conn, { t: 'seeking', seek: null });
    }
    // A seek. Read the player again: a game that ended since hello may have moved their rating or paused them.
    const p = (await this.store.getPlayer(player.id)) ?? player;
    conn.player = p;
    if (!OFFERED_TIME_CONTROLS.some((tc) => sameTimeControl(tc, msg.clock)))
      return this.refuse(conn, 'unsupported', 'Pick one of the offered time controls.');
    const until = pauseUntil(p.aborts ?? [], now);
    if (until !== null)
      return this.refuse(
        conn,
        'paused',
        'Too many paired games were aborted: pairing is paused for a while.',
        until,
      );
    const speed = speedOf(msg.clock);
    const r = ratingIn(p, speed, now);
    const seek: StoredSeek = {
      id: newId(),
      player: p.id,
      name: nameText(p.name),
      rating: Math.round(r.rating),
      provisional: isProvisional(r, now),
      clock: msg.clock,
      rated: msg.rated,
      range: msg.range,
      createdAt: now,
      instance: this.hub.instance,
      blocked: p.blocked ?? [],
      colors: p.colors ?? [],
    };
    const old = conn.seek;
    conn.seek = seek;
    if (old) await this.store.removeSeeks([old.id]);
    await this.store.addSeek(seek);
    this.send(conn, { t: 'seeking', seek: seek.id });
    await this.round();
  }

  /**
   * The player's paired games whose first moves are still awaited and whose seat they never
   * opened, with their seats: a `paired` lost with a dropped socket is found again at the next hello.
   */
  private async unstarted(
    player: string,
  ): Promise<{ game: string; color: 'white' | 'black'; token: string }[]> {
    const recs = await Promise.all((await this.store.playingOf(player)).map((id) => this.store.get(id)));
    return recs.flatMap((r) => {
      if (!r || r.status !== 'playing' || r.moves.length >= 2 || !r.players) return [];
      const color = r.players.white.id === player ? 'white' : 'black';
      // Only a seat never opened: a player who has been in the game had the message.
      const seen = r.presence[color];
      if (seen.state !== 'offline' || seen.since !== r.created) return [];
      const token = r.tokens[color];
      return token ? [{ game: r.id, color, token }] : [];
    });
  }

  /** A pairing round now (after one running here, if any), then the outcomes of this instance's seeks. */
  round(): Promise<void> {
    if (this.roundRunning) {
      this.roundAgain = true;
      return this.rounds;
    }
    this.roundRunning = true;
    this.rounds = (async () => {
      try {
        do {
          this.roundAgain = false;
          const now = this.hub.now();
          const plan = await this.store.pairSeeks((open, beats) =>
            planPairing(open, beats, now, {
              instanceTtl: this.limits.instanceTtl,
              timing: this.hub.timing,
              random: this.random,
              id: newId,
              token: newToken,
            }),
          );
          if (plan.games.length > 0) this.log.info({ games: plan.games.map((g) => g.id) }, 'paired');
          const dropped = new Set(plan.drop);
          for (const c of this.conns)
            if (c.seek && dropped.has(c.seek.id)) {
              c.seek = null;
              this.send(c, { t: 'seeking', seek: null });
            }
          await this.deliver();
        } while (this.roundAgain && !this.stopping);
      } finally {
        this.roundRunning = false;
      }
    })();
    return this.rounds;
  }

  /** Tells this instance's paired seekers their games. */
  private async deliver(): Promise<void> {
    const mine = new Map<string, LobbyConn>();
    for (const c of this.conns) if (c.seek) mine.set(c.seek.id, c);
    if (mine.size === 0) return;
    const outcomes = await this.store.takeOutcomes([...mine.keys()]);
    for (const [id, o] of outcomes) {
      const c = mine.get(id)!;
      c.seek = null;
      this.paired(c, o);
    }
  }

  private paired(c: LobbyConn, o: SeekOutcome): void {
    this.send(c, { t: 'paired', game: o.game, color: o.color, token: o.token });
  }

  private async poll(): Promise<void> {
    if (![...this.conns].some((c) => c.seek)) return;
    // A round too: the safety net for a round that failed (the database was away).
    await this.round();
  }

  /** The lobby list and the counts, to every socket that said hello, when they changed. */
  private async list(): Promise<void> {
    const now = this.hub.now();
    await this.store.count(this.hub.instance, {
      online: this.hub.openSockets + this.conns.size,
      playing: this.hub.playing,
    });
    if (![...this.conns].some((c) => c.player)) return;
    const text = await this.listText(now);
    for (const c of this.conns) if (c.player && c.shown !== text) this.sendText(c, text);
  }

  private async sendList(conn: LobbyConn): Promise<void> {
    this.sendText(conn, await this.listText(this.hub.now()));
  }

  private sendText(c: LobbyConn, text: string): void {
    c.shown = text;
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  private async listText(now: number): Promise<string> {
    const [open, counts, beats] = await Promise.all([
      this.store.openSeeks(),
      this.store.counts(now - this.limits.instanceTtl),
      this.store.instances(),
    ]);
    // Not the seeks of an instance that stopped beating (the next round drops them).
    const live = open.filter((s) => (beats.get(s.instance) ?? -Infinity) >= now - this.limits.instanceTtl);
    const seeks: LobbySeek[] = live.slice(-MAX_LOBBY_SEEKS).map((s) => ({
      id: s.id,
      player: s.player,
      name: s.name,
      rating: s.rating,
      provisional: s.provisional ?? false,
      clock: s.clock,
      rated: s.rated,
      range: s.range,
    }));
    return JSON.stringify({
      t: 'lobby',
      seeks,
      online: counts.online,
      playing: counts.playing,
    } satisfies LobbyServerMessage);
  }

  private checkSockets(): void {
    const now = this.hub.now();
    for (const c of this.conns) {
      if (!c.player && now - c.opened > this.limits.helloTimeout) c.ws.close(1008, 'no hello');
      else if (now - c.heard > this.limits.silentClose) c.ws.close(1001, 'silent');
    }
  }
}

/** A player's ratings by speed, for the speeds they have played rated. */
export function shownRatings(
  p: PlayerRecord,
  now: number,
): Partial<Record<(typeof SPEEDS)[number], ShownRating>> {
  const out: Partial<Record<(typeof SPEEDS)[number], ShownRating>> = {};
  for (const speed of SPEEDS) {
    const r = p.ratings?.[speed];
    if (r) out[speed] = { rating: Math.round(r.rating), provisional: isProvisional(r, now), games: r.games };
  }
  return out;
}
