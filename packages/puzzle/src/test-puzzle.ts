/**
 * A puzzle for the package's tests: a real win in 2 (the decoy b3-b4, then the king takes two),
 * level 1, no themes, with whatever a test needs set over it. `quietPuzzle` is one on a fair board
 * (or another FEN) whose line is three quiet moves, for the rules that read only the position and
 * the themes. Not exported by the package.
 */
import type { Puzzle } from './bank.ts';

export const testPuzzle = (id: number, over: Partial<Omit<Puzzle, 'id'>> = {}): Puzzle => ({
  id,
  date: undefined,
  fen: 'W:Wh2,b3,Ka5:Bc2,c4',
  moves: 2,
  line: ['b3-b4', 'c4xa4', 'a5xa2xd2'],
  themes: [],
  difficulty: 1,
  source: 'test',
  ...over,
});

/** Two men a side: not lopsided. */
export const FAIR = 'W:Wa2,b2:Ba7,b7';
/** Five men against two: lopsided. */
export const AHEAD = 'W:Wa2,b2,c2,d2,e2:Ba7,b7';

export const quietPuzzle = (id: number, over: Partial<Omit<Puzzle, 'id'>> = {}): Puzzle =>
  testPuzzle(id, { fen: FAIR, line: ['a2-a3', 'a7-a6', 'a3-a4'], ...over });
