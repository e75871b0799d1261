import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBank, type Puzzle, type Theme } from './bank.ts';
import { BANK_RULES, describeEntry, FIRST_TRAINING, TRAINING_RULES } from './build.ts';
import { extendSchedule, parseSchedule, scheduleProblems } from './schedule.ts';
import {
  countBank,
  duplicateProblems,
  MIN_DAILY,
  MIN_TRAINING,
  shareProblems,
  verifyBanks,
  verifyPuzzle,
} from './verify.ts';

const read = (name: string) => readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');
const ok = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const daily = ok(parseBank(read('daily.tsv'), 'daily'));
const training = ok(parseBank(read('training.tsv'), 'training'));
const schedule = ok(parseSchedule(read('schedule.tsv')));

describe('the shipped banks', () => {
  // The sizes the issue asks for (MIN_DAILY, MIN_TRAINING) are checked by `dama puzzles verify`,
  // which fails until the banks have grown to them; here only the shares, which must always hold.
  it('keep the rules across each bank', () => {
    expect(shareProblems('daily', countBank(daily), 0, BANK_RULES)).toEqual([]);
    // The training pool first shipped half lopsided, and with multi-capture on 69%; it keeps those
    // puzzles under their numbers. A share they break is mended only by what is added, so while it
    // is broken no added puzzle may add to it.
    const added = training.filter((p) => p.id > FIRST_TRAINING).map((p) => describeEntry(p)!);
    for (const problem of shareProblems('training', countBank(training), 0, TRAINING_RULES)) {
      const theme = /theme (\S+)/.exec(problem)?.[1];
      const offends = problem.includes('lopsided')
        ? added.filter((e) => e.lopsided)
        : theme
          ? added.filter((e) => e.puzzle.themes.includes(theme as Theme))
          : added.filter((e) => !e.big);
      expect(
        offends.map((e) => e.puzzle.fen),
        problem,
      ).toEqual([]);
    }
    expect(MIN_DAILY).toBe(1100);
    expect(MIN_TRAINING).toBe(2000);
    expect(duplicateProblems(daily, training)).toEqual([]);
  });

  it('re-prove a random sample of each (different each run; the seed is printed)', () => {
    const seed = Number(process.env.PUZZLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`puzzle bank sample seed ${seed} (PUZZLE_SEED=${seed} to repeat)`);
    const report = verifyBanks(daily, training, schedule, { sample: 8, seed });
    expect(report.failures).toEqual([]);
    expect(report.checked).toBe(16);
  }, 120_000);
});

describe('the schedule only grows', () => {
  it('keeps the published dates: #1 and #2 as the first edition showed them', () => {
    expect(daily[0]).toMatchObject({ date: '2026-11-30', fen: 'B:Wb2,d2:BKa1,g2,Kf3,a4,d6,e6,f6,h6,b7,e7' });
    expect(daily[1]).toMatchObject({ date: '2026-12-01', fen: 'W:WKf2,d3,a7,b7:BKd7' });
  });

  it('gives every date of the manifest its pinned puzzle', () => {
    expect(schedule.length).toBe(daily.length);
    expect(scheduleProblems(daily, schedule)).toEqual([]);
  });

  it('refuses a bank that changes or drops a pinned date, and appends new ones', () => {
    const text = read('schedule.tsv');
    const swapped = [daily[1], daily[0], ...daily.slice(2)];
    expect(scheduleProblems(swapped, schedule).join()).toMatch(/#1 .* differs from the pinned puzzle/);
    expect(() => extendSchedule(text, swapped)).toThrow(/changed published dates/);
    expect(scheduleProblems(daily.slice(0, 1), schedule).join()).toMatch(/missing from the bank/);
    const extra: Puzzle = { ...training[0], id: daily.length + 1, date: undefined };
    const grown = [...daily, { ...extra, date: addDate(daily.length + 1) }];
    const next = extendSchedule(text, grown);
    expect(next.startsWith(text)).toBe(true);
    expect(scheduleProblems(grown, ok(parseSchedule(next)))).toEqual([]);
  });
});

function addDate(n: number): string {
  return new Date(Date.UTC(2026, 10, 30 + n - 1)).toISOString().slice(0, 10);
}

describe('verifyPuzzle', () => {
  const good = daily.find((p) => p.moves === 3 && p.source !== 'edition-1')!;

  it('finds nothing wrong with a good puzzle', () => {
    expect(verifyPuzzle(good)).toEqual([]);
  });

  it('catches a wrong move count, a changed line, themes or difficulty', () => {
    expect(verifyPuzzle({ ...good, moves: 2 }).join()).toMatch(/a win in 3, not 2/);
    const line = [...good.line];
    line[1] = 'a1-a2';
    expect(verifyPuzzle({ ...good, line }).join()).toMatch(/proven line/);
    expect(verifyPuzzle({ ...good, themes: ['blockade'] }).join()).toMatch(/themes/);
    const difficulty = good.difficulty === 5 ? 1 : ((good.difficulty + 1) as 2 | 3 | 4 | 5);
    expect(verifyPuzzle({ ...good, difficulty }).join()).toMatch(/difficulty/);
    expect(verifyPuzzle({ ...good, fen: 'W:Wa5,b5,d5,a6:Bg5' }).join()).toMatch(/lone-defender/);
  });

  it('reports duplicates and overlap between the banks', () => {
    expect(duplicateProblems([good], [{ ...good, date: undefined }]).join()).toMatch(/same FEN/);
  });

  it('times the run with the clock it is given', () => {
    const ticks = [1000, 1250];
    const report = verifyBanks([], [], [], { sample: 0, now: () => ticks.shift() ?? 0 });
    expect(report.checked).toBe(0);
    expect(report.milliseconds).toBe(250);
  });
});
