import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../io/memory-kv.ts';
import { KEYS } from '../io/storage.ts';
import { AppCtrl, parseRoute, type AppDeps } from './app.ts';

function app(kv = new MemoryKv(), languages = ['tr-TR']) {
  const hashes: string[] = [];
  const deps: AppDeps = {
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
    ctrl.changeSettings({ lang: 'en' });
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
    ctrl.setDraft({ color: 'random', level: 'hard' });
    ctrl.start('local');
    expect(hashes).toEqual(['#/game']);
    ctrl.game!.userMove({ from: 'c3', path: ['c4'], captures: [] });
    const again = app(kv).ctrl;
    expect(again.current?.pdn).toContain('c3-c4');
    again.go({ name: 'game' });
    expect(again.game?.game.notation()).toEqual(['c3-c4']);
  });

  it('imports a PDN game into the list and refuses a broken one', () => {
    const { ctrl, hashes } = app();
    ctrl.importPdn('1. c3-c4 f6-f5 *');
    expect(ctrl.records).toHaveLength(1);
    expect(hashes.at(-1)).toBe(`#/replay/${ctrl.records[0].id}`);
    ctrl.importPdn('1. c3-c7');
    expect(ctrl.importError).toMatch(/okunamadı/);
    expect(ctrl.records).toHaveLength(1);
  });

  it('remembers the new-game choices, ignoring broken ones', () => {
    const { ctrl, kv } = app();
    ctrl.setDraft({ level: 'hard', color: 'black', time: { kind: 'clock', minutes: 5, increment: 0 } });
    expect(app(kv).ctrl.draft).toEqual(ctrl.draft);
    kv.setItem(KEYS.draft, JSON.stringify({ level: 'impossible' }));
    expect(app(kv).ctrl.draft.level).toBe('easy');
  });

  it('reads routes from the hash', () => {
    expect(parseRoute('#/settings')).toEqual({ name: 'settings' });
    expect(parseRoute('#/replay/g-1')).toEqual({ name: 'replay', id: 'g-1' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'home' });
    expect(parseRoute('')).toEqual({ name: 'home' });
  });
});
