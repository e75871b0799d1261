/**
 * perft: the number of move sequences of a given length, the standard check of a move generator.
 * Default mode counts distinct moves (capture paths with the same start, end and captured set are
 * one move); `paths` counts every capture path. Allocation-free: one move list and one board
 * buffer per ply.
 */
import type { Board } from './bitboard.ts';
import { applyMove, countMoves, generateMoves, MoveList, PlyStack } from './movegen.ts';
import type { Position } from './position.ts';

/**
 * perft of the start position in the default mode (distinct moves), depths 1–8: docs/RULES.md
 * "Perft reference (start position)".
 */
export const START_PERFT: readonly number[] = [8, 64, 708, 7538, 85090, 931312, 10782308, 123285642];

/**
 * perft of the start position in path mode, depths 1–10: docs/RULES.md; the same figures as the
 * published table of an independent Rust generator.
 */
export const START_PERFT_PATHS: readonly number[] = [
  8, 64, 708, 7538, 85090, 931312, 10782382, 123290300, 1454144462, 16991457316,
];

const MAX_PLY = 64;
const stack = new PlyStack(MAX_PLY + 1);

function walk(b: Board, turn: number, depth: number, paths: boolean, ply: number): number {
  const list = stack.lists[ply];
  if (depth === 1) return countMoves(b, turn, list, paths);
  generateMoves(b, turn, list, paths);
  const child = stack.boards[ply + 1];
  let nodes = 0;
  for (let i = 0; i < list.count; i++) {
    applyMove(b, turn, list, i, child);
    nodes += walk(child, turn ^ 1, depth - 1, paths, ply + 1);
  }
  return nodes;
}

/** Options of `perft` and `divide`. */
export interface PerftOptions {
  /** Count every capture path instead of distinct moves. */
  paths?: boolean;
}

/** The number of move sequences of `depth` plies from `pos` (distinct moves, or every capture path with `paths`). */
export function perft(pos: Position, depth: number, options: PerftOptions = {}): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a whole number ≥ 0`);
  if (depth === 0) return 1;
  if (depth > MAX_PLY) throw new RangeError(`perft depth must be at most ${MAX_PLY}`);
  return walk(pos.toBoard(stack.boards[0]), pos.turnIndex, depth, !!options.paths, 0);
}

/** perft split by first move: the count below each legal move, for finding where two generators differ. */
export function divide(
  pos: Position,
  depth: number,
  options: PerftOptions = {},
): { move: number; nodes: number }[] {
  const list = new MoveList(64);
  const paths = !!options.paths;
  const root = pos.toBoard();
  generateMoves(root, pos.turnIndex, list, paths);
  const out: { move: number; nodes: number }[] = [];
  const child = stack.boards[1];
  for (let i = 0; i < list.count; i++) {
    applyMove(root, pos.turnIndex, list, i, child);
    const nodes = depth <= 1 ? 1 : walk(child, pos.turnIndex ^ 1, depth - 1, paths, 1);
    out.push({ move: i, nodes });
  }
  return out;
}
