/**
 * The HTTP side: one port for the built web app, the game API (`/api/games`) and the game socket
 * (`/api/ws`), plus what operators need: JSON logs with a request id, `/metrics`, an honest
 * `/api/health`, security headers, compression and caching. Bodies and messages are validated by
 * schema; every refusal is JSON `{ error: { code, message } }` with a status that says what went
 * wrong, in our words: an exception's text goes to the log, never to the client.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ServerResponse, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bus } from './bus.ts';
import type { LogLevel, TrustProxy } from './config.ts';
import { Hub, ignoreError, type HubLimits } from './hub.ts';
import { Lobby, type LobbyLimits } from './lobby.ts';
import { Push, pushEvents } from './push.ts';
import { Metrics } from './metrics.ts';
import type { Health, HubLog } from './observe.ts';
import { CreateBody, describe } from './protocol.ts';
import {
  authenticator,
  DEFAULT_PLAYER_LIMITS,
  playerRoutes,
  pushRoutes,
  type PlayerLimits,
} from './player-api.ts';
import { DEFAULT_POOL_LIMITS, loadTrainingBank, puzzleRoutes, type PoolLimits } from './puzzle-pool.ts';
import { pdnOf } from './record.ts';
import { SqliteStore, type GameStore } from './store.ts';
import { reuseFragmentLists } from './ws-receiver.ts';

export interface LogSettings {
  level?: LogLevel;
  /** Where the JSON lines go (stdout when not given): the tests read them. */
  stream?: { write(line: string): void };
}

export interface ServerOptions {
  store: GameStore;
  bus: Bus;
  limits?: Partial<HubLimits>;
  lobbyLimits?: Partial<LobbyLimits>;
  /** Limits of the player routes (new identities an address may make, transfer codes tried). */
  playerLimits?: Partial<PlayerLimits>;
  /** Limits of the pooled puzzle ratings (results a device and an address may send). */
  poolLimits?: Partial<PoolLimits>;
  /** Web Push: the VAPID contact, and push hosts accepted besides the browsers' (a test's local endpoint). */
  push?: { subject?: string; extraHosts?: readonly string[] };
  /** The built web app (`packages/web/dist`), served at `/` when given. */
  webRoot?: string;
  /** The proxies in front (see `TrustProxy`): the client address for the limits is the one they saw. */
  trustProxy?: TrustProxy;
  /** Fastify's pino logger, JSON lines: off when not given (the tests), `true` for `info`. */
  logger?: boolean | LogSettings;
}

export interface DamaServer {
  app: FastifyInstance;
  hub: Hub;
  lobby: Lobby;
  push: Push;
  metrics: Metrics;
}

const GAME_ID = /^[A-Za-z0-9]{8,16}$/;
/** The machine-read routes: JSON refusals (404, 405) and `no-store`. */
const API = /^\/(api|metrics)(\/|\?|$)/;

/** Seat tokens live in the web app's hash routes, which never reach a server; the rest is redacted. */
const REDACT = [
  'token',
  '*.token',
  '*.*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * The page's policy, checked against the built app in Chromium: every script, style, worker
 * (the engine's module worker, the service worker) and image comes from the app's own origin;
 * styles set from script are CSSOM (not blocked) and no markup carries a `style` attribute; the
 * game socket is `ws:`/`wss:` (older Safari does not count those as `'self'`).
 */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Vite's content-hashed files never change under one name; everything else is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const SERVER_FAILED = { code: 'server', message: 'The server failed; try again.' } as const;

interface Refusal {
  status: number;
  code: string;
  message: string;
}

const fail = (code: string, message: string) => ({ error: { code, message } });

/** What a client is told about an error: a code and our own words, never the exception's text. */
function refusalOf(error: unknown): Refusal {
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  const status = typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : 500;
  if (status === 500) return { status, ...SERVER_FAILED };
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status, code: 'too-large', message: 'The body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status, code: 'bad-type', message: 'Send JSON (content-type: application/json).' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status, code: 'bad-json', message: 'The body is not valid JSON.' };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status, code: 'bad-request', message: 'The address is not valid.' };
  }
  if (status === 413) return { status, code: 'too-large', message: 'The body is too large.' };
  if (status === 415)
    return { status, code: 'bad-type', message: 'Send JSON (content-type: application/json).' };
  return { status, code: 'bad-request', message: `The request was refused (${status}).` };
}

function sendRefusal(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const r = refusalOf(error);
  if (r.status === 500) req.log.error({ err: error }, 'request failed');
  else req.log.info({ code: r.code, err: error }, 'request refused');
  return reply.status(r.status).type('application/json; charset=utf-8').send(fail(r.code, r.message));
}

const WS_KEY = /^[+/0-9A-Za-z]{22}==$/;

/** The handshake checks `ws` makes, answered here in JSON instead of its plain-text 400. */
/**
 * An upgraded socket that no longer holds its HTTP upgrade. @fastify/websocket leaves two holds on
 * it for the socket's life: the TCP socket's `_httpMessage` (the response it made for the routing),
 * and an 'error' listener whose closure keeps fastify's request and reply. Through them each socket
 * kept the request, the response with its headers (the CSP string among them), fastify's request
 * and reply and a child logger: a few kilobytes a socket, held until it closes (docs/server-load.md,
 * session 33). The response is detached from the TCP socket as Node's own upgrade path leaves it,
 * and a listener that does nothing replaces the error listener: an error is followed by 'close',
 * where the hub and the lobby clean up, and a socket refused at once must not throw.
 */
function keepLight(socket: WebSocket, req: IncomingMessage): WebSocket {
  socket.removeAllListeners('error');
  socket.on('error', ignoreError);
  const tcp = req.socket as (typeof req.socket & { _httpMessage?: unknown }) | null;
  const res = tcp?._httpMessage;
  if (tcp && res instanceof ServerResponse) res.detachSocket(tcp);
  return socket;
}

function upgradeProblem(headers: IncomingHttpHeaders): string | undefined {
  if (String(headers.upgrade).toLowerCase() !== 'websocket') return 'Upgrade to websocket only.';
  if (!WS_KEY.test(String(headers['sec-websocket-key'] ?? ''))) return 'No valid Sec-WebSocket-Key.';
  const version = headers['sec-websocket-version'];
  if (version !== '13' && version !== '8') return 'WebSocket version 13 only.';
  return undefined;
}

/** A query-string `token` (no client sends one, but a pasted address might) is not logged. */
const scrubUrl = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

function loggerOptions(setting: boolean | LogSettings | undefined) {
  if (!setting) return false;
  const s: LogSettings = setting === true ? {} : setting;
  return {
    level: s.level ?? 'info',
    ...(s.stream ? { stream: s.stream } : {}),
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      // Fastify's own, with the url scrubbed; headers are never logged.
      req: (req: Partial<FastifyRequest>) => ({
        method: req.method,
        url: typeof req.url === 'string' ? scrubUrl(req.url) : undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/**
 * Fastify's `trustProxy`. A hop count as a function: Fastify 5.12 reads a number as "trust no
 * proxy" (a client that reaches the port directly could otherwise write the hops itself), but
 * behind a load balancer that is the only way in, the right-most hops are the ones it wrote.
 */
function trustFunction(trust: TrustProxy): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust > 0 ? (_addr, hop) => hop < trust : false;
}

export async function buildServer(opts: ServerOptions): Promise<DamaServer> {
  const app = Fastify({
    logger: loggerOptions(opts.logger),
    genReqId: () => randomUUID(),
    bodyLimit: 1024,
    trustProxy: trustFunction(opts.trustProxy ?? false),
    frameworkErrors: (error, req, reply) => void sendRefusal(error, req, reply),
    clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket) {
      // A request Node could not parse (bad request line, headers too large): no route, no hooks.
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, code] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'too-large'] : [400, 'bad-request'];
      const body = JSON.stringify(fail(code, 'The request could not be read.'));
      this.log.debug({ err }, 'client error');
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
            `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `Connection: close\r\n\r\n${body}`,
        );
      socket.destroy();
    },
  });

  // The hub is made after its metrics; they read its health only when scraped.
  const metrics: Metrics = new Metrics((): Health => hub.health());
  const log: HubLog = app.log.child({ part: 'hub' });
  const push = new Push(opts.store, {
    subject: opts.push?.subject ?? 'mailto:dama@localhost',
    extraHosts: opts.push?.extraHosts,
    log: app.log.child({ part: 'push' }),
  });
  await push.init();
  const hub: Hub = new Hub(opts.store, opts.bus, opts.limits, {
    log,
    metrics,
    onStored: (before, after) => void push.send(pushEvents(before, after)),
  });
  if (opts.store instanceof SqliteStore)
    opts.store.onCommit = (writes, ms) => {
      metrics.commit(writes);
      if (hub.limits.slowTask > 0) hub.noteSlow('commit', ms, { writes });
    };

  app.setErrorHandler((error, req, reply) => sendRefusal(error, req, reply));
  // The API takes JSON only: a text/plain body is 415, not a string for the schema to refuse.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  app.addHook('onSend', async (req, reply) => {
    if (API.test(req.url) && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    // An upgrade answered over HTTP (refused): @fastify/websocket closes the socket after it.
    if (req.ws) void reply.header('connection', 'close');
  });

  // Every API route gets 405 (with Allow) for the methods it does not have, instead of a 404.
  const apiRoutes = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (!API.test(route.url)) return;
    const methods = apiRoutes.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) methods.add(m);
    apiRoutes.set(route.url, methods);
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    frameguard: { action: 'deny' },
    // Nothing here reads a Referer, and the seat token is in the hash, which is never sent anyway.
    referrerPolicy: { policy: 'no-referrer' },
    // Behind TLS, browsers keep to https; not for subdomains, which may be someone else's.
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: false },
    // Cross-origin isolated (the app loads nothing from other origins): the page gets
    // SharedArrayBuffer, through which the engine worker's search is stopped at once.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: { policy: 'require-corp' },
  });
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  // Less of each received message outlives the young generation (ws-receiver.ts).
  reuseFragmentLists();
  await app.register(websocket, { options: { maxPayload: hub.limits.maxFrame } });

  app.route({
    method: 'GET',
    url: '/api/ws',
    onRequest: async (req, reply) => {
      const problem = req.ws ? upgradeProblem(req.headers) : undefined;
      if (problem) return reply.status(400).send(fail('bad-upgrade', problem));
      // Refused before the handshake, where a refusal is cheap: a full server, or too many sockets from one address.
      const refusal = req.ws ? hub.admission(req.ip) : null;
      if (refusal) {
        metrics.dropped(refusal.status === 429 ? 'too-many' : 'busy');
        return reply.status(refusal.status).send(fail('busy', refusal.message));
      }
    },
    handler: async (_req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send(fail('upgrade-required', 'This is the game socket: open it as a WebSocket.')),
    wsHandler: (socket, req) => hub.connection(keepLight(socket, req.raw), req.ip),
  });

  const lobby = new Lobby(opts.store, hub, opts.lobbyLimits, { log: app.log.child({ part: 'lobby' }) });
  app.route({
    method: 'GET',
    url: '/api/lobby',
    onRequest: async (req, reply) => {
      const problem = req.ws ? upgradeProblem(req.headers) : undefined;
      if (problem) return reply.status(400).send(fail('bad-upgrade', problem));
      const refusal = req.ws ? lobby.admission(req.ip) : null;
      if (refusal) return reply.status(503).send(fail('busy', refusal));
    },
    handler: async (_req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send(fail('upgrade-required', 'This is the lobby socket: open it as a WebSocket.')),
    wsHandler: (socket, req) => lobby.connection(keepLight(socket, req.raw), req.ip),
  });

  const authenticate = authenticator(opts.store);
  app.post('/api/games', async (req, reply) => {
    const body = CreateBody.safeParse(req.body);
    if (!body.success)
      return reply.status(400).send(fail('bad-request', `Not a new game: ${describe(body.error)}.`));
    const { color, clock, days } = body.data;
    // A maker with an identity may be told when the friend joins (Web Push); a link needs none.
    let owner: string | null = null;
    if (req.headers.authorization !== undefined) {
      const p = await authenticate(req, reply).catch(() => null);
      if (p === null) return reply.status(503).send(busy);
      if (!p) return reply;
      owner = p.id;
    }
    const made = await hub.create(
      color,
      clock && { initial: Math.round(clock.minutes * 60_000), increment: clock.increment * 1000 },
      req.ip,
      days ?? null,
      owner,
    );
    if (!made.ok) return reply.status(made.status).send(fail(made.code, made.message));
    return reply.status(201).send({ id: made.id, color: made.color, token: made.token });
  });

  /** The game, undefined when there is none, or null when the database is away. */
  const find = async (id: string) => {
    if (!GAME_ID.test(id)) return undefined;
    try {
      return await hub.get(id);
    } catch {
      return null;
    }
  };
  const unknown = (id: string) => fail('unknown-game', `There is no game ${id.slice(0, 20)}.`);
  const busy = fail('busy', 'The server cannot reach its database just now; try again in a moment.');

  app.get<{ Params: { id: string } }>('/api/games/:id', async (req, reply) => {
    const rec = await find(req.params.id);
    if (rec === null) return reply.status(503).send(busy);
    if (!rec) return reply.status(404).send(unknown(req.params.id));
    return hub.snapshot(rec);
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/pdn', async (req, reply) => {
    const rec = await find(req.params.id);
    if (rec === null) return reply.status(503).send(busy);
    if (!rec) return reply.status(404).send(unknown(req.params.id));
    return reply.type('application/x-pdn; charset=utf-8').send(pdnOf(rec));
  });

  playerRoutes(app, opts.store, () => Date.now(), { ...DEFAULT_PLAYER_LIMITS, ...opts.playerLimits });
  pushRoutes(app, opts.store, push, () => Date.now());
  puzzleRoutes(app, opts.store, loadTrainingBank(), () => Date.now(), {
    ...DEFAULT_POOL_LIMITS,
    ...opts.poolLimits,
  });

  // For a load balancer: 200 while this instance serves games (ready, or degraded: the bus away or
  // saturated), 503 when it cannot (the database away), so traffic goes elsewhere.
  app.get('/api/health', async (_req, reply) => {
    const health = hub.health();
    const m = process.memoryUsage();
    const body = { ...health, rss: m.rss, heapUsed: m.heapUsed };
    if (health.status !== 'down') return body;
    return reply.status(503).send({ ...body, ...fail('down', 'This instance cannot reach its database.') });
  });

  app.get('/metrics', async (_req, reply) => reply.type(metrics.contentType).send(await metrics.scrape()));

  for (const [url, methods] of [...apiRoutes]) {
    if (methods.has('GET')) methods.add('HEAD'); // Fastify adds it later
    const allow = [...methods];
    const others = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
      (m) => !methods.has(m),
    );
    app.route({
      method: others,
      url,
      handler: async (req, reply) =>
        reply
          .status(405)
          .header('allow', allow.join(', '))
          .send(fail('bad-method', `${req.method} is not allowed here; ${allow.join(' or ')} is.`)),
    });
  }

  if (opts.webRoot && existsSync(opts.webRoot)) {
    const root = resolve(opts.webRoot);
    const hashed = resolve(root, 'assets') + sep;
    await app.register(fastifyStatic, {
      root,
      // an array: with `preCompressed`, a string here is not looked for, and `/` would be a 404
      index: ['index.html'],
      // `x.js.br` or `x.js.gz` for `x.js` when the browser takes it: the web build writes them
      // (packages/web/scripts/precompress.ts), so assets are not compressed again at each request.
      preCompressed: true,
      cacheControl: false,
      // index.html, sw.js, workbox-*.js, the manifest, icons, engine/ and tb/ keep their names
      // across versions: revalidated each time (ETag), so a new version is seen at once.
      setHeaders: (reply, path) =>
        void reply.header('cache-control', path.startsWith(hashed) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (API.test(req.url))
      return reply.status(404).send(fail('not-found', `Nothing at ${req.url.slice(0, 60)}.`));
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });

  await hub.start();
  lobby.start();
  app.addHook('onClose', async () => {
    await lobby.stop();
    await hub.stop();
  });
  return { app, hub, lobby, push, metrics };
}
