// The player identity without sign-up: a new player with a generated name, who-am-I with the
// secret, a name chosen from the lists only, and the transfer code (once, and only while fresh).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildServer, LocalBus, SqliteStore, type DamaServer } from '../src/index.ts';
import { ADJECTIVES, NOUNS, normalCode, TRANSFER_TTL } from '../src/players.ts';

const servers: DamaServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.app.close();
  vi.useRealTimers();
});

async function serve() {
  const server = await buildServer({ store: new SqliteStore(':memory:'), bus: new LocalBus() });
  servers.push(server);
  const call = async (method: string, url: string, body?: unknown, auth?: string, ip = '10.0.0.1') => {
    const res = await server.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: ip,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(auth ? { authorization: auth } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  return { server, call };
}

interface Made {
  id: string;
  secret: string;
  name: string;
  words: { adjective: string; noun: string; number: number };
}

describe('a player without sign-up', () => {
  it('is made with a secret and a name from the lists, and known by id and secret only', async () => {
    const { call } = await serve();
    const made = (await call('POST', '/api/players')).body as unknown as Made;
    expect(made.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(ADJECTIVES).toContain(made.words.adjective);
    expect(NOUNS).toContain(made.words.noun);
    expect(made.name).toBe(`${made.words.adjective} ${made.words.noun} ${made.words.number}`);
    const me = await call('GET', '/api/players/me', undefined, `Bearer ${made.id}.${made.secret}`);
    expect(me).toMatchObject({ status: 200, body: { id: made.id, name: made.name } });
    expect(JSON.stringify(me.body)).not.toContain(made.secret);
    const wrong = await call('GET', '/api/players/me', undefined, `Bearer ${made.id}.${'x'.repeat(24)}`);
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: 'not-a-player' } } });
    expect((await call('GET', '/api/players/me')).status).toBe(401);
    // Anyone may see a player's name and ratings (none before a rated game), not more.
    const seen = await call('GET', `/api/players/${made.id}`);
    expect(seen.body).toEqual({ id: made.id, name: made.name, created: expect.any(Number), ratings: {} });
  });

  it('takes a name only from the lists', async () => {
    const { call } = await serve();
    const made = (await call('POST', '/api/players')).body as unknown as Made;
    const auth = `Bearer ${made.id}.${made.secret}`;
    const named = await call(
      'PUT',
      '/api/players/me/name',
      { adjective: 'Cesur', noun: 'Kartal', number: 7 },
      auth,
    );
    expect(named.body).toMatchObject({ name: 'Cesur Kartal 7' });
    expect((await call('GET', '/api/players/me', undefined, auth)).body).toMatchObject({
      name: 'Cesur Kartal 7',
    });
    for (const bad of [
      { adjective: 'Kötü', noun: 'Kartal' },
      { adjective: 'Cesur', noun: '<script>' },
      { adjective: 'Cesur', noun: 'Kartal', number: 1000 },
      { adjective: 'Cesur', noun: 'Kartal', extra: 1 },
    ])
      expect((await call('PUT', '/api/players/me/name', bad, auth)).status).toBe(400);
    expect((await call('PUT', '/api/players/me/name', { adjective: 'Cesur', noun: 'Kartal' })).status).toBe(
      401,
    );
  });

  it('limits the players one address may make', async () => {
    const { call } = await serve();
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push((await call('POST', '/api/players', undefined, undefined, '10.9.9.9')).status);
    expect(codes.filter((c) => c === 201).length).toBe(10);
    expect(codes.at(-1)).toBe(429);
    expect((await call('POST', '/api/players', undefined, undefined, '10.9.9.8')).status).toBe(201);
  });
});

describe('moving to a new phone', () => {
  it('gives the identity to the device that types the code, once; both devices keep it', async () => {
    const { call } = await serve();
    const made = (await call('POST', '/api/players')).body as unknown as Made;
    const old = `Bearer ${made.id}.${made.secret}`;
    const t = await call('POST', '/api/players/me/transfer', undefined, old);
    expect(t.status).toBe(201);
    const code = t.body.code as string;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Typed in lower case with a space: the same code.
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(5)}`;
    const got = await call('POST', '/api/players/transfer', { code: typed }, undefined, '10.0.0.2');
    expect(got).toMatchObject({ status: 200, body: { id: made.id, name: made.name } });
    const secret = got.body.secret as string;
    expect(secret).not.toBe(made.secret);
    expect((await call('GET', '/api/players/me', undefined, `Bearer ${made.id}.${secret}`)).status).toBe(200);
    expect((await call('GET', '/api/players/me', undefined, old)).status).toBe(200);
    // Used once: a second try (another thief, the same phone again) gets nothing.
    expect(await call('POST', '/api/players/transfer', { code }, undefined, '10.0.0.3')).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown-code' } },
    });
  });

  it('refuses an expired code, a malformed one, and more than a few tries a minute', async () => {
    const { call } = await serve();
    const made = (await call('POST', '/api/players')).body as unknown as Made;
    const auth = `Bearer ${made.id}.${made.secret}`;
    vi.useFakeTimers({ toFake: ['Date'] });
    const code = (await call('POST', '/api/players/me/transfer', undefined, auth)).body.code as string;
    vi.setSystemTime(Date.now() + TRANSFER_TTL + 1000);
    expect((await call('POST', '/api/players/transfer', { code }, undefined, '10.0.0.4')).status).toBe(404);
    vi.useRealTimers();
    expect(
      (await call('POST', '/api/players/transfer', { code: 'O0O0-I1I1' }, undefined, '10.0.0.4')).status,
    ).toBe(400);
    expect(normalCode('abcd efgh')).toBe('ABCD-EFGH');
    expect(normalCode('ABCD-EFG')).toBeUndefined();
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await call('POST', '/api/players/transfer', { code: 'AAAA-AAAA' }, undefined, '10.0.0.5')).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
