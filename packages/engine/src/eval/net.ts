/**
 * A small network on top of the pattern evaluation: it sees every piece, kings included, and the
 * whole board at once, where the pattern windows see men only, eight squares at a time.
 *
 * Inputs: 256 features of one side's view — its men, its kings, the enemy's men, the enemy's kings,
 * each on one of 64 squares, with the board turned so that the side's men move up. Every position
 * is read twice, from White's view and from Black's, through the same weights into two accumulators
 * of `hidden` units (`bias + Σ weights of the pieces`). Each unit is clipped to [0, 1]. The output:
 * - unsided (`hidden` output weights): the correction for White is `Σ out[j] · (white[j] − black[j])`,
 *   whoever is to move;
 * - sided (2 · `hidden` output weights, `netSided`): the correction for the side to move is
 *   `Σ out[j] · own[j] + out[hidden + j] · other[j]`, where `own` is the side to move's view. Being
 *   to move matters in draughts (tempo, opposition), and the unsided form cannot see it.
 * Either way the position turned over with the colours swapped (and the other side to move) gets
 * exactly the negative for White, by construction.
 *
 * Integers throughout (weights Int16, accumulators Int32: activation 1 is `NET_ACT`, the output is
 * in 1/`NET_OUT` centi-men per unit of activation), so that both colours get exactly the same
 * score. `NetEvaluator` keeps the accumulators of the last board scored at each search ply and
 * updates them by the squares that changed (a board's sibling or parent is usually a few squares away).
 */
import { popcount, type Board } from '@dama/core';
import { MAX_PLY } from '../types.ts';

export const NET_INPUTS = 256;
/** Activation 1.0 in accumulator units. */
export const NET_ACT = 256;
/** Output weights in 1/NET_OUT centi-men. */
export const NET_OUT = 64;
const OUT_SHIFT = 14; // log2(NET_ACT · NET_OUT)

export interface NetWeights {
  readonly hidden: number;
  /** Feature-major: feature f's weights at f·hidden … f·hidden + hidden − 1 (units of NET_ACT). */
  readonly w: Int16Array;
  readonly bias: Int16Array;
  /** 1/NET_OUT centi-men per unit of activation: `hidden` weights, or 2 · `hidden` when sided (see the module comment). */
  readonly out: Int16Array;
}

/** Whether the network's output weighs the side to move's view and the other's apart (module comment). */
export const netSided = (net: NetWeights): boolean => net.out.length === 2 * net.hidden;

/** The feature of a piece: kind 0 own man, 1 own king, 2 enemy man, 3 enemy king, at square `sq` of that view. */
export const netFeature = (kind: number, sq: number): number => kind * 64 + sq;

/** Add the pieces of one kind on `lo`/`hi` to both views of the accumulators at `at` (netAccumulate). */
function apply(
  net: NetWeights,
  acc: Int32Array,
  at: number,
  lo: number,
  hi: number,
  white: boolean,
  king: number,
): void {
  const H = net.hidden;
  const w = net.w;
  const bAt = at + H;
  // From White's view a white piece is "own"; from Black's view it is "enemy", on the mirrored rank.
  const kindW = (white ? 0 : 2) + king;
  const kindB = (white ? 2 : 0) + king;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? lo : hi;
    while (bits !== 0) {
      const sq = 31 - Math.clz32(bits & -bits) + half * 32;
      bits &= bits - 1;
      const fW = (kindW * 64 + sq) * H;
      const fB = (kindB * 64 + (sq ^ 56)) * H;
      for (let j = 0; j < H; j++) {
        acc[at + j] += w[fW + j];
        acc[bAt + j] += w[fB + j];
      }
    }
  }
}

/**
 * The accumulators of a board from nothing into `acc` from `at` on: White's view in the first
 * `hidden` entries, Black's in the next `hidden`.
 */
export function netAccumulate(net: NetWeights, board: Board, acc: Int32Array, at = 0): void {
  const H = net.hidden;
  for (let j = 0; j < H; j++) acc[at + j] = acc[at + H + j] = net.bias[j];
  const kLo = board[4];
  const kHi = board[5];
  apply(net, acc, at, board[0] & ~kLo, board[1] & ~kHi, true, 0);
  apply(net, acc, at, board[0] & kLo, board[1] & kHi, true, 1);
  apply(net, acc, at, board[2] & ~kLo, board[3] & ~kHi, false, 0);
  apply(net, acc, at, board[2] & kLo, board[3] & kHi, false, 1);
}

/**
 * An accumulator clipped to [0, NET_ACT], without branches (the network's activation; an
 * accumulator is a sum of at most 33 int16 values, far inside int32, so the shifts are exact).
 */
function clip(a: number): number {
  const p = a & ~(a >> 31);
  const d = p - NET_ACT;
  return (d & (d >> 31)) + NET_ACT;
}

/**
 * The correction for White, in centi-men, from the two views' accumulators at `at` (as netAccumulate
 * lays them out), with side `turn` to move (0 White; an unsided network does not read it).
 */
export function netOutput(net: NetWeights, acc: Int32Array, at = 0, turn = 0): number {
  const H = net.hidden;
  const out = net.out;
  let s = 0;
  if (netSided(net)) {
    const own = turn === 0 ? at : at + H;
    const other = turn === 0 ? at + H : at;
    for (let j = 0; j < H; j++) s += out[j] * clip(acc[own + j]) + out[H + j] * clip(acc[other + j]);
    // Toward zero, so that the colours' corrections are exact negatives.
    const r = s >= 0 ? s >> OUT_SHIFT : 0 - (-s >> OUT_SHIFT);
    return turn === 0 ? r : 0 - r;
  }
  for (let j = 0; j < H; j++) s += out[j] * (clip(acc[at + j]) - clip(acc[at + H + j]));
  // Toward zero, so that the colours' corrections are exact negatives.
  return s >= 0 ? s >> OUT_SHIFT : 0 - (-s >> OUT_SHIFT);
}

/** The correction for White of one board with `turn` to move, computed from nothing (the definition; tests compare). */
export function netEvaluateReference(net: NetWeights, board: Board, turn = 0): number {
  const acc = new Int32Array(2 * net.hidden);
  netAccumulate(net, board, acc);
  return netOutput(net, acc, 0, turn);
}

/**
 * The correction for White, kept up to date from boards scored before. It keeps one slot per search
 * ply: the last board scored at that ply and its accumulators. A board at ply `p` starts from
 * whichever of the slots `p` (usually a sibling) and `p − 1` … `p − 8` (the parent, or an ancestor
 * when the plies between were not scored, as in quiescence after captures) is fewest squares away,
 * takes out and puts in the pieces of the squares that differ, and is accumulated from nothing when
 * all are more than eight squares away. Any slot gives the same value; the choice is speed.
 *
 * The update is one pass over the units: each entry is the starting slot's plus the rows of the
 * pieces put in minus the rows of the pieces taken out, paired so that a move (one piece out, one
 * in) reads and writes each accumulator once.
 */
export class NetEvaluator {
  private readonly H: number;
  private readonly w: Int32Array;
  /** Per slot, 2·H accumulators: White's view, then Black's. */
  private readonly acc: Int32Array;
  /** Per slot, the six words of the board its accumulators hold. */
  private readonly boards: Int32Array;
  private readonly filled: Uint8Array;
  /** For each feature of White's view (kind · 64 + square), its row in `w`; and the same piece's row in Black's view. */
  private readonly rowW = new Int32Array(NET_INPUTS);
  private readonly rowB = new Int32Array(NET_INPUTS);
  private readonly slots: number;
  /** The features put in and taken out by the update in progress (at most 8 squares differ: 8 of each). */
  private readonly added = new Int32Array(8);
  private readonly removed = new Int32Array(8);
  private nAdded = 0;
  private nRemoved = 0;

  /** `slots`: the deepest ply + 1 that `white` is given (deeper plies share the last slot). */
  constructor(
    readonly net: NetWeights,
    slots = MAX_PLY + 1,
  ) {
    this.H = net.hidden;
    this.slots = Math.max(1, slots);
    this.w = Int32Array.from(net.w);
    this.acc = new Int32Array(this.slots * 2 * net.hidden);
    this.boards = new Int32Array(this.slots * 6);
    this.filled = new Uint8Array(this.slots);
    for (let kind = 0; kind < 4; kind++)
      for (let sq = 0; sq < 64; sq++) {
        this.rowW[kind * 64 + sq] = (kind * 64 + sq) * net.hidden;
        this.rowB[kind * 64 + sq] = ((kind ^ 2) * 64 + (sq ^ 56)) * net.hidden;
      }
  }

  /** The number of squares whose piece differs between `board` and slot `s`'s board. */
  private distance(s: number, board: Board): number {
    const l = this.boards;
    const o = s * 6;
    const kLo = l[o + 4] ^ board[4];
    const kHi = l[o + 5] ^ board[5];
    return (
      popcount((l[o] ^ board[0]) | (l[o + 2] ^ board[2]) | kLo) +
      popcount((l[o + 1] ^ board[1]) | (l[o + 3] ^ board[3]) | kHi)
    );
  }

  /** The correction for White of `board` with `turn` to move, scored at search ply `ply` (any ply gives the same value). */
  white(board: Board, ply = 0, turn = 0): number {
    const H = this.H;
    const s = ply < this.slots ? ply : this.slots - 1;
    const acc = this.acc;
    const at = s * 2 * H;
    let from = -1;
    let best = 9;
    if (this.filled[s] !== 0) {
      const d = this.distance(s, board);
      if (d < best) {
        best = d;
        from = s;
      }
    }
    // A move changes at least two squares, so a slot two squares away is as near as any will be.
    for (let t = s - 1; t >= 0 && t >= s - 8 && best > 2; t--) {
      if (this.filled[t] === 0) continue;
      const d = this.distance(t, board);
      if (d < best) {
        best = d;
        from = t;
      }
    }
    if (from < 0) netAccumulate(this.net, board, acc, at);
    else {
      const l = this.boards;
      const o = from * 6;
      const oLo = l[o + 4],
        oHi = l[o + 5],
        kLo = board[4],
        kHi = board[5];
      this.nAdded = this.nRemoved = 0;
      // Per kind (white men, white kings, black men, black kings): the squares left, then the squares taken.
      this.diff(0, l[o] & ~oLo, l[o + 1] & ~oHi, board[0] & ~kLo, board[1] & ~kHi);
      this.diff(64, l[o] & oLo, l[o + 1] & oHi, board[0] & kLo, board[1] & kHi);
      this.diff(128, l[o + 2] & ~oLo, l[o + 3] & ~oHi, board[2] & ~kLo, board[3] & ~kHi);
      this.diff(192, l[o + 2] & oLo, l[o + 3] & oHi, board[2] & kLo, board[3] & kHi);
      this.update(at, from * 2 * H);
    }
    const b = this.boards;
    const o = s * 6;
    b[o] = board[0];
    b[o + 1] = board[1];
    b[o + 2] = board[2];
    b[o + 3] = board[3];
    b[o + 4] = board[4];
    b[o + 5] = board[5];
    this.filled[s] = 1;
    return netOutput(this.net, acc, at, turn);
  }

  /** Note the features of one kind (feature base `kind`) taken off the squares in `o…` but not `n…`, and put on the squares in `n…` but not `o…`. */
  private diff(kind: number, oLo: number, oHi: number, nLo: number, nHi: number): void {
    if (oLo === nLo && oHi === nHi) return;
    this.nRemoved = note(this.removed, this.nRemoved, kind, oLo & ~nLo);
    this.nRemoved = note(this.removed, this.nRemoved, kind + 32, oHi & ~nHi);
    this.nAdded = note(this.added, this.nAdded, kind, nLo & ~oLo);
    this.nAdded = note(this.added, this.nAdded, kind + 32, nHi & ~oHi);
  }

  /**
   * Slot `at`'s accumulators (both views) become those at `src` plus the rows of the noted added
   * features minus those of the removed ones: one pass per pair of an added and a removed feature,
   * then one per feature left over, the first pass also reading `src`.
   */
  private update(at: number, src: number): void {
    const H = this.H;
    const w = this.w;
    const acc = this.acc;
    const rowW = this.rowW;
    const rowB = this.rowB;
    const nA = this.nAdded;
    const nR = this.nRemoved;
    const pairs = nA < nR ? nA : nR;
    const bAt = at + H;
    let from = src;
    for (let i = 0; i < pairs; i++) {
      const aw = rowW[this.added[i]];
      const ab = rowB[this.added[i]];
      const rw = rowW[this.removed[i]];
      const rb = rowB[this.removed[i]];
      const bFrom = from + H;
      for (let j = 0; j < H; j++) {
        acc[at + j] = acc[from + j] + w[aw + j] - w[rw + j];
        acc[bAt + j] = acc[bFrom + j] + w[ab + j] - w[rb + j];
      }
      from = at;
    }
    // Past the pairs only one list has features left: put in (sign 1) or taken out (sign −1).
    const rest = nA > nR ? this.added : this.removed;
    const sign = nA > nR ? 1 : -1;
    const end = nA > nR ? nA : nR;
    for (let i = pairs; i < end; i++) {
      const rw = rowW[rest[i]];
      const rb = rowB[rest[i]];
      const bFrom = from + H;
      for (let j = 0; j < H; j++) {
        acc[at + j] = acc[from + j] + sign * w[rw + j];
        acc[bAt + j] = acc[bFrom + j] + sign * w[rb + j];
      }
      from = at;
    }
    if (from !== at) acc.copyWithin(at, src, src + 2 * H);
  }
}

/** Append the features `base + i` for each bit i of `bits` to `list` from index `n`; the new length. */
function note(list: Int32Array, n: number, base: number, bits: number): number {
  while (bits !== 0) {
    list[n++] = base + 31 - Math.clz32(bits & -bits);
    bits &= bits - 1;
  }
  return n;
}
