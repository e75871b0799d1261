/**
 * A tiny fixed-depth alpha-beta searcher: self-play for the generator and the "how much search does
 * it take to find the solution" measure of difficulty. It is deliberately small and frozen (material,
 * advancement, forced captures searched to the end) so that the bank is reproducible from a seed
 * whatever happens to the real engine in `@dama/engine`. It proves nothing; the prover does.
 */
import {
  applyMove,
  DEFAULT_DRAW_RULES,
  generateMoves,
  materialDraw,
  MoveList,
  PlyStack,
  popcount,
  WHITE,
  type Board,
  type Position,
} from '@dama/core';
import type { Random } from '@dama/core';

const WIN = 1_000_000;
const MAN = 100;
const KING = 250;
/** Extra plies allowed for forced captures beyond the nominal depth. */
const CAPTURE_PLIES = 10;
const PLIES = 32;

const { lists, boards } = new PlyStack(PLIES);

// Advancement of a man by square, from White's side (rank 2 → 0 ... rank 7 → 5).
const ADVANCE_W = new Int32Array(64);
const ADVANCE_B = new Int32Array(64);
for (let sq = 0; sq < 64; sq++) {
  const rank = sq >> 3;
  ADVANCE_W[sq] = Math.max(0, rank - 1) * 6;
  ADVANCE_B[sq] = Math.max(0, 6 - rank) * 6;
}

function advance(lo: number, hi: number, table: Int32Array): number {
  let s = 0;
  while (lo !== 0) {
    s += table[31 - Math.clz32(lo & -lo)];
    lo &= lo - 1;
  }
  while (hi !== 0) {
    s += table[32 + 31 - Math.clz32(hi & -hi)];
    hi &= hi - 1;
  }
  return s;
}

/** Static value for the side to move, in hundredths of a man. */
function evaluate(b: Board, turn: number): number {
  const wk = popcount(b[0] & b[4]) + popcount(b[1] & b[5]);
  const bk = popcount(b[2] & b[4]) + popcount(b[3] & b[5]);
  const wm = popcount(b[0] & ~b[4]) + popcount(b[1] & ~b[5]);
  const bm = popcount(b[2] & ~b[4]) + popcount(b[3] & ~b[5]);
  const white =
    (wm - bm) * MAN +
    (wk - bk) * KING +
    advance(b[0] & ~b[4], b[1] & ~b[5], ADVANCE_W) -
    advance(b[2] & ~b[4], b[3] & ~b[5], ADVANCE_B);
  return turn === WHITE ? white : -white;
}

const kingVsKing = (b: Board): boolean => materialDraw(b, DEFAULT_DRAW_RULES) !== undefined;

let nodes = 0;

function negamax(ply: number, turn: number, depth: number, alpha: number, beta: number): number {
  nodes++;
  const b = boards[ply];
  if (kingVsKing(b)) return 0;
  const l = lists[ply];
  generateMoves(b, turn, l, false);
  if (l.count === 0) return -WIN + ply;
  // Forced captures are searched to the end (within a limit); otherwise stop at the nominal depth.
  if (depth <= 0 && (l.captures === 0 || depth <= -CAPTURE_PLIES || ply >= PLIES - 2))
    return evaluate(b, turn);
  const child = boards[ply + 1];
  let best = -WIN - 1;
  for (let i = 0; i < l.count; i++) {
    applyMove(b, turn, l, i, child);
    const score = -negamax(ply + 1, turn ^ 1, depth - 1, -beta, -alpha);
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

export interface FixedSearchResult {
  /** Index of the chosen move in `pos.legalMoves()`; -1 when there is none. */
  index: number;
  score: number;
  nodes: number;
}

/**
 * The best move at a fixed depth (plies). `noise` adds a random amount in ±noise to each root move's
 * score (weaker self-play levels), drawn from `random`.
 */
export function searchFixed(pos: Position, depth: number, noise = 0, random?: Random): FixedSearchResult {
  const start = nodes;
  const b = pos.toBoard(boards[0]);
  const turn = pos.turnIndex;
  const root = new MoveList(64);
  generateMoves(b, turn, root, false);
  let bestIndex = -1;
  let best = -Infinity;
  const child = boards[1];
  for (let i = 0; i < root.count; i++) {
    applyMove(b, turn, root, i, child);
    // Without noise, only a better move matters (alpha = the best so far); with noise every score is exact.
    const alpha = noise > 0 || best === -Infinity ? -WIN - 1 : best;
    let score = -negamax(1, turn ^ 1, depth - 1, -WIN - 1, -alpha);
    if (noise > 0 && random) score += random.int(2 * noise + 1) - noise;
    if (score > best) {
      best = score;
      bestIndex = i;
    }
  }
  return { index: bestIndex, score: best, nodes: nodes - start };
}

/**
 * Every legal move's exact score at a fixed depth (plies, forced captures searched to the end), in
 * the order of `pos.legalMoves()`: how each first move looks to a search that deep.
 */
export function rootScores(pos: Position, depth: number): number[] {
  const b = pos.toBoard(boards[0]);
  const turn = pos.turnIndex;
  const root = new MoveList(64);
  generateMoves(b, turn, root, false);
  const child = boards[1];
  const out: number[] = [];
  for (let i = 0; i < root.count; i++) {
    applyMove(b, turn, root, i, child);
    out.push(-negamax(1, turn ^ 1, depth - 1, -WIN - 1, WIN + 1));
  }
  return out;
}

/** How much fixed-depth search finds a given first move: the depth from which it is chosen, and the nodes. */
export interface SearchEffort {
  /** The smallest depth (plies) from which the searcher picks the move at every depth up to `maxDepth`. */
  depth: number;
  /** Nodes of all iterations up to and including that depth. */
  nodes: number;
}

export function searchEffort(pos: Position, moveIndex: number, maxDepth: number): SearchEffort {
  const picks: boolean[] = [];
  const cost: number[] = [];
  for (let d = 1; d <= maxDepth; d++) {
    const r = searchFixed(pos, d);
    picks.push(r.index === moveIndex);
    cost.push(r.nodes);
  }
  let depth = maxDepth + 1;
  for (let d = maxDepth; d >= 1 && picks[d - 1]; d--) depth = d;
  let total = 0;
  for (let d = 1; d <= Math.min(depth, maxDepth); d++) total += cost[d - 1];
  return { depth, nodes: total };
}
