/**
 * The prover: exhaustive search over every defence, no evaluation. A puzzle is only as good as the
 * proof behind it, so this module decides everything that is said about a puzzle's solution.
 *
 * "Win" means what RULES.md says ends a game with a winner: the opponent, at their turn, has no
 * pieces or no legal move. Nothing else counts. The default draw rules are respected inside the
 * proof: a position with one king against one king is a draw at once, so a line that reaches it is
 * not a win. The 25-move rule (50 plies) cannot happen within a proof (at most 2 · 5 − 1 plies for
 * the longest question asked, "does another first move win within N + 1 for N = 4"); a third
 * occurrence of a position needs 8 plies from a fresh start, so it can only end a line just before
 * the attacker's fifth move: ignoring it can only make a slower second win look possible, which
 * rejects a candidate, never accepts a wrong one.
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
export const MAX_PROOF_MOVES = 8;

const PLIES = 2 * MAX_PROOF_MOVES + 2;
const { lists, boards } = new PlyStack(PLIES);
const order: Int32Array[] = [];
const keys: Int32Array[] = [];
for (let i = 0; i < PLIES; i++) {
  order.push(new Int32Array(256));
  keys.push(new Int32Array(256));
}
const countList = new MoveList(128);

let nodes = 0;
/** Stop after this many nodes (see `withNodeLimit`). */
let nodeLimit = Infinity;

/** Thrown by a proof that ran past the node limit of `withNodeLimit`. */
export class ProofLimit extends Error {
  constructor() {
    super('the proof ran past its node limit');
  }
}

/** Nodes visited by the prover since the program started (for measurements). */
export const proverNodes = (): number => nodes;

/**
 * Run `f` with at most `limit` prover nodes; returns undefined when the limit was reached (the
 * question stays open), so a caller with a time budget (the browser) never hangs on a hard proof.
 */
export function withNodeLimit<T>(limit: number, f: () => T): T | undefined {
  const saved = nodeLimit;
  nodeLimit = nodes + limit;
  try {
    return f();
  } catch (e) {
    if (e instanceof ProofLimit) return undefined;
    throw e;
  } finally {
    nodeLimit = saved;
  }
}

/*
 * The transposition table: proven facts about positions, independent of how they were reached
 * (every question here depends on the board and the side to move only; the draw rules that depend
 * on history cannot occur within a proof, see the module comment). For each position and question
 * ("the side to move wins within n" or "the side to move loses within k") it keeps the largest n
 * known false and the smallest n known true; both answers are monotone in n. The key is two
 * independent 32-bit hashes of the six board words, the side to move and the question, so a wrong
 * hit needs a 64-bit collision.
 */
let tableBits = 20;
let tableMask = (1 << tableBits) - 1;
let keyA = new Int32Array(1 << tableBits);
let keyB = new Int32Array(1 << tableBits);
let falseUpTo = new Int8Array(1 << tableBits);
let trueFrom = new Int8Array(1 << tableBits);
/** The move (index + 1 in generation order) that last decided the question: tried first next time. */
let hintMove = new Uint8Array(1 << tableBits);

/** Resize (and clear) the prover's table: 2^bits entries of 10 bytes (default 2^20, 10 MB). */
export function setProverTable(bits: number): void {
  if (!Number.isInteger(bits) || bits < 8 || bits > 26) throw new RangeError('table bits must be 8–26');
  tableBits = bits;
  tableMask = (1 << bits) - 1;
  keyA = new Int32Array(1 << bits);
  keyB = new Int32Array(1 << bits);
  falseUpTo = new Int8Array(1 << bits);
  trueFrom = new Int8Array(1 << bits);
  hintMove = new Uint8Array(1 << bits);
}

let hashA = 0;
let hashB = 0;

function mix(h: number, x: number): number {
  let k = Math.imul(x, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Set hashA/hashB for board `b`, side to move `turn`, question `q` (0 wins, 1 loses). */
function hash(b: Board, turn: number, q: number): void {
  let a = 0x3c6ef372 ^ (turn + 2 * q);
  let c = 0x5be0cd19 ^ Math.imul(turn + 2 * q + 1, 0x9e3779b9);
  for (let i = 0; i < 6; i++) {
    a = mix(a, b[i]);
    c = mix(c, b[i] ^ 0x7f4a7c15);
  }
  hashA = finish(a);
  hashB = finish(c ^ 0x2545f491);
}

/** The move that decided this position's question last time (index), or -1. Uses hashA/hashB. */
function hint(): number {
  const i = hashA & tableMask;
  return keyA[i] === hashA && keyB[i] === hashB ? hintMove[i] - 1 : -1;
}

/** 1: known true within n, 0: known false, -1: unknown. Uses hashA/hashB. */
function probe(n: number): number {
  const i = hashA & tableMask;
  if (keyA[i] !== hashA || keyB[i] !== hashB) return -1;
  if (trueFrom[i] <= n) return 1;
  if (falseUpTo[i] >= n) return 0;
  return -1;
}

function store(n: number, value: boolean, move: number): void {
  const i = hashA & tableMask;
  if (keyA[i] !== hashA || keyB[i] !== hashB) {
    keyA[i] = hashA;
    keyB[i] = hashB;
    falseUpTo[i] = -1;
    trueFrom[i] = 127;
    hintMove[i] = 0;
  }
  if (move >= 0) hintMove[i] = move + 1;
  if (value) {
    if (n < trueFrom[i]) trueFrom[i] = n;
  } else if (n > falseUpTo[i]) falseUpTo[i] = n;
}

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

/**
 * The side to move at `ply` wins within `n` of its own moves, whatever the opponent does. Moves are
 * tried in order of the opponent's replies, fewest first (a move that leaves none wins at once).
 */
function attackerWins(ply: number, turn: number, n: number): boolean {
  if (++nodes > nodeLimit) throw new ProofLimit();
  const b = boards[ply];
  if (n <= 0 || kingVsKing(b)) return false;
  hash(b, turn, 0);
  const known = probe(n);
  if (known >= 0) return known === 1;
  const ha = hashA;
  const hb = hashB;
  const first = hint();
  const l = lists[ply];
  const child = boards[ply + 1];
  generateMoves(b, turn, l, false);
  const count = l.count;
  let decisive = -1;
  const idx = order[ply];
  const key = keys[ply];
  const them = turn ^ 1;
  let won = false;
  for (let i = 0; i < count; i++) {
    applyMove(b, turn, l, i, child);
    const replies = hasPieces(child, them) ? countMoves(child, them, countList, false) : 0;
    if (replies === 0) {
      won = true;
      decisive = i;
      break;
    }
    // Insertion by reply count (stable, so equal counts keep move-generation order); the hinted
    // move goes first.
    const rank = i === first ? -1 : replies;
    let j = i;
    while (j > 0 && key[j - 1] > rank) {
      key[j] = key[j - 1];
      idx[j] = idx[j - 1];
      j--;
    }
    key[j] = rank;
    idx[j] = i;
  }
  if (!won && n > 1) {
    for (let j = 0; j < count && !won; j++) {
      applyMove(b, turn, l, idx[j], child);
      if (defenderLost(ply + 1, them, n - 1)) {
        won = true;
        decisive = idx[j];
      }
    }
  }
  hashA = ha;
  hashB = hb;
  store(n, won, decisive);
  return won;
}

/** The side to move at `ply` loses within `k` of the opponent's moves, whatever it does. */
function defenderLost(ply: number, turn: number, k: number): boolean {
  if (++nodes > nodeLimit) throw new ProofLimit();
  const b = boards[ply];
  if (!hasPieces(b, turn)) return true;
  if (k === 0) return countMoves(b, turn, countList, false) === 0;
  const l = lists[ply];
  generateMoves(b, turn, l, false);
  if (l.count === 0) return true;
  if (kingVsKing(b)) return false;
  hash(b, turn, 1);
  const known = probe(k);
  if (known >= 0) return known === 1;
  const ha = hashA;
  const hb = hashB;
  const first = hint();
  const child = boards[ply + 1];
  const count = l.count;
  let lost = true;
  let escape = -1;
  // The hinted move (the last escape found here) first, then the others in generation order.
  for (let j = first >= 0 && first < count ? -1 : 0; j < count && lost; j++) {
    const i = j < 0 ? first : j;
    if (j >= 0 && i === first) continue;
    applyMove(b, turn, l, i, child);
    if (!attackerWins(ply + 1, turn ^ 1, k)) {
      lost = false;
      escape = i;
    }
  }
  hashA = ha;
  hashB = hb;
  store(k, lost, escape);
  return lost;
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

/** The number of moves the side to move needs to force a win, proved by search up to `max` moves; or undefined. */
export function proveWinDistance(pos: Position, max: number): number | undefined {
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
  const moves = proveWinDistance(pos, max);
  return { moves, winning: moves === undefined ? [] : winningMoves(pos, moves) };
}
