import { describe, expect, it } from 'vitest';
import { upper } from '../i18n/index.ts';
import { en, formatDate, numberLabel, tr, weekday } from './messages.ts';

describe('puzzle texts', () => {
  it('have the same keys in both languages, of the same kinds', () => {
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(typeof tr[key], key).toBe(typeof en[key]);
  });

  it('have no empty texts', () => {
    for (const cat of [en, tr])
      for (const [key, value] of Object.entries(cat))
        if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
  });

  it('say the task with the side and the number of moves', () => {
    expect(tr.toPlay('white', 3)).toBe('Beyaz oynar, 3 hamlede kazanır');
    expect(tr.toPlay('black', 2)).toBe('Siyah oynar, 2 hamlede kazanır');
    expect(en.toPlay('white', 3)).toBe('White to play and win in 3 moves');
  });

  it('write the share line without giving the solution away', () => {
    expect(tr.shareSolved('#12', 2, 5)).toBe('Dama günün bulmacası #12 ✅ 2. denemede · 🔥 5 gün');
    expect(en.shareSolved('#12', 2, 5)).toBe('Dama daily puzzle #12 ✅ 2nd try · 🔥 5 days');
    expect(en.shareSolved('#1', 1, 1)).toBe('Dama daily puzzle #1 ✅ 1st try · 🔥 1 day');
    expect(en.shareSolved('#3', 3, 0)).toBe('Dama daily puzzle #3 ✅ 3rd try');
    expect(tr.shareFailedText('#12')).toBe('Dama günün bulmacası #12 ❌ bu sefer olmadı');
  });

  it('format dates the Turkish and the British way', () => {
    expect(formatDate('2026-11-30', 'tr')).toBe('30 Kasım 2026');
    expect(formatDate('2026-12-01', 'en')).toBe('1 December 2026');
    expect(weekday('2026-11-30', 'tr')).toBe('Pazartesi');
    expect(weekday('2026-12-02', 'tr')).toBe('Çarşamba');
    expect(weekday('2026-11-30', 'en')).toBe('Monday');
    expect(numberLabel(12, '2026-12-12', 'tr')).toBe('#12');
    expect(numberLabel(0, '2026-11-30', 'tr')).toBe('30 Kasım 2026');
  });

  it('keep the dots of Turkish i in capitals', () => {
    expect(upper(tr.badgeArchive, 'tr')).toBe('ARŞİV');
    expect(upper(tr.badgePractice, 'tr')).toBe('ALIŞTIRMA');
    expect(upper(tr.preview, 'tr')).toBe('ÖNİZLEME');
  });
});
