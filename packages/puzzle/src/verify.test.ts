import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bank } from './bank.ts';
import { verifyBank, verifyPuzzle } from './verify.ts';

const bank: Bank = JSON.parse(readFileSync(new URL('../data/bank.json', import.meta.url), 'utf8'));

describe('the shipped bank', () => {
  it('has at least 730 puzzles, a mix of 2- and 3-movers and of difficulties', () => {
    expect(bank.puzzles.length).toBeGreaterThanOrEqual(730);
    const moves = new Set(bank.puzzles.map((p) => p.moves));
    expect([...moves].sort()).toEqual([2, 3]);
    for (const d of [1, 2, 3, 4, 5]) expect(bank.puzzles.some((p) => p.difficulty === d)).toBe(true);
  });

  it('re-proves a random sample (different each run; the seed is printed)', () => {
    const seed = Number(process.env.PUZZLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`puzzle bank sample seed ${seed} (PUZZLE_SEED=${seed} to repeat)`);
    const report = verifyBank(bank, { sample: 40, seed });
    expect(report.bankProblems).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.checked).toBe(40);
  });
});

describe('verifyPuzzle', () => {
  const good = bank.puzzles.find((p) => p.moves === 3)!;

  it('finds nothing wrong with a good puzzle', () => {
    expect(verifyPuzzle(good)).toEqual([]);
  });

  it('catches a wrong move count, a changed line, a changed tree and a wrong difficulty', () => {
    expect(verifyPuzzle({ ...good, moves: 2 }).join()).toMatch(/no forced win within 2/);
    const line = [...good.line];
    line[1] = 'a1-a2';
    expect(verifyPuzzle({ ...good, line }).length).toBeGreaterThan(0);
    expect(verifyPuzzle({ ...good, tree: {} })).toContain('stored tree differs from the proof');
    const difficulty = good.difficulty === 5 ? 1 : ((good.difficulty + 1) as 2 | 3 | 4 | 5);
    expect(verifyPuzzle({ ...good, difficulty }).join()).toMatch(/difficulty/);
  });

  it('reports duplicates across the bank', () => {
    const twice = { ...bank, puzzles: [bank.puzzles[0], { ...bank.puzzles[0], id: 2 }] };
    const report = verifyBank(twice);
    expect(report.bankProblems.join()).toMatch(/same FEN/);
  });

  it('times the run with the clock it is given', () => {
    const ticks = [1000, 1250];
    const report = verifyBank(bank, { sample: 0, now: () => ticks.shift() ?? 0 });
    expect(report.checked).toBe(0);
    expect(report.milliseconds).toBe(250);
  });
});
