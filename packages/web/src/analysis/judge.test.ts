import { WIN } from '@dama/engine';
import { describe, expect, it } from 'vitest';
import { countJudgements, judge, positionsToDeepen, verdicts, winChance } from './judge.ts';

describe('winChance', () => {
  it('is a logistic of the score: 50% level, 73% a man up, symmetric, 1 and 0 for decided games', () => {
    expect(winChance(0)).toBe(0.5);
    expect(winChance(100)).toBeCloseTo(0.731, 3);
    expect(winChance(-100)).toBeCloseTo(0.269, 3);
    expect(winChance(250) + winChance(-250)).toBeCloseTo(1, 12);
    expect(winChance(WIN - 7)).toBe(1);
    expect(winChance(-(WIN - 3))).toBe(0);
    expect(winChance(400)).toBeGreaterThan(winChance(300));
  });
});

describe('judge', () => {
  it('grades a drop in winning chance', () => {
    expect(judge(0.01)).toBeUndefined();
    expect(judge(0.049)).toBeUndefined();
    expect(judge(0.05)).toBe('inaccuracy');
    expect(judge(0.1)).toBe('mistake');
    expect(judge(0.19)).toBe('mistake');
    expect(judge(0.2)).toBe('blunder');
    expect(judge(0.9)).toBe('blunder');
  });
});

describe('verdicts', () => {
  // White's score (centi-men) at every position of a hand-built game, White moving first.
  const scores = [0, 10, 0, -100, -90, -90, 300, WIN - 5, WIN - 4];
  const chances = scores.map(winChance);
  const list = verdicts(chances, 'white');

  it('gives one verdict per move, alternating sides', () => {
    expect(list.map((v) => v.side)).toEqual([
      'white',
      'black',
      'white',
      'black',
      'white',
      'black',
      'white',
      'black',
    ]);
    expect(list.map((v) => v.ply)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('finds the blunder of each side and nothing where the chance rose or barely moved', () => {
    // move 3: White 0 → −100 (a man given away): 50% → 27%, a blunder.
    // move 6: Black −90 → +300 (Black threw away a man-up game): Black 71% → 5%, a blunder.
    // move 7: White +300 → won: no drop. move 8: won → won: nothing.
    expect(list.map((v) => v.judgement)).toEqual([
      undefined,
      undefined,
      'blunder',
      undefined,
      undefined,
      'blunder',
      undefined,
      undefined,
    ]);
    expect(list[2].before).toBe(0.5);
    expect(list[2].drop).toBeCloseTo(0.5 - winChance(-100), 12);
  });

  it("counts in the mover's chances when Black moved first", () => {
    // Black to move first: Black's chance 1 − c. Black goes from 50% to 38% (a mistake).
    const v = verdicts([winChance(0), winChance(50)], 'black');
    expect(v[0].side).toBe('black');
    expect(v[0].judgement).toBe('mistake');
  });

  it('grades inaccuracy and mistake by their own thresholds', () => {
    const v = verdicts(
      [0, 0.45, 0.45, 0.6].map((c) => c),
      'white',
    );
    // White 0 → 0.45 is a gain; Black 0.55 → 0.55 nothing; White 0.45 → 0.6 a gain.
    expect(v.map((x) => x.judgement)).toEqual([undefined, undefined, undefined]);
    const w = verdicts([0.5, 0.44, 0.56, 0.44], 'white');
    // White −0.06 (inaccuracy), Black 0.56 → 0.44 = −0.12 (mistake), White 0.56 → 0.44 (mistake).
    expect(w.map((x) => x.judgement)).toEqual(['inaccuracy', 'mistake', 'mistake']);
  });

  it('never blames a forced move', () => {
    const v = verdicts([0.5, 0.1], 'white', [true]);
    expect(v[0].drop).toBeCloseTo(0.4, 12);
    expect(v[0].judgement).toBeUndefined();
  });

  it("counts each side's judgements", () => {
    const counts = countJudgements(verdicts([0.5, 0.44, 0.56, 0.44, 0.44, 0.1], 'white'));
    expect(counts.white).toEqual({ inaccuracy: 1, mistake: 1, blunder: 1 });
    expect(counts.black).toEqual({ inaccuracy: 0, mistake: 1, blunder: 0 });
  });
});

describe('positionsToDeepen', () => {
  it('picks both positions around the biggest swings, in order, within the limit', () => {
    const c = [0.5, 0.5, 0.2, 0.2, 0.9, 0.9];
    expect(positionsToDeepen(c, 0.1, 10)).toEqual([1, 2, 3, 4]);
    expect(positionsToDeepen(c, 0.1, 2)).toEqual([3, 4]);
    expect(positionsToDeepen(c, 0.5, 10)).toEqual([3, 4]);
    expect(positionsToDeepen([0.5, 0.52, 0.5], 0.1, 10)).toEqual([]);
  });
});
