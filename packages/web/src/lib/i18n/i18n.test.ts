import { describe, expect, it } from 'vitest';
import { OUTCOME_REASONS } from '@dama/core';
import { en } from './en.ts';
import { tr } from './tr.ts';
import { capitalize, detectLang, lower, reasonKey, upper } from './index.ts';
import { formatDate, numberLabel, weekday } from './dates.ts';

describe('catalogues', () => {
  it('have the same keys, of the same kinds', () => {
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(typeof tr[key]).toBe(typeof en[key]);
  });

  it('have no empty texts', () => {
    for (const cat of [en, tr])
      for (const [key, value] of Object.entries(cat))
        if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
  });

  it('name every outcome reason', () => {
    for (const reason of OUTCOME_REASONS) {
      expect(en[reasonKey(reason)], reason).toBeTypeOf('string');
      expect(tr[reasonKey(reason)], reason).toBeTypeOf('string');
    }
  });
});

describe('language choice', () => {
  it('is Turkish when the browser says Turkish', () => {
    expect(detectLang(['tr-TR', 'en'])).toBe('tr');
    expect(detectLang(['tr'])).toBe('tr');
    expect(detectLang(['en-US', 'tr'])).toBe('en');
    expect(detectLang([])).toBe('en');
    expect(detectLang(undefined)).toBe('en');
  });
});

describe('Turkish casing', () => {
  it('keeps the dots of i and ı', () => {
    expect(upper('iki kişi', 'tr')).toBe('İKİ KİŞİ');
    expect(upper('ılık', 'tr')).toBe('ILIK');
    expect(lower('IŞIK', 'tr')).toBe('ışık');
    expect(capitalize('iki kişilik', 'tr')).toBe('İki kişilik');
    expect(upper('iki', 'en')).toBe('IKI');
  });
});

describe('the puzzle texts', () => {
  it('say the task with the side and the number of moves', () => {
    expect(tr.puzzleToPlay('white', 3)).toBe('Beyaz oynar, 3 hamlede kazanır');
    expect(tr.puzzleToPlay('black', 2)).toBe('Siyah oynar, 2 hamlede kazanır');
    expect(en.puzzleToPlay('white', 3)).toBe('White to play and win in 3 moves');
  });

  it('write the share line without giving the solution away', () => {
    expect(tr.puzzleShareSolved('#12', 2, 5)).toBe('Dama günün bulmacası #12 ✅ 2. denemede · 🔥 5 gün');
    expect(en.puzzleShareSolved('#12', 2, 5)).toBe('Dama daily puzzle #12 ✅ 2nd try · 🔥 5 days');
    expect(en.puzzleShareSolved('#1', 1, 1)).toBe('Dama daily puzzle #1 ✅ 1st try · 🔥 1 day');
    expect(en.puzzleShareSolved('#3', 3, 0)).toBe('Dama daily puzzle #3 ✅ 3rd try');
    expect(en.puzzleShareSolved('#11', 11, 0)).toBe('Dama daily puzzle #11 ✅ 11th try');
    expect(tr.puzzleShareFailedText('#12')).toBe('Dama günün bulmacası #12 ❌ bu sefer olmadı');
  });

  it('keep the dots of Turkish i in capitals', () => {
    expect(upper(tr.puzzleBadgeArchive, 'tr')).toBe('ARŞİV');
    expect(upper(tr.puzzleBadgePractice, 'tr')).toBe('ALIŞTIRMA');
    expect(upper(tr.puzzlePreview, 'tr')).toBe('ÖNİZLEME');
  });
});

describe('dates', () => {
  it('are written the Turkish and the British way', () => {
    expect(formatDate('2026-11-30', 'tr')).toBe('30 Kasım 2026');
    expect(formatDate('2026-12-01', 'en')).toBe('1 December 2026');
    expect(weekday('2026-11-30', 'tr')).toBe('Pazartesi');
    expect(weekday('2026-12-02', 'tr')).toBe('Çarşamba');
    expect(weekday('2026-11-30', 'en')).toBe('Monday');
    expect(numberLabel(12, '2026-12-12', 'tr')).toBe('#12');
    expect(numberLabel(0, '2026-11-30', 'tr')).toBe('30 Kasım 2026');
  });
});
