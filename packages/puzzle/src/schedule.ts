/**
 * The schedule manifest (`data/schedule.tsv`): for every daily puzzle, its number, date, FEN and
 * first move, one a line. Growing the bank appends to it (`extendSchedule`); replacing future
 * puzzles rewrites only the lines dated after today (`replaceFuture`). Both refuse a bank that
 * changes a line dated today or before, and the tests check that the daily bank still gives every
 * pinned date the pinned puzzle, so the puzzle of a published date, or of today, never changes.
 */
import type { Puzzle } from './bank.ts';
import { dateOfNumber, puzzleNumber } from './daily.ts';

export interface ScheduleEntry {
  number: number;
  date: string;
  fen: string;
  first: string;
}

export const scheduleLine = (p: Puzzle): string => [p.id, p.date, p.fen, p.line[0]].join('\t');

export function parseSchedule(
  text: string,
): { ok: true; value: ScheduleEntry[] } | { ok: false; error: string } {
  const out: ScheduleEntry[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [i, line] of lines.entries()) {
    const cells = line.split('\t');
    if (cells.length !== 4) return { ok: false, error: `line ${i + 1}: ${cells.length} columns, not 4` };
    const number = Number(cells[0]);
    if (number !== i + 1) return { ok: false, error: `line ${i + 1}: number ${cells[0]}` };
    out.push({ number, date: cells[1], fen: cells[2], first: cells[3] });
  }
  return { ok: true, value: out };
}

/** Where the daily bank and the manifest disagree (empty when every pinned date keeps its puzzle). */
export function scheduleProblems(daily: readonly Puzzle[], schedule: readonly ScheduleEntry[]): string[] {
  const problems: string[] = [];
  for (const e of schedule) {
    if (e.date !== dateOfNumber(e.number)) problems.push(`manifest #${e.number} has date ${e.date}`);
    const p = daily[e.number - 1];
    if (!p) problems.push(`#${e.number} (${e.date}) is pinned but missing from the bank`);
    else if (p.date !== e.date || p.fen !== e.fen || p.line[0] !== e.first)
      problems.push(`#${e.number} (${e.date}) differs from the pinned puzzle`);
  }
  for (const p of daily.slice(schedule.length)) problems.push(`#${p.id} (${p.date}) is not in the manifest`);
  for (const p of daily) if (p.date !== dateOfNumber(p.id)) problems.push(`#${p.id} has date ${p.date}`);
  return problems;
}

/** The manifest after the bank grew: the old text unchanged, a line for each new puzzle appended. */
export function extendSchedule(text: string, daily: readonly Puzzle[]): string {
  const old = parseSchedule(text);
  if (!old.ok) throw new Error(`schedule manifest: ${old.error}`);
  const problems = scheduleProblems(daily.slice(0, old.value.length), old.value);
  if (problems.length > 0) throw new Error(`the bank changed published dates: ${problems.join('; ')}`);
  const tail = daily.slice(old.value.length).map((p) => `${scheduleLine(p)}\n`);
  return text + tail.join('');
}

/**
 * The manifest after the future dates were replaced: the lines dated `today` ('YYYY-MM-DD') or
 * before kept byte for byte, every line after them rewritten from `daily` (whose dates after today
 * may hold other puzzles than before, move, or be fewer). Throws, naming the dates, when the bank
 * changes or drops a line dated today or before (or has a date today or before that the manifest
 * does not pin), and when its future part breaks the date rule (#n on the launch date + n − 1 days).
 */
export function replaceFuture(text: string, daily: readonly Puzzle[], today: string): string {
  const old = parseSchedule(text);
  if (!old.ok) throw new Error(`schedule manifest: ${old.error}`);
  const published = old.value.slice(0, Math.max(0, puzzleNumber(today)));
  const offRule = published.filter((e) => e.date !== dateOfNumber(e.number));
  if (offRule.length > 0)
    throw new Error(`schedule manifest: ${offRule.map((e) => `#${e.number} has date ${e.date}`).join(', ')}`);
  const missing = published.filter((e) => !daily[e.number - 1]).map((e) => e.date);
  if (missing.length > 0) throw new Error(`the bank ends before published dates: ${missing.join(', ')}`);
  const changed = published
    .filter((e) => {
      const p = daily[e.number - 1];
      return p.id !== e.number || p.date !== e.date || p.fen !== e.fen || p.line[0] !== e.first;
    })
    .map((e) => e.date);
  if (changed.length > 0) throw new Error(`the bank changes published dates: ${changed.join(', ')}`);
  const unpinned = daily.slice(published.length, Math.max(0, puzzleNumber(today)));
  if (unpinned.length > 0)
    throw new Error(`the manifest does not pin published dates: ${unpinned.map((p) => p.date).join(', ')}`);
  const future = daily.slice(published.length);
  const misdated = future.filter(
    (p, i) => p.id !== published.length + i + 1 || p.date !== dateOfNumber(p.id),
  );
  if (misdated.length > 0)
    throw new Error(
      `future puzzles off the date rule: ${misdated.map((p) => `#${p.id} (${p.date ?? 'no date'})`).join(', ')}`,
    );
  const kept = text.split('\n').slice(0, published.length);
  return [...kept, ...future.map(scheduleLine)].map((line) => `${line}\n`).join('');
}
