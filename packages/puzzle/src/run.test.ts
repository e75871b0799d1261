import { readFileSync } from 'node:fs';
import { Random } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { parseBank, type Difficulty, type Puzzle, type Theme } from './bank.ts';
import {
  STORM,
  STORM_STEPS,
  STREAK_STEPS,
  comboBonus,
  emptyRuns,
  nextComboBonus,
  pickRunPuzzle,
  recordStorm,
  recordStreak,
  runLevel,
  stormAccuracy,
  stormMove,
  stormOver,
  stormRemaining,
  stormSolved,
  stormStart,
  stormTodayBest,
  validateRuns,
  type StormState,
} from './run.ts';
import { LOPSIDED_GAP, THEME_GAP, lopsided } from './spread.ts';
import { AHEAD, FAIR, quietPuzzle } from './test-puzzle.ts';

const bank = parseBank(readFileSync(new URL('../data/training.tsv', import.meta.url), 'utf8'), 'training');
if (!bank.ok) throw new Error(bank.error);
const pool = bank.value;

const puzzle = (id: number, difficulty: Difficulty, themes: Theme[] = [], fen = FAIR): Puzzle =>
  quietPuzzle(id, { difficulty, themes, fen });

describe('the level of a run', () => {
  it('climbs by the steps and stays at 5', () => {
    const streak = Array.from({ length: 30 }, (_, n) => runLevel(STREAK_STEPS, n));
    expect(streak.join('')).toBe('111222223333334444444455555555');
    expect(runLevel(STREAK_STEPS, 1000)).toBe(5);
    expect(runLevel(STORM_STEPS, 0)).toBe(1);
    expect(runLevel(STORM_STEPS, 4)).toBe(2);
    expect(runLevel(STORM_STEPS, 27)).toBe(4);
    expect(runLevel(STORM_STEPS, 28)).toBe(5);
  });
});

describe('the next puzzle of a run', () => {
  it('over a long run of the shipped pool: no repeat, the level asked, themes spread, no lopsided runs', () => {
    const random = new Random(7);
    const played: Puzzle[] = [];
    for (let n = 0; n < 120; n++) {
      const level = runLevel(STREAK_STEPS, n);
      const p = pickRunPuzzle(pool, played, level, random)!;
      expect(p.difficulty).toBe(level);
      played.push(p);
    }
    expect(new Set(played.map((p) => p.id)).size).toBe(played.length);
    for (let i = 1; i < played.length; i++) {
      const recent = played.slice(Math.max(0, i - THEME_GAP), i).map((p) => p.themes.join(','));
      expect(recent, `puzzle ${i}`).not.toContain(played[i].themes.join(','));
      if (lopsided(played[i]))
        expect(played.slice(Math.max(0, i - LOPSIDED_GAP + 1), i).some(lopsided), `puzzle ${i}`).toBe(false);
    }
    // the pool has lopsided puzzles at every level: the rule spaces them, it does not ban them
    expect(played.some(lopsided)).toBe(true);
    // a different seed, a different run
    const other = pickRunPuzzle(pool, [], 1, new Random(8));
    const firsts = new Set([played[0].id, other?.id, pickRunPuzzle(pool, [], 1, new Random(9))?.id]);
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('takes the nearest level left (the harder when two are as near), and gives out at the end', () => {
    const small = [puzzle(1, 1), puzzle(2, 2), puzzle(3, 4)];
    const r = new Random(1);
    expect(pickRunPuzzle(small, [], 3, r)?.id).toBe(3);
    expect(pickRunPuzzle(small, [small[2]], 3, r)?.id).toBe(2);
    expect(pickRunPuzzle(small, [small[2]], 5, r)?.id).toBe(2);
    expect(pickRunPuzzle(small, small, 1, r)).toBeUndefined();
  });

  it('relaxes a rule rather than give nothing', () => {
    const ahead = [puzzle(1, 1, ['decoy'], AHEAD), puzzle(2, 1, ['decoy'], AHEAD)];
    expect(lopsided(ahead[0])).toBe(true);
    expect(lopsided(puzzle(3, 1))).toBe(false);
    // only a lopsided puzzle of the same themes is left after a lopsided one: it is given
    expect(pickRunPuzzle(ahead, [ahead[0]], 1, new Random(1))?.id).toBe(2);
    // with a fair one of the same level left, the fair one comes first, whatever its themes
    const mixed = [...ahead, puzzle(3, 1, ['decoy'])];
    for (let seed = 0; seed < 20; seed++)
      expect(pickRunPuzzle(mixed, [ahead[0]], 1, new Random(seed))?.id).toBe(3);
  });
});

describe("the storm's combo", () => {
  it("adds lichess's bonuses at 5, 12, 20 and 30 good moves, then 10 s every 10", () => {
    const bonuses = Array.from({ length: 61 }, (_, c) => [c, comboBonus(c)]).filter(([, s]) => s > 0);
    expect(bonuses).toEqual([
      [5, 3],
      [12, 5],
      [20, 7],
      [30, 10],
      [40, 10],
      [50, 10],
      [60, 10],
    ]);
    expect(nextComboBonus(0)).toEqual({ from: 0, at: 5, seconds: 3 });
    expect(nextComboBonus(4)).toEqual({ from: 0, at: 5, seconds: 3 });
    expect(nextComboBonus(5)).toEqual({ from: 5, at: 12, seconds: 5 });
    expect(nextComboBonus(29)).toEqual({ from: 20, at: 30, seconds: 10 });
    expect(nextComboBonus(30)).toEqual({ from: 30, at: 40, seconds: 10 });
    expect(nextComboBonus(47)).toEqual({ from: 40, at: 50, seconds: 10 });
  });
});

describe("the storm's clock", () => {
  const t0 = 1_000_000;
  const moves = (s: StormState, goods: boolean[], at: number) =>
    goods.reduce((acc, g) => stormMove(acc, g, at).state, s);

  it('waits for the first move, then runs; bonuses add and a wrong move takes 10 s and the combo', () => {
    let s = stormStart();
    expect(stormRemaining(s, t0 + 999_999)).toBe(STORM.time);
    expect(stormOver(s, t0 + 999_999)).toBe(false);
    s = moves(s, [true, true, true, true], t0);
    expect(s.startedAt).toBe(t0);
    expect(stormRemaining(s, t0 + 20_000)).toBe(160_000);
    const fifth = stormMove(s, true, t0 + 20_000);
    expect(fifth.bonus).toBe(3);
    s = stormSolved(fifth.state);
    expect(stormRemaining(s, t0 + 20_000)).toBe(163_000);
    expect(s).toMatchObject({ moves: 5, errors: 0, combo: 5, bestCombo: 5, solved: 1 });
    const wrong = stormMove(s, false, t0 + 30_000);
    expect(wrong.bonus).toBe(0);
    s = wrong.state;
    expect(s).toMatchObject({ moves: 6, errors: 1, combo: 0, bestCombo: 5 });
    expect(stormRemaining(s, t0 + 30_000)).toBe(143_000);
    expect(stormAccuracy(s)).toBeCloseTo((100 * 5) / 6);
  });

  it('ends at zero, never shows less, and takes no move after the end', () => {
    let s = moves(stormStart(), [true], t0);
    expect(stormOver(s, t0 + STORM.time - 1)).toBe(false);
    expect(stormOver(s, t0 + STORM.time)).toBe(true);
    expect(stormRemaining(s, t0 + STORM.time + 5000)).toBe(0);
    expect(stormMove(s, true, t0 + STORM.time).state).toBe(s);
    // a wrong move with less than 10 s left ends the run at once
    s = stormMove(s, false, t0 + STORM.time - 5000).state;
    expect(stormOver(s, t0 + STORM.time - 5000)).toBe(true);
    expect(stormAccuracy(stormStart())).toBe(100);
  });
});

describe('the bests on the device', () => {
  it('keeps the best streak and the best storm of the day and of all time', () => {
    let r = emptyRuns();
    const s1 = recordStreak(r, 0);
    expect(s1.newBest).toBe(false);
    r = recordStreak(r, 7).record;
    expect(recordStreak(r, 5)).toEqual({ record: r, newBest: false });
    expect(r.streak).toBe(7);
    const a = recordStorm(r, 12, '2026-12-10');
    expect(a).toMatchObject({ newBest: true, newDayBest: true });
    const b = recordStorm(a.record, 9, '2026-12-10');
    expect(b).toMatchObject({ newBest: false, newDayBest: false });
    expect(stormTodayBest(b.record, '2026-12-10')).toBe(12);
    const c = recordStorm(b.record, 9, '2026-12-11');
    expect(c).toMatchObject({ newBest: false, newDayBest: true });
    expect(c.record).toMatchObject({ streak: 7, storm: 12, stormDay: '2026-12-11', stormToday: 9 });
    expect(stormTodayBest(c.record, '2026-12-12')).toBe(0);
    expect(validateRuns(JSON.parse(JSON.stringify(c.record)))).toEqual({ record: c.record });
  });

  it('repairs a damaged record: keeps what it can read, invents nothing, says so', () => {
    expect(validateRuns(null)).toEqual({ record: emptyRuns() });
    // the empty record as JSON writes it (no day yet) reads back without a problem
    expect(validateRuns(JSON.parse(JSON.stringify(emptyRuns())))).toEqual({ record: emptyRuns() });
    expect(validateRuns([1, 2]).problem).toMatch(/reset/);
    expect(validateRuns({ version: 2, streak: 4 }).record).toEqual(emptyRuns());
    const part = validateRuns({ version: 1, streak: 'x', storm: 14, stormDay: '2026-13-40', stormToday: 3 });
    expect(part.record).toEqual({ ...emptyRuns(), storm: 14 });
    expect(part.problem).toMatch(/2 unreadable/);
    const negative = validateRuns({ version: 1, streak: -3, storm: 2.5 });
    expect(negative.record).toEqual(emptyRuns());
    expect(negative.problem).toMatch(/2 unreadable/);
  });
});
