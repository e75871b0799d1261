// The game review: the engine looks at every position of a game, then again with more time at the
// positions around the moves that changed the evaluation most; the verdicts (judge.ts) follow from
// the scores. The result is small and kept on the device with the game, so a second look needs no
// new analysis.
import {
  makeFen,
  makeNotation,
  parseNotation,
  RULE_DRAW_REASONS,
  sameMove,
  type Game,
  type OutcomeReason,
} from '@dama/core';
import { WIN } from '@dama/engine';
import type { Ask, Thought } from './engine.ts';
import { positionsToDeepen, verdicts, winChance, type MoveVerdict } from './judge.ts';

export const REVIEW_VERSION = 1;

/** What is kept: per position (index = ply), White's score, the engine's line, the nodes spent. */
export interface Review {
  v: typeof REVIEW_VERSION;
  /** the game's moves in notation, to check that the review is of this game */
  moves: string[];
  /** centi-men from White's point of view; a win keeps its distance (WIN − plies) */
  scores: number[];
  /** the engine's best line from each position, in notation ([] at the end of the game) */
  lines: string[][];
  /** the search depth behind each score (0: decided by the rules) */
  depths: number[];
}

export interface ReviewBudget {
  /** nodes per position in the first pass */
  first: number;
  /** nodes per position looked at again */
  deep: number;
  /** a change in White's winning chance (0–1) that earns a second look */
  swing: number;
  /** at most this many positions looked at again */
  most: number;
}

/**
 * Sized for a phone: a 60-move game (121 positions) at 20 000 nodes is about 2.4 M nodes, plus at most
 * 24 positions at 100 000 nodes; the measured times are in the README.
 */
export const REVIEW_BUDGET: ReviewBudget = { first: 20_000, deep: 100_000, swing: 0.08, most: 24 };

const RULE_DRAWS = new Set<OutcomeReason>(RULE_DRAW_REASONS);

export type Evaluate = (ask: Ask) => Promise<Thought | undefined>;

/**
 * Review `game`. `evaluate` asks the engine (one position at a time); `progress(done, total)` hears of
 * every position. Undefined when the engine stopped answering (the screen was left, or it failed).
 */
export async function runReview(
  game: Game,
  evaluate: Evaluate,
  progress: (done: number, total: number) => void,
  budget: ReviewBudget = REVIEW_BUDGET,
): Promise<Review | undefined> {
  const fen = makeFen(game.initial);
  const moves = game.moves.map(makeNotation);
  const n = game.plies + 1;
  const scores: number[] = new Array<number>(n).fill(0);
  const lines: string[][] = Array.from({ length: n }, () => []);
  const depths: number[] = new Array<number>(n).fill(0);
  let total = n;
  let done = 0;
  progress(0, total);

  const look = async (ply: number, nodes: number): Promise<boolean> => {
    const pos = game.positionAt(ply);
    const white = pos.turn === 'white';
    if (!pos.hasLegalMove()) {
      // The side to move has lost: no engine needed.
      scores[ply] = white ? -WIN : WIN;
      lines[ply] = [];
      depths[ply] = 0;
      return true;
    }
    const outcome = ply === game.plies ? game.outcome() : undefined;
    if (outcome && RULE_DRAWS.has(outcome.reason)) {
      scores[ply] = 0; // a draw by the rules: nothing left to play for
      return true;
    }
    const t = await evaluate({
      fen,
      moves: game.moves.slice(0, ply),
      drawRules: game.drawRules,
      limits: { nodes },
      lines: 1,
    });
    if (!t || t.lines.length === 0) return false;
    const s = t.lines[0].score;
    scores[ply] = white ? s : -s;
    lines[ply] = t.lines[0].pv;
    depths[ply] = t.depth;
    return true;
  };

  for (let ply = 0; ply < n; ply++) {
    if (!(await look(ply, budget.first))) return undefined;
    progress(++done, total);
  }
  const again = positionsToDeepen(scores.map(winChance), budget.swing, budget.most);
  total += again.length;
  progress(done, total);
  for (const ply of again) {
    if (!(await look(ply, budget.deep))) return undefined;
    progress(++done, total);
  }
  return { v: REVIEW_VERSION, moves, scores, lines, depths };
}

/** A kept review, if it is one and belongs to a game with these moves. */
export function readReview(v: unknown, moves: readonly string[]): Review | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Partial<Review>;
  const n = moves.length + 1;
  const numbers = (a: unknown): a is number[] =>
    Array.isArray(a) && a.length === n && a.every((x) => typeof x === 'number' && Number.isFinite(x));
  if (r.v !== REVIEW_VERSION || !Array.isArray(r.moves) || r.moves.join(' ') !== moves.join(' '))
    return undefined;
  if (!numbers(r.scores) || !numbers(r.depths)) return undefined;
  if (!Array.isArray(r.lines) || r.lines.length !== n) return undefined;
  if (!r.lines.every((l) => Array.isArray(l) && l.every((m) => typeof m === 'string'))) return undefined;
  return r as Review;
}

/** Each move's verdict, with the engine's better move when the played one was worse. */
export interface ReviewedMove extends MoveVerdict {
  played: string;
  /** the engine's line from the position before the move, when it starts with another move */
  better: string[] | undefined;
}

export function reviewedMoves(game: Game, review: Review): ReviewedMove[] {
  const forced = game.moves.map((_, i) => game.positionAt(i).legalMoves().length === 1);
  const first = game.initial.turn;
  return verdicts(review.scores.map(winChance), first, forced).map((v, i) => {
    const played = review.moves[i];
    const line = review.lines[i];
    const better = v.judgement && line.length > 0 && !isPlayed(game, i, line[0]) ? line : undefined;
    return { ...v, played, better };
  });
}

/** Whether `text` is the move played at `ply` (any capture route that takes the same pieces). */
function isPlayed(game: Game, ply: number, text: string): boolean {
  const m = parseNotation(game.positionAt(ply), text);
  return m.ok && sameMove(m.value, game.moves[ply]);
}
