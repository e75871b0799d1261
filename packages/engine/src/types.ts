/**
 * The engine's vocabulary: scores, limits, the information a search reports, and its result.
 * Scores are centi-men from the side to move's point of view; a win in `n` plies is `WIN - n`.
 */
import type { Move } from '@dama/core';

/** Deepest ply the search can reach (iterations, extensions and quiescence together). */
export const MAX_PLY = 128;

/** Beyond every score: the widest bounds of the search window. */
export const INFINITE = 32000;
/** A won position at the root; a win found `n` plies away scores `WIN - n`. */
export const WIN = 31000;
/** Scores beyond this are wins or losses with a distance. */
export const WIN_BOUND = WIN - MAX_PLY;
/** The score of a draw. */
export const DRAW = 0;

/** True for a score that is a forced win or loss (a distance to the end, not an evaluation). */
export const isWinScore = (score: number): boolean => score >= WIN_BOUND || score <= -WIN_BOUND;

/** Plies to the end for a win or loss score (positive: we win), undefined for other scores. */
export function winDistance(score: number): number | undefined {
  if (score >= WIN_BOUND) return WIN - score;
  if (score <= -WIN_BOUND) return -(WIN + score);
  return undefined;
}

/**
 * How long to think: a fixed depth, a node budget, a fixed time per move (milliseconds), or a game
 * clock (the time left and the increment per move, milliseconds).
 */
export type Limits =
  { depth: number } | { nodes: number } | { movetime: number } | { clock: number; increment?: number };

/** The playing levels, weakest first. */
export const LEVELS = ['easy', 'medium', 'hard', 'master'] as const;
/** A playing level: one of `LEVELS`. */
export type Level = (typeof LEVELS)[number];

/**
 * The endgame tables' value of the root for the side to move: the result with perfect play and the
 * plies to the end (0 for a draw). Present only when the tables know the position and hold for the
 * game's rules and no-progress counter (see tablebase.ts).
 */
export interface TbResult {
  result: 'win' | 'loss' | 'draw';
  plies: number;
}

/** One line of progress: sent after every completed iteration. */
export interface SearchInfo {
  depth: number;
  /** Deepest ply reached, quiescence included. */
  seldepth: number;
  score: number;
  nodes: number;
  /** Milliseconds since the search began. */
  time: number;
  nps: number;
  pv: Move[];
  tb?: TbResult;
}

/** One line of a multi-PV search: a root move, its score and its principal variation (starting with it). */
export interface SearchLine {
  move: Move;
  score: number;
  pv: Move[];
}

/** What a search found: the best move (none when there is no legal move), its score for the side to move, the principal variation, depth and nodes. */
export interface SearchResult {
  /** The move to play; undefined only when the side to move has no legal move. */
  move: Move | undefined;
  score: number;
  pv: Move[];
  depth: number;
  nodes: number;
  time: number;
  tb?: TbResult;
}
