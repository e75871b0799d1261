import { describe, expect, it } from 'vitest';
import type { Puzzle, Theme } from './bank.ts';
import { LOPSIDED_GAP, THEME_GAP, lopsided, spread, spreadBreaks } from './spread.ts';
import { AHEAD, FAIR, quietPuzzle } from './test-puzzle.ts';

const puzzle = (id: number, themes: Theme[], fen = FAIR): Puzzle => quietPuzzle(id, { themes, fen });
const ids = (ps: readonly Puzzle[]) => ps.map((p) => p.id);

describe('spreading the puzzles served', () => {
  it('holds one pair of rules: no theme combination within 3, a lopsided puzzle at most once in 3', () => {
    expect([THEME_GAP, LOPSIDED_GAP]).toEqual([3, 3]);
    const decoy = puzzle(1, ['decoy']);
    const others = [puzzle(2, ['king']), puzzle(3, ['quiet']), puzzle(4, ['sacrifice'])];
    // the combination as a whole: decoy with king is another combination than decoy
    expect(spreadBreaks([decoy], puzzle(9, ['decoy'])).theme).toBe(true);
    expect(spreadBreaks([decoy], puzzle(9, ['decoy', 'king'])).theme).toBe(false);
    expect(spreadBreaks([decoy, ...others.slice(0, 2)], puzzle(9, ['decoy'])).theme).toBe(true);
    expect(spreadBreaks([decoy, ...others], puzzle(9, ['decoy'])).theme).toBe(false);

    const ahead = puzzle(5, ['king'], AHEAD);
    expect(lopsided(ahead)).toBe(true);
    expect(lopsided(decoy)).toBe(false);
    const next = puzzle(9, ['promotion'], AHEAD);
    expect(spreadBreaks([ahead], next).lopsided).toBe(true);
    expect(spreadBreaks([ahead, decoy], next).lopsided).toBe(true);
    expect(spreadBreaks([ahead, decoy, others[0]], next).lopsided).toBe(false);
    // a fair candidate breaks no lopsided rule
    expect(spreadBreaks([ahead], puzzle(9, ['promotion'])).lopsided).toBe(false);
  });

  it('keeps the order, lets a rule go only when nothing keeps it, the lopsided rule last', () => {
    const ahead = puzzle(1, ['decoy'], AHEAD);
    const recent = [ahead];
    const sameFair = puzzle(2, ['decoy']);
    const newFair = puzzle(3, ['king']);
    const newAhead = puzzle(4, ['quiet'], AHEAD);
    const sameAhead = puzzle(5, ['decoy'], AHEAD);
    expect(ids(spread([newAhead, sameFair, newFair], recent))).toEqual([3]);
    // no candidate keeps both: a fair one of the same combination before a lopsided one of a new one
    expect(ids(spread([newAhead, sameFair], recent))).toEqual([2]);
    // nothing fair left: the lopsided rule goes, the theme rule still holds
    expect(ids(spread([sameAhead, newAhead], recent))).toEqual([4]);
    // nothing keeps either rule: every candidate stays, in order
    expect(ids(spread([sameAhead], recent))).toEqual([5]);
    expect(ids(spread([newFair, sameFair, puzzle(6, ['quiet'])], []))).toEqual([3, 2, 6]);
    expect(spread([], recent)).toEqual([]);
  });
});
