import { describe, expect, it } from 'vitest';
import { en } from '../lib/i18n/en.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { ProfileCtrl, type ProfileEnv } from './ctrl.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { TestServer } from '../lib/player/test-server.ts';

/** Lets the fake server's answers arrive (they are promises). */
const settle = () => new Promise((done) => setTimeout(done, 0));

function setup(opts: { kv?: MemoryKv; server?: TestServer; linkCode?: string } = {}) {
  const server = opts.server ?? new TestServer();
  const kv = opts.kv ?? new MemoryKv();
  let now = 1_000_000;
  const announced: string[] = [];
  let forgotten = 0;
  const env: ProfileEnv = {
    trans: () => en,
    lang: () => 'en',
    now: () => now,
    redraw: () => undefined,
    identity: new IdentityClient(
      new LocalStore(kv, () => 77),
      new PlayerApi(server.http, () => server.clock),
    ),
    claimLink: (code) => `https://dama.example/#/profile?code=${code}`,
    forgetLinkCode: () => forgotten++,
    announce: (text) => announced.push(text),
    localGame: () => undefined,
  };
  const p = new ProfileCtrl(env, opts.linkCode);
  return {
    p,
    server,
    kv,
    announced,
    forgotten: () => forgotten,
    wait: (ms: number) => (now += ms),
  };
}

/** A device that already holds a player made on `server` (an earlier visit). */
function deviceWith(server: TestServer, words?: { adjective: string; noun: string; number: number }) {
  const { id, secret } = server.add(words);
  const kv = new MemoryKv();
  kv.setItem(KEYS.player, JSON.stringify({ ...server.pub(id), secret }));
  return kv;
}

describe('opening the profile', () => {
  it('makes the player on the first visit and shows its name', async () => {
    const { p, server, kv } = setup();
    expect(p.phase).toBe('loading');
    await settle();
    expect(p.phase).toBe('ready');
    expect(p.player?.name).toBe('Hızlı Kartal 417');
    expect(server.requests.filter((q) => q.path === 'api/players')).toHaveLength(1);
    expect(kv.getItem(KEYS.player)).toContain('Hızlı Kartal 417');
  });

  it('shows the kept player at once, then the name the server has now', async () => {
    const server = new TestServer();
    const kv = deviceWith(server, { adjective: 'Cesur', noun: 'Kurt', number: 12 });
    const { p } = setup({ server, kv });
    expect(p.phase).toBe('ready');
    expect(p.player?.name).toBe('Cesur Kurt 12');
    await settle();
    // renamed on another device meanwhile
    server.players.values().next().value!.words = { adjective: 'Bilge', noun: 'Baykuş', number: 12 };
    await p.refresh();
    expect(p.player?.name).toBe('Bilge Baykuş 12');
    expect(kv.getItem(KEYS.player)).toContain('Bilge Baykuş 12');
  });

  it('after an unreadable record: a notice, no player made behind the player’s back, and a way on', async () => {
    const kv = new MemoryKv();
    kv.setItem(KEYS.player, 'nonsense{');
    kv.setItem(KEYS.current, '{"kept":true}');
    const { p, server } = setup({ kv });
    await settle();
    expect(p.phase).toBe('none');
    expect(p.missing).toBe('corrupt');
    expect(server.requests).toHaveLength(0);
    expect(kv.getItem('dama.player.v1.unreadable.77')).toBe('nonsense{');
    expect(kv.getItem(KEYS.current)).toBe('{"kept":true}');
    await p.create();
    expect(p.phase).toBe('ready');
    expect(p.missing).toBeUndefined();
  });

  it('without a network: a clear error, then "Try again" works', async () => {
    const server = new TestServer();
    server.down = 'offline';
    const { p } = setup({ server });
    await settle();
    expect(p.phase).toBe('failed');
    expect(p.error).toBe('offline');
    server.down = undefined;
    await p.create();
    expect(p.phase).toBe('ready');
    expect(p.error).toBeUndefined();
  });

  it('with the server away, the kept player is shown as last seen, and a retry refreshes it', async () => {
    const server = new TestServer();
    const kv = deviceWith(server);
    server.down = 'busy';
    const { p } = setup({ server, kv });
    await settle();
    expect(p.phase).toBe('ready');
    expect(p.stale).toBe(true);
    expect(p.error).toBe('busy');
    expect(p.player?.name).toBe('Cesur Kurt 12');
    server.down = undefined;
    await p.refresh();
    expect(p.stale).toBe(false);
  });

  it('a kept player the server no longer knows: told with its name, and none is made silently', async () => {
    const server = new TestServer();
    const kv = deviceWith(server);
    server.players.clear(); // the server's data was lost
    const { p } = setup({ server, kv });
    await settle();
    expect(p.phase).toBe('none');
    expect(p.missing).toBe('unknown');
    expect(p.unknownName).toBe('Cesur Kurt 12');
    expect(server.requests.map((q) => q.path)).toEqual(['api/players/me']);
  });

  it('opened from a transfer link on a device without a player: the code is filled in and nothing is made', async () => {
    const { p, server } = setup({ linkCode: 'k7px-3mq2' });
    await settle();
    expect(p.phase).toBe('none');
    expect(p.missing).toBeUndefined();
    expect(p.codeText).toBe('K7PX-3MQ2');
    expect(server.requests).toHaveLength(0);
  });
});

describe('the name', () => {
  it('is chosen from the two lists only, keeps its number, and is announced', async () => {
    const server = new TestServer();
    const { p, announced, kv } = setup({ server, kv: deviceWith(server) });
    await settle();
    await p.openNaming();
    expect(p.naming?.lists?.adjectives).toEqual(['Bilge', 'Cesur', 'Hızlı']);
    expect([p.naming?.adjective, p.naming?.noun]).toEqual(['Cesur', 'Kurt']);
    p.setWord('adjective', 'Çok Kötü Söz'); // not in the list: ignored
    expect(p.naming?.adjective).toBe('Cesur');
    p.setWord('adjective', 'Bilge');
    p.setWord('noun', 'Baykuş');
    expect(p.previewName()).toBe('Bilge Baykuş 12');
    await p.saveName();
    expect(p.naming).toBeUndefined();
    expect(p.player?.name).toBe('Bilge Baykuş 12');
    expect(kv.getItem(KEYS.player)).toContain('Bilge Baykuş 12');
    expect(announced).toContain('Your name is now Bilge Baykuş 12.');
    expect(p.takeFocus()).toBe('change-name');
  });

  it('a failed save keeps the editor open with the error, and the old name', async () => {
    const server = new TestServer();
    const { p } = setup({ server, kv: deviceWith(server) });
    await settle();
    await p.openNaming();
    p.setWord('adjective', 'Bilge');
    server.down = 'offline';
    await p.saveName();
    expect(p.naming?.error).toBe('offline');
    expect(p.naming?.saving).toBe(false);
    expect(p.player?.name).toBe('Cesur Kurt 12');
  });

  it('word lists that cannot be loaded are said so, and asked again', async () => {
    const server = new TestServer();
    const { p } = setup({ server, kv: deviceWith(server) });
    await settle();
    server.down = 'offline';
    await p.openNaming();
    expect(p.naming?.lists).toBeUndefined();
    expect(p.naming?.error).toBe('offline');
    server.down = undefined;
    await p.loadLists();
    expect(p.naming?.lists?.nouns).toEqual(['Baykuş', 'Kartal', 'Kurt']);
  });
});

describe('moving to another device', () => {
  it('shows a code with its time left and the link its QR code holds', async () => {
    const server = new TestServer();
    const { p, wait, announced } = setup({ server, kv: deviceWith(server) });
    await settle();
    await p.makeCode();
    const code = p.transfer!.code;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(p.codeLeft()).toBe(10 * 60_000);
    expect(p.claimLink()).toBe(`https://dama.example/#/profile?code=${code}`);
    expect(announced.at(-1)).toMatch(
      /^Transfer code: (\w ){3}\w, (\w ){3}\w\. It is valid for 10 minutes\.$/,
    );
    wait(9 * 60_000 + 30_000);
    expect(p.codeLeft()).toBe(30_000);
    expect(p.tick()).toBe(true);
    // the page slept past the end (a phone in a pocket): the next tick still shows and says it, once
    wait(5 * 60_000);
    expect(p.codeLeft()).toBe(0);
    expect(p.tick()).toBe(true);
    expect(announced.at(-1)).toBe('This code has expired. Make a new one when you are ready.');
    expect(p.tick()).toBe(false);
    // a new code counts down again
    await p.makeCode();
    expect(p.codeLeft()).toBe(10 * 60_000);
    expect(p.tick()).toBe(true);
  });

  it('a code that cannot be made says why and shows none', async () => {
    const server = new TestServer();
    const { p } = setup({ server, kv: deviceWith(server) });
    await settle();
    server.down = 'busy';
    await p.makeCode();
    expect(p.transfer).toBeUndefined();
    expect(p.codeError).toBe('busy');
  });

  it('the new device adopts the player: the same name, without asking when its own was just made', async () => {
    const server = new TestServer();
    const old = setup({ server, kv: deviceWith(server, { adjective: 'Bilge', noun: 'Baykuş', number: 88 }) });
    await settle();
    await old.p.makeCode();

    const fresh = setup({ server });
    await settle();
    expect(fresh.p.player?.name).toBe('Hızlı Kartal 417'); // made on this visit
    fresh.p.setCodeText(old.p.transfer!.code.toLowerCase());
    fresh.p.submitCode();
    expect(fresh.p.confirming).toBe(false);
    await settle();
    expect(fresh.p.player?.name).toBe('Bilge Baykuş 88');
    expect(fresh.p.player?.id).toBe(old.p.player?.id);
    expect(fresh.kv.getItem(KEYS.player)).toContain('Bilge Baykuş 88');
    expect(fresh.announced).toContain('Done: this device now plays as Bilge Baykuş 88.');
    expect(fresh.forgotten()).toBe(1);
  });

  it('asks first when the code would replace a player the device has had, and "Cancel" keeps it', async () => {
    const server = new TestServer();
    const old = setup({ server, kv: deviceWith(server, { adjective: 'Bilge', noun: 'Baykuş', number: 88 }) });
    await settle();
    await old.p.makeCode();
    const other = setup({ server, kv: deviceWith(server, { adjective: 'Cesur', noun: 'Kurt', number: 5 }) });
    await settle();
    other.p.setCodeText(old.p.transfer!.code);
    other.p.submitCode();
    expect(other.p.confirming).toBe(true);
    other.p.closeConfirm();
    expect(other.p.player?.name).toBe('Cesur Kurt 5');
    expect(server.requests.some((q) => q.path === 'api/players/transfer')).toBe(false);
    other.p.submitCode();
    await other.p.claim();
    expect(other.p.confirming).toBe(false);
    expect(other.p.player?.name).toBe('Bilge Baykuş 88');
  });

  it('a mistyped code is caught before asking the server; an unknown one is told, the player unchanged', async () => {
    const server = new TestServer();
    const { p } = setup({ server, kv: deviceWith(server) });
    await settle();
    const asked = server.requests.length;
    p.setCodeText('K7PX-3MQ');
    p.submitCode();
    expect(p.claimError).toBe('typed');
    expect(server.requests).toHaveLength(asked);
    p.setCodeText('K7PX-3MQ2');
    expect(p.claimError).toBeUndefined();
    await p.claim();
    expect(p.claimError).toBe('unknown-code');
    expect(p.player?.name).toBe('Cesur Kurt 12');
    expect(p.takeFocus()).toBe('claim-code');
  });
});

describe('another tab', () => {
  it('a player adopted in another tab replaces the one shown, and its code', async () => {
    const server = new TestServer();
    const kv = deviceWith(server);
    const { p } = setup({ server, kv });
    await settle();
    await p.makeCode();
    const other = server.add({ adjective: 'Hızlı', noun: 'Kurt', number: 3 });
    kv.setItem(KEYS.player, JSON.stringify({ ...server.pub(other.id), secret: other.secret }));
    p.reload();
    expect(p.player?.name).toBe('Hızlı Kurt 3');
    expect(p.transfer).toBeUndefined();
  });
});
