import { parsePosition } from '@dama/core';
import { describe, expect, it } from 'vitest';
import type { Difficulty, Puzzle } from './bank.ts';
import { dateOfNumber } from './daily.ts';
import { shapeDistance, shapeOf } from './distance.ts';
import { pruneTraining, respaceDaily } from './respace.ts';
import { guessablePuzzles } from './verify.ts';

/** Positions more than 3 edits from each other, each with 4 or more quiet first moves. */
const FAR = [
  'W:We4,b4,c2,a4:Bd7,f7,c7,b6',
  'W:Wh3,g4,a4,g2:Bb6,c7,d5,f6',
  'W:Wg2,b2,d3,c3:Bg5,h7,g7,e7',
  'W:Wc3,h2,d2,c4:Bg5,c7,e6,e7',
  'W:Wc4,c2,e2,d3:Be5,h6,a6,f6',
  'W:Wg3,d4,a2,a3:Bg7,c5,h7,g6',
  'W:Wb3,d2,e3,h3:Bg5,d5,b6,d7',
  'W:Wf4,c3,b4,d2:Bc7,d5,e7,a5',
  'W:Wd2,e4,b2,f4:Bd7,f7,b7,d6',
  'W:Wf3,e3,a2,c3:Bg6,f5,d7,b5',
  'W:Wa3,h2,c2,g4:Bf7,b6,b5,d5',
  'W:Wa3,a4,b2,c2:Bh5,h7,f6,f7',
  'W:Wc4,e2,f2,d2:Ba5,c6,d6,g6',
];
/** FAR[2] with the man on g5 moved to h5, and FAR[5] with the man on g6 moved to h6: one edit. */
const NEAR_2 = 'W:Wg2,b2,d3,c3:Bh5,h7,g7,e7';
const NEAR_5 = 'W:Wg3,d4,a2,a3:Bg7,c5,h7,h6';
/** Three first moves (a2-a3, b2-b3, b2-c2): guessable. */
const GUESSABLE = 'W:Wa2,b2:Bd7,e7';

const shape = (fen: string) => {
  const r = parsePosition(fen);
  if (!r.ok) throw new Error(r.error.message);
  return shapeOf(r.value);
};
const daily = (n: number, fen: string, difficulty: number): Puzzle => ({
  id: n,
  date: dateOfNumber(n),
  fen,
  moves: 2,
  line: ['a2-a3'],
  themes: [],
  difficulty: difficulty as Difficulty,
  source: 'test',
});
/** The daily pairs within `distance` 2 and `days` apart or less. */
const conflicts = (bank: readonly Puzzle[], days: number) => {
  const out: [number, number][] = [];
  for (const a of bank)
    for (const b of bank)
      if (a.id < b.id && b.id - a.id <= days && shapeDistance(shape(a.fen), shape(b.fen)) <= 2)
        out.push([a.id, b.id]);
  return out;
};

describe('the test positions', () => {
  it('are far apart but for the near ones, and only one is guessable', () => {
    const all = [...FAR, NEAR_2, NEAR_5];
    for (const [i, a] of all.entries())
      for (const b of all.slice(i + 1)) {
        const d = shapeDistance(shape(a), shape(b));
        if ((a === FAR[2] && b === NEAR_2) || (a === FAR[5] && b === NEAR_5)) expect(d).toBe(1);
        else expect(d).toBeGreaterThan(2);
      }
    const bank = [...all, GUESSABLE].map((fen, i) => daily(i + 1, fen, 1));
    expect(guessablePuzzles(bank).fewMoves).toEqual([bank.length]);
  });
});

describe('respacing the future daily puzzles', () => {
  // #1 is a Monday. Levels: Monday 1, Tuesday 2, Wednesday and Thursday 3, Friday 4, Saturday 5,
  // Sunday 4.
  const LEVELS = [1, 2, 3, 3, 4, 5, 4, 1, 2, 3, 3, 4, 5, 4, 1, 2];
  const FENS = [
    FAR[0],
    FAR[1],
    FAR[2], // #3: published (today is #3)
    NEAR_2, // #4: a day after its twin #3, which is published: it must move
    FAR[3],
    FAR[4],
    FAR[5], // #7
    NEAR_5, // #8: a day after its twin #7: one of them moves
    GUESSABLE, // #9: dropped, the bank ends a day earlier
    FAR[6],
    FAR[7],
    FAR[8],
    FAR[9],
    FAR[10],
    FAR[11],
    FAR[12], // #16: past the new end, takes a free date of its level
  ];
  const bank = FENS.map((fen, i) => daily(i + 1, fen, LEVELS[i]));
  const today = dateOfNumber(3);
  const r = respaceDaily(bank, today, { spacingDays: 3 });

  it('resolves every conflict, counting the published puzzles', () => {
    expect(conflicts(bank, 3)).toEqual([
      [3, 4],
      [7, 8],
    ]);
    expect(conflicts(r.daily, 3)).toEqual([]);
  });

  it('leaves the published dates as they were', () => {
    expect(r.published).toBe(3);
    expect(r.daily.slice(0, 3)).toEqual(bank.slice(0, 3));
  });

  it('keeps every date at its level and numbers the puzzles by date', () => {
    expect(r.daily.map((p) => p.difficulty)).toEqual(LEVELS.slice(0, r.daily.length));
    expect(r.daily.map((p) => [p.id, p.date])).toEqual(r.daily.map((_, i) => [i + 1, dateOfNumber(i + 1)]));
    expect(r.levelChanged).toEqual([]);
  });

  it('drops the guessable one, ending a day earlier, and moves the fewest', () => {
    expect(r.dropped).toEqual([{ number: 9, difficulty: 2, reason: 'guessable' }]);
    expect(r.daily).toHaveLength(15);
    expect(r.daily.map((p) => p.fen)).not.toContain(GUESSABLE);
    // #4 swaps with the next Wednesday/Thursday puzzle, #8 (the later of the twins) with the next
    // Monday's, and #16 takes #9's Tuesday.
    expect(r.moved.map((m) => [m.from, m.to]).sort((a, b) => a[0] - b[0])).toEqual([
      [4, 10],
      [8, 15],
      [10, 4],
      [15, 8],
      [16, 9],
    ]);
    const stay = r.daily.filter((p) => !r.moved.some((m) => m.to === p.id) && p.id > 3);
    for (const p of stay) expect(p.fen).toBe(bank[p.id - 1].fen);
  });

  it('is deterministic and leaves a spaced bank as it is', () => {
    expect(respaceDaily(bank, today, { spacingDays: 3 })).toEqual(r);
    const again = respaceDaily(r.daily, today, { spacingDays: 3 });
    expect(again.daily).toEqual(r.daily);
    expect(again.moved).toEqual([]);
    expect(again.dropped).toEqual([]);
  });

  it('drops a puzzle no date can take, and gives a date another level only when none is left', () => {
    // Today is #1; #2 is #1's twin, and every date of the bank is within 30 days of #1.
    const small = [daily(1, FAR[2], 1), daily(2, NEAR_2, 2), daily(3, FAR[0], 2), daily(4, FAR[1], 2)];
    const s = respaceDaily(small, dateOfNumber(1), { spacingDays: 30 });
    expect(s.dropped).toEqual([{ number: 2, difficulty: 2, reason: 'no-place' }]);
    expect(s.daily.map((p) => p.fen)).toEqual([FAR[2], FAR[1], FAR[0]]);
    // The guessable #2 (level 2) goes; #4 (level 4) is the only puzzle left for its date.
    const levels = [daily(1, FAR[0], 1), daily(2, GUESSABLE, 2), daily(3, FAR[1], 3), daily(4, FAR[3], 4)];
    const l = respaceDaily(levels, dateOfNumber(1));
    expect(l.daily.map((p) => p.fen)).toEqual([FAR[0], FAR[3], FAR[1]]);
    expect(l.levelChanged).toEqual([2]);
  });

  it('refuses a bank off the date rule', () => {
    expect(() => respaceDaily([daily(1, FAR[0], 1), daily(3, FAR[1], 1)], dateOfNumber(1))).toThrow(
      /#3 .* line 2/,
    );
  });
});

describe('pruning the training pool', () => {
  it('takes out the puzzles near a daily one and the guessable ones; the others keep their ids', () => {
    const dailyBank = [daily(1, FAR[2], 3), daily(2, FAR[0], 3)];
    const training = [NEAR_2, FAR[3], GUESSABLE, FAR[4]].map((fen, i) => ({
      ...daily(i + 1, fen, 2),
      id: 10 * (i + 1),
      date: undefined,
    }));
    const r = pruneTraining(training, dailyBank);
    expect(r.near).toEqual([10]);
    expect(r.guessable).toEqual([30]);
    expect(r.training.map((p) => p.id)).toEqual([20, 40]);
    expect(r.training[0]).toBe(training[1]);
  });

  it('takes out as few more as keep a share the others would break, each with a twin left', () => {
    const dailyBank = [daily(1, FAR[2], 3)];
    const pool: [string, boolean][] = [
      [NEAR_2, false], // #501: near the daily puzzle
      [FAR[5], true],
      [NEAR_5, true], // #503: #502's twin
      [FAR[6], true],
      [FAR[6], true], // #505: #504's twin
      [FAR[7], true],
      [FAR[8], true],
      [FAR[9], false],
      [FAR[10], false],
      [FAR[11], false],
    ];
    const training = pool.map(([fen, decoy], i) => ({
      ...daily(1, fen, 2),
      id: 501 + i,
      date: undefined,
      themes: decoy ? (['decoy'] as const).slice() : [],
    }));
    // 6 of 10 with decoy is 60%, the most allowed; without #501 it would be 6 of 9.
    const r = pruneTraining(training, dailyBank);
    expect(r.near).toEqual([501]);
    expect(r.shares).toEqual([505, 503]);
    expect(r.training.filter((p) => p.themes.includes('decoy'))).toHaveLength(4);
  });
});
