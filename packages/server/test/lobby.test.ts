// Quick pairing over real sockets on one instance (SQLite): two seekers become one rated game,
// whose end moves both ratings once; the pairing rules (time control, range, block list, one's own
// seek); a first move that never comes aborts the game unrated and counts against the late side;
// the pause after repeated aborts; and every bad lobby message refused with nothing changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer, LocalBus, SqliteStore, type DamaServer } from '../src/index.ts';
import { pairedRecord } from '../src/record.ts';
import { settle } from '../src/results.ts';
import { TestClient } from './client.ts';
import { PushEndpoint } from './push-endpoint.ts';
import { LobbyClient, type Player } from './lobby-client.ts';

let server: DamaServer;
let store: SqliteStore;
let base = '';
let dir = '';
let ips = 0;
const sockets: { close(): void }[] = [];

let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await PushEndpoint.start();
  dir = mkdtempSync(join(tmpdir(), 'dama-lobby-'));
  store = new SqliteStore(join(dir, 'games.sqlite'));
  server = await buildServer({
    store,
    bus: new LocalBus(),
    limits: { firstMove: 1500, perSecond: 500, seatPerSecond: 500, seatBurst: 500 },
    lobbyLimits: { poll: 100, listEvery: 200 },
    push: { extraHosts: [endpoint.host] },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await server.app.close();
  await endpoint.close();
  rmSync(dir, { recursive: true, force: true });
});

const openLobby = async () => {
  const c = await LobbyClient.open(base);
  sockets.push(c);
  return c;
};

async function newPlayer(): Promise<Player> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/players',
    remoteAddress: `10.1.0.${++ips}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Player;
}

async function me(p: Player) {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/players/me',
    headers: { authorization: `Bearer ${p.id}.${p.secret}` },
  });
  return res.json() as {
    ratings: Record<string, { rating: number; provisional: boolean; games: number }>;
    pausedUntil: number | null;
  };
}

/** Two players with lobby sockets that said hello. */
async function two() {
  const [a, b] = [await newPlayer(), await newPlayer()];
  const [la, lb] = [await openLobby(), await openLobby()];
  await la.hello(a);
  await lb.hello(b);
  return { a, b, la, lb };
}

describe('quick pairing', () => {
  it('pairs two seekers into one rated game, whose end moves both ratings once', async () => {
    const { a, b, la, lb } = await two();
    const pa = la.next('paired');
    const pb = lb.next('paired');
    const t0 = Date.now();
    await la.seek();
    await lb.seek();
    const [ga, gb] = await Promise.all([pa, pb]);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(ga.game).toBe(gb.game);
    expect(new Set([ga.color, gb.color])).toEqual(new Set(['white', 'black']));
    expect(ga.token).not.toBe(gb.token);

    // Both open the game with their seat tokens, as by a friend's link.
    const ca = await TestClient.open(base);
    const cb = await TestClient.open(base);
    sockets.push(ca, cb);
    const sa = await ca.hello(ga.game, ga.token);
    await cb.hello(gb.game, gb.token);
    expect(sa.status).toBe('playing');
    expect(sa.rated).toBe(true);
    expect(sa.players![ga.color].id).toBe(a.id);
    expect(sa.players![gb.color].id).toBe(b.id);
    expect(sa.players!.white.rating).toBe(1500);
    const white = ga.color === 'white' ? ca : cb;
    const black = ga.color === 'white' ? cb : ca;
    const moved = white.nextGame((g) => g.moves.length === 2);
    white.send({ t: 'move', move: 'c3-c4', ply: 0 });
    await white.nextGame((g) => g.moves.length === 1);
    black.send({ t: 'move', move: 'f6-f5', ply: 1 });
    await moved;
    const over = white.nextGame((g) => g.status === 'over');
    white.send({ t: 'resign' });
    const end = await over;
    expect(end.outcome).toMatchObject({ winner: 'black', reason: 'resignation' });
    expect(end.players!.black.after).toBeGreaterThan(1500);
    expect(end.players!.white.after).toBeLessThan(1500);

    const blackId = ga.color === 'black' ? a : b;
    const whiteId = ga.color === 'white' ? a : b;
    const [rb, rw] = [await me(blackId), await me(whiteId)];
    expect(rb.ratings.blitz).toMatchObject({ rating: end.players!.black.after, games: 1, provisional: true });
    expect(rw.ratings.blitz).toMatchObject({ rating: end.players!.white.after, games: 1 });
    const games = (await server.app.inject({ url: `/api/players/${a.id}/games` })).json() as {
      games: { id: string; result: string }[];
    };
    expect(games.games.map((g) => [g.id, g.result])).toEqual([[ga.game, '0-1']]);
    const history = (await server.app.inject({ url: `/api/players/${a.id}/history` })).json() as {
      points: { speed: string; game: string }[];
    };
    expect(history.points).toEqual([expect.objectContaining({ speed: 'blitz', game: ga.game })]);

    // A second settle of the same end (another instance, the same moment) writes nothing more.
    const rec = (await store.get(ga.game))!;
    const again = await store.finish({ ...rec, version: rec.version }, () => {
      throw new Error('settled twice');
    });
    expect(again).toBeNull();
    expect((await me(blackId)).ratings.blitz.games).toBe(1);
  });

  it('gives a player who lost the paired message the seat again at the next hello, and keeps a cancel before a seek', async () => {
    const { a, b, la, lb } = await two();
    const pa = la.next('paired');
    await la.seek({ clock: { initial: 900_000, increment: 10_000 }, rated: false });
    await lb.seek({ clock: { initial: 900_000, increment: 10_000 }, rated: false });
    const ga = await pa;
    la.close();
    const again = await openLobby();
    const hello = await again.hello(a);
    expect(hello.games).toEqual([{ game: ga.game, color: ga.color, token: ga.token }]);
    expect(hello.blocked).toEqual([]);
    // A cancel then a seek, sent at once, are handled in that order: the seek stands.
    const lc = await openLobby();
    await lc.hello(b);
    const seeking = lc.next('seeking', (m) => m.seek !== null);
    lc.send({ t: 'cancel' });
    lc.send({ t: 'seek', clock: { initial: 60_000, increment: 0 }, rated: false, range: null });
    const id = (await seeking).seek;
    await new Promise((r) => setTimeout(r, 100));
    expect((await store.openSeeks()).map((s) => s.id)).toContain(id);
    for (const c of [again, lb, lc]) c.close();
  });

  it('pairs only the same time control and rated flag, within both ranges', async () => {
    const { la, lb } = await two();
    await la.seek({ clock: { initial: 60_000, increment: 0 } });
    await lb.seek({ clock: { initial: 300_000, increment: 0 } });
    expect(await la.pairedWithin(400)).toBe(false);
    await lb.seek({ clock: { initial: 60_000, increment: 0 }, rated: false });
    expect(await la.pairedWithin(400)).toBe(false);
    // Both new players are 1500: a range above it excludes the other.
    await lb.seek({ clock: { initial: 60_000, increment: 0 }, range: { min: 1600, max: 2000 } });
    expect(await la.pairedWithin(400)).toBe(false);
    const paired = la.next('paired');
    await lb.seek({ clock: { initial: 60_000, increment: 0 }, range: { min: 1400, max: 1600 } });
    await paired;
  });

  it('never pairs a player with someone they blocked, nor with themselves', async () => {
    const { a, b, la, lb } = await two();
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/players/me/blocks/${b.id}`,
      headers: { authorization: `Bearer ${a.id}.${a.secret}` },
    });
    expect(put.statusCode).toBe(204);
    await la.seek();
    await lb.seek();
    expect(await la.pairedWithin(500)).toBe(false);
    // The same player in a second tab is not an opponent either.
    const la2 = await openLobby();
    await la2.hello(a);
    await la2.seek();
    expect(await la2.pairedWithin(400)).toBe(false);
    la.close();
    la2.close();
    lb.close();
  });

  it('withdraws a seek when its socket closes', async () => {
    const { la, lb } = await two();
    await la.seek({ clock: { initial: 900_000, increment: 10_000 } });
    la.close();
    await new Promise((r) => setTimeout(r, 200));
    await lb.seek({ clock: { initial: 900_000, increment: 10_000 } });
    expect(await lb.pairedWithin(400)).toBe(false);
    lb.close();
  });

  it('aborts a paired game whose first move does not come, unrated, against the late side; repeated aborts pause pairing', async () => {
    const { a, b, la, lb } = await two();
    const pa = la.next('paired');
    await la.seek({ clock: { initial: 180_000, increment: 2_000 } });
    await lb.seek({ clock: { initial: 180_000, increment: 2_000 } });
    const ga = await pa;
    const ca = await TestClient.open(base);
    sockets.push(ca);
    await ca.hello(ga.game, ga.token);
    const aborted = await ca.nextGame((g) => g.status === 'aborted', 4000);
    expect(aborted.outcome).toBeNull();
    const late = ga.color === 'white' ? a : b;
    const other = late === a ? b : a;
    expect((await me(late)).ratings.blitz).toBeUndefined();
    const stored = (await store.getPlayer(late.id))!;
    expect(stored.aborts).toHaveLength(1);
    expect((await store.getPlayer(other.id))!.aborts).toBeUndefined();

    // Three aborts within a day: pairing is paused, and the seek is refused with the pause's end.
    const now = Date.now();
    await store.insertPlayer({ ...stored, id: 'PausedPlayer', aborts: [now - 3000, now - 2000, now - 1000] });
    await store.addPlayerSecret('PausedPlayer', stored.secrets[0], 10);
    const lp = await openLobby();
    const hello = await lp.hello({ id: 'PausedPlayer', secret: late.secret, name: '' });
    expect(hello.pausedUntil).toBeGreaterThan(now);
    const refused = lp.next('error');
    lp.send({ t: 'seek', clock: { initial: 300_000, increment: 0 }, rated: false, range: null });
    expect(await refused).toMatchObject({ code: 'paused', until: hello.pausedUntil });
  });

  it('neither lists nor pairs the seeks of an instance that stopped beating', async () => {
    const ghost = await newPlayer();
    await store.addSeek({
      id: 'GhostSeek1',
      player: ghost.id,
      name: ghost.name,
      rating: 1500,
      provisional: true,
      clock: { initial: 60_000, increment: 0 },
      rated: false,
      range: null,
      createdAt: Date.now() - 60_000,
      instance: 'dead-instance',
      blocked: [],
      colors: [],
    });
    const { la } = await two();
    const list = await la.next('lobby');
    expect(list.seeks.map((x) => x.id)).not.toContain('GhostSeek1');
    await la.seek({ clock: { initial: 60_000, increment: 0 }, rated: false });
    expect(await la.pairedWithin(300)).toBe(false);
    expect((await store.openSeeks()).map((x) => x.id)).not.toContain('GhostSeek1');
    la.close();
  });

  it('shows the open seeks and the counts', async () => {
    const { a, la, lb } = await two();
    const id = await la.seek({ clock: { initial: 600_000, increment: 0 }, rated: false });
    const list = await lb.next('lobby', (m) => m.seeks.some((s) => s.id === id));
    expect(list.seeks.find((s) => s.id === id)).toMatchObject({
      player: a.id,
      rating: 1500,
      provisional: true,
      rated: false,
      clock: { initial: 600_000, increment: 0 },
    });
    expect(list.online).toBeGreaterThanOrEqual(2);
    const gone = lb.next('lobby', (m) => !m.seeks.some((s) => s.id === id));
    la.send({ t: 'cancel' });
    await gone;
    lb.close();
  });
});

describe('correspondence', () => {
  it('pairs a correspondence seek into a game of days a move, listed as “your turn” for the side to move', async () => {
    const { a, b, la, lb } = await two();
    const pa = la.next('paired');
    const pb = lb.next('paired');
    await la.seek({ clock: { days: 3 } });
    await lb.seek({ clock: { days: 3 } });
    const [ga, gb] = await Promise.all([pa, pb]);
    expect(ga.game).toBe(gb.game);
    const playing = async (p: Player) =>
      (
        await server.app.inject({
          url: '/api/players/me/playing',
          headers: { authorization: `Bearer ${p.id}.${p.secret}` },
        })
      ).json() as {
        games: { color: string; yourTurn: boolean; game: { id: string; days: number | null } }[];
      };
    const [white, black] = ga.color === 'white' ? [a, b] : [b, a];
    const w = await playing(white);
    expect(w.games).toEqual([
      expect.objectContaining({
        color: 'white',
        yourTurn: true,
        game: expect.objectContaining({ id: ga.game, days: 3 }),
        // The player's own seat token: the game opens on any device that holds the identity.
        token: ga.color === 'white' ? ga.token : gb.token,
      }),
    ]);
    expect((await playing(black)).games).toEqual([
      expect.objectContaining({ color: 'black', yourTurn: false }),
    ]);
    // White moves (and may close the tab): now it is Black's turn in Black's list.
    const c = await TestClient.open(base);
    sockets.push(c);
    await c.hello(ga.game, ga.color === 'white' ? ga.token : gb.token);
    const moved = c.nextGame((g) => g.moves.length === 1);
    c.send({ t: 'move', move: 'c3-c4', ply: 0 });
    const g = await moved;
    expect(g.clocks).toMatchObject({ white: 3 * 24 * 3600_000, running: 'black' });
    c.close();
    expect((await playing(black)).games).toEqual([expect.objectContaining({ yourTurn: true })]);
    expect((await playing(white)).games).toEqual([expect.objectContaining({ yourTurn: false })]);
  });

  it('plays a correspondence game with a friend by link', async () => {
    const res = await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ color: 'white', clock: null, days: 7 }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: string; token: string };
    const snap = (await (await fetch(`${base}/api/games/${made.id}`)).json()) as {
      days: number;
      clock: unknown;
    };
    expect(snap).toMatchObject({ days: 7, clock: null });
    const bad = await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ color: 'white', clock: { minutes: 5, increment: 0 }, days: 7 }),
    });
    expect(bad.status).toBe(400);
    const odd = await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ color: 'white', clock: null, days: 2 }),
    });
    expect(odd.status).toBe(400);
  });
});

describe('notifications (Web Push)', () => {
  const subscribe = (p: Player, body: unknown) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/players/me/push',
      headers: { authorization: `Bearer ${p.id}.${p.secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('sends one signed, encrypted notice for a correspondence move to the player to move, of the kinds asked', async () => {
    const { a, b, la, lb } = await two();
    const pa = la.next('paired');
    const pb = lb.next('paired');
    await la.seek({ clock: { days: 1 }, rated: false });
    await lb.seek({ clock: { days: 1 }, rated: false });
    const [ga, gb] = await Promise.all([pa, pb]);
    const [white, black] = ga.color === 'white' ? [a, b] : [b, a];
    const whiteToken = ga.color === 'white' ? ga.token : gb.token;
    const sub = endpoint.subscribe(`b-${black.id}`);
    expect((await subscribe(black, { ...sub, kinds: ['turn', 'end'], lang: 'en' })).statusCode).toBe(204);
    // White wants only the ends of games: a move of Black's would not reach it.
    const subW = endpoint.subscribe(`w-${white.id}`);
    expect((await subscribe(white, { ...subW, kinds: ['end'], lang: 'tr' })).statusCode).toBe(204);
    const before = endpoint.received.length;
    const c = await TestClient.open(base);
    sockets.push(c);
    await c.hello(ga.game, whiteToken);
    const moved = c.nextGame((g) => g.moves.length === 1);
    c.send({ t: 'move', move: 'c3-c4', ply: 0 });
    await moved;
    await vi.waitFor(() => expect(endpoint.received.length).toBe(before + 1), { timeout: 3000 });
    const got = endpoint.received.at(-1)!;
    const key = ((await server.app.inject({ url: '/api/push/key' })).json() as { publicKey: string })
      .publicKey;
    expect(got.key).toBe(key);
    expect(got.path).toBe(`/push/b-${black.id}`);
    expect(got.payload).toEqual({ kind: 'turn', game: ga.game, opponent: white.name, lang: 'en' });
    expect(endpoint.refused).toEqual([]);
    // The game ends: each side hears it, with the result from its side.
    const over = c.nextGame((g) => g.status === 'over');
    c.send({ t: 'resign' });
    await over;
    await vi.waitFor(() => expect(endpoint.received.length).toBe(before + 3), { timeout: 3000 });
    const ends = endpoint.received.slice(-2).map((r) => [r.path, (r.payload as { result: string }).result]);
    expect(ends).toEqual(
      expect.arrayContaining([
        [`/push/w-${white.id}`, 'lost'],
        [`/push/b-${black.id}`, 'won'],
      ]),
    );
  });

  it('tells the maker of a link, if they have an identity, when the friend joins', async () => {
    const p = await newPlayer();
    const sub = endpoint.subscribe(`joined-${p.id}`);
    expect((await subscribe(p, { ...sub, kinds: ['joined'], lang: 'tr' })).statusCode).toBe(204);
    const create = (authorization?: string) =>
      fetch(`${base}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ color: 'white', clock: null, days: 3 }),
      });
    expect((await create(`Bearer ${p.id}.${'x'.repeat(24)}`)).status).toBe(401);
    const res = await create(`Bearer ${p.id}.${p.secret}`);
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: string };
    const friend = await TestClient.open(base);
    sockets.push(friend);
    await friend.hello(made.id);
    const playing = friend.nextGame((g) => g.status === 'playing');
    friend.send({ t: 'join' });
    await playing;
    await vi.waitFor(
      () => expect(endpoint.received.filter((r) => r.path === `/push/joined-${p.id}`)).toHaveLength(1),
      { timeout: 3000 },
    );
    expect(endpoint.received.find((r) => r.path === `/push/joined-${p.id}`)!.payload).toEqual({
      kind: 'joined',
      game: made.id,
      lang: 'tr',
    });
  });

  it('forgets a subscription the push service says is gone', async () => {
    const p = await newPlayer();
    const sub = endpoint.subscribe(`gone-${p.id}`);
    expect((await subscribe(p, { ...sub, kinds: ['end'], lang: 'tr' })).statusCode).toBe(204);
    endpoint.drop(`gone-${p.id}`);
    await server.push.send([
      { player: p.id, kind: 'end', payload: { kind: 'end', game: 'x', opponent: 'y' } },
    ]);
    expect(await store.pushSubscriptionsOf(p.id)).toEqual([]);
  });

  it('refuses endpoints that are not push services, and bad subscriptions', async () => {
    const p = await newPlayer();
    const keys = endpoint.subscribe('x').keys;
    for (const bad of [
      { endpoint: 'http://10.0.0.1/push', keys, kinds: ['turn'], lang: 'tr' },
      { endpoint: 'https://evil.example/push', keys, kinds: ['turn'], lang: 'tr' },
      { endpoint: 'https://fcm.googleapis.com:8443/x', keys, kinds: ['turn'], lang: 'tr' },
      { endpoint: 'not a url', keys, kinds: ['turn'], lang: 'tr' },
      {
        endpoint: `${endpoint.origin}/push/x`,
        keys: { p256dh: 'short', auth: keys.auth },
        kinds: ['turn'],
        lang: 'tr',
      },
      { endpoint: `${endpoint.origin}/push/x`, keys, kinds: ['everything'], lang: 'tr' },
      { endpoint: `${endpoint.origin}/push/x`, keys, kinds: ['turn'], lang: 'de' },
    ]) {
      const res = await subscribe(p, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noAuth = await server.app.inject({
      method: 'PUT',
      url: '/api/players/me/push',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ endpoint: `${endpoint.origin}/push/x`, keys, kinds: ['turn'], lang: 'tr' }),
    });
    expect(noAuth.statusCode).toBe(401);
    expect(await store.pushSubscriptionsOf(p.id)).toEqual([]);
  });
});

describe('watching and leaderboards', () => {
  it('lists paired games being played, the highest-rated first, until they end', async () => {
    const { la, lb } = await two();
    const pa = la.next('paired');
    await la.seek({ clock: { initial: 600_000, increment: 0 } });
    await lb.seek({ clock: { initial: 600_000, increment: 0 } });
    const ga = await pa;
    const live = async () =>
      (await server.app.inject({ url: '/api/live' })).json() as {
        featured: string | null;
        games: { id: string; days: number | null }[];
      };
    const listed = await live();
    expect(listed.games.map((g) => g.id)).toContain(ga.game);
    // The featured game: the first (highest-rated) played on a clock, before correspondence games.
    expect(listed.games.some((g) => g.days !== null)).toBe(true);
    expect(listed.featured).toBe(listed.games.find((g) => g.days === null)!.id);
    // A spectator watches it without a token.
    const watcher = await TestClient.open(base);
    sockets.push(watcher);
    const seen = await watcher.hello(ga.game);
    expect(seen.players).not.toBeNull();
    const player = await TestClient.open(base);
    sockets.push(player);
    await player.hello(ga.game, ga.token);
    const over = watcher.nextGame((g) => g.status !== 'playing');
    player.send({ t: 'resign' });
    await over;
    expect((await live()).games.map((g) => g.id)).not.toContain(ga.game);
  });

  it('ranks players with enough recent rated games, not provisional, best first', async () => {
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const game = (i: number, white: Player, black: Player) =>
      pairedRecord({
        id: `lb${i}${white.id.slice(0, 4)}`,
        tokens: { white: 'w'.repeat(24), black: 'b'.repeat(24) },
        players: {
          white: { id: white.id, name: white.name, rating: 1500, provisional: true, after: null },
          black: { id: black.id, name: black.name, rating: 1500, provisional: true, after: null },
        },
        rated: true,
        clock: { initial: 60_000, increment: 0 },
        address: 'test',
        now: Date.now(),
      });
    const play = async (i: number, white: Player, black: Player, winner: 'white' | 'black') => {
      const rec = game(i, white, black);
      await store.insert(rec);
      const end = {
        ...rec,
        version: rec.version + 1,
        moves: ['c3-c4', 'f6-f5'],
        status: 'over' as const,
        outcome: { winner, reason: 'resignation' as const },
        ended: Date.now(),
      };
      expect(await store.finish(end, settle)).not.toBeNull();
    };
    for (let i = 0; i < 24; i++) await play(i, i % 2 ? a : b, i % 2 ? b : a, i % 3 === 0 ? 'black' : 'white');
    for (let i = 0; i < 5; i++) await play(100 + i, c, b, 'white');
    const board = (await server.app.inject({ url: '/api/leaderboard/bullet' })).json() as {
      players: { id: string; rating: number; games: number }[];
    };
    const stored = await Promise.all([a, b, c].map((p) => store.getPlayer(p.id)));
    const eligible = stored
      .map((p) => p!.ratings!.bullet!)
      .map((r, i) => ({ id: [a, b, c][i].id, r }))
      .filter(({ r }) => r.games >= 10 && r.deviation <= 110)
      .sort((x, y) => y.r.rating - x.r.rating)
      .map(({ id }) => id);
    expect(eligible.length).toBeGreaterThan(0);
    expect(board.players.map((p) => p.id).filter((id) => [a.id, b.id, c.id].includes(id))).toEqual(eligible);
    expect(board.players.map((p) => p.id)).not.toContain(c.id);
    expect((await server.app.inject({ url: '/api/leaderboard/nonsense' })).statusCode).toBe(404);
  });
});

describe('bad lobby messages', () => {
  it('are refused with a clear error and change nothing', async () => {
    const p = await newPlayer();
    const l = await openLobby();
    const err = async (msg: unknown) => {
      const got = l.next('error');
      l.send(msg);
      return (await got).code;
    };
    expect(await err('{not json')).toBe('bad-message');
    expect(
      await err({ t: 'seek', clock: { initial: 300_000, increment: 0 }, rated: true, range: null }),
    ).toBe('no-hello');
    expect(await err({ t: 'hello', player: p.id, secret: 'x'.repeat(24) })).toBe('unknown-player');
    expect(await err({ t: 'hello', player: p.id })).toBe('bad-message');
    expect(await err({ t: 'nonsense' })).toBe('bad-message');
    await l.hello(p);
    expect(
      await err({ t: 'seek', clock: { initial: 123_000, increment: 0 }, rated: true, range: null }),
    ).toBe('unsupported');
    expect(await err({ t: 'seek', clock: { days: 2 }, rated: true, range: null })).toBe('unsupported');
    expect(
      await err({
        t: 'seek',
        clock: { initial: 300_000, increment: 0 },
        rated: true,
        range: { min: 1800, max: 1200 },
      }),
    ).toBe('bad-message');
    expect(
      await err({ t: 'seek', clock: { initial: 300_000, increment: 0 }, rated: 'yes', range: null }),
    ).toBe('bad-message');
    expect(await store.openSeeks()).toEqual([]);
    l.close();
  });
});
