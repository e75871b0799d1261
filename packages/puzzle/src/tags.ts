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
 * Themes of a main line, each detected from the moves alone. A "gift" is a solver move answered by
 * a capture (captures are compulsory, so the defender must take):
 * - sacrifice: the defender takes 2 or more of the solver's pieces over the line;
 * - decoy: one piece is given, and the piece that takes it is taken by the solver's next move
 *   (lured onto its square);
 * - clearance: one piece is given and the taker is not taken at once (the gift opens a path);
 * - blockade: the win leaves the defender with pieces but no legal move;
 * - promotion: a solver man is crowned in the line;
 * - breakthrough: a man crowned in the line moves again as a king in the line;
 * - multi-capture: a solver move takes 3 or more pieces;
 * - quiet: the first move captures nothing and is not a gift;
 * - king: the first move is made by a king of the solver.
 */
export function lineThemes(pos: Position, line: string[]): Theme[] {
  const { positions, moves } = playLine(pos, line);
  const solverMoves = moves.map((m, i) => ({ m, i })).filter(({ i }) => i % 2 === 0);
  const gifts = solverMoves
    .filter(({ i }) => i + 1 < moves.length && moves[i + 1].captures.length > 0)
    .map(({ i }) => i);
  const given = moves.reduce((sum, m, i) => sum + (i % 2 === 1 ? m.captures.length : 0), 0);
  const out: Theme[] = [];
  if (given >= 2) out.push('sacrifice');
  else if (given === 1) {
    const i = gifts[0];
    const taken = i + 2 < moves.length && moves[i + 2].captures.includes(moves[i + 1].to);
    out.push(taken ? 'decoy' : 'clearance');
  }
  const last = positions[positions.length - 1];
  if (isLost(last) && last.count(last.turn) > 0) out.push('blockade');
  const crowned = solverMoves.filter(({ m }) => m.promotes);
  if (crowned.length > 0) out.push('promotion');
  if (crowned.some(({ m, i }) => solverMoves.some((s) => s.i > i && s.m.from === m.to)))
    out.push('breakthrough');
  if (solverMoves.some(({ m }) => m.captures.length >= 3)) out.push('multi-capture');
  if (moves[0].captures.length === 0 && !gifts.includes(0)) out.push('quiet');
  if (positions[0].pieceAt(moves[0].from)?.role === 'king') out.push('king');
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
export const DIFFICULTY_STEPS = [1.9, 2.6, 4.2, 5.2] as const;

/**
 * Difficulty 1–5 from how hard the solution is to find. Points:
 * - +1 for each move beyond 2 (a longer line to see);
 * - search effort: log10(nodes) − 1 (at least 0), where nodes is what the fixed-depth searcher
 *   (search.ts) spends before it settles on the solution — about 0 for a combination it sees at
 *   once, up to about 3 when it needs the full proof depth;
 * - +0.75 if the first move is a gift (the defender's reply is a capture);
 * - +0.25 if the first move is quiet (no capture);
 * - (legal first moves − 10) / 20, between 0 and 1: more candidates to reject.
 * Difficulty = 1 + the number of steps of `DIFFICULTY_STEPS` the points reach. The steps were set
 * once (second edition) from the 1,489 candidates first mined, so that the levels are about 15/25/25/20/15 %.
 */
export function difficulty(stats: PuzzleStats, moves: number, quiet: boolean, gift: boolean): Difficulty {
  const points = difficultyPoints(stats, moves, quiet, gift);
  let level = 1;
  for (const step of DIFFICULTY_STEPS) if (points >= step) level++;
  return level as Difficulty;
}

/** The points behind `difficulty`. */
export function difficultyPoints(stats: PuzzleStats, moves: number, quiet: boolean, gift: boolean): number {
  return (
    moves -
    2 +
    Math.max(0, Math.log10(Math.max(1, stats.nodes)) - 1) +
    (gift ? 0.75 : 0) +
    (quiet ? 0.25 : 0) +
    Math.min(1, Math.max(0, (stats.legal - 10) / 20))
  );
}
