import { describe, expect, it } from 'vitest';
import {
  mergeStores,
  bestStreak,
  currentStreak,
  emptyStore,
  parseStore,
  recordPlay,
  serializeStore,
  streakSummary,
  validateStore,
  type StreakStore,
} from './streak.ts';

const solved = { tries: 0, solved: true, failed: false };
const failed = { tries: 3, solved: false, failed: true };

function storeOf(days: Record<string, typeof solved>): StreakStore {
  return { version: 1, days, archive: {} };
}

describe('streaks', () => {
  const store = storeOf({
    '2026-12-01': solved,
    '2026-12-02': solved,
    '2026-12-03': solved,
    '2026-12-05': solved,
    '2026-12-06': { tries: 2, solved: true, failed: false },
  });

  it('counts consecutive solved days ending today or yesterday', () => {
    expect(currentStreak(store, '2026-12-06')).toBe(2);
    expect(currentStreak(store, '2026-12-07')).toBe(2); // today not played yet: still alive
    expect(currentStreak(store, '2026-12-08')).toBe(0); // a day was missed
    expect(bestStreak(store)).toBe(3);
  });

  it('ends the streak when today is failed, and not while today is in progress', () => {
    const inProgress = recordPlay(store, '2026-12-07', 'daily', { tries: 1, solved: false, failed: false });
    expect(currentStreak(inProgress, '2026-12-07')).toBe(2);
    const lost = recordPlay(inProgress, '2026-12-07', 'daily', failed);
    expect(currentStreak(lost, '2026-12-07')).toBe(0);
    expect(bestStreak(lost)).toBe(3);
  });

  it('archive plays never touch the streak', () => {
    const played = recordPlay(store, '2026-12-04', 'archive', solved);
    expect(played.archive['2026-12-04']).toEqual(solved);
    expect(played.days['2026-12-04']).toBeUndefined();
    expect(bestStreak(played)).toBe(3);
    expect(currentStreak(played, '2026-12-06')).toBe(2);
  });

  it('a finished day is final and tries never go down', () => {
    const once = recordPlay(emptyStore(), '2026-12-01', 'daily', failed);
    expect(recordPlay(once, '2026-12-01', 'daily', solved)).toBe(once);
    const two = recordPlay(emptyStore(), '2026-12-01', 'daily', { tries: 2, solved: false, failed: false });
    expect(recordPlay(two, '2026-12-01', 'daily', { tries: 1, solved: false, failed: false })).toBe(two);
    expect(recordPlay(two, 'not a date', 'daily', solved)).toBe(two);
  });

  it('survives a reload through text', () => {
    const text = serializeStore(store);
    const back = parseStore(text, '2026-12-06');
    expect(back.problem).toBeUndefined();
    expect(back.store).toEqual(store);
    expect(streakSummary(back.store, '2026-12-06')).toEqual({
      current: 2,
      best: 3,
      solved: 5,
      today: { tries: 2, solved: true, failed: false },
    });
  });
});

describe('validateStore', () => {
  it('accepts nothing stored as a fresh start without a problem', () => {
    expect(validateStore(undefined)).toEqual({ store: emptyStore() });
    expect(parseStore(null)).toEqual({ store: emptyStore() });
  });

  it('reports and resets unreadable data', () => {
    expect(parseStore('{not json').problem).toMatch(/unreadable/);
    expect(validateStore(42).store).toEqual(emptyStore());
    expect(validateStore([1, 2]).problem).toBeDefined();
  });

  it('drops malformed entries and never invents a solved day', () => {
    const raw = {
      version: 1,
      days: {
        '2026-12-01': solved,
        '2026-12-02': { tries: 0, solved: true, failed: true }, // both: inconsistent
        '2026-12-03': { tries: 5, solved: false, failed: true }, // too many tries
        '2026-12-04': { solved: true }, // missing fields
        '2026-12-05': 'yes',
        '2026-02-30': solved, // no such date
        '2026-12-06': { tries: 3, solved: true, failed: false }, // solved after 3 wrong moves
        '2026-12-07': { tries: 1, solved: false, failed: false },
      },
      archive: { '2026-12-02': solved, bad: solved },
    };
    const { store, problem } = validateStore(raw, '2026-12-10');
    expect(Object.keys(store.days)).toEqual(['2026-12-01', '2026-12-07']);
    expect(store.archive).toEqual({ '2026-12-02': solved });
    expect(problem).toMatch(/6 broken days removed/);
    expect(problem).toMatch(/1 broken archive entry removed/);
    expect(currentStreak(store, '2026-12-02')).toBe(1);
  });

  it('keeps days after today quietly (a clock set backward) and counts the streak back from today', () => {
    const raw = { version: 1, days: { '2026-12-01': solved, '2026-12-02': solved }, archive: {} };
    const { store, problem } = validateStore(raw, '2026-12-01');
    expect(problem).toBeUndefined();
    expect(Object.keys(store.days)).toEqual(['2026-12-01', '2026-12-02']);
    expect(currentStreak(store, '2026-12-01')).toBe(1);
  });

  it('merges two tabs: the best result of each day stands', () => {
    const failed = { tries: 3, solved: false, failed: true };
    const a = { version: 1 as const, days: { '2026-12-01': solved, '2026-12-02': failed }, archive: {} };
    const b = {
      version: 1 as const,
      days: { '2026-12-01': failed, '2026-12-02': { tries: 1, solved: true, failed: false } },
      archive: {},
    };
    const merged = mergeStores(a, b);
    expect(merged.days['2026-12-01']).toEqual(solved);
    expect(merged.days['2026-12-02'].solved).toBe(true);
    expect(mergeStores(b, a)).toEqual(merged);
  });

  it('salvages the days of a record with a wrong version or missing parts', () => {
    const r = validateStore({ days: { '2026-12-01': solved } });
    expect(r.store.days).toEqual({ '2026-12-01': solved });
    expect(r.store.archive).toEqual({});
    expect(r.problem).toMatch(/version/);
    const noDays = validateStore({ version: 1 });
    expect(noDays.store).toEqual(emptyStore());
    expect(noDays.problem).toMatch(/days/);
  });
});
