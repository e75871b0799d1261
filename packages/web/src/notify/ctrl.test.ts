import { describe, expect, it } from 'vitest';
import { en } from '../lib/i18n/en.ts';
import type { Lang } from '../lib/i18n/index.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { TestServer } from '../lib/player/test-server.ts';
import { NotifyCtrl, readKeptPush, type PushPlatform, type Subscription, type Support } from './ctrl.ts';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-one';
const KEYS_OF = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

/** The browser's push, played by the test. */
class FakePush implements PushPlatform {
  supported: Support = 'ok';
  worker = true;
  perm: NotificationPermission = 'default';
  /** what the player answers when asked */
  answer: NotificationPermission = 'granted';
  asked = 0;
  sub: Subscription | null = null;
  subscribedWith: string[] = [];
  failSubscribe = false;
  support = () => this.supported;
  ready = async () => this.worker;
  permission = () => this.perm;
  requestPermission = async () => {
    this.asked++;
    this.perm = this.answer;
    return this.perm;
  };
  current = async () => this.sub;
  subscribe = async (key: string) => {
    this.subscribedWith.push(key);
    if (this.failSubscribe) throw new Error('push service unreachable');
    this.sub = {
      endpoint: ENDPOINT,
      keys: KEYS_OF,
      unsubscribe: async () => {
        this.sub = null;
        return true;
      },
    };
    return this.sub;
  };
}

function setup(kv = new MemoryKv(), push = new FakePush()) {
  const server = new TestServer();
  const store = new LocalStore(kv);
  const api = new PlayerApi(server.http);
  const identity = new IdentityClient(store, api);
  let lang: Lang = 'en';
  const make = () =>
    new NotifyCtrl({
      trans: () => en,
      lang: () => lang,
      redraw: () => {},
      identity,
      api,
      platform: push,
      kept: {
        load: () => {
          const r = store.load(KEYS.push, readKeptPush);
          return r.status === 'ok' ? r.value : undefined;
        },
        save: (k) => (k ? void store.save(KEYS.push, k) : store.remove(KEYS.push)),
      },
    });
  const pushRequests = () =>
    server.requests
      .filter((r) => r.path.includes('push'))
      .map((r) => ({ method: r.method, path: r.path, body: r.body }));
  return { server, kv, push, identity, make, pushRequests, setLang: (l: Lang) => void (lang = l) };
}

describe('notifications', () => {
  it('are off by default; a kind turned on asks permission, subscribes with the server’s key and gives the kinds', async () => {
    const t = setup();
    const me = await t.identity.ensure();
    const id = me.ok ? me.value.id : '';
    const n = t.make();
    await n.open();
    expect(n.phase).toBe('ready');
    expect(n.kinds).toEqual([]);
    expect(t.push.asked).toBe(0);
    await n.set('turn', true);
    expect(t.push.asked).toBe(1);
    expect(t.push.subscribedWith).toEqual([t.server.pushKey]);
    expect(n.kinds).toEqual(['turn']);
    expect(t.server.pushes.get(id)).toEqual([
      { endpoint: ENDPOINT, keys: KEYS_OF, kinds: ['turn'], lang: 'en' },
    ]);
    const put = t.server.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers.authorization).toMatch(new RegExp(`^Bearer ${id}\\.`));
    // another kind: the same subscription, both kinds, no second permission or subscription
    await n.set('end', true);
    expect(t.push.asked).toBe(1);
    expect(t.push.subscribedWith).toHaveLength(1);
    expect(t.server.pushes.get(id)?.[0].kinds).toEqual(['turn', 'end']);
    // a new visit of the screen shows what was given
    const again = t.make();
    await again.open();
    expect(again.kinds).toEqual(['turn', 'end']);
  });

  it('all off takes the subscription back from the server and ends the browser’s', async () => {
    const t = setup();
    const me = await t.identity.ensure();
    const id = me.ok ? me.value.id : '';
    const n = t.make();
    await n.open();
    await n.set('offer', true);
    await n.set('offer', false);
    expect(n.kinds).toEqual([]);
    expect(t.server.pushes.get(id)).toEqual([]);
    expect(t.push.sub).toBeNull();
    expect(t.kv.getItem(KEYS.push)).toBeNull();
    expect(t.pushRequests().map((r) => r.method)).toEqual(['GET', 'PUT', 'DELETE']);
    expect(t.pushRequests()[2].body).toEqual({ endpoint: ENDPOINT });
  });

  it('a refused permission is told, and nothing is sent; a browser that cannot subscribe is told too', async () => {
    const t = setup();
    await t.identity.ensure();
    t.push.answer = 'denied';
    const n = t.make();
    await n.open();
    await n.set('turn', true);
    expect(n.error).toBe('denied');
    expect(n.kinds).toEqual([]);
    expect(n.denied()).toBe(true);
    expect(t.pushRequests()).toEqual([]);
    const u = setup();
    await u.identity.ensure();
    u.push.failSubscribe = true;
    const m = u.make();
    await m.open();
    await m.set('turn', true);
    expect(m.error).toBe('subscribe');
    expect(m.kinds).toEqual([]);
    expect(u.pushRequests().map((r) => r.method)).toEqual(['GET']);
  });

  it('the server saying no (or no network) leaves the switch off and says why', async () => {
    const t = setup();
    await t.identity.ensure();
    const n = t.make();
    await n.open();
    t.server.down = 'offline';
    await n.set('joined', true);
    expect(n.error).toBe('offline');
    expect(n.kinds).toEqual([]);
    expect(t.kv.getItem(KEYS.push)).toBeNull();
    t.server.down = undefined;
    t.server.answer = (path, init) =>
      init.method === 'PUT' ? { status: 503, body: { error: { code: 'busy' } } } : undefined;
    await n.set('joined', true);
    expect(n.error).toBe('busy');
    expect(n.kinds).toEqual([]);
  });

  it('need a player: none is made until asked, then the switches are shown', async () => {
    const t = setup();
    const n = t.make();
    await n.open();
    expect(n.phase).toBe('no-player');
    expect(t.server.requests).toEqual([]);
    await n.set('turn', true);
    expect(t.server.requests).toEqual([]);
    await n.makePlayer();
    expect(t.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST api/players']);
    expect(n.phase).toBe('ready');
  });

  it('where the browser has no push, or an iPhone has not installed the app, nothing is offered', async () => {
    for (const [supported, phase] of [
      ['unsupported', 'unsupported'],
      ['ios-install', 'ios-install'],
    ] as const) {
      const t = setup();
      await t.identity.ensure();
      t.push.supported = supported;
      const n = t.make();
      await n.open();
      expect(n.phase).toBe(phase);
      await n.set('turn', true);
      expect(t.push.asked).toBe(0);
    }
    const t = setup();
    t.push.worker = false;
    const n = t.make();
    await n.open();
    expect(n.phase).toBe('unsupported');
  });

  it('a subscription the browser dropped shows as off, and the server is told', async () => {
    const t = setup();
    const me = await t.identity.ensure();
    const id = me.ok ? me.value.id : '';
    const n = t.make();
    await n.open();
    await n.set('turn', true);
    t.push.sub = null; // the browser's data was cleared
    const again = t.make();
    await again.open();
    expect(again.kinds).toEqual([]);
    expect(t.kv.getItem(KEYS.push)).toBeNull();
    await new Promise((ok) => setTimeout(ok, 0));
    expect(t.server.pushes.get(id)).toEqual([]);
  });

  it('a new language is given to the server for the notices already asked for', async () => {
    const t = setup();
    const me = await t.identity.ensure();
    const id = me.ok ? me.value.id : '';
    const n = t.make();
    await n.open();
    await n.set('turn', true);
    t.setLang('tr');
    await n.langChanged();
    expect(t.server.pushes.get(id)?.[0]).toMatchObject({ kinds: ['turn'], lang: 'tr' });
    // and on the next visit if it changed elsewhere
    t.setLang('en');
    await t.make().open();
    expect(t.server.pushes.get(id)?.[0].lang).toBe('en');
  });

  it('reads back only what it kept', () => {
    const ok = { player: 'PlayerAaaa01', endpoint: ENDPOINT, kinds: ['end', 'turn'], lang: 'tr' };
    expect(readKeptPush(ok)).toEqual({ ...ok, kinds: ['turn', 'end'] });
    for (const bad of [
      { ...ok, endpoint: 'http://evil.example/' },
      { ...ok, kinds: ['all'] },
      { ...ok, lang: 'de' },
      { ...ok, player: 'x' },
      null,
    ])
      expect(readKeptPush(bad)).toBeUndefined();
  });
});
