/**
 * A scripted player that survives faults, as a good client must: it reconnects (to the next
 * instance in its list) when its socket closes, says the version it has, re-sends a move that was
 * not acknowledged with the same id, and retries on `busy`. It takes `move` messages, and asks for
 * the game (`sync`) when one does not follow from what it has. It keeps what the chaos tests check:
 * every acknowledged move, every refusal, how long it had each position before moving, and the
 * clocks the server showed.
 */
import WebSocket from 'ws';
import type { Color } from '@dama/core';
import { applyMove, type ServerMessage, type Snapshot } from '../src/wire.ts';
import { pickMove } from './play.ts';

export interface Acked {
  id: string;
  ply: number;
  move: string;
}

export interface Charge {
  ply: number;
  /** Milliseconds from first seeing the position to first sending the move. */
  think: number;
  /** Milliseconds the server took off the clock for it (before the increment). */
  charged: number;
}

let counter = 0;

export class Player {
  readonly acked: Acked[] = [];
  readonly refused: { code: string; ref?: string }[] = [];
  /** Each timed move: what the player spent on it and what the server charged. */
  readonly charges: Charge[] = [];
  snap: Snapshot | undefined;
  color: Color | null = null;
  connects = 0;
  /** Moves that came as `move` messages, and those that did not follow from the version it had. */
  moveMessages = 0;
  gaps = 0;
  private ws: WebSocket | undefined;
  private base = 0;
  private stopped = false;
  private paused = false;
  private pending: { id: string; ply: number; move: string; sentAt: number } | undefined;
  private seenAt = new Map<number, number>();
  private sentAt = new Map<number, number>();
  /** Our clock after our last move (static while the opponent thinks). */
  private lastClock: { ply: number; left: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private moveTimer: NodeJS.Timeout | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private waiters: { pred: (p: Player) => boolean; resolve: () => void }[] = [];

  constructor(
    private bases: string[],
    readonly game: string,
    readonly token: string,
    private rand: () => number,
    private think = 150,
  ) {}

  /** Connects and plays on its own from now on. */
  start(): void {
    this.connect();
  }

  /** Stops moving (the socket stays open and keeps pinging), or moves again. */
  hold(on: boolean): void {
    this.paused = on;
    if (!on) this.maybeMove();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.retry);
    clearTimeout(this.moveTimer);
    clearInterval(this.pinger);
    this.ws?.close();
  }

  /** Sends this move now, whoever's turn the server thinks it is (for the dropped-connection test). */
  get socket(): WebSocket | undefined {
    return this.ws;
  }

  /** Resolves when `pred` holds (checked after every message). */
  until(pred: (p: Player) => boolean, ms: number, what = 'a condition'): Promise<void> {
    if (pred(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`player ${this.color} of ${this.game}: no ${what} within ${ms} ms`)),
        ms,
      );
      this.waiters.push({
        pred,
        resolve: () => {
          clearTimeout(t);
          resolve();
        },
      });
    });
  }

  private check(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(this)) return true;
      w.resolve();
      return false;
    });
  }

  private connect(): void {
    if (this.stopped) return;
    const base = this.bases[this.base % this.bases.length];
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`);
    this.ws = ws;
    ws.on('open', () => {
      this.connects++;
      this.hello();
      clearInterval(this.pinger);
      let n = 0;
      this.pinger = setInterval(() => this.send({ t: 'ping', n: ++n }), 2000);
    });
    ws.on('message', (data) => this.receive(JSON.parse(data.toString()) as ServerMessage));
    ws.on('close', () => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.stopped) return;
      this.ws = undefined;
      // Another instance, after a short wait: as a client behind a load balancer would.
      this.base++;
      this.timer = setTimeout(() => this.connect(), 300);
    });
    ws.on('error', () => undefined);
  }

  private hello(): void {
    this.send({ t: 'hello', game: this.game, token: this.token, v: this.snap?.v ?? 0, delta: true });
  }

  private send(msg: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private receive(msg: ServerMessage): void {
    switch (msg.t) {
      case 'hello':
        this.color = msg.you;
        break;
      case 'game':
        if (!this.snap || msg.game.v >= this.snap.v) this.apply(msg.game);
        break;
      case 'move': {
        this.moveMessages++;
        const next = this.snap && applyMove(this.snap, msg);
        if (!next) {
          this.gaps++;
          this.send({ t: 'sync', v: this.snap?.v ?? 0 });
        } else if (next !== this.snap) this.apply(next);
        break;
      }
      case 'ack': {
        const p = this.pending;
        if (p && p.id === msg.id) {
          this.acked.push({ id: p.id, ply: p.ply, move: p.move });
          this.pending = undefined;
        }
        break;
      }
      case 'error':
        this.refused.push({ code: msg.code, ...(msg.ref ? { ref: msg.ref } : {}) });
        if (msg.code === 'busy' && msg.ref === 'hello') {
          // The database is away: say hello again shortly.
          clearTimeout(this.retry);
          this.retry = setTimeout(() => this.hello(), 500);
        } else if (msg.code === 'busy' && this.pending && msg.id === this.pending.id) {
          clearTimeout(this.retry);
          this.retry = setTimeout(() => this.resend(), 500);
        } else if (msg.id && this.pending?.id === msg.id) this.pending = undefined;
        break;
      case 'pong':
      case 'seat':
      case 'react':
        // its pings only keep the socket alive; it has its seat's token (it never joins) and no use
        // for the other side's reactions
        break;
    }
    this.maybeMove();
    this.check();
  }

  private apply(snap: Snapshot): void {
    this.snap = snap;
    const plies = snap.moves.length;
    const p = this.pending;
    if (p && plies > p.ply) {
      // Applied (its ack may have been lost with a connection): it is in the moves, or it is not and never will be.
      if (snap.moves[p.ply] === p.move) this.acked.push({ id: p.id, ply: p.ply, move: p.move });
      this.pending = undefined;
    } else if (p && plies === p.ply && snap.status === 'playing') this.resend();
    else if (p && snap.status !== 'playing') this.pending = undefined;
    if (snap.status === 'playing' && this.myTurn() && !this.seenAt.has(plies))
      this.seenAt.set(plies, Date.now());
    // Our clock is static (not running) after our move: the charge of that move is the difference.
    const c = snap.clocks;
    if (c && this.color && c.running !== this.color && plies > 0 && this.isMine(plies - 1)) {
      const ply = plies - 1;
      const left = c[this.color];
      const seen = this.seenAt.get(ply);
      const sent = this.sentAt.get(ply);
      if (this.lastClock && this.lastClock.ply === ply - 2 && seen !== undefined && sent !== undefined)
        this.charges.push({
          ply,
          think: sent - seen,
          charged: this.lastClock.left - (left - snap.clock!.increment),
        });
      if (!this.lastClock || this.lastClock.ply < ply) this.lastClock = { ply, left };
    }
  }

  private isMine(ply: number): boolean {
    return (ply % 2 === 0 ? 'white' : 'black') === this.color;
  }

  private myTurn(): boolean {
    return !!this.snap && this.color !== null && this.isMine(this.snap.moves.length);
  }

  private resend(): void {
    const p = this.pending;
    if (p && this.snap && this.snap.moves.length === p.ply)
      this.send({ t: 'move', move: p.move, ply: p.ply, id: p.id });
  }

  private maybeMove(): void {
    const s = this.snap;
    if (!s || s.status !== 'playing' || this.pending || this.paused || !this.myTurn() || this.moveTimer)
      return;
    const ply = s.moves.length;
    this.moveTimer = setTimeout(() => {
      this.moveTimer = undefined;
      const now = this.snap;
      if (!now || now.moves.length !== ply || now.status !== 'playing' || this.pending || this.paused) return;
      const move = pickMove(now.moves, this.rand);
      if (!move) return;
      this.pending = { id: `c${++counter}`, ply, move, sentAt: Date.now() };
      if (!this.sentAt.has(ply)) this.sentAt.set(ply, Date.now());
      this.send({ t: 'move', move, ply, id: this.pending.id });
    }, this.think);
  }
}
