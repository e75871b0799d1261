// A game with a friend on the game server (packages/server): the new-game choices, the link to
// share, and the game itself as the server sends it. The server is the authority: a move is shown
// at once and sent with an id of its own; it stays pending until the server's game has it (or an
// `ack` says so), and a move the server refused, or one the game went on without, gives way to
// the server's game. A lost connection never strands a move: on the way back the client says which
// version it has, and the snapshot that answers tells whether the move arrived, is still to be sent
// (the same id, so it is never played twice), or no longer fits. The rules on this side only tell
// the board which moves to offer and replay what the server sends.
import { Game, makeNotation, opposite, type Color, type Move } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import { boardMoves, fromPath, piecesOf, toPath } from '../lib/adapter.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { settingsBoard } from '../lib/board-settings.ts';
import { onlinePdn, replayMoves, withOutcome } from '../lib/online-record.ts';
import { pdnTags, recordOf, type GameRecord } from '../lib/record.ts';
import type { Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type {
  ClientMessage,
  ClockChoice,
  NewGame,
  OnlineColorChoice,
  Reaction,
  SeatPlayer,
  ServerMessage,
  Snapshot,
} from './protocol.ts';
import { applyMove, CLOCK_CHOICES, MAX_DRAW_OFFERS, REACTIONS } from './protocol.ts';
import type { CorrespondenceBook } from '../lib/online/corr.ts';
import { readServerMessage } from '../lib/online/read.ts';
import type { SeatBook } from '../lib/online/seats.ts';
import { Link } from '../lib/online/link.ts';
import type { SocketLike } from '../lib/online/socket.ts';

export type { SocketLike };

export interface OnlineEnv {
  trans(): Catalog;
  settings(): Settings;
  sound: { play(name: SoundName): void };
  now(): number;
  redraw(): void;
  /** go to another screen (a new game's page) */
  navigate(hash: string): void;
  /** change the address without a new screen (the seat token joins the link) */
  replaceHash(hash: string): void;
  /** the page's address without its hash, for the share link: 'https://dama.example/' */
  origin(): string;
  openSocket(): SocketLike;
  createGame(
    body: NewGame,
  ): Promise<{ ok: true; id: string; color: Color; token: string } | { ok: false; status: number }>;
  seats: SeatBook;
  /** the correspondence games this device plays (the home screen's "Your turn" list reads them) */
  correspondence: CorrespondenceBook;
  saveRecord(r: GameRecord): void;
  /** the page is in view */
  visible(): boolean;
  /** a new move id (`MOVE_ID`): unique among the moves of a game */
  moveId(): string;
  /** never be paired with this player again (the device's identity's block list); false when it failed */
  block(player: string): Promise<boolean>;
}

export type Connection = 'connecting' | 'open' | 'reconnecting' | 'unreachable';
/**
 * What a seat's player is doing, as shown beside their name. In a correspondence game a player
 * without a connection is simply `offline` (they come back to move), never `gone`.
 */
export type SeatPresence = 'online' | 'away' | 'reconnecting' | 'gone' | 'offline' | 'empty';

export interface Draft {
  color: OnlineColorChoice;
  clock: ClockChoice;
}

/** A move shown on the board and sent, that the server has not confirmed yet. */
export interface PendingMove {
  /** the id it is sent with, every time */
  id: string;
  /** full notation, as the server stores it: 'f3xf5xd5' */
  text: string;
  /** the number of moves before it */
  ply: number;
}

/** Something that happened, told for a few seconds in the status line. */
export type NoticeKind =
  | 'move-lost'
  | 'time-given'
  | 'time-received'
  | 'draw-declined'
  | 'takeback-declined'
  | 'taken-back-mine'
  | 'taken-back-theirs'
  | 'taken-back';

/** How long a move may go unanswered on an open socket before it is sent again (with its id). */
export const ACK_WAIT = 5000;
/** The wait before re-sending a move the server was too busy for: 1 s, 2 s, 4 s, then 5 s. */
export const busyWait = (tries: number): number => Math.min(5000, 1000 * 2 ** Math.max(0, tries - 1));
/** How long a notice stays in the status line. */
export const NOTICE_MS = 6000;
/** How long the new game of a rematch waits for its seat message before it is opened without one. */
export const SEAT_WAIT = 5000;
/** A clock grown by at least this much without a move was given more time ('moretime': 15 s, or a day). */
const GIVEN_AT_LEAST = 10_000;

let opened = 0;

const replay = replayMoves;

export class OnlineCtrl {
  readonly id: string | undefined;
  /** this controller among those the page has made (the board is mounted once per controller) */
  readonly instance = ++opened;
  draft: Draft = { color: 'white', clock: 'off' };
  creating = false;
  problem: keyof Catalog | undefined;
  notice: { kind: NoticeKind; at: number } | undefined;
  connection: Connection = 'connecting';
  /** The game as the server last sent it, and when it arrived (for the clocks). */
  snap: Snapshot | undefined;
  receivedAt = 0;
  /** the game on the board: the server's, plus the pending move */
  game = new Game();
  you: Color | null = null;
  token: string | undefined;
  viewPly: number | undefined;
  dialog: 'resign' | 'draw' | 'cancel' | 'block' | undefined;
  /** blocking the opponent of a paired game: on its way, done, or failed */
  blocking: 'sending' | 'done' | 'failed' | undefined;
  /** the last reaction received, shown for a few seconds */
  reaction: { color: Color; reaction: Reaction; at: number } | undefined;
  /** the last measured round trip to the server (a ping to its pong, or a move sent once to its ack), ms */
  rtt: number | undefined;
  /** the rematch being opened, waiting for its seat */
  awaitingSeat: string | undefined;
  private pending: PendingMove | undefined;
  /** the socket (its `link.generation`) the pending move was last sent on: a new one sends it again if still needed */
  private sentOn: number | undefined;
  /** when the pending move went, if it went once only: its ack then measures a round trip */
  private sentAt: number | undefined;
  private busyTries = 0;
  private readonly link: Link<ClientMessage>;
  private board: Board | undefined;
  private retries = 0;
  private destroyed = false;
  private saved = false;
  private joinAsked = false;
  /** the server said its game is older than ours (its data was restored): take its next snapshot */
  private rewound = false;
  private readonly timers = {
    retry: undefined as ReturnType<typeof setTimeout> | undefined,
    ack: undefined as ReturnType<typeof setTimeout> | undefined,
    busy: undefined as ReturnType<typeof setTimeout> | undefined,
    seat: undefined as ReturnType<typeof setTimeout> | undefined,
  };

  constructor(
    private readonly env: OnlineEnv,
    route: { id?: string; token?: string },
  ) {
    this.link = new Link<ClientMessage>({
      openSocket: () => env.openSocket(),
      now: () => env.now(),
      ping: (n) => ({ t: 'ping', n, ...this.lag() }),
      onOpen: () => this.opened(),
      onMessage: (data) => {
        const msg = readServerMessage(data);
        if (msg) this.receive(msg);
      },
      onDead: () => this.drop(),
    });
    this.id = route.id;
    if (!route.id) return;
    this.token = route.token ?? env.seats.get(route.id);
    if (route.token) env.seats.set(route.id, route.token);
    this.connect();
  }

  get t(): Catalog {
    return this.env.trans();
  }

  // ---- creating a game

  setDraft(d: Partial<Draft>): void {
    this.draft = { ...this.draft, ...d };
    this.env.redraw();
  }

  async create(): Promise<void> {
    if (this.creating) return;
    this.creating = true;
    this.problem = undefined;
    this.env.redraw();
    const c = CLOCK_CHOICES.find((x) => x.value === this.draft.clock);
    const color = this.draft.color;
    const body: NewGame =
      c && c.days > 0
        ? { color, clock: null, days: c.days }
        : { color, clock: c && c.minutes > 0 ? { minutes: c.minutes, increment: c.increment } : null };
    try {
      const r = await this.env.createGame(body);
      if (this.destroyed) return;
      if (!r.ok) {
        this.problem = r.status === 429 ? 'onlineTooMany' : 'onlineCreateFailed';
      } else {
        this.env.seats.set(r.id, r.token);
        if (body.days) this.env.correspondence.keep(r.id, r.color);
        this.env.navigate(`#/online/${r.id}/${r.token}`);
      }
    } catch {
      this.problem = 'onlineCreateFailed';
    }
    this.creating = false;
    this.env.redraw();
  }

  /** The link to send: the game without a seat token (the friend's seat is given when they open it). */
  shareLink(): string {
    return `${this.env.origin()}#/online/${this.id}`;
  }

  // ---- the connection

  private connect(): void {
    if (this.destroyed) return;
    if (!this.link.connect()) this.retry();
  }

  private opened(): void {
    this.retries = 0;
    this.connection = 'open';
    // the version we have: the server sends the game only if it is newer
    this.send({
      t: 'hello',
      game: this.id!,
      ...(this.token ? { token: this.token } : {}),
      ...(this.snap ? { v: this.snap.v } : {}),
      delta: true,
    });
    if (!this.env.visible()) this.send({ t: 'presence', visible: false });
    this.env.redraw();
  }

  /** The socket closed or went silent: whatever was sent on it is in doubt; connect again. */
  private drop(): void {
    for (const k of ['ack', 'busy'] as const) clearTimeout(this.timers[k]);
    this.retry();
  }

  private retry(): void {
    if (this.destroyed || this.problem === 'onlineUnknown') return;
    this.retries++;
    this.connection = this.retries > 4 ? 'unreachable' : 'reconnecting';
    const wait = Math.min(5000, 300 * 2 ** Math.min(this.retries, 5));
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => this.connect(), wait);
    this.env.redraw();
  }

  /** The device lost its network: the socket is as good as closed (it may take long to notice). */
  networkLost(): void {
    if (!this.destroyed) this.link.dead();
  }

  /** The device's network is back: connect at once rather than at the end of the wait, or check the socket. */
  networkBack(): void {
    if (this.destroyed || !this.id || this.problem === 'onlineUnknown') return;
    if (!this.link.exists) {
      clearTimeout(this.timers.retry);
      this.retries = 0;
      this.connect();
    } else this.link.probe();
  }

  private send(msg: ClientMessage): void {
    this.link.send(msg);
  }

  /** The page was hidden or shown again (a phone waking up: its socket may have died meanwhile). */
  visibility(visible: boolean): void {
    this.send({ t: 'presence', visible });
    if (visible) this.networkBack();
  }

  destroy(): void {
    this.destroyed = true;
    for (const k of ['retry', 'ack', 'busy', 'seat'] as const) clearTimeout(this.timers[k]);
    this.link.close();
  }

  receive(msg: ServerMessage): void {
    switch (msg.t) {
      case 'hello':
        this.you = msg.you;
        if (this.snap && msg.v === this.snap.v) {
          // nothing changed while we were away: a pending move never arrived, and goes again
          this.apply(this.snap);
        } else if (this.snap && msg.v < this.snap.v) {
          this.rewound = true;
          this.send({ t: 'sync', v: 0 });
        }
        this.sync();
        break;
      case 'seat':
        this.seat(msg.game, msg.color, msg.token);
        break;
      case 'game':
        this.apply(msg.game);
        break;
      case 'move': {
        // one move on the version we have; a version missed on the way, or a move that does not
        // play: ask for the game
        const next = this.snap && applyMove(this.snap, msg);
        if (this.snap && next === this.snap) break;
        if (next) this.apply(next);
        if (msg.game === this.id && this.snap !== next) this.send({ t: 'sync', v: this.snap?.v ?? 0 });
        break;
      }
      case 'ack':
        if (this.pending?.id === msg.id) {
          if (this.sentAt !== undefined) this.measured(this.env.now() - this.sentAt);
          this.settled();
          // the snapshot with the move usually comes first; if it was lost, ask for it
          if (this.snap && this.snap.v < msg.v) this.send({ t: 'sync', v: this.snap.v });
        }
        break;
      case 'react':
        this.reaction = { color: msg.color, reaction: msg.reaction, at: this.env.now() };
        this.env.sound.play('move');
        break;
      case 'error':
        this.refused(msg);
        break;
      case 'pong':
        {
          const rtt = this.link.roundTrip(msg.n);
          if (rtt !== undefined) this.measured(rtt);
        }
        break;
    }
    this.env.redraw();
  }

  private seat(game: string, color: Color, token: string): void {
    this.env.seats.set(game, token);
    if (game === this.id) {
      // the friend's seat, taken by opening the link: the token joins this player's address
      this.you = color;
      this.token = token;
      this.env.replaceHash(`#/online/${this.id}/${token}`);
      this.sync();
    } else if (game === this.awaitingSeat) {
      this.openRematch(game, token);
    }
  }

  private refused(msg: Extract<ServerMessage, { t: 'error' }>): void {
    const p = this.pending;
    if (msg.code === 'unknown-game') {
      this.problem = 'onlineUnknown';
      this.destroy();
    } else if (msg.ref === 'move' && p && (msg.id === undefined || msg.id === p.id)) {
      if (msg.code === 'busy' || msg.code === 'rate-limited') {
        // not applied: the same move again in a moment
        clearTimeout(this.timers.ack);
        clearTimeout(this.timers.busy);
        this.busyTries++;
        this.timers.busy = setTimeout(() => this.sendPending(), busyWait(this.busyTries));
        return;
      }
      this.settled();
      this.problem =
        msg.code === 'illegal-move'
          ? 'onlineIllegal'
          : msg.code === 'not-your-turn'
            ? 'onlineNotYourTurn'
            : msg.code === 'stale' || msg.code === 'game-over'
              ? 'onlineMoveLost'
              : 'onlineRefused';
      this.env.sound.play('error');
      // back to the server's game, and ask for anything newer
      const back = this.snap ? replay(this.snap.moves) : undefined;
      if (this.snap && back) {
        this.game = back;
        this.clampView();
        this.sync();
        this.send({ t: 'sync', v: this.snap.v });
      }
    } else if (msg.ref === 'move') {
      // about a move no longer pending (answered already): the pending one, if any, is still waited for
    } else if (msg.code === 'too-many-offers') this.problem = 'onlineNoDrawOffers';
    else if (msg.code === 'nothing-to-take-back') this.problem = 'onlineNothingToTakeBack';
    else if (msg.code === 'busy' || msg.code === 'rate-limited') this.problem = 'onlineBusy';
    else if (msg.code === 'no-offer') {
      // the offer was withdrawn or answered meanwhile: the snapshot shows how things stand
    } else if (msg.code !== 'not-a-player' || msg.ref !== 'hello') this.problem = 'onlineRefused';
  }

  private measured(rtt: number): void {
    this.rtt = Math.min(60_000, Math.max(0, Math.round(rtt)));
  }

  /** The last round trip, for the server's lag compensation (in pings and moves). */
  private lag(): { rtt?: number } {
    return this.rtt !== undefined ? { rtt: this.rtt } : {};
  }

  /** The pending move is settled (confirmed, refused or gone): stop waiting for it. */
  private settled(): void {
    this.pending = undefined;
    this.sentOn = undefined;
    this.sentAt = undefined;
    this.busyTries = 0;
    clearTimeout(this.timers.ack);
    clearTimeout(this.timers.busy);
  }

  /**
   * Sends the pending move (again: the same id), and again after ACK_WAIT if nothing answers; the
   * link is then probed too, so that a socket that died with the move in it is found at once.
   */
  private sendPending(): void {
    const p = this.pending;
    clearTimeout(this.timers.ack);
    clearTimeout(this.timers.busy);
    if (!p || !this.link.open) return;
    this.send({ t: 'move', move: p.text, ply: p.ply, id: p.id, ...this.lag() });
    // a move sent again may be answered for either sending: its ack measures nothing
    this.sentAt = this.sentOn === undefined ? this.env.now() : undefined;
    this.sentOn = this.link.generation;
    this.timers.ack = setTimeout(() => {
      this.link.probe();
      this.sendPending();
    }, ACK_WAIT);
  }

  /** A snapshot from the server: the whole game as it stands. */
  private apply(snap: Snapshot): void {
    if (snap.id !== this.id) return;
    const prev = this.snap;
    // an older snapshot arriving late says nothing new
    if (prev && snap.v < prev.v && !this.rewound) return;
    const server = replay(snap.moves);
    if (!server) return; // not a legal game: keep ours (the next snapshot heals it)
    this.rewound = false;
    this.snap = snap;
    this.receivedAt = this.env.now();
    this.keepCorrespondence(snap);
    if (this.you === null && snap.status === 'waiting' && !this.token && !this.joinAsked) {
      this.joinAsked = true;
      this.send({ t: 'join' });
    }

    // the pending move: in the server's game, still to be played there, or overtaken
    let target = server;
    let lost = false;
    const p = this.pending;
    if (p) {
      const ours = this.game.notation().slice(0, p.ply);
      const samePast = sameMoves(snap.moves.slice(0, p.ply), ours);
      const still = samePast && snap.moves.length === p.ply && snap.status === 'playing';
      const again = still && server.position.turn === this.you ? server.clone() : undefined;
      if (samePast && snap.moves[p.ply] === p.text) this.settled();
      else if (again?.playNotation(p.text).ok) {
        target = again;
        if (this.sentOn !== this.link.generation) this.sendPending();
      } else {
        this.settled();
        lost = true;
      }
    }

    const before = this.game.notation();
    const after = target.notation();
    if (!sameMoves(before, after)) {
      this.problem = undefined;
      const grew = after.length === before.length + 1 && sameMoves(before, after.slice(0, -1));
      const from = this.game.position;
      this.game = target;
      this.clampView();
      if (grew) this.moved(target.moves[target.plies - 1], from);
      else this.sync();
    } else this.sync();

    if (lost) {
      this.say('move-lost');
      this.env.sound.play('error');
    } else if (prev && snap.status === 'playing') this.noticeChanges(prev, snap);

    if (snap.status !== 'playing' && this.dialog !== 'cancel' && this.dialog !== 'block')
      this.dialog = undefined;
    if (snap.status !== 'waiting' && this.dialog === 'cancel') this.dialog = undefined;
    if (snap.status === 'over') this.finished(snap);
    else if (snap.status === 'aborted' && prev && prev.status !== 'aborted') this.env.sound.play('end');
    // both asked for a rematch while we watched: on to the new game
    if (snap.rematch && prev && !prev.rematch) this.followRematch();
  }

  /** A correspondence game this device plays is kept for the "Your turn" list until it is over. */
  private keepCorrespondence(snap: Snapshot): void {
    if (snap.days === null || this.you === null || !this.id) return;
    if (snap.status === 'playing' || snap.status === 'waiting')
      this.env.correspondence.keep(this.id, this.you);
    else this.env.correspondence.forget(this.id);
  }

  /** What the offerer is told when the friend said no, a takeback done, and more time given. */
  private noticeChanges(prev: Snapshot, snap: Snapshot): void {
    const same = snap.moves.length === prev.moves.length;
    const grew = (c: Color): boolean => {
      if (!prev.clocks || !snap.clocks) return false;
      // what the clock would show now had nothing been given (the running one went down meanwhile)
      const expected = prev.clocks[c] - (prev.clocks.running === c ? snap.now - prev.now : 0);
      return snap.clocks[c] - expected >= GIVEN_AT_LEAST;
    };
    if (same && this.you !== null && grew(this.you)) this.say('time-received');
    else if (same && this.you !== null && grew(opposite(this.you))) this.say('time-given');
    else if (snap.moves.length < prev.moves.length) {
      const mine = this.you !== null && prev.takebackOffer === this.you;
      this.say(this.you === null ? 'taken-back' : mine ? 'taken-back-mine' : 'taken-back-theirs');
    } else if (same && this.you !== null && prev.drawOffer === this.you && snap.drawOffer === null)
      this.say('draw-declined');
    else if (same && this.you !== null && prev.takebackOffer === this.you && snap.takebackOffer === null)
      this.say('takeback-declined');
  }

  private say(kind: NoticeKind): void {
    this.notice = { kind, at: this.env.now() };
  }

  /** The notice still to be shown, if any. */
  shownNotice(): NoticeKind | undefined {
    const n = this.notice;
    return n && this.env.now() - n.at < NOTICE_MS ? n.kind : undefined;
  }

  private clampView(): void {
    if (this.viewPly !== undefined && this.viewPly >= this.game.plies) this.viewPly = undefined;
  }

  /** Somebody's move arrived: slide it into place. */
  private moved(move: Move, from: Game['position']): void {
    this.env.sound.play(move.captures.length > 0 ? 'capture' : 'move');
    this.viewPly = undefined;
    this.slide(move, from.pieceAt(move.from));
  }

  private slide(move: Move, piece: { color: Color; role: 'man' | 'king' } | undefined): void {
    const board = this.board;
    if (board && piece) {
      const { pieces: _pieces, ...rest } = this.boardConfig();
      void board.animateMove(toPath(move), `${piece.color}-${piece.role}`).then(() => {
        if (board === this.board) this.sync();
      });
      board.set(rest);
    } else this.sync();
  }

  private finished(snap: Snapshot): void {
    if (this.saved) return;
    this.saved = true;
    this.env.sound.play('end');
    if (this.you === null || !snap.outcome) return;
    const game = this.outcomeGame(snap);
    const t = this.t;
    const p = snap.players;
    const names = {
      white: p ? p.white.name : this.you === 'white' ? t.you : t.onlineFriend,
      black: p ? p.black.name : this.you === 'black' ? t.you : t.onlineFriend,
      event: t.pdnEventOnline,
    };
    const pdn = onlinePdn(game, snap.outcome, pdnTags(undefined, this.env.now(), names));
    const rec = recordOf(`online-${snap.id}`, undefined, game, pdn, this.env.now());
    // the reason as the server gave it (the rules' game knows a win by abandonment as a timeout)
    const opponent = p?.[opposite(this.you)].name;
    this.env.saveRecord({
      ...rec,
      reason: snap.outcome.reason,
      online: { color: this.you, ...(opponent ? { opponent } : {}) },
    });
  }

  /** The rules' game with the way it ended written into it (resignation, time, agreement). */
  outcomeGame(snap: Snapshot = this.snap!): Game {
    return withOutcome(this.game, snap.outcome);
  }

  /** The finished game as PDN (for the export). */
  pdn(): string {
    const snap = this.snap;
    return onlinePdn(this.outcomeGame(), snap?.outcome ?? null, { Event: this.t.pdnEventOnline });
  }

  // ---- what the view asks

  get status(): Snapshot['status'] | undefined {
    return this.snap?.status;
  }

  get turn(): Color {
    return this.game.position.turn;
  }

  /** The move sent and not yet confirmed (tests and the view). */
  get pendingMove(): PendingMove | undefined {
    return this.pending;
  }

  canPlay(): boolean {
    return (
      this.snap?.status === 'playing' &&
      this.you !== null &&
      this.you === this.turn &&
      this.viewPly === undefined &&
      this.pending === undefined &&
      this.connection === 'open'
    );
  }

  /** Milliseconds left on `color`'s clock now, counted down from the server's last word. */
  clockLeft(color: Color): number | undefined {
    const c = this.snap?.clocks;
    if (!c) return undefined;
    const running = this.snap?.status === 'playing' && c.running === color;
    return Math.max(0, c[color] - (running ? this.env.now() - this.receivedAt : 0));
  }

  /** Milliseconds left to make the first move before the game is aborted (while it counts). */
  abortLeft(): number | undefined {
    const s = this.snap;
    if (!s || s.status !== 'playing' || s.abortAt === null) return undefined;
    return Math.max(0, s.abortAt - s.now - (this.env.now() - this.receivedAt));
  }

  presence(color: Color): SeatPresence {
    const s = this.snap;
    if (!s || !s.seats[color]) return 'empty';
    const p = s.presence[color];
    if (p.state !== 'offline') return p.state;
    if (s.days !== null) return 'offline';
    const gone = s.now - p.since + (this.env.now() - this.receivedAt);
    return gone >= s.claimAfter ? 'gone' : 'reconnecting';
  }

  /** A correspondence game is won on time, never by absence: no claim there (the server refuses it). */
  canClaim(): boolean {
    return (
      this.snap?.status === 'playing' &&
      this.snap.days === null &&
      this.you !== null &&
      this.presence(opposite(this.you)) === 'gone'
    );
  }

  /** A correspondence game (days a move). */
  get correspondence(): boolean {
    return (this.snap?.days ?? null) !== null;
  }

  /** More time may be given to the opponent: a day in a correspondence game, 15 s in a live one. */
  canGiveTime(): boolean {
    const s = this.snap;
    return s?.status === 'playing' && s.clocks !== null && this.you !== null && this.connection === 'open';
  }

  /** Draw offers this player may still make in this game. */
  drawOffersLeft(): number {
    const s = this.snap;
    return s && this.you ? Math.max(0, MAX_DRAW_OFFERS - s.drawOffers[this.you]) : 0;
  }

  canOfferDraw(): boolean {
    const s = this.snap;
    return (
      s?.status === 'playing' &&
      this.you !== null &&
      this.connection === 'open' &&
      s.drawOffer !== this.you &&
      this.drawOffersLeft() > 0
    );
  }

  /** A takeback may be asked by a player with a move of their own in the game, one at a time. */
  canAskTakeback(): boolean {
    const s = this.snap;
    if (s?.status !== 'playing' || this.you === null || this.connection !== 'open') return false;
    if (s.takebackOffer !== null || this.pending) return false;
    // White's first move is the first of the game, Black's the second
    return s.moves.length > (this.you === 'white' ? 0 : 1);
  }

  canCancel(): boolean {
    return this.snap?.status === 'waiting' && this.you !== null && this.connection === 'open';
  }

  orientation(): Color {
    return this.you ?? 'white';
  }

  boardConfig(): BoardConfig {
    const ply = this.viewPly ?? this.game.plies;
    const pos = this.game.positionAt(ply);
    const last = ply > 0 ? this.game.moves[ply - 1] : undefined;
    const moves: MovePath[] = this.canPlay() ? boardMoves(pos) : [];
    return {
      orientation: this.orientation(),
      pieces: piecesOf(pos),
      movable: { color: this.canPlay() ? this.turn : 'none', moves },
      lastMove: last ? toPath(last) : null,
      arrows: [],
      ...settingsBoard(this.env.settings(), this.env.trans()),
    };
  }

  setBoard(board: Board | undefined): void {
    this.board = board;
    board?.set({ ...this.boardConfig(), onMove: (m) => this.userMove(m) });
  }

  sync(): void {
    this.board?.set(this.boardConfig());
  }

  /** The two players of a game made by pairing (null for a game by link). */
  get players(): Snapshot['players'] {
    return this.snap?.players ?? null;
  }

  /** The other player of a paired game, to this player. */
  opponent(): SeatPlayer | undefined {
    const p = this.players;
    return p && this.you ? p[opposite(this.you)] : undefined;
  }

  /** A paired game that is over (or aborted): its opponent may be blocked. */
  canBlock(): boolean {
    const s = this.snap;
    return (s?.status === 'over' || s?.status === 'aborted') && this.opponent() !== undefined;
  }

  // ---- what the player does

  userMove(path: MovePath): void {
    if (!this.canPlay()) return this.sync();
    const ply = this.game.plies;
    const r = this.game.play(fromPath(path));
    if (!r.ok) {
      this.env.sound.play('error');
      return this.sync();
    }
    this.sendMove(r.value, ply);
    this.sync();
  }

  /** A move typed as text ('c3-c4', 'f3xf5xd5' or the short 'f3xd5'); false if it is not legal here. */
  typeMove(text: string): boolean {
    if (!this.canPlay()) return false;
    const ply = this.game.plies;
    const before = this.game.position;
    const r = this.game.playNotation(text);
    if (!r.ok) {
      this.problem = 'onlineIllegal';
      this.env.sound.play('error');
      this.env.redraw();
      return false;
    }
    this.sendMove(r.value, ply);
    this.slide(r.value, before.pieceAt(r.value.from));
    return true;
  }

  /** Shows the move as played and sends it; it stays pending until the server has it. */
  private sendMove(move: Move, ply: number): void {
    this.pending = { id: this.env.moveId(), text: makeNotation(move), ply };
    this.busyTries = 0;
    this.problem = undefined;
    this.notice = undefined;
    this.env.sound.play(move.captures.length > 0 ? 'capture' : 'move');
    this.sendPending();
    this.env.redraw();
  }

  askDraw(): void {
    if (!this.canOfferDraw()) return;
    this.dialog = 'draw';
    this.env.redraw();
  }

  confirmDraw(): void {
    this.dialog = undefined;
    if (this.canOfferDraw()) this.send({ t: 'draw', action: 'offer' });
    this.env.redraw();
  }

  answerDraw(accept: boolean): void {
    this.send({ t: 'draw', action: accept ? 'accept' : 'decline' });
  }

  askTakeback(): void {
    if (this.canAskTakeback()) this.send({ t: 'takeback', action: 'offer' });
  }

  answerTakeback(accept: boolean): void {
    this.send({ t: 'takeback', action: accept ? 'accept' : 'decline' });
  }

  askResign(): void {
    this.dialog = 'resign';
    this.env.redraw();
  }

  closeDialog(): void {
    this.dialog = undefined;
    this.env.redraw();
  }

  confirmResign(): void {
    this.dialog = undefined;
    this.send({ t: 'resign' });
    this.env.redraw();
  }

  askCancel(): void {
    if (!this.canCancel()) return;
    this.dialog = 'cancel';
    this.env.redraw();
  }

  confirmCancel(): void {
    this.dialog = undefined;
    if (this.canCancel()) this.send({ t: 'cancel' });
    this.env.redraw();
  }

  askBlock(): void {
    if (!this.canBlock() || this.blocking === 'sending' || this.blocking === 'done') return;
    this.dialog = 'block';
    this.env.redraw();
  }

  /** Blocks the opponent (asked first): they are never paired with this player again. */
  async confirmBlock(): Promise<void> {
    const o = this.opponent();
    this.dialog = undefined;
    if (!o || !this.canBlock() || this.blocking === 'sending') return this.env.redraw();
    this.blocking = 'sending';
    this.env.redraw();
    let ok = false;
    try {
      ok = await this.env.block(o.id);
    } catch {
      ok = false;
    }
    if (this.destroyed) return;
    this.blocking = ok ? 'done' : 'failed';
    this.env.redraw();
  }

  claim(): void {
    this.send({ t: 'claim' });
  }

  /** "Give a day" (correspondence) or "+15 s" (live): the opponent's clock grows (the snapshot shows it). */
  giveTime(): void {
    if (this.canGiveTime()) this.send({ t: 'moretime' });
  }

  rematch(accept = true): void {
    this.send({ t: 'rematch', action: accept ? 'offer' : 'decline' });
  }

  react(reaction: Reaction): void {
    if (REACTIONS.includes(reaction)) this.send({ t: 'react', reaction });
  }

  jump(ply: number): void {
    const p = Math.max(0, Math.min(ply, this.game.plies));
    this.viewPly = p === this.game.plies ? undefined : p;
    this.sync();
    this.env.redraw();
  }

  /**
   * Opens the rematch: a player with the new game's seat (the server sends it in a `seat` message,
   * a new token for the new game), waiting a little for it; a spectator follows without one.
   */
  followRematch(): void {
    const next = this.snap?.rematch;
    if (!next || this.destroyed) return;
    const token = this.env.seats.get(next);
    if (this.you === null || token) return this.openRematch(next, token);
    this.awaitingSeat = next;
    clearTimeout(this.timers.seat);
    this.timers.seat = setTimeout(() => this.openRematch(next, this.env.seats.get(next)), SEAT_WAIT);
    this.env.redraw();
  }

  private openRematch(game: string, token: string | undefined): void {
    clearTimeout(this.timers.seat);
    this.awaitingSeat = undefined;
    if (this.destroyed) return;
    this.env.navigate(token ? `#/online/${game}/${token}` : `#/online/${game}`);
  }
}

const sameMoves = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((m, i) => m === b[i]);
