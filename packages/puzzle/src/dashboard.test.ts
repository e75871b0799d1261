import { describe, expect, it } from 'vitest';
import type { Puzzle } from './bank.ts';
import { DAY_MS, MIN_THEME_PLAYS, puzzleDashboard } from './dashboard.ts';
import { puzzleRating } from './rating.ts';
import {
  emptyTraining,
  recordTraining,
  validateTraining,
  type Attempt,
  type TrainingPlay,
  type TrainingStore,
} from './training.ts';
import { testPuzzle } from './test-puzzle.ts';

const puzzle = (id: number, difficulty: 1 | 2 | 3 | 4 | 5, themes: Puzzle['themes']): Puzzle =>
  testPuzzle(id, { difficulty, themes });

// Ratings by level (nothing played has a rating of its own here): 1 → 1200, 3 → 1600, 5 → 2000.
const pool = [
  puzzle(1, 1, ['sacrifice']),
  puzzle(2, 3, ['sacrifice', 'king']),
  puzzle(3, 5, ['king']),
  puzzle(4, 3, ['quiet']),
  puzzle(5, 1, ['promotion']),
];

const NOW = Date.UTC(2025, 5, 30, 12);
const play = (id: number, daysAgo: number, solved: boolean, hinted = false): TrainingPlay => ({
  id,
  solved,
  hinted,
  rated: true,
  at: NOW - daysAgo * DAY_MS,
});
const store = (history: TrainingPlay[]): TrainingStore => ({ ...emptyTraining(), history });

// Inside the week: sacrifice 1 of 3 (puzzles 1, 2, 1), king 2 of 3 (2, 3, 3), quiet 2 of 2,
// promotion 0 of 1. Earlier in the month: sacrifice solved 3 more times, king failed 3 more times.
const history = [
  play(1, 20, true),
  play(1, 19, true),
  play(2, 18, true),
  play(3, 15, false),
  play(3, 12, false),
  play(3, 10, false),
  play(1, 6, false),
  play(2, 5, true), // sacrifice and king
  play(1, 4, false),
  play(3, 3, true),
  play(3, 2, true, true), // a hinted solve: a play, not a solve
  play(4, 1.5, true),
  play(4, 1, true),
  play(5, 0.5, false),
];

describe('puzzle dashboard', () => {
  it('counts the last 7 days: plays, solved share, themes weakest first with the minimum plays', () => {
    const d = puzzleDashboard(store(history), pool, NOW, 7);
    expect(d.total.plays).toBe(8);
    expect(d.total.solved).toBe(4);
    expect(d.total.share).toBe(0.5);
    expect(MIN_THEME_PLAYS).toBe(3);
    expect(d.themes.map((t) => [t.theme, t.plays, t.solved, t.judged])).toEqual([
      ['sacrifice', 3, 1, true],
      ['king', 3, 2, true],
      // too few plays to judge, most played first: quiet (2, all solved) before promotion (1, none)
      ['quiet', 2, 2, false],
      ['promotion', 1, 0, false],
    ]);
    expect(d.weakest).toEqual(['sacrifice', 'king']);
    // sacrifice: puzzles 1, 2, 1 (1200, 1600, 1200: 1333) with 1 of 3 solved: − 400 / 3
    expect(d.themes[0].performance).toBe(Math.round(4000 / 3 - 400 / 3));
    // king: puzzles 2, 3, 3 (1600, 2000, 2000: 1867) with 2 of 3 solved: + 400 / 3
    expect(d.themes[1].performance).toBe(Math.round(5600 / 3 + 400 / 3));
  });

  it('counts the last 30 days, where the order of the themes changes', () => {
    const d = puzzleDashboard(store(history), pool, NOW, 30);
    expect(d.total.plays).toBe(history.length);
    expect(d.total.solved).toBe(7);
    const rows = Object.fromEntries(d.themes.map((t) => [t.theme, [t.plays, t.solved]]));
    expect(rows).toEqual({ sacrifice: [6, 4], king: [7, 3], quiet: [2, 2], promotion: [1, 0] });
    // king (3 of 7) is now weaker than sacrifice (4 of 6)
    expect(d.themes.map((t) => t.theme)).toEqual(['king', 'sacrifice', 'quiet', 'promotion']);
    expect(d.weakest).toEqual(['king', 'sacrifice']);
  });

  it('leaves out plays older than the window or after now, and says nothing on an empty record', () => {
    const edge = [play(1, 7, true), play(1, -1, true), play(4, 6.9, true)];
    const d = puzzleDashboard(store(edge), pool, NOW, 7);
    expect(d.total.plays).toBe(1);
    const empty = puzzleDashboard(emptyTraining(), pool, NOW, 30);
    expect(empty.total).toEqual({ plays: 0, solved: 0, share: 0, performance: undefined });
    expect(empty.themes).toEqual([]);
    expect(empty.weakest).toEqual([]);
  });

  it('ties in share go to the lower performance; a theme all solved is never offered to work on', () => {
    // decoy and clearance both 1 of 3; clearance's puzzles are easier, so its performance is lower
    const p = [puzzle(1, 5, ['decoy']), puzzle(2, 1, ['clearance']), puzzle(3, 1, ['quiet'])];
    const h = [
      ...[true, false, false].map((s) => play(1, 1, s)),
      ...[false, true, false].map((s) => play(2, 1, s)),
      ...[true, true, true].map((s) => play(3, 1, s)),
    ];
    const d = puzzleDashboard(store(h), p, NOW, 7);
    expect(d.themes.map((t) => t.theme)).toEqual(['clearance', 'decoy', 'quiet']);
    expect(d.weakest).toEqual(['clearance', 'decoy']);
    expect(d.themes[2].performance).toBe(puzzleRating(1).rating + 400);
  });

  it('figures a play by the rating its puzzle had then: a rating moved since changes no past figure', () => {
    const solve: Attempt = { solved: true, hinted: false, solutionSeen: false };
    const fail: Attempt = { ...solve, solved: false };
    // puzzle 4 (1600) solved, puzzle 3 (2000, pooled at 1900 then) failed
    let s = recordTraining(emptyTraining(), pool[3], solve, NOW - 2 * DAY_MS);
    s = recordTraining(s, pool[2], fail, NOW - DAY_MS, new Map([[3, { rating: 1900, rd: 60, vol: 0.06 }]]));
    const before = puzzleDashboard(s, pool, NOW, 7);
    // (1600 + 1900) / 2, one of two solved
    expect(before.total.performance).toBe(1750);
    expect(before.themes.find((t) => t.theme === 'quiet')?.performance).toBe(2000);
    // Later: both puzzles' ratings move (another device's results pooled, the record changed).
    const moved: TrainingStore = {
      ...s,
      puzzles: {
        ...s.puzzles,
        3: { rating: 2400, rd: 50, vol: 0.06 },
        4: { rating: 1100, rd: 50, vol: 0.06 },
      },
    };
    const pooled = new Map([
      [3, { rating: 2300, rd: 50, vol: 0.06 }],
      [4, { rating: 1000, rd: 50, vol: 0.06 }],
    ]);
    expect(puzzleDashboard(moved, pool, NOW, 7, pooled)).toEqual(before);
    // the same through the stored record
    expect(puzzleDashboard(validateTraining(JSON.parse(JSON.stringify(moved))).store, pool, NOW, 7)).toEqual(
      before,
    );
  });

  it('leaves out a play whose stored puzzle rating is malformed, and says so', () => {
    const stored = {
      ...store([play(4, 1, true), play(1, 1, false)]),
      history: [
        { ...play(4, 1, true), puzzleRating: 1700 },
        { ...play(1, 1, false), puzzleRating: Number.NaN },
      ],
    };
    // NaN is written as null
    const { store: read, problem } = validateTraining(JSON.parse(JSON.stringify(stored)));
    expect(problem).toMatch(/1 unreadable/);
    const d = puzzleDashboard(read, pool, NOW, 7);
    expect(d.total).toEqual({ plays: 1, solved: 1, share: 1, performance: 2100 });
  });

  it('takes the puzzle rating on this device now for a play kept before the rating was, and counts a puzzle gone from the pool in the totals only', () => {
    const s = store([play(4, 1, true), play(99, 1, false)]);
    s.puzzles['4'] = { rating: 1750, rd: 100, vol: 0.06 };
    const d = puzzleDashboard(s, pool, NOW, 7);
    expect(d.total.plays).toBe(2);
    expect(d.total.share).toBe(0.5);
    expect(d.total.performance).toBe(2150);
    expect(d.themes).toEqual([
      { theme: 'quiet', plays: 1, solved: 1, share: 1, performance: 2150, judged: false },
    ]);
  });
});
