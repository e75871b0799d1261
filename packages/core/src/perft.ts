/**
 * perft: the number of move sequences of a given length, the standard check of a move generator.
 * Default mode counts distinct moves (capture paths with the same start, end and captured set are
 * one move); `paths` counts every capture path. Allocation-free: one move list and one board
 * buffer per ply.
 */
import { applyMove, countMoves, generateMoves, MoveList } from './movegen.ts';
import type { Position } from './position.ts';

const MAX_PLY = 64;
const lists: MoveList[] = [];
const boards: Int32Array[] = [];
for (let i = 0; i < MAX_PLY; i++) {
  lists.push(new MoveList(64));
  boards.push(new Int32Array(6));
}

function walk(
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  depth: number,
  paths: boolean,
  ply: number,
): number {
  const list = lists[ply];
  if (depth === 1) return countMoves(wLo, wHi, bLo, bHi, kLo, kHi, turn, list, paths);
  generateMoves(wLo, wHi, bLo, bHi, kLo, kHi, turn, list, paths);
  const b = boards[ply];
  let nodes = 0;
  for (let i = 0; i < list.count; i++) {
    applyMove(wLo, wHi, bLo, bHi, kLo, kHi, turn, list, i, b);
    nodes += walk(b[0], b[1], b[2], b[3], b[4], b[5], turn ^ 1, depth - 1, paths, ply + 1);
  }
  return nodes;
}

export interface PerftOptions {
  /** Count every capture path instead of distinct moves. */
  paths?: boolean;
}

export function perft(pos: Position, depth: number, options: PerftOptions = {}): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a whole number ≥ 0`);
  if (depth === 0) return 1;
  if (depth > MAX_PLY) throw new RangeError(`perft depth must be at most ${MAX_PLY}`);
  return walk(pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi, pos.turnIndex, depth, !!options.paths, 0);
}

/** perft split by first move: the count below each legal move, for finding where two generators differ. */
export function divide(
  pos: Position,
  depth: number,
  options: PerftOptions = {},
): { move: number; nodes: number }[] {
  const list = new MoveList(64);
  const paths = !!options.paths;
  generateMoves(pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi, pos.turnIndex, list, paths);
  const out: { move: number; nodes: number }[] = [];
  const b = new Int32Array(6);
  for (let i = 0; i < list.count; i++) {
    applyMove(pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi, pos.turnIndex, list, i, b);
    const nodes =
      depth <= 1 ? 1 : walk(b[0], b[1], b[2], b[3], b[4], b[5], pos.turnIndex ^ 1, depth - 1, paths, 1);
    out.push({ move: i, nodes });
  }
  return out;
}
