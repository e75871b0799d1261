/** A scripted lobby client over a real WebSocket (quick pairing), for the tests. */
import WebSocket from 'ws';
import type { LobbyServerMessage } from '../src/wire.ts';

/** An identity as `POST /api/players` makes it. */
export interface Player {
  id: string;
  secret: string;
  name: string;
}

export class LobbyClient {
  readonly received: LobbyServerMessage[] = [];
  private waiters: { pred: (m: LobbyServerMessage) => boolean; resolve: (m: LobbyServerMessage) => void }[] =
    [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as LobbyServerMessage;
      this.received.push(m);
      const i = this.waiters.findIndex((w) => w.pred(m));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m);
    });
  }
  static async open(base: string): Promise<LobbyClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/lobby`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new LobbyClient(ws);
  }
  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }
  next<T extends LobbyServerMessage['t']>(
    t: T,
    pred: (m: Extract<LobbyServerMessage, { t: T }>) => boolean = () => true,
    timeout = 3000,
  ): Promise<Extract<LobbyServerMessage, { t: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${t} in time`)), timeout);
      this.waiters.push({
        pred: (m) => m.t === t && pred(m as Extract<LobbyServerMessage, { t: T }>),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<LobbyServerMessage, { t: T }>);
        },
      });
    });
  }
  async hello(p: Player) {
    const got = this.next('hello');
    this.send({ t: 'hello', player: p.id, secret: p.secret });
    return got;
  }
  async seek(seek: object = {}) {
    const got = this.next('seeking', (m) => m.seek !== null);
    this.send({ t: 'seek', clock: { initial: 300_000, increment: 0 }, rated: true, range: null, ...seek });
    return (await got).seek!;
  }
  /** Whether any `paired` came within `ms`. */
  async pairedWithin(ms: number): Promise<boolean> {
    await new Promise((r) => setTimeout(r, ms));
    return this.received.some((m) => m.t === 'paired');
  }
  close(): void {
    this.ws.close();
  }
}
