/**
 * Streaks, computed from the stored record of days rather than kept as a counter that can drift.
 * The record is plain data for `localStorage` (or anything else):
 * `{ version: 1, days: { '2026-12-01': { tries: 1, solved: true, failed: false } }, archive: { … } }`.
 * `days` holds the daily puzzle played on its own date; `archive` holds puzzles of past dates played
 * later, which never touch the streak.
 *
 * A day record: `tries` = tries used (a wrong move uses one), 0–3; `solved` = solved with fewer
 * than 3 wrong moves; `failed` = all 3 tries used. Neither: started, not finished. A finished day
 * is final: playing it again changes nothing.
 */
import { isObject } from '@dama/core';
import { dayNumber, isDate } from './daily.ts';

export const MAX_TRIES = 3;

export interface DayRecord {
  tries: number;
  solved: boolean;
  failed: boolean;
  /** A hint was taken (absent: none). */
  hinted?: boolean;
}

export interface StreakStore {
  version: 1;
  days: Record<string, DayRecord>;
  archive: Record<string, DayRecord>;
}

export const emptyStore = (): StreakStore => ({ version: 1, days: {}, archive: {} });

/** A day record that is consistent in itself, or undefined. */
function cleanRecord(x: unknown): DayRecord | undefined {
  if (!isObject(x)) return undefined;
  const { tries, solved, failed } = x;
  if (!Number.isInteger(tries) || (tries as number) < 0 || (tries as number) > MAX_TRIES) return undefined;
  if (typeof solved !== 'boolean' || typeof failed !== 'boolean') return undefined;
  if (solved && failed) return undefined;
  if (solved && (tries as number) >= MAX_TRIES) return undefined;
  if (failed !== (tries === MAX_TRIES)) return undefined;
  if (x.hinted !== undefined && typeof x.hinted !== 'boolean') return undefined;
  return x.hinted
    ? { tries: tries as number, solved, failed, hinted: true }
    : { tries: tries as number, solved, failed };
}

function cleanDays(
  x: unknown,
  today: string | undefined,
  dropped: { count: number },
): Record<string, DayRecord> {
  const out: Record<string, DayRecord> = {};
  if (!isObject(x)) return out;
  // Days after `today` are kept as they are: a device clock set backward makes them look future,
  // but they were recorded, and the streak (counted back from today) does not see them.
  void today;
  for (const [date, value] of Object.entries(x)) {
    const record = cleanRecord(value);
    const day = dayNumber(date);
    if (!record || day === undefined) {
      dropped.count++;
      continue;
    }
    out[date] = record;
  }
  return out;
}

/**
 * Check a stored value and repair it: entries that are malformed or inconsistent are dropped (a solved day is never invented or kept on doubt), a missing or broken record
 * becomes empty. `problem` says what was wrong, for the screen to report; it is absent when the value
 * was fine or simply absent (first visit).
 */
export function validateStore(raw: unknown, today?: string): { store: StreakStore; problem?: string } {
  if (raw === undefined || raw === null) return { store: emptyStore() };
  if (!isObject(raw))
    return { store: emptyStore(), problem: 'The saved puzzle record was unreadable; it was reset.' };
  const problems: string[] = [];
  if (raw.version !== 1) problems.push(`unknown version ${JSON.stringify(raw.version) ?? 'missing'}`);
  if (!isObject(raw.days)) problems.push('the list of days was missing');
  if (raw.archive !== undefined && !isObject(raw.archive)) problems.push('the archive list was broken');
  const dropped = { count: 0 };
  const days = cleanDays(raw.days, today, dropped);
  const droppedDays = dropped.count;
  dropped.count = 0;
  const archive = cleanDays(raw.archive, today, dropped);
  if (droppedDays > 0) problems.push(`${droppedDays} broken day${droppedDays === 1 ? '' : 's'} removed`);
  if (dropped.count > 0)
    problems.push(`${dropped.count} broken archive entr${dropped.count === 1 ? 'y' : 'ies'} removed`);
  const store: StreakStore = { version: 1, days, archive };
  if (problems.length === 0) return { store };
  return { store, problem: `The saved puzzle record was damaged and repaired: ${problems.join('; ')}.` };
}

/** Read the record from stored text (e.g. `localStorage.getItem(...)`), repairing it as above. */
export function parseStore(
  text: string | null | undefined,
  today?: string,
): { store: StreakStore; problem?: string } {
  if (text === null || text === undefined || text === '') return { store: emptyStore() };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { store: emptyStore(), problem: 'The saved puzzle record was unreadable; it was reset.' };
  }
  return validateStore(raw, today);
}

export const serializeStore = (store: StreakStore): string => JSON.stringify(store);

export type PlayMode = 'daily' | 'archive';

/**
 * Record the state of a play (as the session reports it) for `date`: the daily list for today's
 * puzzle, the archive for a past one. A finished record is final and tries never go down.
 */
export function recordPlay(store: StreakStore, date: string, mode: PlayMode, record: DayRecord): StreakStore {
  const clean = cleanRecord(record);
  if (!clean || !isDate(date)) return store;
  const list = mode === 'daily' ? store.days : store.archive;
  const before = list[date];
  if (before && (before.solved || before.failed || before.tries > clean.tries)) return store;
  const next = { ...list, [date]: clean };
  return mode === 'daily' ? { ...store, days: next } : { ...store, archive: next };
}

/** How good a day's result is: solved (fewer tries better) over failed over started (more tries). */
function standing(r: DayRecord): number {
  if (r.solved) return 100 - r.tries - (r.hinted ? 0.5 : 0);
  if (r.failed) return 50;
  return r.tries;
}

/**
 * Two records of the same device (two tabs): for every date the better result stands, so a solve in
 * one tab is never undone by a failure or an older copy in another.
 */
export function mergeStores(a: StreakStore, b: StreakStore): StreakStore {
  const merge = (x: Record<string, DayRecord>, y: Record<string, DayRecord>) => {
    const out: Record<string, DayRecord> = { ...x };
    for (const [date, r] of Object.entries(y))
      if (!out[date] || standing(r) > standing(out[date])) out[date] = r;
    return out;
  };
  return { version: 1, days: merge(a.days, b.days), archive: merge(a.archive, b.archive) };
}

/** The dates whose daily puzzle was solved on the day, in order. */
export function solvedDates(store: StreakStore): string[] {
  return Object.keys(store.days)
    .filter((d) => store.days[d].solved)
    .sort((a, b) => (dayNumber(a) as number) - (dayNumber(b) as number));
}

/**
 * The current streak: consecutive solved days ending today, or ending yesterday while today's puzzle
 * is not finished yet. Failing today's puzzle ends it.
 */
export function currentStreak(store: StreakStore, today: string): number {
  const t = dayNumber(today);
  if (t === undefined) return 0;
  const solved = new Set(solvedDates(store).map((d) => dayNumber(d) as number));
  const todays = store.days[today];
  if (todays?.failed) return 0;
  let d = todays?.solved ? t : t - 1;
  let n = 0;
  while (solved.has(d)) {
    n++;
    d--;
  }
  return n;
}

/** The longest run of consecutive solved days ever. */
export function bestStreak(store: StreakStore): number {
  const days = solvedDates(store).map((d) => dayNumber(d) as number);
  let best = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === days[i - 1] + 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

export interface StreakSummary {
  current: number;
  best: number;
  /** Daily puzzles solved on their day. */
  solved: number;
  /** Today's record, if today's puzzle was started. */
  today: DayRecord | undefined;
}

export function streakSummary(store: StreakStore, today: string): StreakSummary {
  return {
    current: currentStreak(store, today),
    best: bestStreak(store),
    solved: solvedDates(store).length,
    today: store.days[today],
  };
}
