import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.ts';
import { tr } from './i18n/tr.ts';
import type { GameRecord } from './record.ts';
import { defaultSetup } from './setup.ts';
import { outcomeText, recordTitle, type RecordWords } from './record-text.ts';

const list = (lang: 'en' | 'tr'): RecordWords => ({ trans: lang === 'en' ? en : tr, lang });
const base = { id: 'online-AbCdEfGh12', pdn: '', plies: 30, endedAt: 0 };

describe('my games', () => {
  it('name an online game as online, from the player side: won, lost to the friend, drawn', () => {
    const won: GameRecord = { ...base, result: '0-1', reason: 'resignation', online: { color: 'black' } };
    expect(recordTitle(list('en'), won)).toBe('Online game');
    expect(recordTitle(list('tr'), won)).toBe('Çevrim içi oyun');
    expect(outcomeText(list('en'), won)).toBe('You won · by resignation (0‑1)');
    expect(outcomeText(list('tr'), won)).toBe('Kazandın · pes edildi (0‑1)');
    const lost: GameRecord = { ...won, result: '1-0', reason: 'timeout' };
    expect(outcomeText(list('en'), lost)).toBe('Your friend won · on time (1‑0)');
    const drawn: GameRecord = { ...won, result: '1/2-1/2', reason: 'agreement' };
    expect(outcomeText(list('en'), drawn)).toBe('Draw · by agreement (1/2‑1/2)');
  });

  it('name a game against a paired player by the opponent’s name', () => {
    const paired: GameRecord = {
      ...base,
      result: '1-0',
      reason: 'resignation',
      online: { color: 'black', opponent: 'Sakin Kartal 12' },
    };
    expect(recordTitle(list('en'), paired)).toBe('Against Sakin Kartal 12');
    expect(recordTitle(list('tr'), paired)).toBe('Rakip: Sakin Kartal 12');
    expect(outcomeText(list('en'), paired)).toBe('Sakin Kartal 12 won · by resignation (1‑0)');
  });

  it('tell a win by abandonment as such, from either side, never as a win on time', () => {
    const left: GameRecord = { ...base, result: '1-0', reason: 'abandoned', online: { color: 'white' } };
    expect(outcomeText(list('en'), left)).toBe('You won · the opponent left (1‑0)');
    expect(outcomeText(list('en'), { ...left, online: { color: 'black' } })).toBe(
      'Your friend won · you were away too long (1‑0)',
    );
    expect(outcomeText(list('tr'), left)).toBe('Kazandın · rakip oyundan ayrıldı (1‑0)');
  });

  it('leave the other games as they were: the computer, two players, imported', () => {
    const vs: GameRecord = {
      ...base,
      id: 'g-1',
      setup: { ...defaultSetup(), playerColor: 'black' },
      result: '0-1',
      reason: 'no-pieces',
    };
    expect(recordTitle(list('en'), vs)).toBe('Against the computer (Learner)');
    expect(outcomeText(list('en'), vs)).toBe('You win! · all pieces taken (0‑1)');
    const imported: GameRecord = { ...base, id: 'g-2', result: '1-0', reason: 'resignation' };
    expect(recordTitle(list('en'), imported)).toBe('Imported game');
    expect(outcomeText(list('en'), imported)).toBe('White wins · by resignation (1‑0)');
  });
});
