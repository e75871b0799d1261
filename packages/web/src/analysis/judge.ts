// How the review judges a game: scores become winning chances, and a move is an inaccuracy, a
// mistake or a blunder by how much of its player's winning chance it gave away. Pure functions,
// tested on hand-built evaluation sequences (judge.test.ts).
import { WIN_BOUND } from '@dama/engine';

/**
 * Winning chance of White, 0–1, from a score in centi-men from White's point of view: the logistic
 * 1 / (1 + e^(−score / 100)). One man up (100) is 73%, two men 88%, half a man 62%. The scale of
 * 100 centi-men is a judgement from Turkish draughts: a clean man up is usually a win with good
 * play but far from certain at club level, so it sits near three quarters. Won or lost scores (a
 * win in n plies, |score| ≥ WIN_BOUND) are 1 and 0. The graph shows this chance, not raw men, so a
 * man lost in an already won ending barely moves the line while the same man in a level game does.
 */
export function winChance(whiteScore: number): number {
  if (whiteScore >= WIN_BOUND) return 1;
  if (whiteScore <= -WIN_BOUND) return 0;
  return 1 / (1 + Math.exp(-whiteScore / WIN_CHANCE_SCALE));
}

export const WIN_CHANCE_SCALE = 100;

/**
 * The score (centi-men, the side's own) at which `winChance` gives `chance` (0 < chance < 1): its
 * inverse, 100 · ln(chance / (1 − chance)). Beyond the ends, ±∞.
 */
export function scoreOfChance(chance: number): number {
  if (chance <= 0) return -Infinity;
  if (chance >= 1) return Infinity;
  return WIN_CHANCE_SCALE * Math.log(chance / (1 - chance));
}

export const JUDGEMENTS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

/**
 * Thresholds on the drop in the mover's winning chance (0–1). From a level position (50%): a blunder
 * gives away about a man for nothing (50% → 27%, a drop of 0.23, over 0.20); a mistake about half a
 * man (→ 38%, 0.12, over 0.10); an inaccuracy a fifth of a man or a tempo's worth (→ 45%, 0.05).
 * Below 0.05 the review's own shallow search is not reliable enough to blame the player. In winning
 * chances rather than men, so that the same slip counts less when the game is already decided.
 */
export const THRESHOLDS: Record<Judgement, number> = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 };

export function judge(drop: number): Judgement | undefined {
  if (drop >= THRESHOLDS.blunder) return 'blunder';
  if (drop >= THRESHOLDS.mistake) return 'mistake';
  if (drop >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return undefined;
}

export type Side = 'white' | 'black';

/** One move of the reviewed game with what the review found. */
export interface MoveVerdict {
  /** the ply after this move (1 = White's first move) */
  ply: number;
  side: Side;
  /** the mover's winning chance before and after the move, 0–1 */
  before: number;
  after: number;
  /** before − after, never below 0 */
  drop: number;
  judgement: Judgement | undefined;
}

/**
 * Verdicts for a game from White's winning chances at every position (index = ply, `chances.length`
 * = moves + 1), the side that moved first, and which moves were forced (the only legal move is never
 * blamed).
 */
export function verdicts(
  chances: readonly number[],
  first: Side,
  forced: readonly boolean[] = [],
): MoveVerdict[] {
  const out: MoveVerdict[] = [];
  for (let i = 0; i + 1 < chances.length; i++) {
    const side: Side = (i % 2 === 0) === (first === 'white') ? 'white' : 'black';
    const mine = (c: number) => (side === 'white' ? c : 1 - c);
    const before = mine(chances[i]);
    const after = mine(chances[i + 1]);
    const drop = Math.max(0, before - after);
    out.push({ ply: i + 1, side, before, after, drop, judgement: forced[i] ? undefined : judge(drop) });
  }
  return out;
}

export type Counts = Record<Side, Record<Judgement, number>>;

export function countJudgements(list: readonly MoveVerdict[]): Counts {
  const zero = (): Record<Judgement, number> => ({ inaccuracy: 0, mistake: 0, blunder: 0 });
  const counts: Counts = { white: zero(), black: zero() };
  for (const v of list) if (v.judgement) counts[v.side][v.judgement]++;
  return counts;
}

/**
 * Where the review should look again with more time: the positions on either side of a move whose
 * chance changed by at least `swing`, most changed first (at most `limit`).
 */
export function positionsToDeepen(chances: readonly number[], swing: number, limit: number): number[] {
  const moves: { i: number; d: number }[] = [];
  for (let i = 0; i + 1 < chances.length; i++) {
    const d = Math.abs(chances[i + 1] - chances[i]);
    if (d >= swing) moves.push({ i, d });
  }
  moves.sort((a, b) => b.d - a.d);
  const picked = new Set<number>();
  for (const { i } of moves) {
    if (picked.size >= limit) break;
    picked.add(i);
    if (picked.size < limit) picked.add(i + 1);
  }
  return [...picked].sort((a, b) => a - b);
}
