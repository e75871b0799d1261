import { describe, expect, it } from 'vitest';
import {
  addDays,
  archiveDates,
  dailyPuzzle,
  dayNumber,
  istanbulDate,
  LAUNCH_DATE,
  puzzleIndexForDate,
  puzzleNumber,
} from './daily.ts';

describe('istanbulDate', () => {
  it('changes at midnight Istanbul time (21:00 UTC, Turkey is UTC+3 all year)', () => {
    expect(istanbulDate(new Date('2026-12-01T20:59:59Z'))).toBe('2026-12-01');
    expect(istanbulDate(new Date('2026-12-01T21:00:00Z'))).toBe('2026-12-02');
    expect(istanbulDate(new Date('2027-07-15T20:59:59.999Z'))).toBe('2027-07-15');
    expect(istanbulDate(new Date('2027-07-15T21:00:00Z'))).toBe('2027-07-16');
    expect(istanbulDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
  });
});

describe('dates', () => {
  it('reads only real calendar dates', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-02-29')).toBeUndefined();
    expect(dayNumber('2028-02-29')).toBeDefined();
    expect(dayNumber('2026-1-1')).toBeUndefined();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('numbers puzzles from the launch date', () => {
    expect(puzzleNumber(LAUNCH_DATE)).toBe(1);
    expect(puzzleNumber('2026-12-01')).toBe(2);
    expect(puzzleNumber('2027-11-30')).toBe(366);
  });
});

describe('puzzleIndexForDate', () => {
  it('is a permutation: any bank-size run of days shows every puzzle once', () => {
    for (const size of [1, 7, 730, 760, 1000]) {
      const seen = new Set<number>();
      for (let d = 0; d < size; d++) seen.add(puzzleIndexForDate(addDays('2027-03-10', d), size));
      expect(seen.size).toBe(size);
    }
  });

  it('is fixed and does not follow bank order', () => {
    const days = [0, 1, 2, 3].map((d) => puzzleIndexForDate(addDays(LAUNCH_DATE, d), 760));
    expect(days).toEqual([...days]);
    expect(days[1] - days[0]).not.toBe(1);
    expect(puzzleIndexForDate('2020-01-01', 760)).toBeGreaterThanOrEqual(0);
    expect(() => puzzleIndexForDate('2026-13-01', 760)).toThrow();
  });

  it('gives the puzzle of an instant', () => {
    const pick = dailyPuzzle(new Date('2026-12-02T21:30:00Z'), 760);
    expect(pick).toEqual({ date: '2026-12-03', number: 4, index: puzzleIndexForDate('2026-12-03', 760) });
  });
});

describe('archiveDates', () => {
  it('lists past dates from the launch, newest first', () => {
    expect(archiveDates('2026-12-03')).toEqual(['2026-12-02', '2026-12-01', '2026-11-30']);
    expect(archiveDates(LAUNCH_DATE)).toEqual([]);
    expect(archiveDates('2027-12-01', 2)).toEqual(['2027-11-30', '2027-11-29']);
  });
});
