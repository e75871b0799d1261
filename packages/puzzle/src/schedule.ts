/**
 * The schedule manifest (`data/schedule.tsv`): for every daily puzzle, its number, date, FEN and
 * first move, one a line. It is written only by appending (`extendSchedule`), and the tests check
 * that the daily bank still gives every pinned date the pinned puzzle, so adding puzzles can never
 * change the puzzle of a date that is already published, or of today.
 */
import type { Puzzle } from './bank.ts';
import { dateOfNumber } from './daily.ts';

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
