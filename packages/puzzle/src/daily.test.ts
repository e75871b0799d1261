import { describe, expect, it } from 'vitest';
import {
  addDays,
  archiveDates,
  dailyPuzzle,
  dayNumber,
  istanbulDate,
  LAUNCH_DATE,
  puzzleForDate,
  dateOfNumber,
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

describe('the schedule', () => {
  const bank = ['#1', '#2', '#3'];
  it('gives #n on the launch date + n − 1 days, and nothing past the end (no wrapping)', () => {
    expect(puzzleForDate(LAUNCH_DATE, bank)).toEqual({
      date: LAUNCH_DATE,
      number: 1,
      puzzle: '#1',
      lastDate: '2026-12-02',
    });
    expect(puzzleForDate('2026-12-02', bank).puzzle).toBe('#3');
    expect(puzzleForDate('2026-12-03', bank)).toMatchObject({
      number: 4,
      puzzle: undefined,
      lastDate: '2026-12-02',
    });
    expect(puzzleForDate('2026-11-29', bank)).toMatchObject({ number: 0, puzzle: undefined });
    expect(() => puzzleForDate('2026-13-01', bank)).toThrow();
  });

  it('gives the puzzle of an instant, by the Istanbul date', () => {
    expect(dailyPuzzle(new Date('2026-12-01T21:30:00Z'), bank)).toMatchObject({
      date: '2026-12-02',
      number: 3,
    });
    expect(dateOfNumber(3)).toBe('2026-12-02');
  });
});

describe('archiveDates', () => {
  it('lists past dates from the launch, newest first', () => {
    expect(archiveDates('2026-12-03')).toEqual(['2026-12-02', '2026-12-01', '2026-11-30']);
    expect(archiveDates(LAUNCH_DATE)).toEqual([]);
    expect(archiveDates('2027-12-01', 2)).toEqual(['2027-11-30', '2027-11-29']);
  });
});
