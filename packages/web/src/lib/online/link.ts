// One socket to the game server, kept honest, for the game and lobby controllers. Once open it
// ticks every PING_EVERY ms and pings at a tick, unless since the last one it sent something other
// than a ping and heard something (the server then heard from it, and it from the server). A socket
// that has said nothing since the last ping is dead, and so is one that does not answer a probe
// (sent when the device's network comes back or the page is shown again) within PROBE_WAIT. A dead
// socket is closed and its owner told; the owner decides when to connect again, and what to say
// first on the new socket.
import { PING_EVERY } from '@dama/server/wire';
import type { SocketLike } from './socket.ts';

/** How long a probe waits for any word from the server before the socket counts as dead (ms). */
export const PROBE_WAIT = 4000;

const OPEN = 1;

export interface LinkOptions<Out> {
  openSocket: () => SocketLike;
  now: () => number;
  /** The ping to send (`n` numbers it; its pong answers with the same `n`). */
  ping: (n: number) => Out;
  /** The socket opened: say hello. */
  onOpen: () => void;
  onMessage: (data: unknown) => void;
  /** The socket closed, went silent or failed a probe; it is already torn down. */
  onDead: () => void;
}

export class Link<Out> {
  /** Which socket this is (1, 2, …): what was sent on one is in doubt once another replaces it. */
  generation = 0;
  private socket: SocketLike | undefined;
  /** messages received on this socket, and the last ping sent (with the count when it went) */
  private received = 0;
  private pingN = 0;
  private pingSent: { n: number; at: number; received: number } | undefined;
  /** since the last tick: anything but a ping sent; and the count received at the tick */
  private sentSinceTick = false;
  private receivedAtTick = 0;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private prober: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly o: LinkOptions<Out>) {}

  /** A socket is there, open or opening. */
  get exists(): boolean {
    return this.socket !== undefined;
  }

  get open(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Open a new socket (closing any other); false when the browser would not make one. */
  connect(): boolean {
    this.close();
    let socket: SocketLike;
    try {
      socket = this.o.openSocket();
    } catch {
      return false;
    }
    this.socket = socket;
    this.generation++;
    this.received = 0;
    this.pingSent = undefined;
    this.sentSinceTick = false;
    this.receivedAtTick = 0;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.tick(), PING_EVERY);
      this.o.onOpen();
    };
    socket.onmessage = (e) => {
      if (this.socket !== socket) return;
      this.received++;
      this.o.onMessage(e.data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.dead();
    };
    return true;
  }

  /** Send when the socket is open; false otherwise (nothing is queued). */
  send(msg: Out): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    this.sentSinceTick = true;
    return true;
  }

  /** The round trip of ping `n` (ms), when it is the last one sent. */
  roundTrip(n: number): number | undefined {
    return this.pingSent?.n === n ? this.o.now() - this.pingSent.at : undefined;
  }

  /** Is the open socket still alive? A ping now; no word back within PROBE_WAIT and it is dead. */
  probe(): void {
    if (!this.open) return;
    const seen = this.received;
    this.sendPing();
    clearTimeout(this.prober);
    this.prober = setTimeout(() => {
      if (this.socket && this.received === seen) this.dead();
    }, PROBE_WAIT);
  }

  /** Close the socket as dead (the network is gone, or it went silent), then tell the owner. */
  dead(): void {
    if (!this.socket) return;
    this.close();
    this.o.onDead();
  }

  /** Close the socket without a word to the owner. */
  close(): void {
    const s = this.socket;
    this.socket = undefined;
    clearInterval(this.pinger);
    clearTimeout(this.prober);
    this.pinger = this.prober = undefined;
    if (!s) return;
    s.onopen = s.onmessage = s.onclose = null;
    try {
      s.close();
    } catch {
      // already closed
    }
  }

  /**
   * Every PING_EVERY ms: a ping unanswered (nothing at all received) until the next tick means the
   * link is dead; otherwise a ping, unless since the last tick something other than a ping was
   * sent and something was received.
   */
  private tick(): void {
    if (!this.open) return;
    if (this.pingSent && this.received === this.pingSent.received) return this.dead();
    const both = this.sentSinceTick && this.received > this.receivedAtTick;
    this.receivedAtTick = this.received;
    this.sentSinceTick = false;
    if (!both) this.sendPing();
  }

  private sendPing(): void {
    const n = ++this.pingN;
    this.pingSent = { n, at: this.o.now(), received: this.received };
    // a ping is not traffic: a quiet socket pings at every tick
    const traffic = this.sentSinceTick;
    this.send(this.o.ping(n));
    this.sentSinceTick = traffic;
  }
}
