import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PING_EVERY } from '@dama/server/wire';
import { Link, PROBE_WAIT } from './link.ts';
import { FakeSocket as BaseSocket } from './fake-socket.ts';
import type { SocketLike } from './socket.ts';

/** A ping, or any other message (the link reads none). */
interface Ping {
  t: 'ping' | 'move';
  n: number;
}

class FakeSocket extends BaseSocket<Ping> {
  closed = false;
  override close(): void {
    this.closed = true;
    super.close();
  }
}

function setup(openSocket?: () => SocketLike) {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const link = new Link<Ping>({
    openSocket:
      openSocket ??
      (() => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      }),
    now: () => Date.now(),
    ping: (n) => ({ t: 'ping', n }),
    onOpen: () => events.push('open'),
    onMessage: (data) => events.push(`message ${String(data)}`),
    onDead: () => events.push('dead'),
  });
  return { link, sockets, events, socket: () => sockets[sockets.length - 1] };
}

describe('the link to the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings once open; a socket silent since the last ping is closed as dead, and the owner told once', () => {
    const t = setup();
    expect(t.link.connect()).toBe(true);
    expect(t.link.generation).toBe(1);
    t.socket().open();
    expect(t.events).toEqual(['open']);
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.socket().sent).toEqual([{ t: 'ping', n: 1 }]);
    // any word from the server keeps it alive
    t.socket().say('pong');
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.socket().sent.map((m) => m.n)).toEqual([1, 2]);
    expect(t.link.open).toBe(true);
    // then silence until the next ping: dead
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.socket().closed).toBe(true);
    expect(t.link.exists).toBe(false);
    expect(t.events).toEqual(['open', 'message pong', 'dead']);
    vi.advanceTimersByTime(5 * PING_EVERY);
    expect(t.events.filter((e) => e === 'dead')).toHaveLength(1);
  });

  it('no ping at a tick when, since the last, something other than a ping went out and something came in', () => {
    const t = setup();
    t.link.connect();
    t.socket().open();
    const pings = () =>
      t
        .socket()
        .sent.filter((m) => m.t === 'ping')
        .map((m) => m.n);
    // only sent (a hello): a ping, to hear from the server
    t.link.send({ t: 'move', n: 0 });
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([1]);
    // its pong came: but a ping is not traffic, so a quiet socket pings at every tick
    t.socket().say('pong');
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([1, 2]);
    // sent and heard: the server heard from us, and we from it
    t.socket().say('pong');
    t.link.send({ t: 'move', n: 0 });
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([1, 2]);
    // only heard: a ping, so that the server hears from us
    t.socket().say('move');
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([1, 2, 3]);
    // a probe's ping is not traffic either
    t.socket().say('pong');
    t.link.probe();
    t.socket().say('pong');
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([1, 2, 3, 4, 5]);
    expect(t.link.open).toBe(true);
  });

  it('a probe: the open socket must say something within PROBE_WAIT', () => {
    const t = setup();
    t.link.connect();
    t.socket().open();
    t.link.probe();
    expect(t.socket().sent).toEqual([{ t: 'ping', n: 1 }]);
    vi.advanceTimersByTime(PROBE_WAIT - 1);
    t.socket().say('pong');
    vi.advanceTimersByTime(1);
    expect(t.link.open).toBe(true);
    t.link.probe();
    vi.advanceTimersByTime(PROBE_WAIT);
    expect(t.events.at(-1)).toBe('dead');
    expect(t.link.exists).toBe(false);
  });

  it('the round trip of the last ping only', () => {
    const t = setup();
    t.link.connect();
    t.socket().open();
    t.link.probe();
    vi.advanceTimersByTime(120);
    expect(t.link.roundTrip(1)).toBe(120);
    expect(t.link.roundTrip(2)).toBeUndefined();
  });

  it('a closed socket, or one replaced, is not heard from again; close tells the owner nothing', () => {
    const t = setup();
    t.link.connect();
    const first = t.socket();
    first.open();
    t.link.connect();
    expect(first.closed).toBe(true);
    expect(t.link.generation).toBe(2);
    first.onmessage?.({ data: 'late' });
    first.onclose?.();
    expect(t.events).toEqual(['open']);
    t.link.close();
    expect(t.link.exists).toBe(false);
    expect(t.events).toEqual(['open']);
    // dead without a socket says nothing
    t.link.dead();
    expect(t.events).toEqual(['open']);
  });

  it('the browser closing the socket is its death; sending on a socket not open does nothing', () => {
    const t = setup();
    t.link.connect();
    expect(t.link.send({ t: 'ping', n: 9 })).toBe(false);
    t.socket().open();
    expect(t.link.send({ t: 'ping', n: 9 })).toBe(true);
    t.socket().readyState = 3;
    t.socket().onclose?.();
    expect(t.events).toEqual(['open', 'dead']);
  });

  it('a socket the browser would not make: connect says so, with nothing held', () => {
    const t = setup(() => {
      throw new Error('blocked');
    });
    expect(t.link.connect()).toBe(false);
    expect(t.link.exists).toBe(false);
    expect(t.events).toEqual([]);
  });
});
