/**
 * How instances tell each other that a game changed: in one process nothing at all (an instance
 * delivers to its own sockets itself); across instances Redis pub/sub (`REDIS_URL`). A message
 * carries the game's id and what everyone should see, so an instance with watchers of that game
 * forwards it without reading the database. The bus is a speed-up, not the truth: when it is away,
 * instances poll the database for the games they watch, and when it returns they read them again.
 */
import { Redis } from 'ioredis';

export interface BusMessage {
  game: string;
  /** The instance that sent it (an instance has already delivered its own messages). */
  from: string;
  /** The JSON text to send to every socket watching the game. */
  frame: string;
  /**
   * The change as a `move` message (JSON text), when it is one move and nothing else: for the
   * sockets that take them and were sent version `v - 1`.
   */
  move?: string;
  /** The record's version after the change, or 0 for something that changes nothing (a reaction). */
  v: number;
  /** When something is next due in the game (a flag, the first-move deadline), for the instances that watch it. */
  due: number | null;
  /** The rematch game, once both players asked (each instance gives its players their new seats). */
  rematch: string | null;
}

export interface Bus {
  /** `local`: one instance, nothing to carry. */
  readonly kind: 'local' | 'redis';
  /** Whether messages get through now. */
  readonly up: boolean;
  /** Sends to the other instances; never waits for a bus that is away (rejects at once instead). */
  publish(msg: BusMessage): Promise<void>;
  subscribe(handler: (msg: BusMessage) => void): void;
  /** Called when the bus goes away (false) and when it is back (true). */
  onState(handler: (up: boolean) => void): void;
  close(): Promise<void>;
}

/** One instance: there is no other instance to tell. */
export class LocalBus implements Bus {
  readonly kind = 'local';
  readonly up = true;
  async publish(): Promise<void> {}
  subscribe(): void {}
  onState(): void {}
  async close(): Promise<void> {}
}

const CHANNEL = 'dama:games';

export class RedisBus implements Bus {
  readonly kind = 'redis';
  private pub: Redis;
  private sub: Redis;
  private handlers: ((msg: BusMessage) => void)[] = [];
  private stateHandlers: ((up: boolean) => void)[] = [];
  private wasUp = true;

  private constructor(pub: Redis, sub: Redis) {
    this.pub = pub;
    this.sub = sub;
    sub.on('message', (_channel: string, text: string) => {
      let msg: BusMessage;
      try {
        msg = JSON.parse(text) as BusMessage;
      } catch {
        return;
      }
      for (const h of this.handlers) h(msg);
    });
    for (const c of [pub, sub]) {
      c.on('ready', () => this.check());
      c.on('close', () => this.check());
      c.on('end', () => this.check());
      // Reconnection is ioredis's own (it retries for ever); an error event without a listener would throw.
      c.on('error', () => undefined);
    }
  }

  static async open(url: string): Promise<RedisBus> {
    const options = {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      // Publishing while Redis is away fails at once instead of queueing: the hub has delivered locally already.
      enableOfflineQueue: false,
      retryStrategy: (times: number) => Math.min(200 * times, 1000),
    };
    const pub = new Redis(url, options);
    const sub = new Redis(url, { ...options, enableOfflineQueue: true });
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(CHANNEL);
    return new RedisBus(pub, sub);
  }

  get up(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  private check(): void {
    const up = this.up;
    if (up === this.wasUp) return;
    this.wasUp = up;
    for (const h of this.stateHandlers) h(up);
  }

  async publish(msg: BusMessage): Promise<void> {
    await this.pub.publish(CHANNEL, JSON.stringify(msg));
  }

  subscribe(handler: (msg: BusMessage) => void): void {
    this.handlers.push(handler);
  }

  onState(handler: (up: boolean) => void): void {
    this.stateHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
