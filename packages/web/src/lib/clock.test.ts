import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.ts';
import { tr } from './i18n/tr.ts';
import {
  dayParts,
  flagged,
  formatClock,
  formatDays,
  lowTimeThreshold,
  newClock,
  pressClock,
  startClock,
  stopClock,
  timeLeft,
} from './clock.ts';

describe('clock', () => {
  it('runs for the side to move only, and adds the increment on a move', () => {
    let c = startClock(newClock(60_000), 'white', 1000);
    expect(timeLeft(c, 'white', 11_000)).toBe(50_000);
    expect(timeLeft(c, 'black', 11_000)).toBe(60_000);
    c = pressClock(c, 'white', 11_000, 2000);
    expect(timeLeft(c, 'white', 20_000)).toBe(52_000);
    expect(timeLeft(c, 'black', 20_000)).toBe(51_000);
    c = stopClock(c, 20_000);
    expect(timeLeft(c, 'black', 99_000)).toBe(51_000);
  });

  it('flags the side whose time ran out', () => {
    const c = startClock(newClock(5000), 'black', 0);
    expect(flagged(c, 4999)).toBeUndefined();
    expect(flagged(c, 5000)).toBe('black');
    expect(timeLeft(c, 'black', 9000)).toBe(0);
  });

  it('formats minutes and, under ten seconds, tenths', () => {
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(61_001)).toBe('1:02');
    expect(formatClock(9_950)).toBe('10.0');
    expect(formatClock(9_900)).toBe('9.9');
    expect(formatClock(0)).toBe('0.0');
  });

  it('warns at 10 s on the move timer and at most 20 s on clocks', () => {
    expect(lowTimeThreshold(40_000, true)).toBe(10_000);
    expect(lowTimeThreshold(180_000, false)).toBe(18_000);
    expect(lowTimeThreshold(2_700_000, false)).toBe(20_000);
  });
});

describe('correspondence clocks', () => {
  const t = { corrTime: (d: number, h: number, m: number) => `${d}d ${h}h ${m}m` };
  it('show days and hours from a day on, hours and minutes under a day (rounded up under an hour)', () => {
    const H = 3600_000;
    expect(dayParts(3 * 24 * H)).toEqual({ days: 3, hours: 0, minutes: 0 });
    expect(dayParts(2 * 24 * H + 5 * H + 59 * 60_000)).toEqual({ days: 2, hours: 5, minutes: 0 });
    expect(dayParts(5 * H + 11 * 60_000 + 1)).toEqual({ days: 0, hours: 5, minutes: 11 });
    expect(dayParts(59_000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(dayParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(formatDays(t, 24 * H - 1)).toBe('0d 23h 59m');
    expect(dayParts(H - 1)).toEqual({ days: 0, hours: 0, minutes: 59 });
  });

  it('read naturally in both languages', () => {
    const H = 3600_000;
    expect(formatDays(tr, 2 * 24 * H + 5 * H)).toBe('2 gün 5 sa');
    expect(formatDays(en, 2 * 24 * H + 5 * H)).toBe('2d 5h');
    expect(formatDays(tr, 3 * 24 * H)).toBe('3 gün');
    expect(formatDays(en, 3 * 24 * H)).toBe('3d');
    expect(formatDays(tr, 5 * H + 12 * 60_000)).toBe('5 sa 12 dk');
    expect(formatDays(en, 5 * H + 12 * 60_000)).toBe('5h 12m');
    expect(formatDays(tr, 12 * 60_000)).toBe('12 dk');
    expect(formatDays(en, 0)).toBe('0m');
  });
});
