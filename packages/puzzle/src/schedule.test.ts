import { describe, expect, it } from 'vitest';
import type { Puzzle } from './bank.ts';
import { dateOfNumber } from './daily.ts';
import { parseSchedule, replaceFuture, scheduleLine, scheduleProblems } from './schedule.ts';

const FENS = [
  'W:We4,b4,c2,a4:Bd7,f7,c7,b6',
  'W:Wh3,g4,a4,g2:Bb6,c7,d5,f6',
  'W:Wg2,b2,d3,c3:Bg5,h7,g7,e7',
  'W:Wc3,h2,d2,c4:Bg5,c7,e6,e7',
  'W:Wc4,c2,e2,d3:Be5,h6,a6,f6',
  'W:Wg3,d4,a2,a3:Bg7,c5,h7,g6',
  'W:Wb3,d2,e3,h3:Bg5,d5,b6,d7',
  'W:Wf4,c3,b4,d2:Bc7,d5,e7,a5',
];
const OTHER = 'W:Wd2,e4,b2,f4:Bd7,f7,b7,d6';

const puzzle = (n: number, fen: string): Puzzle => ({
  id: n,
  date: dateOfNumber(n),
  fen,
  moves: 2,
  line: ['a2-a3'],
  themes: [],
  difficulty: 3,
  source: 'test',
});
/** Renumbered by date: #n on the launch date + n − 1 days. */
const dated = (list: readonly Puzzle[]) =>
  list.map((p, i) => ({ ...p, id: i + 1, date: dateOfNumber(i + 1) }));

describe('replacing the future dates of the manifest', () => {
  const bank = FENS.map((fen, i) => puzzle(i + 1, fen));
  const text = bank.map((p) => `${scheduleLine(p)}\n`).join('');
  const lines = text.split('\n');
  // #4 is today: #1–#4 are published.
  const today = dateOfNumber(4);
  const check = (next: string, daily: readonly Puzzle[]) => {
    const parsed = parseSchedule(next);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(scheduleProblems(daily, parsed.value)).toEqual([]);
    expect(next.startsWith(lines.slice(0, 4).join('\n') + '\n')).toBe(true);
    return next.split('\n');
  };

  it('leaves an unchanged bank as it is', () => {
    expect(replaceFuture(text, bank, today)).toBe(text);
  });

  it('keeps the published lines byte for byte and rewrites a changed future date', () => {
    const changed = bank.map((p) => (p.id === 6 ? { ...p, fen: OTHER } : p));
    const next = check(replaceFuture(text, changed, today), changed);
    expect(next[5]).toBe(scheduleLine(changed[5]));
    expect(next.filter((line, i) => line !== lines[i])).toEqual([scheduleLine(changed[5])]);
  });

  it('refuses a change to a published date or to today, naming it', () => {
    const past = bank.map((p) => (p.id === 2 ? { ...p, fen: OTHER } : p));
    expect(() => replaceFuture(text, past, today)).toThrow(
      `the bank changes published dates: ${dateOfNumber(2)}`,
    );
    const swapped = [...bank.slice(0, 2), bank[3], bank[2], ...bank.slice(4)];
    expect(() => replaceFuture(text, dated(swapped), today)).toThrow(
      `${dateOfNumber(3)}, ${dateOfNumber(4)}`,
    );
    const first = bank.map((p) => (p.id === 4 ? { ...p, line: ['b2-b3'] } : p));
    expect(() => replaceFuture(text, first, today)).toThrow(dateOfNumber(4));
    // The day after, #5 is published too.
    const fifth = bank.map((p) => (p.id === 5 ? { ...p, fen: OTHER } : p));
    expect(replaceFuture(text, fifth, today)).not.toBe(text);
    expect(() => replaceFuture(text, fifth, dateOfNumber(5))).toThrow(dateOfNumber(5));
  });

  it('accepts a future puzzle taken out: the later ones move up a day and take their dates’ numbers', () => {
    const shorter = dated(bank.filter((p) => p.id !== 6));
    const next = check(replaceFuture(text, shorter, today), shorter);
    expect(next).toHaveLength(8); // 7 lines and the final newline
    expect(next[5]).toBe(scheduleLine({ ...bank[6], id: 6, date: dateOfNumber(6) }));
    // Taken out without renumbering, the bank is off the date rule.
    expect(() =>
      replaceFuture(
        text,
        bank.filter((p) => p.id !== 6),
        today,
      ),
    ).toThrow(/off the date rule: #7 .*#8/);
  });

  it('never lets the bank become shorter than its published part', () => {
    expect(check(replaceFuture(text, bank.slice(0, 4), today), bank.slice(0, 4))).toHaveLength(5);
    expect(() => replaceFuture(text, bank.slice(0, 2), today)).toThrow(
      `the bank ends before published dates: ${dateOfNumber(3)}, ${dateOfNumber(4)}`,
    );
  });

  it('refuses a published date the manifest does not pin', () => {
    const short = lines.slice(0, 2).join('\n') + '\n';
    expect(() => replaceFuture(short, bank, today)).toThrow(
      `the manifest does not pin published dates: ${dateOfNumber(3)}, ${dateOfNumber(4)}`,
    );
    expect(replaceFuture(short, bank, dateOfNumber(2))).toBe(text);
  });
});
