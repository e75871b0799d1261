/**
 * Which puzzle is today's. The day is the calendar date in Europe/Istanbul (so it changes at
 * midnight Istanbul time for everyone), and the date picks a puzzle through a fixed permutation of
 * the bank: the same for everyone, no server needed. Dates are 'YYYY-MM-DD' strings throughout.
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

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The multiplier of the permutation for a bank of `size`: near size/φ, coprime with size. */
function multiplier(size: number): number {
  let a = Math.max(1, Math.round(size * 0.6180339887));
  while (gcd(a, size) !== 1) a++;
  return a;
}

/** The offset of the permutation. */
const OFFSET = 7919;

/**
 * The bank index (0-based) of the puzzle of `date`: index = (a·d + b) mod size, where d counts days
 * from the launch date, a is coprime with the bank size (so any `size` consecutive days show `size`
 * different puzzles) and b is fixed. Changing the bank's size changes the mapping, so grow the bank
 * only together with a new launch of the schedule.
 */
export function puzzleIndexForDate(date: string, bankSize: number): number {
  if (!Number.isInteger(bankSize) || bankSize < 1) throw new RangeError('the bank is empty');
  const d = puzzleNumber(date) - 1;
  const a = multiplier(bankSize);
  const x = (((a * (d % bankSize)) % bankSize) + (OFFSET % bankSize)) % bankSize;
  return (x + bankSize) % bankSize;
}

/** Today's puzzle as the screen shows it. */
export interface DailyPick {
  date: string;
  /** #number shown to players. */
  number: number;
  /** Index into the bank's puzzle list. */
  index: number;
}

export function dailyPuzzle(now: Date, bankSize: number): DailyPick {
  const date = istanbulDate(now);
  return { date, number: puzzleNumber(date), index: puzzleIndexForDate(date, bankSize) };
}

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
