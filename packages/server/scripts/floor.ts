/**
 * The floor of `npm run bench:server -- --floor`: a stand-in for the game server that speaks just
 * enough of its protocol for `loadgen.ts` to play, with none of its work. What it costs is what the
 * sockets, `ws`, JSON and the rules cost on this host at a given load, so the real server's figures
 * at the same load say how much of its core its own work takes.
 *
 * What it does: `POST /api/games` makes a game (an id and White's token); on `/api/ws` (`ws`, the
 * server's own `maxPayload`, the fragment lists reused as the server does) it answers `hello`,
 * `join` (`seat`, then the `playing` snapshot to both sockets), `ping` (`pong`) and `move`: the move
 * is played by `@dama/core` (the game ends when the side to move has none, or at `MAX_PLIES` as a
 * draw), the mover gets `ack` and the `move` message in one write, the opponent the `move`
 * message, each as big as the server's. `GET /api/health` gives the process's memory and sockets.
 *
 * What it leaves out, all of it: storage, clocks, lag compensation, validation of messages beyond
 * JSON, limits and admission, presence, timers, metrics, logs, the bus. It trusts its one client.
 * Never a server: it exists only to be measured.
 *
 * Usage (by `bench.ts`): PORT=4173 HOST=127.0.0.1 node --import tsx scripts/floor.ts
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { opposite, parseNotation, Position } from '@dama/core';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { MoveMessage, ServerMessage, Snapshot } from '../src/wire.ts';
import { reuseFragmentLists } from '../src/ws-receiver.ts';

/** A game that goes on this long (kings shuffling) ends as a draw: there are no draw rules here. */
const MAX_PLIES = 300;
/** The server's frame limit (`DEFAULT_HUB_LIMITS.maxFrame`; not imported, which would load the hub's modules here). */
const MAX_FRAME = 4096;
const CLOCK = { initial: 600_000, increment: 5_000 };

interface Game {
  id: string;
  token: string;
  v: number;
  status: Snapshot['status'];
  pos: Position;
  /**
   * The moves, in an array made once at its full length: a new array a move (the server's records
   * avoid one as well) would live until the next move, seconds, and fill the old generation.
   */
  moves: string[];
  plies: number;
  white: WebSocket | undefined;
  black: WebSocket | undefined;
  created: number;
  resigned: 'white' | 'black' | undefined;
}

const games = new Map<string, Game>();
const seatOf = new Map<WebSocket, { game: Game; color: 'white' | 'black' | null }>();

const id = () => randomBytes(6).toString('base64url');

/** A snapshot shaped as the server's, so that the bytes on the wire are alike. */
function snapshot(g: Game, now: number): Snapshot {
  const over = g.status === 'over';
  return {
    id: g.id,
    v: g.v,
    created: g.created,
    ended: over ? now : null,
    status: g.status,
    clock: CLOCK,
    moves: g.moves.slice(0, g.plies),
    clocks: {
      white: CLOCK.initial,
      black: CLOCK.initial,
      running: g.status === 'playing' ? g.pos.turn : null,
    },
    now,
    seats: { white: true, black: g.black !== undefined },
    presence: { white: { state: 'online', since: g.created }, black: { state: 'online', since: g.created } },
    claimAfter: 60_000,
    drawOffer: null,
    drawOffers: { white: 0, black: 0 },
    takebackOffer: null,
    abortAt: null,
    rematchOffer: null,
    rematch: null,
    outcome: over ? outcome(g) : null,
    result: '*',
    players: null,
    rated: false,
    days: null,
  };
}

/** Who won and why: the side to move has no move (blocked or no pieces), resigned, or a draw at `MAX_PLIES`. */
function outcome(g: Game): Snapshot['outcome'] {
  if (g.resigned) return { winner: opposite(g.resigned), reason: 'resignation' };
  if (g.pos.hasLegalMove()) return { winner: undefined, reason: 'agreement' };
  return { winner: opposite(g.pos.turn), reason: g.pos.count(g.pos.turn) === 0 ? 'no-pieces' : 'blocked' };
}

const send = (ws: WebSocket | undefined, m: ServerMessage) => ws?.send(JSON.stringify(m));

function broadcast(g: Game): void {
  const text = JSON.stringify({ t: 'game', game: snapshot(g, Date.now()) } satisfies ServerMessage);
  g.white?.send(text);
  g.black?.send(text);
}

/** Holds a socket's writes until the end of this turn (as the hub does): the mover's ack and move go in one. */
function cork(ws: WebSocket | undefined): void {
  const socket = (ws as unknown as { _socket: Socket } | undefined)?._socket;
  if (!socket) return;
  socket.cork();
  process.nextTick(() => socket.uncork());
}

function receive(ws: WebSocket, data: RawData): void {
  let m: { t: string; [k: string]: unknown };
  try {
    m = JSON.parse(data.toString()) as typeof m;
  } catch {
    return send(ws, { t: 'error', code: 'bad-json', message: 'Not JSON.' });
  }
  const seat = seatOf.get(ws);
  if (m.t === 'ping') return send(ws, { t: 'pong', n: m.n as number, now: Date.now() });
  if (m.t === 'hello') {
    const g = games.get(m.game as string);
    if (!g) return send(ws, { t: 'error', code: 'unknown-game', message: 'No such game.' });
    const color = m.token === g.token ? 'white' : null;
    if (color) g.white = ws;
    seatOf.set(ws, { game: g, color });
    send(ws, { t: 'hello', you: color, v: g.v });
    return send(ws, { t: 'game', game: snapshot(g, Date.now()) });
  }
  if (!seat) return send(ws, { t: 'error', code: 'no-game', message: 'Say hello first.' });
  const g = seat.game;
  if (m.t === 'join') {
    seat.color = 'black';
    g.black = ws;
    g.status = 'playing';
    g.v++;
    send(ws, { t: 'seat', game: g.id, color: 'black', token: id() });
    return broadcast(g);
  }
  if (m.t === 'resign') {
    if (g.status !== 'playing' || !seat.color) return;
    g.resigned = seat.color;
    g.status = 'over';
    g.v++;
    return broadcast(g);
  }
  if (m.t !== 'move' || g.status !== 'playing' || seat.color !== g.pos.turn) return;
  const parsed = parseNotation(g.pos, m.move as string);
  if (!parsed.ok)
    return send(ws, { t: 'error', code: 'illegal-move', message: parsed.error.message, id: m.id as string });
  g.pos = g.pos.play(parsed.value);
  g.moves[g.plies++] = m.move as string;
  g.v++;
  const now = Date.now();
  // Each socket's writes of this turn go out together, as the hub's do.
  cork(g.white);
  cork(g.black);
  send(ws, { t: 'ack', id: m.id as string, v: g.v });
  if (!g.pos.hasLegalMove() || g.plies >= MAX_PLIES) {
    g.status = 'over';
    broadcast(g);
    games.delete(g.id);
    return;
  }
  const move: MoveMessage = {
    t: 'move',
    game: g.id,
    v: g.v,
    move: m.move as string,
    clocks: { white: CLOCK.initial, black: CLOCK.initial, running: g.pos.turn },
    now,
    abortAt: null,
    drawOffer: null,
    takebackOffer: null,
  };
  const text = JSON.stringify(move);
  g.white?.send(text);
  g.black?.send(text);
}

reuseFragmentLists();
const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
wss.on('connection', (ws) => {
  ws.on('message', (data) => receive(ws, data));
  ws.on('close', () => {
    const seat = seatOf.get(ws);
    seatOf.delete(ws);
    if (seat?.game.white === ws) seat.game.white = undefined;
    if (seat?.game.black === ws) seat.game.black = undefined;
  });
  ws.on('error', () => undefined);
});

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  if (req.method === 'POST' && req.url === '/api/games') {
    req.resume();
    req.on('end', () => {
      const g: Game = {
        id: id(),
        token: randomBytes(18).toString('base64url'),
        v: 1,
        status: 'waiting',
        pos: Position.start(),
        moves: new Array<string>(MAX_PLIES).fill(''),
        plies: 0,
        white: undefined,
        black: undefined,
        created: Date.now(),
        resigned: undefined,
      };
      games.set(g.id, g);
      json(res, 201, { id: g.id, token: g.token });
    });
    return;
  }
  if (req.url === '/api/health') {
    const mem = process.memoryUsage();
    return json(res, 200, { rss: mem.rss, heapUsed: mem.heapUsed, sockets: seatOf.size });
  }
  json(res, 404, { error: { code: 'not-found' } });
});
// Fastify's default: Node's own 5 s closes the generator's kept-alive connections under it.
server.keepAliveTimeout = 72_000;
server.on('upgrade', (req, socket, head) => {
  if (req.url !== '/api/ws') return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
});
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () =>
  console.log(`Dama on http://${host}:${port}/ (the floor: no storage, no logic)`),
);
