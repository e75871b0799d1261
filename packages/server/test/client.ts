/** A scripted game client over a real WebSocket, for the tests and the load benchmark. */
import WebSocket from 'ws';
import type { ServerMessage, Snapshot } from '../src/index.ts';

export type Msg = ServerMessage;

let moveIds = 0;
/** A fresh move id (`MOVE_ID`). */
export const nextMoveId = (): string => `m${++moveIds}`;

export class TestClient {
  readonly ws: WebSocket;
  private pinger: NodeJS.Timeout | undefined;
  private pings = 0;
  readonly received: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void; reject: (e: Error) => void }[] =
    [];
  closed: { code: number; reason: string } | undefined;
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(ws: WebSocket, pingEvery: number) {
    this.ws = ws;
    // The liveness ping every client sends (the server closes a silent socket).
    if (pingEvery > 0) {
      this.pinger = setInterval(() => this.ping(), pingEvery);
      this.pinger.unref();
    }
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as Msg;
      this.received.push(msg);
      const i = this.waiters.findIndex((w) => w.pred(msg));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(msg);
    });
    ws.on('close', (code, reason) => {
      clearInterval(this.pinger);
      this.closed = { code, reason: reason.toString() };
      for (const w of this.closeWaiters) w(this.closed);
      for (const w of this.waiters) w.reject(new Error(`socket closed (${code}) while waiting`));
      this.waiters = [];
    });
  }

  /** A socket to `base`; it pings every `pingEvery` ms (0: never, like a frozen phone). */
  static open(base: string, opts: { pingEvery?: number; localAddress?: string } = {}): Promise<TestClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, {
      ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestClient(ws, opts.pingEvery ?? 1000)));
      ws.once('error', reject);
    });
  }

  /** Sends a message; a move without an id gets a fresh one (use `sendMove` to choose it). */
  send(msg: unknown): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const m =
      msg !== null && typeof msg === 'object' && (msg as { t?: unknown }).t === 'move' && !('id' in msg)
        ? { ...msg, id: nextMoveId() }
        : msg;
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  ping(): void {
    this.send({ t: 'ping', n: ++this.pings });
  }

  /** Stops the liveness pings (the socket then looks like a frozen phone to the server). */
  stopPinging(): void {
    clearInterval(this.pinger);
  }

  /** The next message (from now on) that `pred` accepts. */
  next<T extends Msg = Msg>(pred: (m: Msg) => boolean, timeout = 5000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const stack = new Error('no such message in time');
      const timer = setTimeout(() => reject(stack), timeout);
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  nextGame(pred: (g: Snapshot) => boolean = () => true, timeout = 5000): Promise<Snapshot> {
    return this.next<{ t: 'game'; game: Snapshot }>((m) => m.t === 'game' && pred(m.game), timeout).then(
      (m) => m.game,
    );
  }

  nextError(timeout = 5000): Promise<Extract<Msg, { t: 'error' }>> {
    return this.next((m) => m.t === 'error', timeout);
  }

  /** The last snapshot received. */
  get game(): Snapshot | undefined {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const m = this.received[i];
      if (m.t === 'game') return m.game;
    }
    return undefined;
  }

  /** Says hello and waits for the game. */
  async hello(game: string, token?: string): Promise<Snapshot> {
    const got = this.nextGame((g) => g.id === game);
    this.send(token ? { t: 'hello', game, token } : { t: 'hello', game });
    return got;
  }

  waitClose(timeout = 5000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket not closed in time')), timeout);
      this.closeWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  close(): void {
    clearInterval(this.pinger);
    this.ws.close();
  }
}

export async function createGame(
  base: string,
  body: unknown = { color: 'white', clock: null },
): Promise<{ id: string; color: 'white' | 'black'; token: string }> {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: string; color: 'white' | 'black'; token: string }>;
}
