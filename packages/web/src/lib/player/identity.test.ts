import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryKv } from '../memory-kv.ts';
import { KEYS, LocalStore, type KeyValue } from '../storage.ts';
import { PlayerApi, TIMEOUT_MS, validFor, type Http } from './api.ts';
import { IdentityClient } from './identity.ts';
import { normalCode, type HeldPlayer } from './read.ts';
import { fail, TestServer, type TestAnswer } from './test-server.ts';

function setup(kv: KeyValue = new MemoryKv()) {
  const server = new TestServer();
  const store = new LocalStore(kv, () => 4242);
  const identity = new IdentityClient(store, new PlayerApi(server.http, () => server.clock));
  return { server, kv, store, identity };
}

/** What the device keeps, as text (to show it did not change at all). */
const kept = (kv: KeyValue) => kv.getItem(KEYS.player);

describe('the identity is made the first time it is needed', () => {
  it('makes a player once, and keeps its id, secret and name on the device', async () => {
    const { server, kv, identity } = setup();
    expect(identity.held()).toEqual({ status: 'none' });
    expect(server.requests).toHaveLength(0); // reading what is held asks nothing

    const r = await identity.ensure();
    expect(r.ok).toBe(true);
    const p = (r as { value: HeldPlayer }).value;
    expect(p.name).toBe('Hızlı Kartal 417');
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST api/players']);
    expect(JSON.parse(kept(kv)!)).toEqual({ ...server.pub(p.id), secret: p.secret });

    // from now on it is the device's: no second player
    const again = await identity.ensure();
    expect(again).toEqual({ ok: true, value: p });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the player another tab made meanwhile rather than its own', async () => {
    const { server, kv, identity } = setup();
    const other = server.add();
    server.answer = (path) => {
      if (path !== 'api/players') return undefined;
      // the other tab's player lands on the device while this tab's request is on its way
      kv.setItem(KEYS.player, JSON.stringify({ ...server.pub(other.id), secret: other.secret }));
      return undefined;
    };
    const r = await identity.ensure();
    expect(r.ok && r.value.id).toBe(other.id);
    expect(JSON.parse(kept(kv)!).id).toBe(other.id);
  });

  it('sends the id and the secret with every request that speaks for the player', async () => {
    const { server, identity } = setup();
    const r = await identity.ensure();
    const p = (r as { value: HeldPlayer }).value;
    await identity.refresh(p);
    await identity.rename(p, 'Bilge', 'Baykuş');
    await identity.transferCode(p);
    const spoken = server.requests.slice(1);
    expect(spoken.map((q) => q.headers.authorization)).toEqual(Array(3).fill(`Bearer ${p.id}.${p.secret}`));
    // the new name keeps the number
    expect(spoken[1].body).toEqual({ adjective: 'Bilge', noun: 'Baykuş', number: 417 });
  });
});

describe('what the device keeps', () => {
  it('sets an unreadable record aside, says where, and touches nothing else', async () => {
    const { server, kv, identity } = setup();
    kv.setItem(KEYS.settings, '{"lang":"tr"}');
    kv.setItem(KEYS.records, '{"records":[]}');
    kv.setItem(KEYS.player, '{"id":"Pl0000000001","secret":');
    expect(identity.held()).toEqual({ status: 'corrupt', asideKey: 'dama.player.v1.unreadable.4242' });
    expect(kv.getItem('dama.player.v1.unreadable.4242')).toBe('{"id":"Pl0000000001","secret":');
    expect(kept(kv)).toBeNull();
    expect(kv.getItem(KEYS.settings)).toBe('{"lang":"tr"}');
    expect(kv.getItem(KEYS.records)).toBe('{"records":[]}');
    expect(server.requests).toHaveLength(0);
    // once set aside, the device simply has no player
    expect(identity.held()).toEqual({ status: 'none' });
  });

  it('does not accept a record of the wrong shape as a player', () => {
    const bad = [
      {
        id: 'Pl0000000001',
        name: 'Hızlı Kartal 417',
        words: { adjective: 'Hızlı', noun: 'Kartal', number: 417 },
      },
      {
        id: 'short',
        secret: 'x'.repeat(24),
        name: 'A B 1',
        words: { adjective: 'A', noun: 'B', number: 1 },
        created: 1,
      },
      [1, 2, 3],
      'Hızlı Kartal 417',
      null,
    ];
    for (const value of bad) {
      const { kv, identity } = setup();
      kv.setItem(KEYS.player, JSON.stringify(value));
      expect(identity.held().status, JSON.stringify(value)).toBe('corrupt');
      expect(kv.getItem('dama.player.v1.unreadable.4242')).toBe(JSON.stringify(value));
    }
  });

  it('goes on for the page when the device refuses to store, and says so', async () => {
    const full: KeyValue = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const { identity } = setup(full);
    const r = await identity.ensure();
    expect(r.ok).toBe(true);
    expect(identity.unsaved).toBe(true);
    expect(identity.held()).toEqual({ status: 'ok', player: (r as { value: HeldPlayer }).value });
  });
});

describe('a broken or hostile server', () => {
  const player = {
    id: 'Pl0000000009',
    name: 'Hızlı Kartal 417',
    words: { adjective: 'Hızlı', noun: 'Kartal', number: 417 },
    created: 5,
  };
  const secret = 'secret-00000000000000009';
  const hostile: [string, TestAnswer][] = [
    ['an HTML page', { status: 201, body: '<!doctype html><title>Proxy</title>' }],
    ['no secret', { status: 201, body: player }],
    ['a secret of the wrong form', { status: 201, body: { ...player, secret: 'short' } }],
    ['an id of the wrong form', { status: 201, body: { ...player, id: '../../etc', secret } }],
    ['markup for a name', { status: 201, body: { ...player, name: '<img src=x onerror=alert(1)>', secret } }],
    ['a name 10,000 long', { status: 201, body: { ...player, name: 'A'.repeat(10_000), secret } }],
    ['number 0', { status: 201, body: { ...player, words: { ...player.words, number: 0 }, secret } }],
    [
      'a word that is not a word',
      { status: 201, body: { ...player, words: { ...player.words, noun: '{}' }, secret } },
    ],
    ['no creation time', { status: 201, body: { ...player, created: -1, secret } }],
    ['null', { status: 201, body: null }],
    ['a list', { status: 201, body: [player] }],
    ['the right answer with the wrong status', { status: 200, body: { ...player, secret } }],
  ];

  it.each(hostile)('a new identity answered with %s is refused, and nothing is kept', async (_, answer) => {
    const { server, kv, identity } = setup();
    server.answer = () => answer;
    const r = await identity.ensure();
    expect(r).toEqual({ ok: false, error: answer.status === 201 ? 'bad-answer' : 'server' });
    expect(kept(kv)).toBeNull();
  });

  it('a hostile answer about the kept player leaves the kept record exactly as it was', async () => {
    const { server, kv, identity } = setup();
    const r = await identity.ensure();
    const p = (r as { value: HeldPlayer }).value;
    const before = kept(kv);
    const answers: TestAnswer[] = [
      { status: 200, body: { ...server.pub(p.id), name: '<script>' } },
      { status: 200, body: { ...server.pub(p.id), words: 'Hızlı Kartal' } },
      // an answer about somebody else
      { status: 200, body: { ...server.pub(p.id), id: 'Pl9999999999' } },
      { status: 200, body: 'not json' },
    ];
    for (const a of answers) {
      server.answer = () => a;
      expect(await identity.refresh(p)).toEqual({ ok: false, error: 'bad-answer' });
      expect(await identity.rename(p, 'Bilge', 'Baykuş')).toEqual({ ok: false, error: 'bad-answer' });
      expect(kept(kv)).toBe(before);
    }
  });

  it('a transfer code or word list that is not one is refused', async () => {
    const { server, identity } = setup();
    const p = ((await identity.ensure()) as { value: HeldPlayer }).value;
    for (const body of [
      { code: 'K7PX3MQ2', expires: 1 },
      { code: 'O0O0-I1I1', expires: 1 },
      { code: 'K7PX-3MQ2' },
    ])
      for (const status of [201]) {
        server.answer = () => ({ status, body });
        expect(await identity.transferCode(p)).toEqual({ ok: false, error: 'bad-answer' });
      }
    server.answer = () => ({ status: 200, body: { adjectives: ['Hızlı', '<b>'], nouns: ['Kartal'] } });
    expect(await identity.names()).toEqual({ ok: false, error: 'bad-answer' });
    server.answer = () => ({ status: 200, body: { adjectives: [], nouns: ['Kartal'] } });
    expect(await identity.names()).toEqual({ ok: false, error: 'bad-answer' });
  });

  it('refusals become error codes the screen can explain', async () => {
    const { server, identity } = setup();
    const cases: [TestAnswer, string][] = [
      [fail(429, 'too-many-players'), 'too-many-players'],
      [fail(429, 'rate-limited'), 'rate-limited'],
      [fail(503, 'busy'), 'busy'],
      [fail(500, 'oops'), 'server'],
      [{ status: 502, body: '<html>Bad gateway</html>' }, 'server'],
    ];
    for (const [answer, error] of cases) {
      server.answer = () => answer;
      expect(await identity.create()).toEqual({ ok: false, error });
    }
    server.answer = undefined;
    expect(await identity.claim('AAAA-BBBB')).toEqual({ ok: false, error: 'unknown-code' });
    server.answer = () => fail(400, 'bad-code');
    expect(await identity.claim('AAAA-BBBB')).toEqual({ ok: false, error: 'bad-code' });
    server.answer = () => fail(401, 'not-a-player');
    expect(await identity.refresh({ ...server.pub(server.add().id), secret: 'x'.repeat(24) })).toEqual({
      ok: false,
      error: 'not-a-player',
    });
  });
});

describe('the network', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a failed connection is `offline`, keeps nothing, and the next try works', async () => {
    const { server, kv, identity } = setup();
    server.down = 'offline';
    expect(await identity.ensure()).toEqual({ ok: false, error: 'offline' });
    expect(await identity.names()).toEqual({ ok: false, error: 'offline' });
    expect(kept(kv)).toBeNull();
    server.down = undefined;
    expect((await identity.ensure()).ok).toBe(true);
    expect((await identity.names()).ok).toBe(true);
    expect(kept(kv)).not.toBeNull();
  });

  it('a server that never answers is given up after TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const hanging: Http = (_path, init) =>
      new Promise((_, reject) => {
        init.signal.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const identity = new IdentityClient(new LocalStore(new MemoryKv()), new PlayerApi(hanging));
    const r = identity.ensure();
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await r).toEqual({ ok: false, error: 'timeout' });
    expect(aborted).toBe(true);
  });
});

describe('renaming and moving', () => {
  it('a new name is kept with the same secret', async () => {
    const { kv, identity } = setup();
    const p = ((await identity.ensure()) as { value: HeldPlayer }).value;
    const r = await identity.rename(p, 'Bilge', 'Baykuş');
    expect(r).toEqual({
      ok: true,
      value: { ...p, name: 'Bilge Baykuş 417', words: { adjective: 'Bilge', noun: 'Baykuş', number: 417 } },
    });
    expect(JSON.parse(kept(kv)!)).toEqual((r as { value: HeldPlayer }).value);
  });

  it('an answer arriving after another tab adopted another player does not overwrite it', async () => {
    const { server, kv, identity } = setup();
    const p = ((await identity.ensure()) as { value: HeldPlayer }).value;
    const other = server.add();
    const theirs = JSON.stringify({ ...server.pub(other.id), secret: other.secret });
    kv.setItem(KEYS.player, theirs);
    const r = await identity.rename(p, 'Bilge', 'Baykuş');
    expect(r.ok && r.value.id).toBe(other.id);
    expect(kept(kv)).toBe(theirs);
  });

  it('a transfer code brings the same player to another device, which gets a secret of its own', async () => {
    const { server, identity: oldPhone } = setup();
    const p = ((await oldPhone.ensure()) as { value: HeldPlayer }).value;
    await oldPhone.rename(p, 'Cesur', 'Kurt');
    const t = await oldPhone.transferCode(p);
    expect(t.ok).toBe(true);
    const { code, validFor } = (t as { value: { code: string; validFor: number } }).value;
    expect(validFor).toBe(10 * 60_000);

    const newKv = new MemoryKv();
    const newPhone = new IdentityClient(new LocalStore(newKv), new PlayerApi(server.http));
    // typed in lower case with a space instead of the dash
    const r = await newPhone.claim(normalCode(code.toLowerCase().replace('-', ' '))!);
    expect(r.ok).toBe(true);
    const q = (r as { value: HeldPlayer }).value;
    expect(q.id).toBe(p.id);
    expect(q.name).toBe('Cesur Kurt 417');
    expect(q.secret).not.toBe(p.secret);
    expect(JSON.parse(newKv.getItem(KEYS.player)!)).toEqual(q);
    // both devices speak for the player
    expect((await oldPhone.refresh(p)).ok).toBe(true);
    expect((await newPhone.refresh(q)).ok).toBe(true);
    // used once
    expect(await newPhone.claim(code)).toEqual({ ok: false, error: 'unknown-code' });
  });

  it("a code's time left is counted on the server's clock, never more than ten minutes", () => {
    const expires = Date.parse('2026-05-01T12:10:00Z');
    const serverNow = 'Fri, 01 May 2026 12:00:30 GMT';
    // this device's clock is five minutes fast: the server's Date decides
    expect(validFor(expires, serverNow, Date.parse('2026-05-01T12:05:30Z'))).toBe(9.5 * 60_000);
    // no Date header: the device's clock
    expect(validFor(expires, null, Date.parse('2026-05-01T12:09:00Z'))).toBe(60_000);
    // a promise of a day is not believed; a code already past is worth nothing
    expect(validFor(expires + 86_400_000, serverNow, 0)).toBe(10 * 60_000);
    expect(validFor(expires, 'Fri, 01 May 2026 12:11:00 GMT', 0)).toBe(0);
  });

  it('reads a typed code the way the server does', () => {
    expect(normalCode('k7px-3mq2')).toBe('K7PX-3MQ2');
    expect(normalCode(' K7PX 3MQ2 ')).toBe('K7PX-3MQ2');
    expect(normalCode('K7PX3MQ2')).toBe('K7PX-3MQ2');
    expect(normalCode('K7PX-3MQ')).toBeUndefined();
    expect(normalCode('K7PX-3MQ0')).toBeUndefined(); // 0 is not a symbol (it looks like O)
    expect(normalCode('')).toBeUndefined();
  });
});
