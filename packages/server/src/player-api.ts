/**
 * The player identity over HTTP (see `players.ts`): a new identity, who am I, a name chosen from
 * the lists, and the transfer code that moves an identity to another device. A request speaks for
 * a player with `Authorization: Bearer <player id>.<secret>`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Buckets } from './bucket.ts';
import {
  ADJECTIVES,
  MAX_DEVICES,
  chosenName,
  nameText,
  hashSecret,
  newPlayerId,
  newSecret,
  newTransferCode,
  normalCode,
  NOUNS,
  PLAYER_ID,
  publicPlayer,
  randomName,
  secretMatches,
  TRANSFER_TTL,
  type PlayerRecord,
} from './players.ts';
import { shownRatings } from './lobby.ts';
import { pauseUntil } from './pairing.ts';
import { describe } from './protocol.ts';
import { MAX_SUBSCRIPTIONS, PUSH_KINDS, type Push } from './push.ts';
import { PROVISIONAL_DEVIATION, SPEEDS, type Speed } from './rating.ts';
import { snapshot, turnOf } from './record.ts';
import type { GameStore } from './store.ts';

export interface PlayerLimits {
  /** New identities one address may make: a burst, then this many an hour. */
  newPerHour: number;
  newBurst: number;
  /** Transfer codes one address may try a minute (a code is 40 bits: guessing is hopeless at this pace). */
  claimsPerMinute: number;
}

export const DEFAULT_PLAYER_LIMITS: PlayerLimits = { newPerHour: 20, newBurst: 10, claimsPerMinute: 10 };

const NameBody = z
  .object({ adjective: z.string().max(40), noun: z.string().max(40), number: z.number().int().optional() })
  .strict();
const ClaimBody = z.object({ code: z.string().max(20) }).strict();

const GamesQuery = z.object({ before: z.coerce.number().int().min(0).optional() }).strict();
/** Games listed a page. */
const GAMES_PAGE = 50;
/**
 * Who is on a leaderboard: at least 10 rated games in the speed, one in the last 30 days, and a
 * rating that is not provisional (lichess asks 30 games and a week; a young site has fewer games).
 */
export const LEADERBOARD = {
  minGames: 10,
  recent: 30 * 24 * 3600_000,
  maxDeviation: PROVISIONAL_DEVIATION,
  limit: 50,
};
/** Live games listed at most. */
const LIVE_LIST = 20;
/** Players one may block. */
export const MAX_BLOCKED = 500;

const fail = (code: string, message: string) => ({ error: { code, message } });
const BUSY = fail('busy', 'The server cannot reach its database just now; try again in a moment.');

/** The player a request speaks for, or a 401 sent. */
export function authenticator(store: GameStore) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<PlayerRecord | undefined> => {
    const m = /^Bearer ([A-Za-z0-9]{12})\.([A-Za-z0-9_-]{24})$/.exec(req.headers.authorization ?? '');
    const p = m ? await store.getPlayer(m[1]) : undefined;
    if (!m || !p || !secretMatches(p, m[2])) {
      void reply.status(401).send(fail('not-a-player', 'That player id and secret do not match.'));
      return undefined;
    }
    return p;
  };
}

export function playerRoutes(
  app: FastifyInstance,
  store: GameStore,
  now: () => number,
  limits: PlayerLimits = DEFAULT_PLAYER_LIMITS,
): void {
  const making = new Buckets(limits.newBurst, limits.newPerHour / 3600);
  const claiming = new Buckets(limits.claimsPerMinute, limits.claimsPerMinute / 60);

  const me = authenticator(store);

  /** Runs a handler, answering `busy` when the database is away (nothing else is said of the failure). */
  const guarded =
    (f: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await f(req, reply);
      } catch (e) {
        req.log.error({ err: e }, 'player route failed');
        return reply.status(503).send(BUSY);
      }
    };

  app.get('/api/players/names', async () => ({ adjectives: ADJECTIVES, nouns: NOUNS }));

  app.post(
    '/api/players',
    guarded(async (req, reply) => {
      if (!making.take(req.ip, now()))
        return reply
          .status(429)
          .send(fail('too-many-players', 'This address has made enough players for now.'));
      const secret = newSecret();
      const t = now();
      const p: PlayerRecord = {
        id: newPlayerId(),
        secrets: [hashSecret(secret)],
        name: randomName(),
        created: t,
        seen: t,
      };
      await store.insertPlayer(p);
      return reply.status(201).send({ ...publicPlayer(p), secret });
    }),
  );

  app.get(
    '/api/players/me',
    guarded(async (req, reply) => {
      const p = await me(req, reply);
      if (!p) return undefined;
      const t = now();
      return {
        ...publicPlayer(p),
        ratings: shownRatings(p, t),
        blocked: p.blocked ?? [],
        pausedUntil: pauseUntil(p.aborts ?? [], t),
      };
    }),
  );

  // The player's games being played (paired ones), theirs to move first: the "your turn" list.
  app.get(
    '/api/players/me/playing',
    guarded(async (req, reply) => {
      const p = await me(req, reply);
      if (!p) return undefined;
      const t = now();
      const recs = await Promise.all((await store.playingOf(p.id)).map((id) => store.get(id)));
      const games = recs
        .filter((r) => r?.status === 'playing' && r.players)
        .map((r) => {
          const color = r!.players!.white.id === p.id ? 'white' : 'black';
          // The player's own seat token: the game opens on any device that holds the identity.
          return { color, yourTurn: turnOf(r!) === color, token: r!.tokens[color], game: snapshot(r!, t, 0) };
        })
        .sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn));
      return { games };
    }),
  );

  const blocking = (block: boolean) =>
    guarded(async (req, reply) => {
      const other = (req.params as { id: string }).id;
      if (!PLAYER_ID.test(other)) return reply.status(400).send(fail('bad-request', 'Not a player id.'));
      const p = await me(req, reply);
      if (!p) return undefined;
      if (other === p.id) return reply.status(400).send(fail('bad-request', 'You cannot block yourself.'));
      await store.setBlocked(p.id, other, block, MAX_BLOCKED);
      return reply.status(204).send();
    });
  app.put('/api/players/me/blocks/:id', blocking(true));
  app.delete('/api/players/me/blocks/:id', blocking(false));

  app.put(
    '/api/players/me/name',
    guarded(async (req, reply) => {
      const body = NameBody.safeParse(req.body);
      if (!body.success)
        return reply.status(400).send(fail('bad-request', `Not a name: ${describe(body.error)}.`));
      const name = chosenName(body.data.adjective, body.data.noun, body.data.number);
      if (!name) return reply.status(400).send(fail('bad-name', 'A name is one word from each list.'));
      const p = await me(req, reply);
      if (!p) return undefined;
      await store.renamePlayer(p.id, name);
      return publicPlayer({ ...p, name });
    }),
  );

  app.post(
    '/api/players/me/transfer',
    guarded(async (req, reply) => {
      const p = await me(req, reply);
      if (!p) return undefined;
      const code = newTransferCode();
      const expires = now() + TRANSFER_TTL;
      await store.insertTransfer(code, p.id, expires);
      return reply.status(201).send({ code, expires });
    }),
  );

  app.post(
    '/api/players/transfer',
    guarded(async (req, reply) => {
      if (!claiming.take(req.ip, now()))
        return reply.status(429).send(fail('rate-limited', 'Too many codes tried; wait a minute.'));
      const body = ClaimBody.safeParse(req.body);
      const code = body.success ? normalCode(body.data.code) : undefined;
      if (!code) return reply.status(400).send(fail('bad-code', 'A transfer code is 8 letters and digits.'));
      const id = await store.takeTransfer(code, now());
      const p = id ? await store.getPlayer(id) : undefined;
      if (!p) return reply.status(404).send(fail('unknown-code', 'That code is unknown, used or expired.'));
      // The new device gets a secret of its own; the old one keeps working with its own.
      const secret = newSecret();
      await store.addPlayerSecret(p.id, hashSecret(secret), MAX_DEVICES);
      return { ...publicPlayer(p), secret };
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/players/:id',
    guarded(async (req, reply) => {
      const { id } = req.params as { id: string };
      const p = PLAYER_ID.test(id) ? await store.getPlayer(id) : undefined;
      if (!p) return reply.status(404).send(fail('unknown-player', 'There is no such player.'));
      const { id: pid, name, created } = publicPlayer(p);
      return { id: pid, name, created, ratings: shownRatings(p, now()) };
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/players/:id/games',
    guarded(async (req, reply) => {
      const { id } = req.params as { id: string };
      const q = GamesQuery.safeParse(req.query);
      if (!PLAYER_ID.test(id) || !q.success)
        return reply
          .status(400)
          .send(fail('bad-request', 'Ask for a player id, and optionally before=<time>.'));
      const games = await store.gamesOf(id, q.data.before ?? Number.MAX_SAFE_INTEGER, GAMES_PAGE);
      const t = now();
      return { games: games.map((g) => snapshot(g, t, 0)) };
    }),
  );

  app.get<{ Params: { speed: string } }>(
    '/api/leaderboard/:speed',
    guarded(async (req, reply) => {
      const { speed } = req.params as { speed: string };
      if (!(SPEEDS as readonly string[]).includes(speed))
        return reply.status(404).send(fail('not-found', `There is no speed ${speed.slice(0, 20)}.`));
      const t = now();
      const leaders = await store.leaders(speed as Speed, { ...LEADERBOARD, since: t - LEADERBOARD.recent });
      return {
        speed,
        players: leaders.map((l) => ({
          id: l.player,
          name: nameText(l.name),
          rating: Math.round(l.rating),
          games: l.games,
        })),
      };
    }),
  );

  app.get(
    '/api/live',
    guarded(async () => {
      const t = now();
      const live = await store.live(LIVE_LIST);
      const recs = await Promise.all(live.map((g) => store.get(g.id)));
      const games = recs.filter((r) => r?.status === 'playing').map((r) => snapshot(r!, t, 0));
      // The featured game: the highest-rated being played on a clock (a correspondence game moves
      // once a day or so: one only when no game is being played live).
      const featured = games.find((g) => g.days === null) ?? games[0];
      return { featured: featured?.id ?? null, games };
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/players/:id/history',
    guarded(async (req, reply) => {
      const { id } = req.params as { id: string };
      if (!PLAYER_ID.test(id)) return reply.status(400).send(fail('bad-request', 'Not a player id.'));
      const points = await store.ratingHistory(id);
      return {
        points: points.map(({ speed, at, rating, game }) => ({
          speed,
          at,
          rating: Math.round(rating),
          game,
        })),
      };
    }),
  );
}

const PushBody = z
  .object({
    endpoint: z.string().max(1000),
    keys: z
      .object({
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'a P-256 public key, base64url'),
        auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'an auth secret, base64url'),
      })
      .strict(),
    kinds: z.array(z.enum(PUSH_KINDS)).max(PUSH_KINDS.length),
    lang: z.enum(['tr', 'en']),
  })
  .strict();
const PushDelete = z.object({ endpoint: z.string().max(1000) }).strict();

/** Web Push: the server's public key, and a player's subscriptions (each with the kinds it wants). */
export function pushRoutes(app: FastifyInstance, store: GameStore, push: Push, now: () => number): void {
  const auth = authenticator(store);
  app.get('/api/push/key', async () => ({ publicKey: push.publicKey }));
  app.put('/api/players/me/push', async (req, reply) => {
    const body = PushBody.safeParse(req.body);
    if (!body.success)
      return reply.status(400).send(fail('bad-request', `Not a push subscription: ${describe(body.error)}.`));
    if (!push.allowed(body.data.endpoint))
      return reply.status(400).send(fail('bad-endpoint', 'That endpoint is not a browser push service.'));
    try {
      const p = await auth(req, reply);
      if (!p) return undefined;
      const { endpoint, keys, kinds, lang } = body.data;
      await store.addPushSubscription(
        {
          player: p.id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          kinds: [...new Set(kinds)],
          lang,
          created: now(),
        },
        MAX_SUBSCRIPTIONS,
      );
      return reply.status(204).send();
    } catch (e) {
      req.log.error({ err: e }, 'push route failed');
      return reply.status(503).send(BUSY);
    }
  });
  app.delete('/api/players/me/push', async (req, reply) => {
    const body = PushDelete.safeParse(req.body);
    if (!body.success) return reply.status(400).send(fail('bad-request', 'Say which endpoint to forget.'));
    try {
      const p = await auth(req, reply);
      if (!p) return undefined;
      const mine = await store.pushSubscriptionsOf(p.id);
      if (mine.some((s) => s.endpoint === body.data.endpoint))
        await store.removePushSubscription(body.data.endpoint);
      return reply.status(204).send();
    } catch (e) {
      req.log.error({ err: e }, 'push route failed');
      return reply.status(503).send(BUSY);
    }
  });
}
