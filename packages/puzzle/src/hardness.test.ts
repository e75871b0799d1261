import { describe, expect, it } from 'vitest';
import type { Puzzle } from './bank.ts';
import {
  hardnessLevel,
  hardnessPoints,
  levelOf,
  measureHardness,
  relevelPool,
  type Hardness,
} from './hardness.ts';
import { levelFigures } from './verify.ts';

const measure = (fen: string, line: string): Hardness => {
  const h = measureHardness({ fen, line: line.split(' ') });
  if (typeof h === 'string') throw new Error(h);
  return h;
};

// A forced capture that wins a man at once: nothing to find.
const EASY = measure('W:Wd4,b2,g2,h3:Bd5,a7,b7,h7', 'd4xd6');
// Daily #12: a man crowns at once (2 points before any reply), then the line only collects.
const CROWN = measure('W:Wf2,a4,f5,Kb6,a7:BKd2,c7,Ke8', 'a7-a8 d2xg2 a8xg8xg1 c7-d7 g1-g7 d7-c7 g7xa7');
// Training #3: the king gives a man to pull the black king onto the line of a double capture.
const SHOT = measure('W:WKc1,f5,d6,g6:Be4,Kg4', 'c1-e1 g4xg7 e1xe7xh7');
// Training #2412: two gifts and a quiet king move before a ten-piece capture, on a full board.
const DEEP = measure(
  'W:Wc2,d2,e2,f2,g2,h2,f3,h3,d4,e4,f4,Ka8:Bc5,g5,h5,b6,d6,e6,f6,c7,d7,e7',
  'f4-g4 g5xg3xe3xe1 a8-d8 e1xe5 d4-d5 d6xd4 d8xd5xf5xf7xd7xb7xb4xh4xh6xc6xc3',
);

describe('hardness', () => {
  it('sees a winning capture as a reflex, one ply of calculation, level 1', () => {
    expect(EASY).toMatchObject({
      calculation: 1,
      first: 'capture',
      given: 0,
      reflex: true,
      choices: 1,
      pieces: 8,
    });
    expect(hardnessLevel(hardnessPoints(EASY))).toBe(1);
  });

  it('counts a crowning as an immediate gain, and not the chase that follows', () => {
    expect(CROWN).toMatchObject({ calculation: 1, reflex: true, given: 0 });
    expect(hardnessLevel(hardnessPoints(CROWN))).toBeLessThanOrEqual(2);
  });

  it('reads a gift and a capture back as three plies, with what was given', () => {
    expect(SHOT).toMatchObject({ calculation: 3, first: 'gift', given: 1, reflex: false });
  });

  it('makes a long sacrificial line on a full board the hardest', () => {
    expect(DEEP).toMatchObject({ first: 'gift', reflex: false });
    expect(DEEP.calculation).toBeGreaterThanOrEqual(7);
    expect(DEEP.given).toBeGreaterThanOrEqual(5);
    expect(DEEP.tempting).toBeGreaterThanOrEqual(10);
    expect(hardnessLevel(hardnessPoints(DEEP))).toBe(5);
  });

  it('orders them', () => {
    const [a, b, c, d] = [EASY, CROWN, SHOT, DEEP].map(hardnessPoints);
    expect(a).toBeLessThan(c);
    expect(b).toBeLessThan(c);
    expect(c).toBeLessThan(d);
  });

  it('says what is wrong with a bad puzzle', () => {
    expect(measureHardness({ fen: 'W:Wz9', line: ['a1-a2'] })).toMatch(/bad FEN/);
    expect(measureHardness({ fen: 'W:Wd4,b2:Bd5,a7', line: ['b2-b3'] })).toMatch(/bad first move/);
  });

  it('maps points to levels at the steps', () => {
    expect([0, 3.32, 3.33, 3.67, 4.68, 7.22, 7.23, 12].map((x) => hardnessLevel(x))).toEqual([
      1, 1, 2, 3, 4, 4, 5, 5,
    ]);
  });

  it('relevels a pool from the measure, keeping ids and lines, and reports each level', () => {
    const entry = (id: number, fen: string, line: string, difficulty: Puzzle['difficulty']): Puzzle => ({
      id,
      date: undefined,
      fen,
      moves: Math.ceil(line.split(' ').length / 2),
      line: line.split(' '),
      themes: [],
      difficulty,
      source: 'test',
    });
    const pool = [
      entry(4, 'W:Wd4,b2,g2,h3:Bd5,a7,b7,h7', 'd4xd6', 5),
      entry(9, 'W:WKc1,f5,d6,g6:Be4,Kg4', 'c1-e1 g4xg7 e1xe7xh7', 1),
    ];
    const { pool: out, changed } = relevelPool(pool);
    expect(out.map((p) => [p.id, p.line, p.difficulty])).toEqual([
      [4, ['d4xd6'], 1],
      [9, ['c1-e1', 'g4xg7', 'e1xe7xh7'], levelOf(pool[1])],
    ]);
    expect(changed).toBe(levelOf(pool[1]) === 1 ? 1 : 2);
    const figures = levelFigures(out);
    expect(figures.map((f) => f.puzzles).reduce((a, b) => a + b, 0)).toBe(2);
    expect(figures[0]).toMatchObject({ level: 1, puzzles: 1, reflex: 1, calculation: 1 });
  });
});
