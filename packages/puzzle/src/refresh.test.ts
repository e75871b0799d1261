import { readFileSync } from 'node:fs';
import { parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, parseBank, type Puzzle } from './bank.ts';
import { describeEntry, TRAINING_RULES, type MinedRecord } from './build.ts';
import { dateOfNumber, puzzleNumber } from './daily.ts';
import { hardnessLevel, hardnessPoints, levelOf, measureHardness } from './hardness.ts';
import { lineRuleBroken } from './mine.ts';
import { dailyLevelSteps, refreshBanks } from './refresh.ts';
import { nearDuplicates } from './verify.ts';

const read = (kind: 'daily' | 'training') => {
  const r = parseBank(readFileSync(new URL(`../data/${kind}.tsv`, import.meta.url), 'utf8'), kind);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const points = (p: Puzzle) => {
  const h = measureHardness(p);
  if (typeof h === 'string') throw new Error(h);
  return hardnessPoints(h);
};
const breaks = (p: Puzzle) => lineRuleBroken(unwrap(parsePosition(p.fen)), p.line);

// Two puzzles of the second edition that break a line rule: a lone piece chased (training #34) and
// a reflex first move, the only crowning (training #20).
const chase = {
  fen: 'B:Wa4,b4:Ba2,c3,f3,c5',
  moves: 4 as const,
  line: ['a2-a1', 'a4-a5', 'a1xa6', 'b4-c4', 'a6-e6', 'c4xc6', 'e6xa6'],
};
const reflex = { fen: 'B:Wa3,g7:Ba2,a4,e6', moves: 2 as const, line: ['a2-a1', 'a3xa5', 'a1xa7xh7'] };
const put = (p: Puzzle, q: Pick<Puzzle, 'fen' | 'moves' | 'line'>): Puzzle => ({ ...p, ...q, themes: [] });

// The shipped daily bank's first 250 dates with those two on future dates (#21, #41), and 600
// puzzles of the training pool (the reflex one as #11) with their last 200 taken out and offered back
// as mined candidates (each from a game of its own).
const daily = read('daily')
  .slice(0, 250)
  .map((p) => (p.id === 21 ? put(p, chase) : p.id === 41 ? put(p, reflex) : p));
const shipped = read('training')
  .slice(0, 800)
  .map((p, i) => (i === 10 ? put(p, reflex) : p));
const training = shipped.slice(0, -200);
const candidates: MinedRecord[] = shipped.slice(-200).map((p, i) => ({
  fen: p.fen,
  moves: p.moves,
  line: p.line,
  source: p.source,
  stats: { legal: 12, depth: 2, nodes: 100 },
  game: i,
}));
const today = '2026-12-07';
const steps = [3.3, 3.6, 4.8, 8.4];
const r = refreshBanks({ daily, training, candidates, today, dailySteps: steps });

describe('the third edition of the banks (refresh)', () => {
  it('keeps every published date as it was', () => {
    expect(r.published).toBe(puzzleNumber(today));
    expect(r.daily.slice(0, r.published)).toEqual(daily.slice(0, r.published));
  });

  it('takes out the future daily puzzles that break a line rule, and fills their places', () => {
    const left = new Set(r.dailyLeft.map((x) => x.id));
    for (const p of daily.slice(r.published)) expect(left.has(p.id)).toBe(breaks(p) !== undefined);
    expect(r.dailyLeft).toEqual([
      { id: 21, reason: 'lone-line' },
      { id: 41, reason: 'reflex' },
    ]);
    expect(r.added.daily).toBeGreaterThan(0);
    const dropped = r.respace.dropped.length;
    expect(r.daily.length).toBe(
      Math.min(daily.length, daily.length - r.dailyLeft.length + r.added.daily) - dropped,
    );
  });

  it('levels and schedules the future by hardness: dates in order, each level its weekdays', () => {
    const future = r.daily.slice(r.published);
    for (const [i, p] of r.daily.entries()) {
      expect(p.id).toBe(i + 1);
      expect(p.date).toBe(dateOfNumber(i + 1));
    }
    for (const p of future) {
      expect(breaks(p), `#${p.id}`).toBeUndefined();
      expect(p.difficulty, `#${p.id}`).toBe(hardnessLevel(points(p), steps));
    }
    // The weekday ladder: Monday 1 … Saturday 5. With the steps at the future's own quantiles
    // nearly every date gets its weekday's level.
    const steady = refreshBanks({ daily, training, candidates, today, dailySteps: r.quantiles });
    const want = [4, 1, 2, 3, 3, 4, 5];
    const off = steady.daily
      .slice(steady.published)
      .filter((p) => p.difficulty !== want[new Date(`${p.date}T12:00:00Z`).getUTCDay()]);
    expect(off.length).toBeLessThan(0.05 * (steady.daily.length - steady.published));
  });

  it('keeps training ids, adds after the highest, and holds every level to a fifth lopsided', () => {
    const before = new Map(training.map((p) => [p.id, p]));
    const left = new Set([...r.trainingLeft.map((x) => x.id), ...r.pruned.near, ...r.pruned.shares]);
    const highest = Math.max(...training.map((p) => p.id));
    for (const p of r.training) {
      const was = before.get(p.id);
      if (was) expect({ ...p, difficulty: was.difficulty }).toEqual(was);
      else expect(p.id).toBeGreaterThan(highest);
      expect(breaks(p), `#${p.id}`).toBeUndefined();
      expect(p.difficulty).toBe(levelOf(p));
    }
    for (const p of training) expect(r.training.some((q) => q.id === p.id)).toBe(!left.has(p.id));
    expect(r.added.training).toBeGreaterThan(0);
    expect(r.trainingLeft).toContainEqual({ id: shipped[10].id, reason: 'reflex' });
    for (const level of DIFFICULTIES) {
      const inLevel = r.training.filter((p) => p.difficulty === level);
      const lopsided = inLevel.filter((p) => describeEntry(p)?.lopsided).length;
      expect(lopsided, `level ${level}`).toBeLessThanOrEqual(TRAINING_RULES.maxLopsided * inLevel.length);
    }
    expect(nearDuplicates(r.daily, r.training, today).trainingDaily).toEqual([]);
  });

  it('is deterministic', () => {
    const again = refreshBanks({ daily, training, candidates, today, dailySteps: steps });
    expect(again.daily).toEqual(r.daily);
    expect(again.training).toEqual(r.training);
  });
});

describe('the daily level steps', () => {
  it('cut the points at the weekday ladder: a seventh, a seventh, two, two, a seventh', () => {
    const xs = Array.from({ length: 700 }, (_, i) => i);
    expect(dailyLevelSteps(xs)).toEqual([100, 200, 400, 600]);
  });
});
