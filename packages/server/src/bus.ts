/**
 * How instances tell each other that a game changed: in one process an event emitter; across
 * instances Redis pub/sub (`REDIS_URL`). A message carries the game's id and what everyone should
 * see, so an instance with watchers of that game forwards it without reading the database.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export interface BusMessage {
  game: string;
  /** The JSON text to send to every socket watching the game. */
  frame: string;
  /** The record's version after the change, or 0 for something that changes nothing (a reaction). */
  v: number;
  /** When the flag of the side to move falls, for the instances that watch the clock. */
  flag: number | null;
}

export interface Bus {
  publish(msg: BusMessage): Promise<void>;
  subscribe(handler: (msg: BusMessage) => void): void;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private events = new EventEmitter();

  async publish(msg: BusMessage): Promise<void> {
    this.events.emit('msg', msg);
  }

  subscribe(handler: (msg: BusMessage) => void): void {
    this.events.on('msg', handler);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

const CHANNEL = 'dama:games';

export class RedisBus implements Bus {
  private pub: Redis;
  private sub: Redis;
  private handlers: ((msg: BusMessage) => void)[] = [];

  private constructor(pub: Redis, sub: Redis) {
    this.pub = pub;
    this.sub = sub;
    sub.on('message', (_channel: string, text: string) => {
      const msg = JSON.parse(text) as BusMessage;
      for (const h of this.handlers) h(msg);
    });
  }

  static async open(url: string): Promise<RedisBus> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(CHANNEL);
    return new RedisBus(pub, sub);
  }

  async publish(msg: BusMessage): Promise<void> {
    await this.pub.publish(CHANNEL, JSON.stringify(msg));
  }

  subscribe(handler: (msg: BusMessage) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
