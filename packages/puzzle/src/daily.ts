/**
 * Which puzzle is today's. The day is the calendar date in Europe/Istanbul (so it changes at
 * midnight Istanbul time for everyone), and the daily bank is the schedule in order: the same for
 * everyone, no server needed. Dates are 'YYYY-MM-DD' strings throughout.
 */

/** The first day of the daily puzzle: #1. */
export const LAUNCH_DATE = '2026-11-30';

export const TIME_ZONE = 'Europe/Istanbul';

const DAY_MS = 86_400_000;

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Istanbul at the instant `now`, as 'YYYY-MM-DD'. */
export function istanbulDate(now: Date): string {
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a real calendar date 'YYYY-MM-DD'; undefined for anything else. */
export function dayNumber(date: string): number | undefined {
  if (typeof date !== 'string') return undefined;
  const m = DATE.exec(date);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return undefined;
  return ms / DAY_MS;
}

export const isDate = (x: unknown): x is string => typeof x === 'string' && dayNumber(x) !== undefined;

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === undefined) throw new RangeError(`not a date: ${date}`);
  return new Date((n + days) * DAY_MS).toISOString().slice(0, 10);
}

function mustDay(date: string): number {
  const n = dayNumber(date);
  if (n === undefined) throw new RangeError(`not a date: ${date}`);
  return n;
}

/** The puzzle's number shown to players: 1 on the launch date, 2 the day after, … (≤ 0 before launch). */
export function puzzleNumber(date: string): number {
  return mustDay(date) - mustDay(LAUNCH_DATE) + 1;
}

/** The date of the daily puzzle #`number`. */
export const dateOfNumber = (number: number): string => addDays(LAUNCH_DATE, number - 1);

/** Today's puzzle as the screen shows it. */
export interface DailyPick<P> {
  date: string;
  /** #number shown to players (≤ 0 before the launch). */
  number: number;
  /** The puzzle; undefined before the launch or when the bank has run out (`lastDate` says until when). */
  puzzle: P | undefined;
  /** The last date the bank has a puzzle for. */
  lastDate: string | undefined;
}

/**
 * The puzzle of `date`: the daily bank is the schedule, #n is on the launch date + n − 1 days. Only
 * dates after today may be replaced (schedule.ts pins what is published), so a published date's
 * puzzle never changes, and a date past the end has none: the screen says the bank has run out
 * rather than repeating one.
 */
export function puzzleForDate<P>(date: string, bank: readonly P[]): DailyPick<P> {
  const number = puzzleNumber(date);
  const lastDate = bank.length > 0 ? dateOfNumber(bank.length) : undefined;
  return { date, number, puzzle: number >= 1 ? bank[number - 1] : undefined, lastDate };
}

export const dailyPuzzle = <P>(now: Date, bank: readonly P[]): DailyPick<P> =>
  puzzleForDate(istanbulDate(now), bank);

/**
 * The archive: every date from the launch up to the day before `today`, newest first, at most
 * `limit` of them.
 */
export function archiveDates(today: string, limit = Infinity): string[] {
  const out: string[] = [];
  const first = mustDay(LAUNCH_DATE);
  for (let d = mustDay(today) - 1; d >= first && out.length < limit; d--)
    out.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return out;
}
