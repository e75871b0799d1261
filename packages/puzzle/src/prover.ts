/**
 * The prover: exhaustive search over every defence, no evaluation. A puzzle is only as good as the
 * proof behind it, so this module decides everything that is said about a puzzle's solution.
 *
 * "Win" means what docs/RULES.md says ends a game with a winner: the opponent, at their turn, has no
 * pieces or no legal move. Nothing else counts. The default draw rules are respected inside the
 * proof: a position with one king against one king is a draw at once, so a line that reaches it is
 * not a win. Repetition (8 plies at least) and the 25-move rule (50 plies) cannot happen within the
 * 5 plies of a win in 3, so they are not tested.
 *
 * "Win within n" counts the winner's own moves: within 2 is move, any reply, move. The search is
 * copy-make on raw boards with one move list and one board buffer per ply (allocated once), as in
 * core's perft, so a node allocates nothing. Moves are the distinct moves of `legalMoves()`: two
 * capture paths with the same start, end and captured set are one move.
 */
import {
  applyMove,
  countMoves,
  DEFAULT_DRAW_RULES,
  generateMoves,
  materialDraw,
  MoveList,
  PlyStack,
  Position,
  WHITE,
  type Board,
} from '@dama/core';
import type { Move } from '@dama/core';

/** The longest proof this module is asked for, in the winner's moves (a few spare). */
export const MAX_PROOF_MOVES = 6;

const PLIES = 2 * MAX_PROOF_MOVES + 2;
const { lists, boards } = new PlyStack(PLIES);
const countList = new MoveList(64);

let nodes = 0;

/** Nodes visited by the prover since the program started (for measurements). */
export const proverNodes = (): number => nodes;

function load(pos: Position, ply: number): void {
  pos.toBoard(boards[ply]);
}

/** A draw by material under the default rules (one king against one king). */
const kingVsKing = (b: Board): boolean => materialDraw(b, DEFAULT_DRAW_RULES) !== undefined;

function hasPieces(b: Board, turn: number): boolean {
  return turn === WHITE ? (b[0] | b[1]) !== 0 : (b[2] | b[3]) !== 0;
}

/** The side to move at `ply` has lost: no pieces or no legal move. */
function lostAt(ply: number, turn: number): boolean {
  const b = boards[ply];
  if (!hasPieces(b, turn)) return true;
  return countMoves(b, turn, countList, false) === 0;
}

/** The side to move at `ply` wins within `n` of its own moves, whatever the opponent does. */
function attackerWins(ply: number, turn: number, n: number): boolean {
  nodes++;
  const b = boards[ply];
  if (n <= 0 || kingVsKing(b)) return false;
  const l = lists[ply];
  const child = boards[ply + 1];
  generateMoves(b, turn, l, false);
  for (let i = 0; i < l.count; i++) {
    applyMove(b, turn, l, i, child);
    if (defenderLost(ply + 1, turn ^ 1, n - 1)) return true;
  }
  return false;
}

/** The side to move at `ply` loses within `k` of the opponent's moves, whatever it does. */
function defenderLost(ply: number, turn: number, k: number): boolean {
  nodes++;
  const b = boards[ply];
  if (!hasPieces(b, turn)) return true;
  if (k === 0) return countMoves(b, turn, countList, false) === 0;
  const l = lists[ply];
  generateMoves(b, turn, l, false);
  if (l.count === 0) return true;
  if (kingVsKing(b)) return false;
  const child = boards[ply + 1];
  for (let i = 0; i < l.count; i++) {
    applyMove(b, turn, l, i, child);
    if (!attackerWins(ply + 1, turn ^ 1, k)) return false;
  }
  return true;
}

function checkMoves(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > MAX_PROOF_MOVES)
    throw new RangeError(`the prover handles 0–${MAX_PROOF_MOVES} moves, not ${n}`);
}

/** The side to move has lost: it has no pieces or no legal move. */
export function isLost(pos: Position): boolean {
  load(pos, 0);
  return lostAt(0, pos.turnIndex);
}

/** One king against one king: drawn under the default rules. */
export function isKingVsKing(pos: Position): boolean {
  load(pos, 0);
  return kingVsKing(boards[0]);
}

/** The side to move forces a win within `n` of its own moves against every defence. */
export function winsWithin(pos: Position, n: number): boolean {
  checkMoves(n);
  load(pos, 0);
  return attackerWins(0, pos.turnIndex, n);
}

/** The side to move loses within `k` of the opponent's moves whatever it plays (0: it has lost already). */
export function losesWithin(pos: Position, k: number): boolean {
  checkMoves(k);
  load(pos, 0);
  return defenderLost(0, pos.turnIndex, k);
}

/** The number of moves the side to move needs to force a win (at most `max`), or undefined. */
export function winDistance(pos: Position, max: number): number | undefined {
  checkMoves(max);
  for (let n = 1; n <= max; n++) if (winsWithin(pos, n)) return n;
  return undefined;
}

/**
 * How long the side to move holds out: the number of the opponent's moves needed to win against its
 * best defence (0 when it has lost already), or undefined when that is more than `max`.
 */
export function lossDistance(pos: Position, max: number): number | undefined {
  checkMoves(max);
  for (let k = 0; k <= max; k++) if (losesWithin(pos, k)) return k;
  return undefined;
}

/**
 * The legal (distinct) moves of the side to move that win within `n` of its moves, in the order of
 * `legalMoves()`.
 */
export function winningMoves(pos: Position, n: number): Move[] {
  checkMoves(n);
  const moves = pos.legalMoves();
  if (n === 0 || isKingVsKing(pos)) return [];
  const turn = pos.turnIndex;
  const out: Move[] = [];
  for (const move of moves) {
    load(pos.play(move), 1);
    if (defenderLost(1, turn ^ 1, n - 1)) out.push(move);
  }
  return out;
}

/** What the prover says about a position, looking at most `max` moves ahead. */
export interface Analysis {
  /** The exact number of moves the side to move needs to force a win; undefined if more than `max`. */
  moves: number | undefined;
  /** Every first move that wins within `moves` (empty when there is no win). */
  winning: Move[];
}

export function analyse(pos: Position, max: number): Analysis {
  const moves = winDistance(pos, max);
  return { moves, winning: moves === undefined ? [] : winningMoves(pos, moves) };
}
