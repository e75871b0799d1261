/**
 * What a puzzle is about (themes, material) and how hard it is (difficulty), from its main line and
 * from measured search effort. Definitions are in the README; each function here is one of them.
 */
import { parseNotation, type Move, type Position } from '@dama/core';
import type { Difficulty, Material, PuzzleStats, Theme } from './bank.ts';
import { isLost } from './prover.ts';
import { searchEffort } from './search.ts';

/** The positions and moves of a main line, played from `pos` (the line is known to be legal). */
export function playLine(pos: Position, line: string[]): { positions: Position[]; moves: Move[] } {
  const positions = [pos];
  const moves: Move[] = [];
  for (const text of line) {
    const r = parseNotation(positions[positions.length - 1], text);
    if (!r.ok) throw new Error(`main line move ${text}: ${r.error.message}`);
    moves.push(r.value);
    positions.push(positions[positions.length - 1].play(r.value));
  }
  return { positions, moves };
}

export function material(pos: Position): { white: Material; black: Material } {
  return {
    white: { men: pos.count('white', 'man'), kings: pos.count('white', 'king') },
    black: { men: pos.count('black', 'man'), kings: pos.count('black', 'king') },
  };
}

/**
 * Themes of a main line:
 * - sacrifice: the solver's first move lets the defender capture (its replies are captures);
 * - king: the solver has a king at the start, or a king of the solver moves in the main line;
 * - blockade: the win is by leaving the defender without a legal move, not without pieces;
 * - promotion: a man is crowned in the main line.
 */
export function themes(pos: Position, line: string[]): Theme[] {
  const { positions, moves } = playLine(pos, line);
  const out: Theme[] = [];
  if (positions[1].legalMoves().some((m) => m.captures.length > 0)) out.push('sacrifice');
  const solverKingMoves = moves.some((m, i) => i % 2 === 0 && positions[i].pieceAt(m.from)?.role === 'king');
  if (pos.count(pos.turn, 'king') > 0 || solverKingMoves) out.push('king');
  const last = positions[positions.length - 1];
  if (isLost(last) && last.count(last.turn) > 0) out.push('blockade');
  if (moves.some((m) => m.promotes)) out.push('promotion');
  return out;
}

/** The measured quantities: legal first moves, and the fixed-depth search effort to find the solution. */
export function measure(pos: Position, first: Move, moves: number): PuzzleStats {
  const legal = pos.legalMoves();
  const index = legal.findIndex(
    (m) =>
      m.from === first.from &&
      m.to === first.to &&
      m.captures.length === first.captures.length &&
      m.captures.every((c) => first.captures.includes(c)),
  );
  const effort = searchEffort(pos, index, 2 * moves - 1);
  return { legal: legal.length, depth: effort.depth, nodes: effort.nodes };
}

/** Points at which difficulty 2, 3, 4 and 5 begin (see `difficulty`). */
export const DIFFICULTY_STEPS = [1.8, 2.4, 3.5, 4.3] as const;

/**
 * Difficulty 1–5 from how hard the solution is to find. Points:
 * - +1 for a win in 3 (a longer line to see);
 * - search effort: log10(nodes) − 1 (at least 0), where nodes is what the fixed-depth searcher
 *   (search.ts) spends before it settles on the solution — about 0 for a combination it sees at
 *   once, up to about 3 when it needs the full proof depth;
 * - +0.75 if the first move is a sacrifice (it lets the defender capture);
 * - +0.25 if the first move is quiet (no capture);
 * - (legal first moves − 10) / 20, between 0 and 1: more candidates to reject.
 * Difficulty = 1 + the number of steps of `DIFFICULTY_STEPS` the points reach. The steps were set
 * once from the stats of a generated bank so that the five levels are roughly 15/25/25/20/15 %.
 */
export function difficulty(
  stats: PuzzleStats,
  moves: number,
  quiet: boolean,
  sacrifice: boolean,
): Difficulty {
  const points =
    (moves === 3 ? 1 : 0) +
    Math.max(0, Math.log10(Math.max(1, stats.nodes)) - 1) +
    (sacrifice ? 0.75 : 0) +
    (quiet ? 0.25 : 0) +
    Math.min(1, Math.max(0, (stats.legal - 10) / 20));
  let level = 1;
  for (const step of DIFFICULTY_STEPS) if (points >= step) level++;
  return level as Difficulty;
}
