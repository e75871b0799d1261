/**
 * The HTTP side: one port for the built web app, the game API (`/api/games`) and the game socket
 * (`/api/ws`). Bodies and messages are validated by schema; every refusal is JSON
 * `{ error: { code, message } }` with a status that says what went wrong.
 */
import { existsSync } from 'node:fs';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Bus } from './bus.ts';
import { Hub, type Limits } from './hub.ts';
import { CreateBody, describe } from './protocol.ts';
import { pdnOf } from './record.ts';
import type { Store } from './store.ts';

export interface ServerOptions {
  store: Store;
  bus: Bus;
  limits?: Partial<Limits>;
  /** The built web app (`packages/web/dist`), served at `/` when given. */
  webRoot?: string;
  /** Take the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy?: boolean;
  logger?: boolean;
}

export interface DamaServer {
  app: FastifyInstance;
  hub: Hub;
}

const GAME_ID = /^[A-Za-z0-9]{8,16}$/;

export async function buildServer(opts: ServerOptions): Promise<DamaServer> {
  const hub = new Hub(opts.store, opts.bus, opts.limits);
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024,
    trustProxy: opts.trustProxy ?? false,
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _req, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const code =
      status === 413
        ? 'too-large'
        : status === 415
          ? 'bad-type'
          : status === 400
            ? 'bad-json'
            : status === 500
              ? 'server'
              : 'bad-request';
    void reply
      .status(status)
      .send({ error: { code, message: status === 500 ? 'The server failed; try again.' : error.message } });
  });

  await app.register(websocket, { options: { maxPayload: hub.limits.maxFrame } });

  app.get('/api/ws', { websocket: true }, (socket, req) => hub.connection(socket, req.ip));

  app.post('/api/games', async (req, reply) => {
    const body = CreateBody.safeParse(req.body);
    if (!body.success)
      return reply
        .status(400)
        .send({ error: { code: 'bad-request', message: `Not a new game: ${describe(body.error)}.` } });
    const { color, clock } = body.data;
    const made = await hub.create(
      color,
      clock && { initial: Math.round(clock.minutes * 60_000), increment: clock.increment * 1000 },
      req.ip,
    );
    if (!made.ok)
      return reply.status(made.status).send({ error: { code: made.code, message: made.message } });
    return reply.status(201).send({ id: made.id, color: made.color, token: made.token });
  });

  const find = async (id: string) => (GAME_ID.test(id) ? hub.get(id) : undefined);
  const unknown = (id: string) => ({
    error: { code: 'unknown-game', message: `There is no game ${id.slice(0, 20)}.` },
  });

  app.get<{ Params: { id: string } }>('/api/games/:id', async (req, reply) => {
    const rec = await find(req.params.id);
    if (!rec) return reply.status(404).send(unknown(req.params.id));
    return hub.snapshot(rec);
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/pdn', async (req, reply) => {
    const rec = await find(req.params.id);
    if (!rec) return reply.status(404).send(unknown(req.params.id));
    return reply.type('application/x-pdn; charset=utf-8').send(pdnOf(rec));
  });

  app.get('/api/health', async () => {
    const m = process.memoryUsage();
    return { ok: true, sockets: hub.openSockets, rss: m.rss, heapUsed: m.heapUsed };
  });

  if (opts.webRoot && existsSync(opts.webRoot)) {
    await app.register(fastifyStatic, { root: opts.webRoot, index: 'index.html' });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/'))
      return reply
        .status(404)
        .send({ error: { code: 'not-found', message: `Nothing at ${req.url.slice(0, 60)}.` } });
    return reply.status(404).type('text/plain').send('Not found');
  });

  await hub.start();
  app.addHook('onClose', async () => hub.stop());
  return { app, hub };
}
