// Quick pairing: the connection to the lobby socket (`/api/lobby`) and the player's seek. One
// controller for the app's life (kept on `AppCtrl.lobby`, not on the screen), so that a seek stays
// open while the player plays the computer; the screen (view.tsx) attaches to it while shown.
//
// The socket is open while the lobby screen is shown or a seek is wanted. The server withdraws a
// seek when its socket closes, so after a reconnect (with backoff) the same seek is sent again; the
// player's choices are kept on the device and never lost. Paired: the seat token is kept as a friend
// link's is (online/seats.ts) and the game opened at once from the lobby screen, or announced by a
// banner (with a sound) on any other screen. A `paired` lost with a dropped socket is found again in
// the next hello's games (a game whose seat this device does not hold yet), and the seeks of the
// players the hello says are blocked are not listed (they would never pair).
import type { LobbyClientMessage, LobbySeek, LobbyServerMessage } from '@dama/server/wire';
import { isObject, oneOf } from '../lib/guards.ts';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import type { SoundName } from '../lib/sound.ts';
import { Link } from '../lib/online/link.ts';
import type { SocketLike } from '../lib/online/socket.ts';
import type { SeatBook } from '../lib/online/seats.ts';
import type { PlayerError, Result } from '../lib/player/api.ts';
import type { Held } from '../lib/player/identity.ts';
import type { HeldPlayer, Ratings } from '../lib/player/read.ts';
import {
  CLOCK_KEYS,
  clockLabel,
  clockOf,
  keyOf,
  rangeAround,
  RANGES,
  speedOfSeek,
  START_RATING,
  type ClockKey,
  type RangeChoice,
  type Speed,
} from '../lib/online/clocks.ts';
import { readLobbyMessage, type LobbyError } from './read.ts';

/** The choices of the lobby's form, kept on the device. */
export interface LobbyDraft {
  clock: ClockKey;
  rated: boolean;
  /** points either side of the player's own rating (null: any opponent) */
  range: RangeChoice;
}

export const DEFAULT_DRAFT: LobbyDraft = { clock: '5+0', rated: true, range: null };

export function readLobbyDraft(v: unknown): LobbyDraft | undefined {
  if (!isObject(v) || !oneOf(CLOCK_KEYS, v.clock) || typeof v.rated !== 'boolean') return undefined;
  const range = RANGES.find((r) => r === v.range);
  return range === undefined ? undefined : { clock: v.clock, rated: v.rated, range };
}

/** A seek as sent: a time control, rated or casual, and the absolute range of opponents' ratings. */
export interface SeekSpec {
  clock: ClockKey;
  rated: boolean;
  range: { min: number; max: number } | null;
}

export interface LobbyEnv {
  trans(): Catalog;
  lang(): Lang;
  now(): number;
  redraw(): void;
  navigate(hash: string): void;
  openSocket(): SocketLike;
  /** the player this device speaks for (made the first time: `browserIdentity(store)`) */
  identity: { held(): Held; ensure(): Promise<Result<HeldPlayer>> };
  seats: SeatBook;
  sound: { play(name: SoundName): void; vibrate(pattern: number | number[]): void };
  /** the form's choices kept on the device */
  draft: { load(): LobbyDraft | undefined; save(d: LobbyDraft): void };
  /** a sentence for screen readers */
  announce(text: string): void;
}

/**
 * - `idle`: no socket (nothing wants one, or a problem stopped it);
 * - `identity`: getting the player (made on the first visit);
 * - `connecting`: the socket is opening, or waiting for the server's hello;
 * - `open`: the server knows who we are;
 * - `reconnecting`: the socket dropped; another try after a wait.
 */
export type Connection = 'idle' | 'identity' | 'connecting' | 'open' | 'reconnecting';

/**
 * - `identity`: the player could not be made or read (`identityError` says why);
 * - `unknown-player`: the server does not know this device's player;
 * - `busy`: the server could not take the seek just now (it is sent again by itself);
 * - `withdrawn`: the server withdrew the open seek (the player was paired in another tab);
 * - `refused`: the server refused the seek.
 */
export type LobbyProblem = 'identity' | 'unknown-player' | 'busy' | 'withdrawn' | 'refused';

export interface LobbyList {
  seeks: LobbySeek[];
  online: number;
  playing: number;
}

/** The wait before another try of the socket: 0.5 s, 1 s, 2 s, 4 s, 8 s, then 15 s. */
export const reconnectWait = (tries: number): number => Math.min(15_000, 500 * 2 ** Math.max(0, tries - 1));
/** The wait before a seek the server was too busy for is sent again: 1 s, 2 s, 4 s, then 5 s. */
export const busyWait = (tries: number): number => Math.min(5000, 1000 * 2 ** Math.max(0, tries - 1));
/** Busy answers to one seek before the player is told it did not go through. */
export const MAX_BUSY = 6;

/**
 * The lobby's connection, as the app holds it: kept for the app's life, so that a seek stays open
 * on every other screen; the frame shows its seek and a game found for it.
 */
export interface LobbyLink {
  /** a game found while the lobby screen was not shown */
  readonly found: { game: string; token: string } | undefined;
  /** the open seek: since when, and its time control ('5+0') */
  readonly seeking: { since: number; clock: string } | undefined;
  goToGame(): void;
  dismissFound(): void;
  cancel(): void;
  /** a player blocked elsewhere (the end of a game): their seeks leave the list */
  noteBlocked(player: string): void;
}

export class LobbyCtrl implements LobbyLink {
  draft: LobbyDraft;
  connection: Connection = 'idle';
  /** the player as the server greeted them, their ratings by speed, and a pairing pause */
  me: { id: string; name: string } | undefined;
  ratings: Ratings = {};
  pausedUntil: number | null = null;
  /** the players this one blocked (from the hello, and blocked since): their seeks are not listed */
  blocked: string[] = [];
  list: LobbyList | undefined;
  problem: LobbyProblem | undefined;
  identityError: PlayerError | undefined;
  /** the player kept on this device could not be read: a new one was made (said on the screen) */
  identityReset = false;
  /** the seek the player asked for (sent again on each new socket), and since when they seek */
  wanted: { spec: SeekSpec; since: number } | undefined;
  /** the server's id of the open seek; null until it says so, and between sockets */
  seekId: string | null = null;
  /** a game found while the lobby screen was not shown: the banner takes the player there */
  found: { game: string; token: string } | undefined;
  private attached = false;
  private readonly link: Link<LobbyClientMessage>;
  private player: HeldPlayer | undefined;
  private connectingNow = false;
  private retries = 0;
  private busyTries = 0;
  /** cancels sent and not yet answered: their `seeking: null` is expected; a seek waits for them */
  private cancels = 0;
  private destroyed = false;
  private readonly timers = {
    retry: undefined as ReturnType<typeof setTimeout> | undefined,
    resend: undefined as ReturnType<typeof setTimeout> | undefined,
    tick: undefined as ReturnType<typeof setInterval> | undefined,
  };

  constructor(private readonly env: LobbyEnv) {
    this.draft = env.draft.load() ?? DEFAULT_DRAFT;
    this.link = new Link<LobbyClientMessage>({
      openSocket: () => env.openSocket(),
      now: () => env.now(),
      ping: (n) => ({ t: 'ping', n }),
      onOpen: () => {
        const p = this.player!;
        this.send({ t: 'hello', player: p.id, secret: p.secret });
      },
      onMessage: (data) => {
        const msg = readLobbyMessage(data);
        if (msg) this.receive(msg);
      },
      onDead: () => this.drop(),
    });
  }

  get t(): Catalog {
    return this.env.trans();
  }

  get lang(): Lang {
    return this.env.lang();
  }

  now(): number {
    return this.env.now();
  }

  // ---- the screen

  /** The lobby screen is shown: connect (the list and counts come with the socket). */
  attach(): void {
    this.attached = true;
    // what was told of an earlier seek is old news on a new visit
    if (this.problem === 'withdrawn' || this.problem === 'refused') this.problem = undefined;
    this.ensureConnected();
    this.env.redraw();
  }

  /** The lobby screen is left: the socket stays only for an open seek. */
  detach(): void {
    this.attached = false;
    this.closeIfUnwanted();
  }

  get shown(): boolean {
    return this.attached;
  }

  setDraft(d: Partial<LobbyDraft>): void {
    this.draft = { ...this.draft, ...d };
    this.env.draft.save(this.draft);
    this.env.redraw();
  }

  /** The player's rating in a speed (a new player's 1500, provisional, before their first game there). */
  ratingIn(speed: Speed): { rating: number; provisional: boolean; games: number } {
    return this.ratings[speed] ?? { rating: START_RATING, provisional: true, games: 0 };
  }

  /** Pairing is paused (too many aborted games) until `pausedUntil`. */
  paused(): boolean {
    return this.pausedUntil !== null && this.pausedUntil > this.env.now();
  }

  canSeek(): boolean {
    return this.connection === 'open' && this.me !== undefined && !this.paused();
  }

  /** "Seek": a game at the form's choices, the range drawn around the player's rating in that speed. */
  seek(): void {
    if (!this.canSeek()) return;
    const d = this.draft;
    const rating = this.ratingIn(speedOfSeek(clockOf(d.clock))).rating;
    this.start({ clock: d.clock, rated: d.rated, range: rangeAround(rating, d.range) });
  }

  /** A tap on another player's seek: the same clock and rated flag, any rating (pairs at once when it fits). */
  accept(s: LobbySeek): void {
    const key = keyOf(s.clock);
    if (!key || !this.canSeek()) return;
    this.setDraft({ clock: key, rated: s.rated });
    this.start({ clock: key, rated: s.rated, range: null });
  }

  private start(spec: SeekSpec): void {
    // a seek replacing an open one keeps its waiting time
    this.wanted = { spec, since: this.wanted?.since ?? this.env.now() };
    this.problem = undefined;
    this.busyTries = 0;
    this.sendSeek();
    this.tick();
    this.env.redraw();
  }

  cancel(): void {
    if (!this.wanted) return;
    this.wanted = undefined;
    this.seekId = null;
    clearTimeout(this.timers.resend);
    if (this.link.open && this.connection === 'open') {
      this.cancels++;
      this.send({ t: 'cancel' });
    }
    if (this.problem === 'busy') this.problem = undefined;
    this.tick();
    this.closeIfUnwanted();
    this.env.redraw();
  }

  /** Milliseconds since the player began to seek. */
  elapsed(): number {
    return this.wanted ? Math.max(0, this.env.now() - this.wanted.since) : 0;
  }

  /**
   * The open seeks of others at the time controls offered here, but not those of players this one
   * blocked (the server never pairs them): fastest clock first, then by rating.
   */
  otherSeeks(): LobbySeek[] {
    const me = this.me?.id;
    const order = (s: LobbySeek) => CLOCK_KEYS.indexOf(keyOf(s.clock)!);
    return (this.list?.seeks ?? [])
      .filter((s) => s.player !== me && keyOf(s.clock) !== undefined && !this.blocked.includes(s.player))
      .sort((a, b) => order(a) - order(b) || a.rating - b.rating);
  }

  /** Whether the player's rating is inside a seek's range (outside, the server never pairs them). */
  fits(s: LobbySeek): boolean {
    if (!s.range) return true;
    const r = this.ratingIn(speedOfSeek(s.clock)).rating;
    return r >= s.range.min && r <= s.range.max;
  }

  /** A player blocked elsewhere in the app (the end of a game): their seeks leave the list at once. */
  noteBlocked(player: string): void {
    if (this.blocked.includes(player)) return;
    this.blocked = [...this.blocked, player];
    this.env.redraw();
  }

  /** Try again after a problem that stopped the connection. */
  retry(): void {
    this.problem = undefined;
    this.identityError = undefined;
    this.retries = 0;
    clearTimeout(this.timers.retry);
    this.timers.retry = undefined;
    this.ensureConnected();
    this.env.redraw();
  }

  // ---- the banner on other screens (LobbyLink)

  get seeking(): { since: number; clock: string } | undefined {
    return this.wanted
      ? { since: this.wanted.since, clock: clockLabel(this.t, this.wanted.spec.clock) }
      : undefined;
  }

  goToGame(): void {
    const f = this.found;
    if (!f) return;
    this.found = undefined;
    this.env.navigate(`#/online/${f.game}/${f.token}`);
  }

  dismissFound(): void {
    this.found = undefined;
    this.env.redraw();
  }

  // ---- the connection

  private wantsSocket(): boolean {
    return !this.destroyed && (this.attached || this.wanted !== undefined);
  }

  private ensureConnected(): void {
    if (this.link.exists || this.connectingNow || !this.wantsSocket()) return;
    if (this.problem === 'unknown-player' || this.problem === 'identity') return;
    if (this.timers.retry !== undefined) return; // the backoff's timer connects
    void this.connect();
  }

  private closeIfUnwanted(): void {
    if (this.wantsSocket()) return;
    this.close();
    clearTimeout(this.timers.retry);
    this.timers.retry = undefined;
    this.connection = 'idle';
  }

  private async connect(): Promise<void> {
    this.connectingNow = true;
    try {
      if (!this.player) {
        this.connection = 'identity';
        this.env.redraw();
      }
      // a kept player that cannot be read is set aside by the store; a new one is made
      if (this.env.identity.held().status === 'corrupt') this.identityReset = true;
      const r = await this.env.identity.ensure();
      if (this.destroyed) return;
      if (!r.ok) {
        this.identityError = r.error;
        this.problem = 'identity';
        this.connection = 'idle';
        return this.env.redraw();
      }
      // another tab may have brought another player here meanwhile: the device's player is the one
      if (this.player && this.player.id !== r.value.id) this.forgetPlayer();
      this.player = r.value;
      if (!this.wantsSocket()) {
        this.connection = 'idle';
        return this.env.redraw();
      }
      this.open();
    } finally {
      this.connectingNow = false;
    }
  }

  private forgetPlayer(): void {
    this.me = undefined;
    this.ratings = {};
    this.pausedUntil = null;
    this.wanted = undefined;
  }

  private open(): void {
    if (!this.link.connect()) return this.scheduleRetry();
    this.connection = 'connecting';
    this.env.redraw();
  }

  /** Tears the socket down (its seek, if any, is withdrawn by the server). */
  private close(): void {
    this.link.close();
    this.seekId = null;
    this.cancels = 0;
    clearTimeout(this.timers.resend);
  }

  /** The socket closed or went silent: connect again (and seek again) if anything wants it. */
  private drop(): void {
    this.close();
    if (!this.wantsSocket() || this.problem === 'unknown-player') {
      this.connection = 'idle';
      return this.env.redraw();
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.retries++;
    this.connection = 'reconnecting';
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => {
      this.timers.retry = undefined;
      if (!this.wantsSocket()) {
        this.connection = 'idle';
        return this.env.redraw();
      }
      this.ensureConnected();
    }, reconnectWait(this.retries));
    this.env.redraw();
  }

  /** The device lost its network: the socket is as good as closed. */
  networkLost(): void {
    if (!this.destroyed) this.link.dead();
  }

  /** The device's network is back (or the page is shown again): connect now, or check the socket. */
  networkBack(): void {
    if (this.destroyed || !this.wantsSocket()) return;
    if (!this.link.exists) {
      clearTimeout(this.timers.retry);
      this.timers.retry = undefined;
      this.retries = 0;
      return this.ensureConnected();
    }
    this.link.probe();
  }

  private send(msg: LobbyClientMessage): void {
    this.link.send(msg);
  }

  private sendSeek(): void {
    const w = this.wanted;
    clearTimeout(this.timers.resend);
    if (!w || this.connection !== 'open') return this.ensureConnected();
    // a cancel on its way would withdraw this seek if the server took them out of order
    if (this.cancels > 0) return;
    this.send({ t: 'seek', clock: clockOf(w.spec.clock), rated: w.spec.rated, range: w.spec.range });
  }

  /** A redraw every second while seeking (the time waited) or paused (the end of the pause). */
  private tick(): void {
    const want = this.wanted !== undefined || this.paused();
    if (want && this.timers.tick === undefined)
      this.timers.tick = setInterval(() => {
        if (!this.wanted && !this.paused()) this.tick();
        this.env.redraw();
      }, 1000);
    else if (!want && this.timers.tick !== undefined) {
      clearInterval(this.timers.tick);
      this.timers.tick = undefined;
    }
  }

  receive(msg: LobbyServerMessage): void {
    switch (msg.t) {
      case 'hello':
        this.me = msg.player;
        this.ratings = msg.ratings;
        this.pausedUntil = msg.pausedUntil;
        this.blocked = msg.blocked;
        this.connection = 'open';
        this.retries = 0;
        if (this.wanted && this.paused()) this.wanted = undefined;
        // a game paired while the socket was down ends the seek: it is not sent again
        if (!this.recover(msg.games)) this.sendSeek();
        this.tick();
        break;
      case 'lobby':
        this.list = { seeks: msg.seeks, online: msg.online, playing: msg.playing };
        break;
      case 'seeking':
        this.seekAnswer(msg.seek);
        break;
      case 'paired':
        this.paired(msg.game, msg.token);
        break;
      case 'error':
        this.refused(msg);
        break;
      case 'pong':
        break;
    }
    this.env.redraw();
  }

  private seekAnswer(id: string | null): void {
    if (id === null) {
      if (this.cancels > 0) {
        // the answer to our cancel; a seek made meanwhile goes now
        this.cancels--;
        if (this.cancels === 0 && this.wanted) this.sendSeek();
        return;
      }
      if (this.wanted) {
        // not asked for: the server withdrew the seek (the player was paired in another tab)
        this.wanted = undefined;
        this.seekId = null;
        this.problem = 'withdrawn';
        this.tick();
      }
      return;
    }
    if (!this.wanted) {
      // cancelled before the server had it
      this.cancels++;
      this.send({ t: 'cancel' });
      return;
    }
    this.seekId = id;
    this.busyTries = 0;
    if (this.problem === 'busy') this.problem = undefined;
  }

  /**
   * The hello's paired games still awaiting their first moves: one whose seat this device does not
   * hold came in a `paired` message lost with a dropped socket (or was paired on another device of
   * this player). Their seats are kept, and one is opened as if just paired while seeking (at once
   * from the lobby screen, else by the banner), or announced by the banner. Whether the seek ended.
   */
  private recover(games: readonly { game: string; token: string }[]): boolean {
    const lost = games.filter((g) => this.env.seats.get(g.game) === undefined);
    if (lost.length === 0) return false;
    for (const x of lost) this.env.seats.set(x.game, x.token);
    const g = lost[0];
    if (this.wanted) {
      this.paired(g.game, g.token);
      return true;
    }
    this.found = { game: g.game, token: g.token };
    this.env.sound.play('found');
    this.env.announce(this.t.lobbyFoundTitle);
    return false;
  }

  private paired(game: string, token: string): void {
    this.env.seats.set(game, token);
    this.wanted = undefined;
    this.seekId = null;
    this.tick();
    this.env.sound.play('found');
    this.env.sound.vibrate([120, 80, 120]);
    this.env.announce(this.t.lobbyFoundTitle);
    if (this.attached) this.env.navigate(`#/online/${game}/${token}`);
    else this.found = { game, token };
    this.closeIfUnwanted();
  }

  private refused(msg: LobbyError): void {
    const seeking = this.wanted !== undefined && this.seekId === null;
    switch (msg.code) {
      case 'paused':
        this.pausedUntil = msg.until ?? this.pausedUntil;
        this.wanted = undefined;
        this.seekId = null;
        this.tick();
        break;
      case 'busy':
      case 'rate-limited':
        if (!seeking) break;
        if (++this.busyTries > MAX_BUSY) {
          this.wanted = undefined;
          this.problem = 'refused';
          this.tick();
          break;
        }
        this.problem = 'busy';
        clearTimeout(this.timers.resend);
        this.timers.resend = setTimeout(() => this.sendSeek(), busyWait(this.busyTries));
        break;
      case 'unknown-player':
        this.problem = 'unknown-player';
        this.wanted = undefined;
        this.tick();
        this.close();
        this.connection = 'idle';
        break;
      case 'no-hello':
        if (this.player) this.send({ t: 'hello', player: this.player.id, secret: this.player.secret });
        break;
      case 'unsupported':
      case 'bad-message':
      default:
        // or a code of a newer server (read.ts passes any short code through)
        if (seeking) {
          this.wanted = undefined;
          this.problem = 'refused';
          this.tick();
        }
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.close();
    for (const k of ['retry', 'resend'] as const) clearTimeout(this.timers[k]);
    this.timers.retry = undefined;
    clearInterval(this.timers.tick);
    this.timers.tick = undefined;
  }
}
