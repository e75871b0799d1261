import { describe, expect, it } from 'vitest';
import { Game } from '@dama/core';
import {
  addRecord,
  isOnlineRecord,
  MAX_RECORDS,
  readRecords,
  readSavedGame,
  recordOf,
  restoreGame,
  resultsByLevel,
  resumable,
  saveGame,
  unfinishedRecord,
  type GameRecord,
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
    for (const level of [0, 9, 1.5, '12', null])
      expect(readSavedGame({ ...saved, setup: { ...saved.setup, level } })).toBeUndefined();
    // a game saved before the ladder plays on at the strength its level named
    expect(readSavedGame({ ...saved, setup: { ...saved.setup, level: 'easy' } })?.setup.level).toBe(6);
    expect(readSavedGame({ ...saved, setup: { ...saved.setup, level: 'hard' } })?.setup.level).toBe(7);
    expect(readSavedGame({ ...saved, setup: { ...saved.setup, level: 'master' } })?.setup.level).toBe(8);
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

describe('online games in the list', () => {
  const online = {
    id: 'online-AbCdEfGh12',
    pdn: '[Event "Dama, online game"]\n[White "Friend"]\n[Black "You"]\n[Result "1-0"]\n\n1. c3-c4 1-0',
    result: '1-0',
    plies: 1,
    endedAt: 5,
  };

  it('keep the player colour and a win by abandonment as such', () => {
    const r = { ...online, reason: 'abandoned', online: { color: 'black' } };
    expect(readRecords(JSON.parse(JSON.stringify([r])))).toEqual([r]);
    expect(isOnlineRecord(r as GameRecord)).toBe(true);
  });

  it('read the ones kept before records said so: online by their id, the colour from the PDN names', () => {
    const [black] = readRecords([{ ...online, reason: 'timeout' }])!;
    expect(black.online).toEqual({ color: 'black' });
    const white = online.pdn
      .replace('[White "Friend"]', '[White "Sen"]')
      .replace('[Black "You"]', '[Black "Arkadaşın"]');
    expect(readRecords([{ ...online, pdn: white }])![0].online).toEqual({ color: 'white' });
    // a game that does not say which side the player had is still online, its colour unknown
    const [neither] = readRecords([{ ...online, pdn: '1. c3-c4 *' }])!;
    expect(neither.online).toBeUndefined();
    expect(isOnlineRecord(neither)).toBe(true);
    // an imported game naming a player "You" is not online
    expect(readRecords([{ ...online, id: 'g-1' }])![0].online).toBeUndefined();
  });

  it('leave out a reason or an online part they do not know, and keep the rest of the list', () => {
    const list = readRecords([
      { ...online, reason: 'meteor', online: { color: 'green' } },
      { ...online, id: 'g-2', reason: 'resignation' },
    ])!;
    expect(list).toHaveLength(2);
    expect(list[0].reason).toBeUndefined();
    expect(list[0].online).toEqual({ color: 'black' });
    expect(list[1].reason).toBe('resignation');
  });
});

describe('unfinished games in the list', () => {
  it('keep what resuming needs and give back the game in progress', () => {
    const g = new Game();
    g.playNotation('c3-c4');
    const setup = { ...defaultSetup(), time: { kind: 'clock' as const, minutes: 5, increment: 0 } };
    const saved = saveGame('g-1', setup, g, 1000, names, { white: 290_000, black: 300_000 });
    const r = unfinishedRecord(saved, g, 5000);
    expect(r).toMatchObject({ id: 'g-1', result: '*', plies: 1, endedAt: 5000 });
    const [back] = readRecords(JSON.parse(JSON.stringify([r])))!;
    expect(resumable(back)).toEqual(saved);
    expect(resumable({ ...back, unfinished: undefined })).toBeUndefined();
    expect(readRecords([{ ...r, unfinished: { startedAt: -1 } }])).toBeUndefined();
    expect(readRecords([{ ...r, setup: undefined }])).toBeUndefined();
  });
});

describe('results by level', () => {
  it('count won, drawn and lost games from the human side, leaving out unfinished and two-player games', () => {
    const base = { pdn: '', plies: 10, endedAt: 0 };
    const vs = (level: 2 | 7, playerColor: 'white' | 'black') => ({
      ...defaultSetup(),
      level,
      playerColor,
    });
    const list = [
      { ...base, id: 'a', setup: vs(2, 'white'), result: '1-0' },
      { ...base, id: 'b', setup: vs(2, 'black'), result: '1-0' },
      { ...base, id: 'c', setup: vs(2, 'black'), result: '1/2-1/2' },
      { ...base, id: 'd', setup: vs(7, 'black'), result: '0-1' },
      { ...base, id: 'e', setup: vs(7, 'black'), result: '*', unfinished: { startedAt: 0 } },
      { ...base, id: 'f', setup: { ...defaultSetup(), mode: 'local' as const }, result: '1-0' },
      { ...base, id: 'g', result: '0-1' },
    ];
    expect(resultsByLevel(list)).toEqual({
      2: { won: 1, drawn: 1, lost: 1 },
      7: { won: 1, drawn: 0, lost: 0 },
    });
  });
});
