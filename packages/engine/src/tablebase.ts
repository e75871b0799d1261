/**
 * Endgame tablebases: the exact value of every position with at most four pieces under the default
 * rules, for the side to move: won, lost or drawn, and the number of plies to the end with perfect
 * play (the winner hurries, the loser resists).
 *
 * A position is stored with White to move: a position with Black to move is first turned over
 * (ranks mirrored, colours swapped), which maps Black's men moving down onto White's men moving up.
 * So one table per material class — White's men and kings, Black's men and kings, e.g. `1101` is a
 * white man and a white king against a black king — holds everything of that material.
 *
 * The index of a class: the pieces fall into four groups (white men, white kings, black men, black
 * kings); each group's squares are ranked as a combination (colex order) over the squares it may
 * stand on (men: ranks 2–7, 48 squares; kings: all 64), and the group ranks are combined in mixed
 * radix. Indices where two pieces share a square are unused and hold 0 (a draw).
 *
 * One byte per position: 0 is a draw; otherwise the byte is `plies + 1`, where `plies` is the
 * distance to the end of the game. The side to move wins exactly when `plies` is odd (it makes the
 * last move; the other side then has no piece or no move), and loses when it is even (0: it has no
 * move now). The files that carry these bytes are tbformat.ts's.
 *
 * What the values assume (the default rules, with two decisions):
 * - One king against one king is a draw at once (the rule), whatever the squares.
 * - Repetition: a line that cycles is a draw; a forced win never needs to repeat, so this is the
 *   threefold rule's value.
 * - The no-progress counter is taken as fresh (0) at the position. A win or loss in `plies` is
 *   therefore exact for the game only when the counter plus `plies` stays within the 50-ply limit;
 *   `tbScore` checks that and gives no value otherwise (the search then plays on without the table).
 *   A draw is exact at any counter (the counter can only add draws).
 * The optional draw rules (one piece each, king against man, the 30-move king rule) change values;
 * with any of them on, the tables are not used.
 */
import { NO_PROGRESS_PLIES, popcount, RANK_1_LO, RANK_8_HI, type Board } from '@dama/core';
import { WIN } from './types.ts';

/** The largest number of pieces the tables cover. */
export const TB_MAX_PIECES = 4;

/** A material class: counts of white men, white kings, black men, black kings. */
export interface Material {
  wm: number;
  wk: number;
  bm: number;
  bk: number;
}

/** The class id (base 5 digits wm wk bm bk) and its name, e.g. 1101. */
export const materialId = (m: Material): number => m.wm * 125 + m.wk * 25 + m.bm * 5 + m.bk;
/** A class's name, its four counts in a row (wm wk bm bk), e.g. '1101'. */
export const materialName = (m: Material): string => `${m.wm}${m.wk}${m.bm}${m.bk}`;
/** The class of a name like '1101', or undefined when it is not a class the tables hold. */
export function parseMaterialName(name: string): Material | undefined {
  if (!/^[0-4]{4}$/.test(name)) return undefined;
  const [wm, wk, bm, bk] = [...name].map(Number);
  const m = { wm, wk, bm, bk };
  return isTableMaterial(m) ? m : undefined;
}
/** The class with the colours swapped. */
export const flipMaterial = (m: Material): Material => ({ wm: m.bm, wk: m.bk, bm: m.wm, bk: m.wk });

/** A class with a table: both sides have a piece, at most four in all, and not one king each. */
export function isTableMaterial(m: Material, max = TB_MAX_PIECES): boolean {
  const w = m.wm + m.wk;
  const b = m.bm + m.bk;
  return w >= 1 && b >= 1 && w + b <= max && !(m.wm === 0 && m.bm === 0 && m.wk === 1 && m.bk === 1);
}

/** Every class with a table up to `max` pieces, in an order where each class's successors come first. */
export function tableMaterials(max = TB_MAX_PIECES): Material[] {
  const all: Material[] = [];
  for (let n = 2; n <= max; n++)
    for (let wm = 0; wm <= n; wm++)
      for (let wk = 0; wk + wm <= n; wk++)
        for (let bm = 0; bm + wk + wm <= n; bm++) {
          const m = { wm, wk, bm, bk: n - wm - wk - bm };
          if (isTableMaterial(m, max)) all.push(m);
        }
  // Captures lower the piece count; promotions turn a man into a king (fewer men). Quiet moves keep
  // the class but hand the move over (the flipped class), so a class and its flip are solved together.
  const men = (m: Material) => m.wm + m.bm;
  const pieces = (m: Material) => m.wm + m.wk + m.bm + m.bk;
  return all.sort((a, b) => pieces(a) - pieces(b) || men(a) - men(b) || materialId(a) - materialId(b));
}

/** Binomial coefficients C(n, k) for n ≤ 64, k ≤ 4. */
const BINOM = new Float64Array(65 * 5);
for (let n = 0; n <= 64; n++) {
  BINOM[n * 5] = 1;
  for (let k = 1; k <= 4; k++)
    BINOM[n * 5 + k] = n === 0 ? 0 : BINOM[(n - 1) * 5 + k - 1] + BINOM[(n - 1) * 5 + k];
}
export const binomial = (n: number, k: number): number => (k > n ? 0 : BINOM[n * 5 + k]);

/** Rows of men (ranks 2–7): squares 8–55. */
const MAN_FIRST = 8;
const MAN_SQUARES = 48;

/** The group sizes of a class: the number of combinations of each group. */
export function groupSizes(m: Material): [number, number, number, number] {
  return [binomial(MAN_SQUARES, m.wm), binomial(64, m.wk), binomial(MAN_SQUARES, m.bm), binomial(64, m.bk)];
}

/** The number of indices of a class (including the unused ones where pieces overlap). */
export function tableSize(m: Material): number {
  const g = groupSizes(m);
  return g[0] * g[1] * g[2] * g[3];
}

/** The colex rank of the squares of `lo`/`hi` (minus `first`) as a combination. */
function groupRank(lo: number, hi: number, first: number): number {
  let r = 0;
  let i = 1;
  while (lo !== 0) {
    const s = 31 - Math.clz32(lo & -lo);
    lo &= lo - 1;
    r += BINOM[(s - first) * 5 + i++];
  }
  while (hi !== 0) {
    const s = 32 + 31 - Math.clz32(hi & -hi);
    hi &= hi - 1;
    r += BINOM[(s - first) * 5 + i++];
  }
  return r;
}

/**
 * The index of a board with White to move inside its class (whose group sizes are `g`), or -1 when a
 * man stands on rank 1 or 8 (no game reaches that; such composed positions have no table entry).
 */
export function tableIndex(board: Board, g: readonly number[]): number {
  const kLo = board[4],
    kHi = board[5];
  // Men of each colour (the board without its kings), then kings (the board with its kings only).
  const wmLo = board[0] & ~kLo,
    wmHi = board[1] & ~kHi,
    bmLo = board[2] & ~kLo,
    bmHi = board[3] & ~kHi;
  if (((wmLo | bmLo) & RANK_1_LO) !== 0 || ((wmHi | bmHi) & RANK_8_HI) !== 0) return -1;
  const r0 = groupRank(wmLo, wmHi, MAN_FIRST);
  const r1 = groupRank(board[0] & kLo, board[1] & kHi, 0);
  const r2 = groupRank(bmLo, bmHi, MAN_FIRST);
  const r3 = groupRank(board[2] & kLo, board[3] & kHi, 0);
  return ((r0 * g[1] + r1) * g[2] + r2) * g[3] + r3;
}

/** Reverse the bytes of an int32 (one rank per byte): mirrors the ranks of one half. */
const bswap = (x: number): number => (x >>> 24) | ((x >>> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);

/** Turn a board over: ranks mirrored, colours swapped (Black to move becomes White to move). */
export function flipBoard(b: ArrayLike<number>, out: Int32Array): void {
  const wLo = b[0],
    wHi = b[1];
  out[0] = bswap(b[3]);
  out[1] = bswap(b[2]);
  out[2] = bswap(wHi);
  out[3] = bswap(wLo);
  const kLo = b[4];
  out[4] = bswap(b[5]);
  out[5] = bswap(kLo);
}

/** Value bytes. */
export const TB_DRAW = 0;
/** The byte for a win or loss `plies` from the end. */
export const tbCode = (plies: number): number => plies + 1;

/** A decoded table value for the side to move. */
export interface TbValue {
  result: 'win' | 'loss' | 'draw';
  /** Plies to the end with perfect play (0 for a draw). */
  plies: number;
}

/** The result and distance a value byte stands for. */
export function decodeValue(code: number): TbValue {
  if (code === TB_DRAW) return { result: 'draw', plies: 0 };
  const plies = code - 1;
  return { result: (plies & 1) === 1 ? 'win' : 'loss', plies };
}

/** Where a table comes from when the tablebase first needs it (a file, a fetch); undefined: none. */
export type TableSource = (m: Material) => Uint8Array | undefined;

const scratchBoard = new Int32Array(6);

/**
 * The loaded tables, probed by board. Tables are added whole (`add`), e.g. by a loader that reads or
 * fetches the files of the classes a game can reach.
 */
export class Tablebase {
  private tables = new Map<number, Uint8Array>();
  private sizes = new Map<number, number[]>();
  /** Classes the source was asked for and did not have. */
  private missing = new Set<number>();
  private source: TableSource | undefined;
  /** The largest piece count for which every class is loaded (0: none complete). */
  maxPieces = 0;

  /** `source`, when given, is asked for a class the first time a probe needs it (e.g. a file read). */
  constructor(source?: TableSource) {
    this.source = source;
  }

  /** Load the value bytes of class `m` (an error if the class or the length is wrong). */
  add(m: Material, values: Uint8Array): void {
    if (!isTableMaterial(m)) throw new Error(`${materialName(m)} is not a tablebase class.`);
    if (values.length !== tableSize(m))
      throw new Error(`The table ${materialName(m)} has ${values.length} values, not ${tableSize(m)}.`);
    const id = materialId(m);
    this.tables.set(id, values);
    this.sizes.set(id, groupSizes(m));
    this.maxPieces = 0;
    for (let n = 2; n <= TB_MAX_PIECES; n++) {
      if (!tableMaterials(n).every((c) => c.wm + c.wk + c.bm + c.bk < n || this.tables.has(materialId(c))))
        break;
      this.maxPieces = n;
    }
  }

  /** True when the table of class `m` is loaded. */
  has(m: Material): boolean {
    return this.tables.has(materialId(m));
  }

  get size(): number {
    return this.tables.size;
  }

  /** The table of a class, if loaded. */
  table(m: Material): Uint8Array | undefined {
    return this.tables.get(materialId(m));
  }

  /**
   * The value byte of a board for `turn` to move (0 White), or -1 when the tables do not know it
   * (more than four pieces, a class not loaded, a man on an end rank). A side without pieces to move
   * has lost; one king each is a draw.
   */
  probe(board: Board, turn: number): number {
    const w = popcount(board[0]) + popcount(board[1]);
    const b = popcount(board[2]) + popcount(board[3]);
    if (w + b > TB_MAX_PIECES) return -1;
    if ((turn === 0 ? w : b) === 0) return tbCode(0);
    if (w === 0 || b === 0) return -1; // the side that just moved has no pieces: not a game position
    if (turn !== 0) {
      flipBoard(board, scratchBoard);
      board = scratchBoard;
    }
    const kLo = board[4],
      kHi = board[5];
    const wk = popcount(board[0] & kLo) + popcount(board[1] & kHi);
    const bk = popcount(board[2] & kLo) + popcount(board[3] & kHi);
    const wm = (turn === 0 ? w : b) - wk;
    const bm = (turn === 0 ? b : w) - bk;
    if (wm === 0 && bm === 0 && wk === 1 && bk === 1) return TB_DRAW;
    const id = wm * 125 + wk * 25 + bm * 5 + bk;
    let t = this.tables.get(id);
    if (t === undefined) {
      if (this.source === undefined || this.missing.has(id)) return -1;
      const m = { wm, wk, bm, bk };
      const values = this.source(m);
      if (values === undefined) {
        this.missing.add(id);
        return -1;
      }
      this.add(m, values);
      t = values;
    }
    const i = tableIndex(board, this.sizes.get(id)!);
    return i < 0 ? -1 : t[i];
  }
}

/**
 * The search score of a value byte at `ply` from the root, with the no-progress counter `noProgress`
 * at that node: `WIN - (ply + plies)` for a win, its negation for a loss, 0 for a draw, or undefined
 * when the counter could run out before the end (the value then need not hold for the game).
 */
export function tbScore(code: number, ply: number, noProgress: number): number | undefined {
  if (code === TB_DRAW) return 0;
  const plies = code - 1;
  if (noProgress + plies > NO_PROGRESS_PLIES) return undefined;
  return (plies & 1) === 1 ? WIN - ply - plies : -WIN + ply + plies;
}

/**
 * The tables a game with this material can need: the classes it can reach by captures and
 * promotions, as stored (a position with Black to move is looked up in the flipped class).
 */
export function reachableMaterials(m: Material): Material[] {
  const reach = (c: Material) =>
    c.wm <= m.wm && c.wm + c.wk <= m.wm + m.wk && c.bm <= m.bm && c.bm + c.bk <= m.bm + m.bk;
  return tableMaterials().filter((c) => reach(c) || reach(flipMaterial(c)));
}
