// Hostile and careless clients against one server: limits that hold per address and per seat
// rather than per connection, a client that never reads, sockets that never say hello or go
// silent, cancelled links, moves sent twice, takebacks and draw offers past their limits, the
// first-move deadline, lag claims, and a database failure whose text never reaches a client.
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  LocalBus,
  SqliteStore,
  type DamaServer,
  type GameStore,
  type HubLimits,
  type Snapshot,
} from '../src/index.ts';
import { LAG } from '../src/record.ts';
import { createGame, TestClient, type Msg } from './client.ts';
import { pickMove, random } from './play.ts';

const servers: DamaServer[] = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.app.close();
});

async function serve(limits: Partial<HubLimits> = {}, store: GameStore = new SqliteStore(':memory:')) {
  const server = await buildServer({ store, bus: new LocalBus(), limits });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  const addr = server.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const open = async (opts: { pingEvery?: number; localAddress?: string } = {}) => {
    const c = await TestClient.open(base, opts);
    clients.push(c);
    return c;
  };
  /** A started game: the creator (White) and the friend (Black) connected. */
  const started = async (clock: { minutes: number; increment: number } | null = null) => {
    const made = await createGame(base, { color: 'white', clock });
    const white = await open();
    await white.hello(made.id, made.token);
    const black = await open();
    await black.hello(made.id);
    const seat = black.next((m) => m.t === 'seat');
    const playing = white.nextGame((g) => g.status === 'playing' && g.presence.black.state === 'online');
    black.send({ t: 'join' });
    const { token } = (await seat) as Extract<Msg, { t: 'seat' }>;
    await playing;
    return { id: made.id, white, black, whiteToken: made.token, blackToken: token };
  };
  const metric = async (name: string) => {
    const text = await (await fetch(`${base}/metrics`)).text();
    return text
      .split('\n')
      .find((l) => l.startsWith(name))
      ?.split(' ')
      .at(-1);
  };
  return { server, base, open, started, metric };
}

describe('limits per seat and per address, not per connection', () => {
  it('bounds the reactions of one seat however many sockets send them', async () => {
    const s = await serve({
      reactionBurst: 3,
      reactionPerSecond: 0.5,
      addressBurst: 10_000,
      addressPerSecond: 10_000,
    });
    const { id, black, whiteToken } = await s.started();
    const sockets = await Promise.all(Array.from({ length: 20 }, () => s.open()));
    for (const c of sockets) await c.hello(id, whiteToken);
    let got = 0;
    black.ws.on('message', (d) => {
      if ((JSON.parse(d.toString()) as Msg).t === 'react') got++;
    });
    for (const c of sockets) for (let i = 0; i < 10; i++) c.send({ t: 'react', reaction: 'wow' });
    await new Promise((r) => setTimeout(r, 600));
    // 200 sent from 20 sockets of one seat: the burst and what refilled, never 200.
    expect(got).toBeGreaterThanOrEqual(3);
    expect(got).toBeLessThanOrEqual(4);
  });

  it('bounds the messages of one address across its sockets', async () => {
    const s = await serve({ addressBurst: 30, addressPerSecond: 1, burst: 1000, perSecond: 1000 });
    const sockets = await Promise.all(Array.from({ length: 10 }, () => s.open({ pingEvery: 0 })));
    let limited = 0;
    for (const c of sockets)
      c.ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as Msg;
        if (m.t === 'error' && m.code === 'rate-limited') limited++;
      });
    for (const c of sockets) for (let i = 0; i < 10; i++) c.ping();
    await new Promise((r) => setTimeout(r, 300));
    expect(limited).toBeGreaterThanOrEqual(100 - 31);
  });

  it('caps the sockets of one address, answering the excess before the handshake', async () => {
    const s = await serve({ socketsPerAddress: 3 });
    const kept = await Promise.all(Array.from({ length: 3 }, () => s.open({ localAddress: '127.0.0.3' })));
    const refused = await new Promise<number>((res) => {
      const ws = new WebSocket(`${s.base.replace('http', 'ws')}/api/ws`, { localAddress: '127.0.0.3' });
      ws.on('unexpected-response', (_req, r) => res(r.statusCode ?? 0));
      ws.on('open', () => res(101));
    });
    expect(refused).toBe(429);
    // Another address is let in.
    const other = await s.open({ localAddress: '127.0.0.4' });
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    kept[0].close();
    await kept[0].waitClose();
    await new Promise((r) => setTimeout(r, 50));
    const again = await s.open({ localAddress: '127.0.0.3' });
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('admission', () => {
  it('past saturation answers new sockets and new games at once with busy, and serves those it has', async () => {
    const s = await serve({ maxSockets: 2 });
    const made = await createGame(s.base);
    const one = await s.open();
    await one.hello(made.id, made.token);
    await s.open();
    const status = await new Promise<number>((res) => {
      const ws = new WebSocket(`${s.base.replace('http', 'ws')}/api/ws`);
      ws.on('unexpected-response', (_req, r) => res(r.statusCode ?? 0));
      ws.on('open', () => res(101));
    });
    expect(status).toBe(503);
    const res = await fetch(`${s.base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ color: 'white', clock: null }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'busy' } });
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    // The sockets it holds are served as ever.
    one.send({ t: 'ping', n: 5 });
    expect(await one.next((m) => m.t === 'pong')).toMatchObject({ n: 5 });
  });
});

describe('sockets that do not behave', () => {
  it('closes a socket that never says hello, and one that goes silent', async () => {
    const s = await serve({ helloTimeout: 1200, silentClose: 1500 });
    const mute = await s.open({ pingEvery: 0 });
    expect(await mute.waitClose(5000)).toMatchObject({ code: 1008 });
    const made = await createGame(s.base);
    const quiet = await s.open({ pingEvery: 0 });
    await quiet.hello(made.id, made.token);
    const pinging = await s.open({ pingEvery: 300 });
    await pinging.hello(made.id);
    // Silent for 1.5 s: dropped (the spectator who pings stays).
    await quiet.waitClose(5000);
    expect(pinging.ws.readyState).toBe(WebSocket.OPEN);
    expect(Number(await s.metric('dama_dropped_sockets_total{reason="silent"}'))).toBe(1);
    expect(Number(await s.metric('dama_dropped_sockets_total{reason="no-hello"}'))).toBe(1);
  });

  it('does not take a socket between two games (it has said hello) for one that never did', async () => {
    const s = await serve({ helloTimeout: 600 });
    const c = await s.open({ pingEvery: 200 });
    // A hello to a game that is gone leaves it watching nothing for now, as between two games.
    c.send({ t: 'hello', game: 'AAAAAAAAAA' });
    expect(await c.nextError()).toMatchObject({ code: 'unknown-game' });
    await new Promise((r) => setTimeout(r, 2200));
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    const made = await createGame(s.base);
    expect((await c.hello(made.id)).id).toBe(made.id);
  });

  it('drops a client that does not read, instead of queueing for it without end', async () => {
    const s = await serve({
      maxBuffered: 64 * 1024,
      burst: 1e6,
      perSecond: 1e6,
      addressBurst: 1e6,
      addressPerSecond: 1e6,
    });
    const { id, white, black } = await s.started();
    const rand = random(3);
    let game = white.game!;
    for (let i = 0; i < 30 && game.status === 'playing'; i++) {
      const seen = white.nextGame((g) => g.moves.length === game.moves.length + 1 || g.status !== 'playing');
      (i % 2 === 0 ? white : black).send({
        t: 'move',
        move: pickMove(game.moves, rand)!,
        ply: game.moves.length,
      });
      game = await seen;
    }
    const hog = await s.open({ pingEvery: 0 });
    await hog.hello(id);
    // It stops reading, and asks again and again for the whole game.
    (hog.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const frame = JSON.stringify({ t: 'sync', v: 0 });
    for (let i = 0; i < 20_000; i++) hog.ws.send(frame);
    const dropped = async () =>
      Number((await s.metric('dama_dropped_sockets_total{reason="slow-reader"}')) ?? 0);
    for (let i = 0; i < 100 && (await dropped()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await dropped()).toBe(1);
    expect(s.server.hub.openSockets).toBe(2);
  });
});

describe('games', () => {
  it('lets the creator cancel a waiting link, which frees the address for a new one', async () => {
    const s = await serve({ openGamesPerAddress: 1 });
    const made = await createGame(s.base);
    await expect(createGame(s.base)).rejects.toThrow(/429/);
    const creator = await s.open();
    await creator.hello(made.id, made.token);
    const visitor = await s.open();
    await visitor.hello(made.id);
    visitor.send({ t: 'cancel' });
    expect(await visitor.nextError()).toMatchObject({ code: 'not-a-player' });
    const aborted = creator.nextGame((g) => g.status === 'aborted');
    creator.send({ t: 'cancel' });
    await aborted;
    visitor.send({ t: 'join' });
    expect(await visitor.nextError()).toMatchObject({ code: 'seat-taken' });
    expect((await createGame(s.base)).id).toMatch(/^[A-Za-z0-9]{10}$/);
  });

  it('acknowledges a move sent twice with one id, and plays it once', async () => {
    const s = await serve();
    const { white, black } = await s.started();
    const ack = white.next((m) => m.t === 'ack');
    white.send({ t: 'move', move: 'c3-c4', ply: 0, id: 'same' });
    expect(await ack).toMatchObject({ t: 'ack', id: 'same' });
    const again = white.next((m) => m.t === 'ack');
    white.send({ t: 'move', move: 'c3-c4', ply: 0, id: 'same' });
    expect(await again).toMatchObject({ t: 'ack', id: 'same' });
    const g = (await (await fetch(`${s.base}/api/games/${white.game!.id}`)).json()) as Snapshot;
    expect(g.moves).toEqual(['c3-c4']);
    // A different id at the same ply is stale.
    white.send({ t: 'move', move: 'c3-c4', ply: 0, id: 'other' });
    expect(await white.nextError()).toMatchObject({ code: 'stale', ref: 'move', id: 'other' });
    expect(black.game!.moves.length).toBeLessThanOrEqual(1);
  });

  it('takes back a move when the opponent accepts, and refuses a third draw offer', async () => {
    const s = await serve();
    const { white, black } = await s.started();
    const one = black.nextGame((g) => g.moves.length === 1);
    white.send({ t: 'move', move: 'c3-c4', ply: 0 });
    await one;
    const asked = black.nextGame((g) => g.takebackOffer === 'white');
    white.send({ t: 'takeback', action: 'offer' });
    await asked;
    const back = white.nextGame((g) => g.moves.length === 0 && g.takebackOffer === null);
    black.send({ t: 'takeback', action: 'accept' });
    await back;
    for (let i = 0; i < 2; i++) {
      const offered = black.nextGame((g) => g.drawOffer === 'white');
      white.send({ t: 'draw', action: 'offer' });
      await offered;
      const declined = white.nextGame((g) => g.drawOffer === null);
      black.send({ t: 'draw', action: 'decline' });
      expect((await declined).drawOffers.white).toBe(i + 1);
    }
    white.send({ t: 'draw', action: 'offer' });
    expect(await white.nextError()).toMatchObject({ code: 'too-many-offers', ref: 'draw' });
  });

  it('aborts a game whose first move does not come, unscored, by the server alone', async () => {
    const s = await serve({ firstMove: 800 });
    const { white } = await s.started({ minutes: 3, increment: 2 });
    expect(white.game!.abortAt).not.toBeNull();
    const aborted = await white.nextGame((g) => g.status === 'aborted', 5000);
    expect(aborted.outcome).toBeNull();
    expect(aborted.result).toBe('*');
  });

  it('grants a client that claims a huge lag no more than its quota', async () => {
    const s = await serve();
    const { white, black } = await s.started({ minutes: 1, increment: 0 });
    for (const c of [white, black]) c.send({ t: 'ping', n: 1, rtt: 60_000 });
    const moves = ['c3-c4', 'f6-f5', 'c4-c5'];
    for (let i = 0; i < moves.length; i++) {
      await new Promise((r) => setTimeout(r, 1200));
      const seen = white.nextGame((g) => g.moves.length === i + 1);
      (i % 2 === 0 ? white : black).send({ t: 'move', move: moves[i], ply: i });
      await seen;
    }
    // Black thought about 1.2 s for f6-f5 and claimed 30 s of lag: at most 500 ms were given back.
    const g = white.game!;
    expect(60_000 - g.clocks!.black).toBeGreaterThanOrEqual(1200 - 500);
  });

  it('reads the round trip a move carries as it reads a ping’s, within the quota', async () => {
    const store = new SqliteStore(':memory:');
    const s = await serve({}, store);
    const { id, white, black } = await s.started({ minutes: 1, increment: 0 });
    const moves = ['c3-c4', 'f6-f5'];
    for (let i = 0; i < moves.length; i++) {
      const seen = white.nextGame((g) => g.moves.length === i + 1);
      (i % 2 === 0 ? white : black).send({ t: 'move', move: moves[i], ply: i });
      await seen;
    }
    const before = (await store.get(id))!.lagQuota.white;
    const seen = black.nextGame((g) => g.moves.length === 3);
    white.send({ t: 'move', move: 'c4-c5', ply: 2, rtt: 600 });
    await seen;
    // half the round trip (300 ms) was taken off the move, and spent from White's quota
    expect((await store.get(id))!.lagQuota.white).toBe(Math.min(LAG.max, before - 300 + LAG.gain));
  });
});

describe('a failing database', () => {
  it('answers busy in its own words, never the failure text, and the game goes on once it is back', async () => {
    const inner = new SqliteStore(':memory:');
    let failing = false;
    const store = new Proxy(inner, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          if (failing && prop !== 'close')
            return Promise.reject(new Error('SECRET connection string postgres://x:y@db'));
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as GameStore;
    const s = await serve({}, store);
    const { white, black } = await s.started();
    failing = true;
    white.send({ t: 'move', move: 'c3-c4', ply: 0, id: 'during' });
    const refused = await white.nextError();
    expect(refused).toMatchObject({ code: 'busy', ref: 'move', id: 'during' });
    expect(JSON.stringify(refused)).not.toMatch(/SECRET|postgres/);
    const health = await fetch(`${s.base}/api/health`);
    expect(health.status).toBe(503);
    expect(JSON.stringify(await health.json())).not.toMatch(/SECRET|postgres/);
    failing = false;
    const seen = black.nextGame((g) => g.moves.length === 1);
    white.send({ t: 'move', move: 'c3-c4', ply: 0, id: 'during' });
    expect((await seen).moves).toEqual(['c3-c4']);
  });
});
