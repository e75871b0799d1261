// A game with a friend on the game server (packages/server): the new-game choices, the link to
// share, and the game itself as the server sends it. The server is the authority: a move is shown
// at once and sent; if the server refuses it, the board goes back to the server's game. The rules
// on this side only tell the board which moves to offer and replay what the server sends.
import { Game, makeNotation, makePdn, opposite, type Color, type Move } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import { boardMoves, fromPath, piecesOf, toPath } from '../lib/adapter.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { settingsBoard } from '../lib/board-settings.ts';
import { pdnTags, recordOf, type GameRecord } from '../lib/record.ts';
import type { Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type { Snapshot, ServerMessage, OnlineColorChoice, ClockChoice, Reaction } from './protocol.ts';
import { CLOCK_CHOICES, REACTIONS } from './protocol.ts';
import type { SeatBook } from './seats.ts';

/** The part of a WebSocket this controller uses (a fake one in unit tests). */
export interface SocketLike {
  readyState: number;
  send(text: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

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
  createGame(body: {
    color: OnlineColorChoice;
    clock: { minutes: number; increment: number } | null;
  }): Promise<{ ok: true; id: string; color: Color; token: string } | { ok: false; status: number }>;
  seats: SeatBook;
  saveRecord(r: GameRecord): void;
  /** the page is in view */
  visible(): boolean;
}

export type Connection = 'connecting' | 'open' | 'reconnecting' | 'unreachable';
/** What a seat's player is doing, as shown beside their name. */
export type SeatPresence = 'online' | 'away' | 'reconnecting' | 'gone' | 'empty';

export interface Draft {
  color: OnlineColorChoice;
  clock: ClockChoice;
}

const OPEN = 1;

export class OnlineCtrl {
  readonly id: string | undefined;
  draft: Draft = { color: 'white', clock: 'off' };
  creating = false;
  problem: keyof Catalog | undefined;
  connection: Connection = 'connecting';
  /** The game as the server last sent it, and when it arrived (for the clocks). */
  snap: Snapshot | undefined;
  receivedAt = 0;
  game = new Game();
  you: Color | null = null;
  token: string | undefined;
  viewPly: number | undefined;
  dialog: 'resign' | undefined;
  /** the last reaction received, shown for a few seconds */
  reaction: { color: Color; reaction: Reaction; at: number } | undefined;
  private socket: SocketLike | undefined;
  private board: Board | undefined;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;
  private saved = false;
  private joinAsked = false;
  /** a move shown before the server accepted it */
  private pending: string | undefined;

  constructor(
    private readonly env: OnlineEnv,
    route: { id?: string; token?: string },
  ) {
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
    const clock = c && c.minutes > 0 ? { minutes: c.minutes, increment: c.increment } : null;
    try {
      const r = await this.env.createGame({ color: this.draft.color, clock });
      if (this.destroyed) return;
      if (!r.ok) {
        this.problem = r.status === 429 ? 'onlineTooMany' : 'onlineCreateFailed';
      } else {
        this.env.seats.set(r.id, r.token);
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
    let socket: SocketLike;
    try {
      socket = this.env.openSocket();
    } catch {
      return this.retry();
    }
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.connection = 'open';
      this.send(
        this.token ? { t: 'hello', game: this.id, token: this.token } : { t: 'hello', game: this.id },
      );
      if (!this.env.visible()) this.send({ t: 'presence', visible: false });
      this.env.redraw();
    };
    socket.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      let msg: ServerMessage;
      try {
        msg = JSON.parse(e.data) as ServerMessage;
      } catch {
        return;
      }
      this.receive(msg);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.retry();
    };
  }

  private retry(): void {
    if (this.destroyed || this.problem === 'onlineUnknown') return;
    this.retries++;
    this.connection = this.retries > 4 ? 'unreachable' : 'reconnecting';
    const wait = Math.min(5000, 300 * 2 ** Math.min(this.retries, 5));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), wait);
    this.env.redraw();
  }

  private send(msg: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  /** The page was hidden or shown again. */
  visibility(visible: boolean): void {
    this.send({ t: 'presence', visible });
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.retryTimer);
    const s = this.socket;
    this.socket = undefined;
    s?.close();
  }

  receive(msg: ServerMessage): void {
    switch (msg.t) {
      case 'hello':
        this.you = msg.you;
        break;
      case 'seat':
        this.you = msg.color;
        this.token = msg.token;
        this.env.seats.set(this.id!, msg.token);
        this.env.replaceHash(`#/online/${this.id}/${msg.token}`);
        break;
      case 'game':
        this.apply(msg.game);
        break;
      case 'react':
        this.reaction = { color: msg.color, reaction: msg.reaction, at: this.env.now() };
        this.env.sound.play('move');
        break;
      case 'error':
        if (msg.code === 'unknown-game') {
          this.problem = 'onlineUnknown';
          this.destroy();
        } else if (msg.ref === 'move' && this.snap) {
          this.problem =
            msg.code === 'illegal-move'
              ? 'onlineIllegal'
              : msg.code === 'not-your-turn'
                ? 'onlineNotYourTurn'
                : 'onlineRefused';
          this.pending = undefined;
          this.env.sound.play('error');
          this.rebuild(this.snap.moves);
          this.sync();
        } else if (msg.code !== 'not-a-player' || msg.ref !== 'hello') this.problem = 'onlineRefused';
        break;
      case 'pong':
        break;
    }
    this.env.redraw();
  }

  /** A new snapshot from the server. */
  private apply(snap: Snapshot): void {
    const before = this.game.notation();
    this.snap = snap;
    this.receivedAt = this.env.now();
    if (this.you === null && snap.status === 'waiting' && !this.token && !this.joinAsked) {
      this.joinAsked = true;
      this.send({ t: 'join' });
    }
    const grew = snap.moves.length === before.length + 1 && before.every((m, i) => m === snap.moves[i]);
    const waitingForMine =
      this.pending !== undefined &&
      snap.moves.length === before.length - 1 &&
      snap.moves.every((m, i) => m === before[i]);
    if (sameMoves(before, snap.moves)) {
      // nothing new on the board (or our own move, now accepted)
      this.pending = undefined;
      this.sync();
    } else if (waitingForMine) {
      // a change sent before our move reached the server: our move stays on the board
    } else if (grew) {
      const prev = this.game.position;
      const r = this.game.playNotation(snap.moves[snap.moves.length - 1]);
      if (r.ok) this.moved(r.value, prev.pieceAt(r.value.from));
      else {
        this.rebuild(snap.moves);
        this.sync();
      }
    } else {
      this.pending = undefined;
      this.rebuild(snap.moves);
      this.sync();
    }
    if (snap.status === 'over') this.finished(snap);
    // both asked for a rematch: on to the new game
    if (snap.rematch) this.followRematch();
  }

  private rebuild(moves: readonly string[]): void {
    const g = new Game();
    for (const m of moves) if (!g.playNotation(m).ok) break;
    this.game = g;
  }

  /** Somebody's move arrived: slide it into place. */
  private moved(move: Move, piece: { color: Color; role: 'man' | 'king' } | undefined): void {
    this.env.sound.play(move.captures.length > 0 ? 'capture' : 'move');
    this.viewPly = undefined;
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
    if (this.you === null) return;
    const game = this.outcomeGame(snap);
    const t = this.t;
    const names = {
      white: this.you === 'white' ? t.you : t.onlineFriend,
      black: this.you === 'black' ? t.you : t.onlineFriend,
      event: t.pdnEventOnline,
    };
    const pdn = makePdn(game, pdnTags(undefined, this.env.now(), names));
    this.env.saveRecord(recordOf(`online-${snap.id}`, undefined, game, pdn, this.env.now()));
  }

  /** The rules' game with the way it ended written into it (resignation, time, agreement). */
  outcomeGame(snap: Snapshot = this.snap!): Game {
    const game = this.game.clone();
    const o = snap.outcome;
    if (o && !game.isOver()) {
      if (o.reason === 'resignation') game.resign(opposite(o.winner!));
      else if (o.reason === 'timeout' || o.reason === 'abandoned') game.timeout(opposite(o.winner!));
      else if (o.reason === 'agreement') game.agreeDraw();
    }
    return game;
  }

  // ---- what the view asks

  get status(): Snapshot['status'] | undefined {
    return this.snap?.status;
  }

  get turn(): Color {
    return this.game.position.turn;
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

  presence(color: Color): SeatPresence {
    const s = this.snap;
    if (!s || !s.seats[color]) return 'empty';
    const p = s.presence[color];
    if (p.state !== 'offline') return p.state;
    const gone = s.now - p.since + (this.env.now() - this.receivedAt);
    return gone >= s.claimAfter ? 'gone' : 'reconnecting';
  }

  canClaim(): boolean {
    return (
      this.snap?.status === 'playing' && this.you !== null && this.presence(opposite(this.you)) === 'gone'
    );
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
    const piece = before.pieceAt(r.value.from);
    this.sendMove(r.value, ply);
    if (this.board && piece) {
      const board = this.board;
      const { pieces: _pieces, ...rest } = this.boardConfig();
      void board.animateMove(toPath(r.value), `${piece.color}-${piece.role}`).then(() => {
        if (board === this.board) this.sync();
      });
      board.set(rest);
    } else this.sync();
    return true;
  }

  /** Shows the move as played and sends it; the server's next snapshot confirms or undoes it. */
  private sendMove(move: Move, ply: number): void {
    const text = makeNotation(move);
    this.pending = text;
    this.problem = undefined;
    this.env.sound.play(move.captures.length > 0 ? 'capture' : 'move');
    this.send({ t: 'move', move: text, ply });
    this.env.redraw();
  }

  offerDraw(): void {
    this.send({ t: 'draw', action: 'offer' });
  }

  answerDraw(accept: boolean): void {
    this.send({ t: 'draw', action: accept ? 'accept' : 'decline' });
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

  claim(): void {
    this.send({ t: 'claim' });
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

  /** Follows the rematch once both asked for it (each player keeps their token). */
  followRematch(): void {
    const next = this.snap?.rematch;
    if (!next) return;
    if (this.token && this.you) this.env.seats.set(next, this.token);
    this.env.navigate(this.token && this.you ? `#/online/${next}/${this.token}` : `#/online/${next}`);
  }
}

const sameMoves = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((m, i) => m === b[i]);
