import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { correspondenceBook } from '../lib/online/corr.ts';
import { seatBook } from '../lib/online/seats.ts';
import { TestServer, testSnapshot } from '../lib/player/test-server.ts';
import { AppCtrl, parseRoute, type AppDeps } from './ctrl.ts';
import { FIRST_LEVEL } from '../lib/setup.ts';

/** Another tab's changes, reported as the browser does: a `storage` event naming the key. */
class OtherTabs {
  private listeners = new Set<(e: { key: string | null }) => void>();
  addEventListener(_: 'storage', l: (e: { key: string | null }) => void): void {
    this.listeners.add(l);
  }
  removeEventListener(_: 'storage', l: (e: { key: string | null }) => void): void {
    this.listeners.delete(l);
  }
  changed(key: string | null): void {
    for (const l of this.listeners) l({ key });
  }
}

function app(kv = new MemoryKv(), languages = ['tr-TR'], storageEvents?: OtherTabs) {
  const hashes: string[] = [];
  const deps: AppDeps = {
    storageEvents,
    kv,
    spawnEngine: undefined,
    languages,
    now: () => 1000,
    random: () => 0.25,
    redraw: () => {},
    navigate: (h) => hashes.push(h),
    fastEngine: false,
  };
  return { ctrl: new AppCtrl(deps), kv, hashes };
}

describe('AppCtrl', () => {
  it('speaks Turkish when the browser does, and keeps a change', () => {
    const { ctrl, kv } = app();
    expect(ctrl.lang).toBe('tr');
    ctrl.prefs.change({ lang: 'en' });
    expect(app(kv).ctrl.lang).toBe('en');
    expect(app(new MemoryKv(), ['en-US']).ctrl.lang).toBe('en');
  });

  it('starts with a calm notice when the saved game cannot be read, and sets it aside', () => {
    const kv = new MemoryKv();
    kv.setItem(KEYS.current, '{"v":1,"pdn":"garbage"}');
    const { ctrl } = app(kv);
    expect(ctrl.notices).toEqual(['corruptGame']);
    expect(ctrl.current).toBeUndefined();
    expect([...kv.map.keys()].some((k) => k.startsWith('dama.current.v1.unreadable'))).toBe(true);
    ctrl.dismissNotice('corruptGame');
    expect(ctrl.notices).toEqual([]);
  });

  it('keeps the game in progress and offers it after a restart', () => {
    const { ctrl, kv, hashes } = app();
    ctrl.home.setDraft({ color: 'random', level: 7 });
    ctrl.home.start('local');
    expect(hashes).toEqual(['#/game']);
    ctrl.game!.userMove({ from: 'c3', path: ['c4'], captures: [] });
    const again = app(kv).ctrl;
    expect(again.current?.pdn).toContain('c3-c4');
    again.go({ name: 'game' });
    expect(again.game?.game.notation()).toEqual(['c3-c4']);
  });

  it('imports a PDN game into the list and refuses a broken one', () => {
    const { ctrl, hashes } = app();
    ctrl.records.importPdn('1. c3-c4 f6-f5 *');
    expect(ctrl.records.records).toHaveLength(1);
    expect(hashes.at(-1)).toBe(`#/replay/${ctrl.records.records[0].id}`);
    ctrl.records.importPdn('1. c3-c7');
    expect(ctrl.records.importError).toBe('1. hamle (c3-c7) bu oyunda kurallara uygun değil.');
    ctrl.records.importPdn('[Event "x" 1. c3-c4');
    expect(ctrl.records.importError).toBe('Bu metin oyun kaydı (PDN) biçiminde yazılmamış.');
    ctrl.records.importPdn('   ');
    expect(ctrl.records.importError).toBe('Bu metinde oyun yok.');
    expect(ctrl.records.records).toHaveLength(1);
  });

  it("writes the exported event name in the player's language", () => {
    const { ctrl } = app();
    ctrl.home.setDraft({ level: 5 });
    ctrl.home.start('computer');
    expect(ctrl.game!.saved().pdn).toContain('[Event "Dama, bilgisayara karşı (Kulüp oyuncusu)"]');
    ctrl.destroy();
  });

  it('remembers the new-game choices, ignoring broken ones', () => {
    const { ctrl, kv } = app();
    ctrl.home.setDraft({ level: 3, color: 'black', time: { kind: 'clock', minutes: 5, increment: 0 } });
    expect(app(kv).ctrl.home.draft).toEqual(ctrl.home.draft);
    // a new player starts near the bottom of the ladder
    kv.setItem(KEYS.draft, JSON.stringify({ level: 'impossible' }));
    expect(app(kv).ctrl.home.draft.level).toBe(FIRST_LEVEL);
    for (const level of [0, 9, 2.5, '3', null]) {
      kv.setItem(KEYS.draft, JSON.stringify({ ...ctrl.home.draft, level }));
      expect(app(kv).ctrl.home.draft.level).toBe(level === '3' ? 3 : FIRST_LEVEL);
    }
    // choices kept before the ladder keep the strength they named (docs/ladder.md)
    for (const [old, level] of [
      ['easy', 6],
      ['medium', 7],
      ['hard', 7],
      ['master', 8],
    ] as const) {
      kv.setItem(KEYS.draft, JSON.stringify({ ...ctrl.home.draft, level: old }));
      expect(app(kv).ctrl.home.draft).toEqual({ ...ctrl.home.draft, level });
    }
  });

  it('takes the settings, the list of games and the game in progress that another tab changed', () => {
    const kv = new MemoryKv();
    const tabs = new OtherTabs();
    const here = app(kv, ['tr-TR'], tabs).ctrl;
    const there = app(kv).ctrl;
    there.prefs.change({ lang: 'en', sound: false });
    expect(here.lang).toBe('tr');
    tabs.changed(KEYS.settings);
    expect(here.lang).toBe('en');
    expect(here.sound.enabled).toBe(false);

    there.records.importPdn('1. c3-c4 f6-f5 *');
    tabs.changed(KEYS.records);
    expect(here.records.records.map((r) => r.id)).toEqual(there.records.records.map((r) => r.id));

    there.home.start('local');
    tabs.changed(KEYS.current);
    expect(here.current?.id).toBe(there.game!.id);
    here.go({ name: 'game' });
    there.game!.userMove({ from: 'c3', path: ['c4'], captures: [] });
    tabs.changed(KEYS.current);
    expect(here.game?.game.notation()).toEqual(['c3-c4']);

    kv.map.clear();
    tabs.changed(null);
    expect(here.records.records).toEqual([]);
    expect(here.current).toBeUndefined();
    here.destroy();
    tabs.changed(KEYS.settings);
  });

  it('reads routes from the hash', () => {
    expect(parseRoute('#/settings')).toEqual({ name: 'settings' });
    expect(parseRoute('#/replay/g-1')).toEqual({ name: 'replay', id: 'g-1' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'home' });
    expect(parseRoute('')).toEqual({ name: 'home' });
  });
});

describe('the "Your turn" list on the home screen', () => {
  it('is loaded and asked for when the home screen is shown, and again when the page is shown again', async () => {
    const server = new TestServer();
    const kv = new MemoryKv();
    const store = new LocalStore(kv);
    seatBook(store).set('LinkGame0001', 'link-seat-0123456789');
    correspondenceBook(store).keep('LinkGame0001', 'white');
    server.snapshots.set('LinkGame0001', testSnapshot({ id: 'LinkGame0001', days: 3 }));
    let now = 1000;
    const ctrl = new AppCtrl({
      kv,
      spawnEngine: undefined,
      languages: ['en'],
      now: () => now,
      random: () => 0.25,
      redraw: () => {},
      navigate: () => {},
      fastEngine: false,
      http: server.http,
    });
    const asked = () => server.requests.filter((r) => r.path === 'api/games/LinkGame0001').length;
    const until = async (ready: () => boolean) => {
      for (let i = 0; i < 100 && !ready(); i++) await new Promise((ok) => setTimeout(ok, 5));
      expect(ready()).toBe(true);
    };
    // nothing asked before the home screen is shown
    ctrl.go({ name: 'settings' });
    expect(ctrl.turns).toBeUndefined();
    ctrl.go({ name: 'home' });
    await until(() => (ctrl.turns?.games.length ?? 0) > 0);
    expect(ctrl.turns?.games.map((g) => [g.id, g.yourTurn])).toEqual([['LinkGame0001', true]]);
    expect(asked()).toBe(1);
    now += 10_000;
    ctrl.shown();
    await until(() => asked() === 2);
    // elsewhere than home, a page shown again asks nothing
    ctrl.go({ name: 'rules' });
    now += 10_000;
    ctrl.shown();
    await new Promise((ok) => setTimeout(ok, 20));
    expect(asked()).toBe(2);
    ctrl.go({ name: 'home' });
    await until(() => asked() === 3);
    // to a game and back home a moment later (a move just played there): asked again at once
    ctrl.go({ name: 'rules' });
    now += 100;
    ctrl.go({ name: 'home' });
    await until(() => asked() === 4);
    // the home screen shown again at once is the same look: nothing more asked
    now += 100;
    ctrl.shown();
    await new Promise((ok) => setTimeout(ok, 20));
    expect(asked()).toBe(4);
  });
});
