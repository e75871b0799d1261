import { describe, expect, it } from 'vitest';
import { en } from '../lib/i18n/en.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import type { Mode } from '../lib/setup.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { DEFAULT_DRAFT, HomeCtrl, type Draft, type HomeEnv } from './ctrl.ts';

function env(unfinished: boolean) {
  const kv = new MemoryKv();
  const started: [Mode, Draft][] = [];
  let redraws = 0;
  const e: HomeEnv = {
    store: new LocalStore(kv, () => 0),
    trans: () => en,
    redraw: () => void redraws++,
    current: () => undefined,
    hasUnfinished: () => unfinished,
    records: () => [],
    start: (mode, draft) => void started.push([mode, draft]),
    puzzleCard: () => ({ status: 'unplayed', streak: 0, text: '', streakText: '' }),
    learnCard: () => ({ done: 0, text: '' }),
  };
  return { e, kv, started, redraws: () => redraws };
}

describe('the home screen on its own interface', () => {
  it('keeps the sheet’s choices and starts the game with them', () => {
    const t = env(false);
    const ctrl = new HomeCtrl(t.e);
    expect(ctrl.draft).toEqual(DEFAULT_DRAFT);
    ctrl.openSheet('computer');
    ctrl.setDraft({ level: 5 });
    expect(JSON.parse(t.kv.getItem(KEYS.draft)!)).toMatchObject({ level: 5 });
    ctrl.start('computer');
    expect(t.started).toEqual([['computer', { ...DEFAULT_DRAFT, level: 5 }]]);
    expect(ctrl.sheet).toBeUndefined();
    // the next visit's sheet has the kept choices
    expect(new HomeCtrl(t.e).draft.level).toBe(5);
  });

  it('asks first over a game in progress, and starts only once the player says yes', () => {
    const t = env(true);
    const ctrl = new HomeCtrl(t.e);
    ctrl.start('local');
    expect(ctrl.replacing).toBe('local');
    expect(t.started).toEqual([]);
    ctrl.start('local', true);
    expect(t.started.map(([m]) => m)).toEqual(['local']);
    expect(t.redraws()).toBeGreaterThan(0);
  });
});
