/**
 * A small network on top of the pattern evaluation: it sees every piece, kings included, and the
 * whole board at once, where the pattern windows see men only, eight squares at a time.
 *
 * Inputs: 256 features of one side's view — its men, its kings, the enemy's men, the enemy's kings,
 * each on one of 64 squares, with the board turned so that the side's men move up. Every position
 * is read twice, from White's view and from Black's, through the same weights into two accumulators
 * of `hidden` units (`bias + Σ weights of the pieces`). Each unit is clipped to [0, 1], and the
 * correction for White is `Σ out[j] · (white[j] − black[j])`: it is exactly the negative for the
 * position turned over with the colours swapped, by construction.
 *
 * Integers throughout (weights Int16, accumulators Int32: activation 1 is `NET_ACT`, the output is
 * in 1/`NET_OUT` centi-men per unit of activation), so that both colours get exactly the same
 * score. `NetEvaluator` keeps the accumulators of the last board it scored and updates them by the
 * squares that changed (in a search, the next board is usually a close relative).
 */
import { popcount, type Board } from '@dama/core';

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
  /** 1/NET_OUT centi-men per unit of activation. */
  readonly out: Int16Array;
}

/** The feature of a piece: kind 0 own man, 1 own king, 2 enemy man, 3 enemy king, at square `sq` of that view. */
export const netFeature = (kind: number, sq: number): number => kind * 64 + sq;

/** Add (`sign` 1) or remove (−1) the pieces of one kind on `lo`/`hi` in both views. */
function apply(
  net: NetWeights,
  accW: Int32Array,
  accB: Int32Array,
  lo: number,
  hi: number,
  white: boolean,
  king: number,
  sign: number,
): void {
  const H = net.hidden;
  const w = net.w;
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
      if (sign > 0) {
        for (let j = 0; j < H; j++) {
          accW[j] += w[fW + j];
          accB[j] += w[fB + j];
        }
      } else {
        for (let j = 0; j < H; j++) {
          accW[j] -= w[fW + j];
          accB[j] -= w[fB + j];
        }
      }
    }
  }
}

/** The accumulators of a board from nothing: White's view into accW, Black's into accB. */
export function netAccumulate(net: NetWeights, board: Board, accW: Int32Array, accB: Int32Array): void {
  const H = net.hidden;
  for (let j = 0; j < H; j++) accW[j] = accB[j] = net.bias[j];
  const kLo = board[4];
  const kHi = board[5];
  apply(net, accW, accB, board[0] & ~kLo, board[1] & ~kHi, true, 0, 1);
  apply(net, accW, accB, board[0] & kLo, board[1] & kHi, true, 1, 1);
  apply(net, accW, accB, board[2] & ~kLo, board[3] & ~kHi, false, 0, 1);
  apply(net, accW, accB, board[2] & kLo, board[3] & kHi, false, 1, 1);
}

/** The correction for White, in centi-men, from the two accumulators. */
export function netOutput(net: NetWeights, accW: Int32Array, accB: Int32Array): number {
  const H = net.hidden;
  const out = net.out;
  let s = 0;
  for (let j = 0; j < H; j++) {
    let a = accW[j];
    a = a < 0 ? 0 : a > NET_ACT ? NET_ACT : a;
    let c = accB[j];
    c = c < 0 ? 0 : c > NET_ACT ? NET_ACT : c;
    s += out[j] * (a - c);
  }
  // Toward zero, so that the colours' corrections are exact negatives.
  return s >= 0 ? s >> OUT_SHIFT : -(-s >> OUT_SHIFT);
}

/** The correction for White of one board, computed from nothing (the definition; tests compare). */
export function netEvaluateReference(net: NetWeights, board: Board): number {
  const accW = new Int32Array(net.hidden);
  const accB = new Int32Array(net.hidden);
  netAccumulate(net, board, accW, accB);
  return netOutput(net, accW, accB);
}

/**
 * The correction for White, kept up to date from the last board scored: the squares whose piece
 * changed are taken out and put in (a search's next board is usually a sibling or a child, a few
 * squares away); a board far from the last one is accumulated from nothing.
 */
export class NetEvaluator {
  private readonly H: number;
  private readonly w: Int32Array;
  private readonly accW: Int32Array;
  private readonly accB: Int32Array;
  /** For each feature of White's view (kind · 64 + square), its row in `w`; and the same piece's row in Black's view. */
  private readonly rowW = new Int32Array(NET_INPUTS);
  private readonly rowB = new Int32Array(NET_INPUTS);
  private readonly last = new Int32Array(6);
  private fresh = false;

  constructor(readonly net: NetWeights) {
    this.H = net.hidden;
    this.w = Int32Array.from(net.w);
    this.accW = new Int32Array(net.hidden);
    this.accB = new Int32Array(net.hidden);
    for (let kind = 0; kind < 4; kind++)
      for (let sq = 0; sq < 64; sq++) {
        this.rowW[kind * 64 + sq] = (kind * 64 + sq) * net.hidden;
        this.rowB[kind * 64 + sq] = ((kind ^ 2) * 64 + (sq ^ 56)) * net.hidden;
      }
  }

  white(board: Board): number {
    const l = this.last;
    const wLo = board[0],
      wHi = board[1],
      bLo = board[2],
      bHi = board[3],
      kLo = board[4],
      kHi = board[5];
    if (!this.fresh || popcount((l[0] ^ wLo) | (l[2] ^ bLo)) + popcount((l[1] ^ wHi) | (l[3] ^ bHi)) > 8) {
      netAccumulate(this.net, board, this.accW, this.accB);
      this.fresh = true;
    } else {
      const oKLo = l[4],
        oKHi = l[5];
      // Per kind (white men, white kings, black men, black kings): the squares left, then the squares taken.
      this.change(0, l[0] & ~oKLo, l[1] & ~oKHi, wLo & ~kLo, wHi & ~kHi);
      this.change(64, l[0] & oKLo, l[1] & oKHi, wLo & kLo, wHi & kHi);
      this.change(128, l[2] & ~oKLo, l[3] & ~oKHi, bLo & ~kLo, bHi & ~kHi);
      this.change(192, l[2] & oKLo, l[3] & oKHi, bLo & kLo, bHi & kHi);
    }
    l[0] = wLo;
    l[1] = wHi;
    l[2] = bLo;
    l[3] = bHi;
    l[4] = kLo;
    l[5] = kHi;
    return netOutput(this.net, this.accW, this.accB);
  }

  private change(kind: number, oLo: number, oHi: number, nLo: number, nHi: number): void {
    if (oLo === nLo && oHi === nHi) return;
    const H = this.H;
    const w = this.w;
    const accW = this.accW;
    const accB = this.accB;
    for (let half = 0; half < 2; half++) {
      let gone = half === 0 ? oLo & ~nLo : oHi & ~nHi;
      let come = half === 0 ? nLo & ~oLo : nHi & ~oHi;
      const base = kind + half * 32;
      while (gone !== 0) {
        const f = base + 31 - Math.clz32(gone & -gone);
        gone &= gone - 1;
        const rw = this.rowW[f];
        const rb = this.rowB[f];
        for (let j = 0; j < H; j++) {
          accW[j] -= w[rw + j];
          accB[j] -= w[rb + j];
        }
      }
      while (come !== 0) {
        const f = base + 31 - Math.clz32(come & -come);
        come &= come - 1;
        const rw = this.rowW[f];
        const rb = this.rowB[f];
        for (let j = 0; j < H; j++) {
          accW[j] += w[rw + j];
          accB[j] += w[rb + j];
        }
      }
    }
  }
}
