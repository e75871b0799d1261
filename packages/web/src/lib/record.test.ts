import { describe, expect, it } from 'vitest';
import { Game } from '@dama/core';
import {
  addRecord,
  MAX_RECORDS,
  readRecords,
  readSavedGame,
  recordOf,
  restoreGame,
  saveGame,
} from './record.ts';
import { defaultSetup, readSetup } from './setup.ts';

const names = { white: 'You', black: 'Computer', event: 'Dama against the computer (Easy)' };

describe('saved games', () => {
  it('round-trip through JSON and the rules', () => {
    const g = new Game();
    g.playNotation('c3-c4');
    g.playNotation('f6-f5');
    const setup = { ...defaultSetup(), time: { kind: 'clock' as const, minutes: 5, increment: 0 } };
    const saved = saveGame('g-1', setup, g, Date.UTC(2026, 0, 2), names, { white: 1000, black: 2000 });
    const back = readSavedGame(JSON.parse(JSON.stringify(saved)));
    expect(back).toEqual(saved);
    expect(restoreGame(back!.pdn, back!.setup)?.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(saved.pdn).toContain('[Date "2026.01.02"]');
  });

  it('refuse illegal moves, foreign values and other versions', () => {
    const saved = saveGame('g-1', defaultSetup(), new Game(), 0, names);
    expect(readSavedGame({ ...saved, pdn: '1. c3-c9 *' })).toBeUndefined();
    expect(readSavedGame({ ...saved, pdn: '1. c3-c5 *' })).toBeUndefined();
    expect(readSavedGame({ ...saved, v: 2 })).toBeUndefined();
    expect(readSavedGame({ ...saved, setup: { ...saved.setup, level: 'godlike' } })).toBeUndefined();
    expect(readSavedGame({ ...saved, clocks: { white: -1, black: 0 } })).toBeUndefined();
    expect(readSavedGame([])).toBeUndefined();
    expect(readSavedGame('x')).toBeUndefined();
  });

  it('keep the draw rules a game was started with', () => {
    const setup = { ...defaultSetup(), drawRules: { ...defaultSetup().drawRules, kingVsMan: true } };
    expect(readSetup(JSON.parse(JSON.stringify(setup)))?.drawRules.kingVsMan).toBe(true);
    expect(readSetup({ ...setup, drawRules: { repetition: true } })).toBeUndefined();
  });
});

describe('records', () => {
  it('list finished games, newest first, without duplicates, at most MAX_RECORDS', () => {
    const g = new Game();
    g.resign('white');
    const r = recordOf('a', defaultSetup(), g, 'pdn', 5);
    expect(r).toMatchObject({ result: '0-1', reason: 'resignation', plies: 0 });
    let list = addRecord([], r);
    list = addRecord(list, { ...r, id: 'b' });
    list = addRecord(list, { ...r, endedAt: 9 });
    expect(list.map((x) => x.id)).toEqual(['a', 'b']);
    for (let i = 0; i < MAX_RECORDS + 5; i++) list = addRecord(list, { ...r, id: `x${i}` });
    expect(list).toHaveLength(MAX_RECORDS);
    expect(readRecords(JSON.parse(JSON.stringify(list)))).toEqual(list);
    expect(readRecords([{ id: 1 }])).toBeUndefined();
    expect(readRecords({})).toBeUndefined();
  });
});
