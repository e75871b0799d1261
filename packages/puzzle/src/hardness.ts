/**
 * How hard a puzzle is for a person to solve, as opposed to how long its line is. A Turkish
 * combination is mostly forced captures, which a search resolves at once and a person has to see:
 * what makes it hard is how far the solver must look before the material comes back, what the
 * first move gives away, and how many other first moves look as good at a glance. Each measure is
 * one function of the position and the main line; `hardnessPoints` weighs them.
 */
import { parseNotation, parsePosition, type Color, type Move, type Position } from '@dama/core';
import type { Difficulty, Puzzle } from './bank.ts';
import { rootScores } from './search.ts';
import { playLine } from './tags.ts';

/** Points of material, as the lessons count them: a man 1, a king 3. */
export function materialPoints(pos: Position, side: Color): number {
  return pos.count(side, 'man') + 3 * pos.count(side, 'king');
}

/** What the first move is to a person: one capture among several, a gift (the reply takes), or a quiet move. */
export type FirstKind = 'capture' | 'gift' | 'quiet';

export interface Hardness {
  /**
   * Plies of the main line the solver must see before the balance of points is better than at the
   * start and stays so to the end of the line: 1 for a capture that wins at once, 3 for a gift
   * answered by a capture and a capture back that gains, more for quiet moves first.
   */
  calculation: number;
  first: FirstKind;
  /** Points the defender takes on the way (what the solver gives to win). */
  given: number;
  /**
   * Other first moves that look at least as good as the solution at a glance (two plies, forced
   * captures followed to the end).
   */
  tempting: number;
  /**
   * A reflex move: the solution is the one first move that gains the most points at once (a capture
   * or a crowning, counted before any reply), which a player tries without reading on.
   */
  reflex: boolean;
  /** Legal first moves: each is one more to look at. */
  choices: number;
  /** Pieces on the board. */
  pieces: number;
}

/** What a two-ply search with forced captures is: the "glance". */
const GLANCE_PLIES = 2;

const sameMove = (a: Move, b: Move) =>
  a.from === b.from &&
  a.to === b.to &&
  a.captures.length === b.captures.length &&
  a.captures.every((c) => b.captures.includes(c));

/** The measures of one puzzle (its FEN and main line, known to be legal), or a string saying what is wrong. */
export function measureHardness(p: Pick<Puzzle, 'fen' | 'line'>): Hardness | string {
  const parsed = parsePosition(p.fen);
  if (!parsed.ok) return `bad FEN: ${parsed.error.message}`;
  const pos = parsed.value;
  const firstMove = parseNotation(pos, p.line[0] ?? '');
  if (!firstMove.ok) return `bad first move: ${firstMove.error.message}`;
  const { positions, moves } = playLine(pos, p.line);
  const solver = pos.turn;
  const defender: Color = solver === 'white' ? 'black' : 'white';
  const balance = positions.map((q) => materialPoints(q, solver) - materialPoints(q, defender));
  let calculation = positions.length - 1;
  while (calculation > 0 && balance[calculation - 1] > balance[0]) calculation--;
  // The line may end level (a blockade, a win by no moves): then all of it is calculation.
  if (balance[balance.length - 1] <= balance[0]) calculation = positions.length - 1;
  let given = 0;
  for (let i = 1; i < moves.length && i < calculation; i += 2)
    given += materialPoints(positions[i], solver) - materialPoints(positions[i + 1], solver);
  const first: FirstKind =
    moves[0].captures.length > 0
      ? 'capture'
      : moves.length > 1 && moves[1].captures.length > 0
        ? 'gift'
        : 'quiet';
  const legal = pos.legalMoves();
  const index = legal.findIndex((m) => sameMove(m, firstMove.value));
  const scores = rootScores(pos, GLANCE_PLIES);
  const tempting = scores.filter((s, i) => i !== index && s >= scores[index]).length;
  const before = materialPoints(pos, solver) - materialPoints(pos, defender);
  const gains = legal.map((m) => {
    const after = pos.play(m);
    return materialPoints(after, solver) - materialPoints(after, defender) - before;
  });
  const reflex = gains[index] > 0 && gains.every((g, i) => i === index || g < gains[index]);
  return {
    calculation,
    first,
    given,
    tempting,
    reflex,
    choices: legal.length,
    pieces: pos.count('white') + pos.count('black'),
  };
}

/**
 * Hardness points: half a point a ply of calculation; a gift 1 and a quiet first move 0.5 (a person
 * looks at captures and safe moves first); half a point a point given beyond the first (up to 4);
 * half a point a doubling of tempting alternatives; 0.4 a doubling of the first moves beyond 4;
 * a twentieth a piece over 8 (a fuller board is harder to read); less 1 for a reflex move.
 */
export function hardnessPoints(h: Hardness): number {
  return (
    0.5 * h.calculation +
    (h.first === 'gift' ? 1 : h.first === 'quiet' ? 0.5 : 0) +
    0.5 * Math.min(4, Math.max(0, h.given - 1)) +
    0.5 * Math.log2(1 + h.tempting) +
    0.4 * Math.log2(Math.max(1, h.choices / 4)) +
    0.05 * Math.max(0, h.pieces - 8) -
    (h.reflex ? 1 : 0)
  );
}

/**
 * Points at which levels 2, 3, 4 and 5 begin: the training pool's quintiles, so that a level is a
 * fifth of the pool. Set when the measure was made (2,540 puzzles: 3.27, 3.6, 4.6, 6.7) and again
 * for the third edition's pool of 3,157 (`dama puzzles refresh` prints them); the README says how.
 */
export const HARDNESS_STEPS = [3.33, 3.67, 4.68, 7.23] as const;

/**
 * Points at which the daily puzzle's levels 2, 3, 4 and 5 begin. The daily levels are the weekday
 * ladder (build.ts: Monday 1, Tuesday 2, Wednesday and Thursday 3, Friday and Sunday 4, Saturday 5),
 * so the steps are the future daily bank's quantiles at 1/7, 2/7, 4/7 and 6/7 when the third edition
 * was scheduled (`dama puzzles refresh`): each level has as many puzzles as the weekdays that ask for
 * it. The daily bank is harder than the pool (fuller boards, more self-play), so a daily level is
 * harder than the training level of the same number. Set once; the README says how.
 */
export const DAILY_HARDNESS_STEPS = [3.33, 3.61, 4.85, 8.4] as const;

/** The level 1–5 of some hardness points, by `steps` (the training pool's by default). */
export function hardnessLevel(points: number, steps: readonly number[] = HARDNESS_STEPS): Difficulty {
  let level = 1;
  for (const step of steps) if (points >= step) level++;
  return level as Difficulty;
}

/**
 * The level the hardness measure gives a puzzle (by the training pool's steps, or the daily
 * bank's), or undefined when its FEN or line cannot be read.
 */
export function levelOf(
  p: Pick<Puzzle, 'fen' | 'line'>,
  steps: readonly number[] = HARDNESS_STEPS,
): Difficulty | undefined {
  const h = measureHardness(p);
  return typeof h === 'string' ? undefined : hardnessLevel(hardnessPoints(h), steps);
}

/** The level of a daily puzzle scheduled by the third edition (`DAILY_HARDNESS_STEPS`). */
export const dailyLevelOf = (p: Pick<Puzzle, 'fen' | 'line'>): Difficulty | undefined =>
  levelOf(p, DAILY_HARDNESS_STEPS);

/**
 * The training pool with every puzzle's difficulty set from its hardness (`levelOf`); ids,
 * lines and everything else unchanged. Returns how many changed level.
 */
export function relevelPool(pool: readonly Puzzle[]): { pool: Puzzle[]; changed: number } {
  let changed = 0;
  const out = pool.map((p) => {
    const level = levelOf(p) ?? p.difficulty;
    if (level === p.difficulty) return p;
    changed++;
    return { ...p, difficulty: level };
  });
  return { pool: out, changed };
}
