// The server on a real port with a real SQLite file: whole games over real WebSockets, and bad
// input of every kind refused with a clear error while the game stays as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, LocalBus, SqliteStore, type DamaServer, type Snapshot } from '../src/index.ts';
import { createGame, TestClient, type Msg } from './client.ts';
import * as R from '../src/record.ts';
import { applyMove } from '../src/wire.ts';
import { illegalMove, pickMove, random } from './play.ts';

let server: DamaServer;
let base = '';
let dir = '';
const clients: TestClient[] = [];
const open = async () => {
  const c = await TestClient.open(base);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dama-server-'));
  server = await buildServer({
    store: new SqliteStore(join(dir, 'games.sqlite')),
    bus: new LocalBus(),
    // Scripted players move far faster than people: a wide rate limit here, the real one tested below.
    limits: { claimAfter: 300, openGamesPerAddress: 200, perSecond: 500, seatPerSecond: 500, seatBurst: 500 },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server.app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A started game: white (creator) and black (joined by the share link) connected. */
async function started(clock: { minutes: number; increment: number } | null = null) {
  const made = await createGame(base, { color: 'white', clock });
  const white = await open();
  await white.hello(made.id, made.token);
  const black = await open();
  await black.hello(made.id);
  const seat = black.next((m) => m.t === 'seat');
  const playing = Promise.all([white, black].map((c) => c.nextGame((g) => g.status === 'playing')));
  black.send({ t: 'join' });
  const got = (await seat) as { t: 'seat'; color: string; token: string };
  expect(got.color).toBe('black');
  await playing;
  return { id: made.id, white, black, whiteToken: made.token, blackToken: got.token };
}

/** Plays one move as `who` and waits until both `watchers` have seen it. */
async function play(who: TestClient, move: string, ply: number, watchers: TestClient[]): Promise<Snapshot> {
  const seen = watchers.map((w) => w.nextGame((g) => g.moves.length === ply + 1 || g.status === 'over'));
  who.send({ t: 'move', move, ply });
  const [first] = await Promise.all(seen);
  return first;
}

describe('a whole game by link', () => {
  it('is played to its end by two players, watched by a third, with the same moves for all', async () => {
    const { id, white, black } = await started();
    const spectator = await open();
    const hello = spectator.next((m) => m.t === 'hello');
    await spectator.hello(id);
    expect(await hello).toMatchObject({ t: 'hello', you: null });
    const rand = random(13);
    let game = spectator.game!;
    while (game.status === 'playing') {
      const move = pickMove(game.moves, rand)!;
      const mover = game.moves.length % 2 === 0 ? white : black;
      game = await play(mover, move, game.moves.length, [white, black, spectator]);
    }
    expect(game.outcome).not.toBeNull();
    expect(game.moves.length).toBeGreaterThan(10);
    expect(white.game!.moves).toEqual(game.moves);
    expect(black.game!.moves).toEqual(game.moves);
    // The spectator cannot move, offer or resign.
    spectator.send({ t: 'resign' });
    expect(await spectator.nextError()).toMatchObject({ code: 'not-a-player', ref: 'resign' });
    const pdn = await (await fetch(`${base}/api/games/${id}/pdn`)).text();
    expect(pdn).toContain(`[Result "${game.result}"]`);
    expect(pdn).toContain(game.moves[0]);
  });

  it('gives a later visitor of the share link a spectator view, not the taken seat', async () => {
    const { id } = await started();
    const late = await open();
    await late.hello(id);
    late.send({ t: 'join' });
    expect(await late.nextError()).toMatchObject({ code: 'seat-taken' });
  });

  it('resumes exactly after a reconnect, with the seat token', async () => {
    const { id, white, black, blackToken } = await started({ minutes: 5, increment: 3 });
    await play(white, 'c3-c4', 0, [white, black]);
    await play(black, 'c6-c5', 1, [white, black]);
    black.close();
    await white.nextGame((g) => g.presence.black.state === 'offline');
    const again = await open();
    const online = white.nextGame((g) => g.presence.black.state === 'online');
    const back = await again.hello(id, blackToken);
    expect(back.moves).toEqual(['c3-c4', 'c6-c5']);
    expect(back.clocks!.running).toBe('white');
    await online;
    // c4xc6xc8 is forced: the only legal move.
    const g = await play(white, 'c4xc6xc8', 2, [white, again]);
    expect(g.moves).toEqual(['c3-c4', 'c6-c5', 'c4xc6xc8']);
    await play(again, pickMove(g.moves, random(1))!, 3, [white, again]);
  });

  it('sends a move alone to sockets that take move messages, which then have the same game as a snapshot shows', async () => {
    const { id, white, black, whiteToken } = await started({ minutes: 5, increment: 3 });
    // A second socket on White's seat and a spectator, both taking move messages.
    const deltas = [await open(), await open()];
    const held: Snapshot[] = [];
    for (const [i, c] of deltas.entries()) {
      const got = c.nextGame((g) => g.id === id);
      c.send({ t: 'hello', game: id, ...(i === 0 ? { token: whiteToken } : {}), delta: true });
      held.push(await got);
    }
    let g = held[1];
    let moveMessages = 0;
    for (let ply = 0; ply < 16 && g.status === 'playing'; ply++) {
      const mover = ply % 2 === 0 ? white : black;
      const seen = deltas.map((c, i) =>
        c.next((m) => (m.t === 'move' && m.v > held[i].v) || (m.t === 'game' && m.game.moves.length > ply)),
      );
      g = await play(mover, pickMove(g.moves, random(ply + 40))!, ply, [white, black]);
      for (const [i, m] of (await Promise.all(seen)).entries()) {
        if (m.t === 'move') {
          moveMessages++;
          expect(m.v).toBe(held[i].v + 1);
          held[i] = applyMove(held[i], m)!;
        } else if (m.t === 'game') {
          // only a move that ended the game comes as a snapshot
          expect(m.game.status).not.toBe('playing');
          held[i] = m.game;
        }
        // what a socket taking snapshots was sent for the same version, `now` and clocks included
        expect(held[i]).toEqual(g);
      }
    }
    expect(moveMessages).toBeGreaterThanOrEqual(30);
    // the sockets that did not ask for them were sent snapshots only
    for (const c of [white, black]) expect(c.received.filter((m) => m.t === 'move')).toEqual([]);
  });

  it('answers sync and a hello one version behind with the game, and sends moves alone again after it', async () => {
    const { id, white, black } = await started();
    const watcher = await open();
    const got = watcher.nextGame((g) => g.id === id);
    watcher.send({ t: 'hello', game: id, delta: true });
    const first = await got;
    const moved = (v: number) => watcher.next((m) => m.t === 'move' && m.v === v);
    let next = moved(first.v + 1);
    await play(white, 'c3-c4', 0, [white, black]);
    expect(await next).toMatchObject({ game: id, move: 'c3-c4' });
    // a socket that says it has an older version than the last it was sent
    const snap = watcher.nextGame((g) => g.v === first.v + 1);
    watcher.send({ t: 'sync', v: first.v });
    expect((await snap).moves).toEqual(['c3-c4']);
    next = moved(first.v + 2);
    await play(black, 'c6-c5', 1, [white, black]);
    expect(await next).toMatchObject({ game: id, move: 'c6-c5' });
    // a new socket that says it has a version one behind the game is sent the game, not the move
    const late = await open();
    const lateGot = late.nextGame((g) => g.id === id);
    late.send({ t: 'hello', game: id, v: first.v + 1, delta: true });
    expect((await lateGot).moves).toEqual(['c3-c4', 'c6-c5']);
  });

  it('sends the game, not a move, to a socket that missed a version (another instance wrote it, and its news was lost)', async () => {
    const { id, white, black } = await started();
    const watcher = await open();
    const got = watcher.nextGame((g) => g.id === id);
    watcher.send({ t: 'hello', game: id, delta: true });
    await got;
    // Another instance's write, straight into the database: nothing tells this one.
    const other = new SqliteStore(join(dir, 'games.sqlite'), { checkpointEvery: 0 });
    const rec = (await other.get(id))!;
    expect(await other.update(R.setPresence(rec, 'white', 'away', Date.now(), 'elsewhere'))).toBe(true);
    await other.close();
    const next = watcher.next((m) => m.t === 'game' || m.t === 'move');
    await play(white, 'c3-c4', 0, [white, black]);
    expect(await next).toMatchObject({
      t: 'game',
      game: { v: rec.version + 2, moves: ['c3-c4'], presence: { white: { state: 'away' } } },
    });
  });

  it('checks moves against the game it holds, not a replay, across presence changes', async () => {
    const replays = async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return Number(/^dama_game_replays_total (\d+)$/m.exec(text)?.[1]);
    };
    const { white, black } = await started({ minutes: 5, increment: 3 });
    let g = await play(white, 'c3-c4', 0, [white, black]);
    g = await play(black, 'c6-c5', 1, [white, black]);
    const before = await replays();
    expect(before).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 6; i++) {
      // A change that is not a move (the opponent hides the app, then comes back) before each move.
      const mover = g.moves.length % 2 === 0 ? white : black;
      const other = mover === white ? black : white;
      const otherSeat = other === white ? 'white' : 'black';
      const hidden = mover.nextGame((s) => s.presence[otherSeat].state === 'away');
      other.send({ t: 'presence', visible: false });
      await hidden;
      const shown = mover.nextGame((s) => s.presence[otherSeat].state === 'online');
      other.send({ t: 'presence', visible: true });
      await shown;
      g = await play(mover, pickMove(g.moves, random(i + 5))!, g.moves.length, [white, black]);
      if (g.status !== 'playing') break;
    }
    expect(g.moves.length).toBeGreaterThan(4);
    expect(await replays()).toBe(before);
  });

  it('offers and accepts a draw, then starts a rematch with colours swapped', async () => {
    const { id, white, black, whiteToken } = await started();
    await play(white, 'c3-c4', 0, [white, black]);
    white.send({ t: 'draw', action: 'offer' });
    await black.nextGame((g) => g.drawOffer === 'white');
    black.send({ t: 'draw', action: 'accept' });
    const over = await white.nextGame((g) => g.status === 'over');
    expect(over.outcome).toEqual({ reason: 'agreement' });
    white.send({ t: 'rematch', action: 'offer' });
    await black.nextGame((g) => g.rematchOffer === 'white');
    const seats = [white, black].map((c) => c.next((m) => m.t === 'seat'));
    black.send({ t: 'rematch', action: 'offer' });
    const next = await white.nextGame((g) => g.rematch !== null);
    expect(next.id).toBe(id);
    // Each player is given a new seat, colours swapped, with a new token.
    const [forWhite, forBlack] = (await Promise.all(seats)) as Extract<Msg, { t: 'seat' }>[];
    expect(forWhite).toMatchObject({ game: next.rematch, color: 'black' });
    expect(forBlack).toMatchObject({ game: next.rematch, color: 'white' });
    expect(forWhite.token).not.toBe(whiteToken);
    const again = await open();
    const hello = again.next((m) => m.t === 'hello');
    const g = await again.hello(next.rematch!, forWhite.token);
    expect(await hello).toMatchObject({ t: 'hello', you: 'black' });
    expect(g.status).toBe('playing');
    // The old game's token opens nothing in the new one.
    const old = await open();
    const oldHello = old.next((m) => m.t === 'hello');
    await old.hello(next.rematch!, whiteToken);
    expect(await oldHello).toMatchObject({ you: null });
  });

  it('lets a player claim the game once the opponent has been gone long enough, not before', async () => {
    const { white, black } = await started();
    await play(white, 'c3-c4', 0, [white, black]);
    black.close();
    await white.nextGame((g) => g.presence.black.state === 'offline');
    white.send({ t: 'claim' });
    expect(await white.nextError()).toMatchObject({ code: 'too-early' });
    await new Promise((r) => setTimeout(r, 350));
    white.send({ t: 'claim' });
    const over = await white.nextGame((g) => g.status === 'over');
    expect(over.outcome).toEqual({ winner: 'white', reason: 'abandoned' });
  });

  it('ends the game on time by the server, without any message from the players', async () => {
    const { white, black } = await started({ minutes: 0.25, increment: 0 });
    await play(white, 'c3-c4', 0, [white, black]);
    // Black's clock (15 s) runs out; the server's timer ends the game and tells both.
    const over = await white.nextGame((g) => g.status === 'over', 17_000);
    expect(over.outcome).toEqual({ winner: 'white', reason: 'timeout' });
    expect(over.clocks!.black).toBe(0);
  }, 20_000);

  it('relays the fixed reactions to both sides and nothing else', async () => {
    const { white, black } = await started();
    const got = black.next((m) => m.t === 'react');
    white.send({ t: 'react', reaction: 'good-luck' });
    expect(await got).toEqual({ t: 'react', color: 'white', reaction: 'good-luck' });
    white.send({ t: 'react', reaction: 'you are bad' });
    expect(await white.nextError()).toMatchObject({ code: 'bad-message' });
  });
});

describe('authority and bad input', () => {
  /** After a refused message the game is unchanged: same moves, same version. */
  async function unchanged(id: string, before: Snapshot) {
    const now = (await (await fetch(`${base}/api/games/${id}`)).json()) as Snapshot;
    expect(now.moves).toEqual(before.moves);
    expect(now.status).toBe(before.status);
  }

  it('refuses an illegal move sent over the raw socket', async () => {
    const { id, white } = await started();
    const before = white.game!;
    white.send({ t: 'move', move: illegalMove([]), ply: 0 });
    expect(await white.nextError()).toMatchObject({ code: 'illegal-move', ref: 'move' });
    await unchanged(id, before);
  });

  it('refuses moves with a wrong seat token or none', async () => {
    const { id } = await started();
    const intruder = await open();
    const hello = intruder.next((m) => m.t === 'hello');
    const refused = intruder.nextError();
    await intruder.hello(id, 'x'.repeat(24));
    expect(await hello).toMatchObject({ t: 'hello', you: null });
    expect(await refused).toMatchObject({ code: 'not-a-player' });
    intruder.send({ t: 'move', move: 'c3-c4', ply: 0 });
    expect(await intruder.nextError()).toMatchObject({ code: 'not-a-player', ref: 'move' });
    const anonymous = await open();
    const before = await anonymous.hello(id);
    anonymous.send({ t: 'move', move: 'c3-c4', ply: 0 });
    expect(await anonymous.nextError()).toMatchObject({ code: 'not-a-player' });
    await unchanged(id, before);
  });

  it('refuses a move out of turn and a replayed move', async () => {
    const { id, white, black } = await started();
    black.send({ t: 'move', move: 'c6-c5', ply: 0 });
    expect(await black.nextError()).toMatchObject({ code: 'not-your-turn' });
    const after = await play(white, 'c3-c4', 0, [white, black]);
    white.send({ t: 'move', move: 'c3-c4', ply: 0 });
    expect(await white.nextError()).toMatchObject({ code: 'stale' });
    await unchanged(id, after);
  });

  it('refuses malformed JSON, wrong types, unknown messages, binary frames and messages before hello', async () => {
    const { id, white } = await started();
    const before = white.game!;
    for (const [frame, code] of [
      ['{"t":"move",', 'bad-json'],
      ['[1,2,3]', 'bad-message'],
      ['null', 'bad-message'],
      [JSON.stringify({ t: 'move', move: 42, ply: 0 }), 'bad-message'],
      [JSON.stringify({ t: 'move', move: 'c3-c4', ply: '0' }), 'bad-message'],
      [JSON.stringify({ t: 'move', move: 'c3-c4', ply: -1 }), 'bad-message'],
      [JSON.stringify({ t: 'move', move: 'c3-c4', ply: 0, extra: true }), 'bad-message'],
      [JSON.stringify({ t: 'move', move: 'c3-c4', ply: 0, rtt: -5 }), 'bad-message'],
      [JSON.stringify({ t: 'move', move: 'c3-c4', ply: 0, rtt: 60_001 }), 'bad-message'],
      [JSON.stringify({ t: 'move', move: 'c3-c4', ply: 0, rtt: '80' }), 'bad-message'],
      [JSON.stringify({ t: 'teleport' }), 'bad-message'],
      [JSON.stringify({ t: 'draw', action: 'force' }), 'bad-message'],
      [JSON.stringify({ t: 'hello', game: id, delta: 'yes' }), 'bad-message'],
    ] as const) {
      white.send(frame);
      expect(await white.nextError()).toMatchObject({ code });
    }
    white.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await white.nextError()).toMatchObject({ code: 'bad-message' });
    await unchanged(id, before);
    const fresh = await open();
    fresh.send({ t: 'move', move: 'c3-c4', ply: 0 });
    expect(await fresh.nextError()).toMatchObject({ code: 'no-game' });
  });

  it('refuses unknown game ids on the socket and over HTTP', async () => {
    const c = await open();
    c.send({ t: 'hello', game: 'ZZZZZZZZZZ' });
    expect(await c.nextError()).toMatchObject({ code: 'unknown-game' });
    c.send({ t: 'hello', game: '../../etc' });
    expect(await c.nextError()).toMatchObject({ code: 'bad-message' });
    const res = await fetch(`${base}/api/games/ZZZZZZZZZZ`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'unknown-game' } });
  });

  it('closes the socket on a frame over the size limit, and the game goes on', async () => {
    const { id, white, whiteToken } = await started();
    white.send({ t: 'move', move: 'c3-c4'.padEnd(10_000, ' '), ply: 0 });
    expect((await white.waitClose()).code).toBe(1009);
    const again = await open();
    const g = await again.hello(id, whiteToken);
    expect(g.moves).toEqual([]);
    const moved = again.nextGame((s) => s.moves.length === 1);
    again.send({ t: 'move', move: 'c3-c4', ply: 0 });
    expect((await moved).moves).toEqual(['c3-c4']);
  });

  it('refuses bad bodies for a new game: malformed JSON, wrong types, too large', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': type }, body });
    let res = await post('{"color":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'bad-json' } });
    res = await post(JSON.stringify({ color: 'purple', clock: null }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'bad-request' } });
    res = await post(JSON.stringify({ color: 'white', clock: { minutes: 'five', increment: 0 } }));
    expect(res.status).toBe(400);
    res = await post(JSON.stringify({ color: 'white', clock: null, pad: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    res = await post('<color>white</color>', 'application/xml');
    expect(res.status).toBe(415);
  });
});

describe('limits', () => {
  it('limits the messages a connection may send each second', async () => {
    const { app } = await buildServer({ store: new SqliteStore(':memory:'), bus: new LocalBus() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const c = await TestClient.open(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
    const refused = c.nextError();
    for (let i = 0; i < 40; i++) c.send({ t: 'ping', n: i });
    expect(await refused).toMatchObject({ code: 'rate-limited' });
    // The first burst was answered.
    expect(c.received.filter((m) => m.t === 'pong').length).toBeGreaterThanOrEqual(19);
    c.close();
    await app.close();
  });

  it('limits the open games one address may create', async () => {
    const { app, hub } = await buildServer({
      store: new SqliteStore(':memory:'),
      bus: new LocalBus(),
      limits: { openGamesPerAddress: 3 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    for (let i = 0; i < 3; i++) await createGame(url);
    const res = await fetch(`${url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ color: 'black', clock: null }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { code: 'too-many-games' } });
    expect(hub.limits.openGamesPerAddress).toBe(3);
    await app.close();
  });

  it('expires a game nobody joined once it has been idle too long', async () => {
    let now = 1_800_000_000_000;
    const store = new SqliteStore(':memory:');
    const { app, hub } = await buildServer({ store, bus: new LocalBus(), limits: { waitingExpiry: 1000 } });
    // The clock is the hub's own: move it forward instead of waiting.
    (hub as unknown as { now: () => number }).now = () => now;
    const made = await hub.create('white', null, '10.0.0.1');
    if (!made.ok) throw new Error('not created');
    expect(await store.get(made.id)).toBeDefined();
    now += 2000;
    await hub.sweep();
    expect(await store.get(made.id)).toBeUndefined();
    await app.close();
  });

  it('keeps a correspondence invitation longer than a live one', async () => {
    let now = 1_800_000_000_000;
    const store = new SqliteStore(':memory:');
    const { app, hub } = await buildServer({
      store,
      bus: new LocalBus(),
      limits: { waitingExpiry: 1000, correspondenceInviteExpiry: 5000 },
    });
    (hub as unknown as { now: () => number }).now = () => now;
    const live = await hub.create('white', null, '10.0.0.1');
    const corr = await hub.create('white', null, '10.0.0.1', 7);
    if (!live.ok || !corr.ok) throw new Error('not created');
    now += 2000;
    await hub.sweep();
    expect(await store.get(live.id)).toBeUndefined();
    expect(await store.get(corr.id)).toBeDefined();
    now += 4000;
    await hub.sweep();
    expect(await store.get(corr.id)).toBeUndefined();
    await app.close();
  });
});

describe('one socket per player', () => {
  it('speaks plain WebSocket text frames', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`);
    await new Promise((r) => ws.once('open', r));
    const reply = new Promise<string>((r) => ws.once('message', (d) => r(d.toString())));
    ws.send(JSON.stringify({ t: 'ping', n: 7 }));
    expect(JSON.parse(await reply)).toMatchObject({ t: 'pong', n: 7 });
    ws.close();
  });

  it('lets go of the HTTP upgrade once the socket is open, and still answers on it', async () => {
    // The upgrade's request is referenced only weakly here; while the socket stays open, a full
    // collection must free it (and with it the response, fastify's request and reply, a logger).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let upgrade: WeakRef<IncomingMessage> | undefined;
    const onUpgrade = (req: IncomingMessage) => (upgrade = new WeakRef(req));
    server.app.server.prependListener('upgrade', onUpgrade);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`);
    await new Promise((r) => ws.once('open', r));
    server.app.server.removeListener('upgrade', onUpgrade);
    const ping = async (n: number) => {
      const reply = new Promise<string>((r) => ws.once('message', (d) => r(d.toString())));
      ws.send(JSON.stringify({ t: 'ping', n }));
      expect(JSON.parse(await reply)).toMatchObject({ t: 'pong', n });
    };
    await ping(1);
    for (let i = 0; i < 5 && upgrade?.deref() !== undefined; i++) {
      await new Promise((r) => setTimeout(r, 10));
      gc();
    }
    expect(upgrade).toBeDefined();
    expect(upgrade!.deref()).toBeUndefined();
    await ping(2);
    ws.close();
  });
});
