/**
 * The transposition table: buckets of four entries in one Int32Array, so it costs nothing to the
 * garbage collector and can be cleared in one call. An entry is four int32s:
 *   0: the verification key (Zobrist key B),
 *   1: move index + 1 (10 bits) | depth (8 bits) << 10 | bound (2 bits) << 18 | age (8 bits) << 20,
 *   2: the score (win scores relative to the node, see `toTT`/`fromTT`),
 *   3: the static evaluation.
 * The hash move is stored as its index in the move list, which the generator fills in a fixed order
 * for a given position, so the index is valid whenever the keys match (and is range-checked anyway).
 */
import { WIN_BOUND } from './types.ts';

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY = 4;
const BUCKET = 4;

/** The transposition table (see the module comment); its size is fixed at creation, in MB. */
export class TranspositionTable {
  private data: Int32Array;
  private mask: number;
  private age = 0;
  // The result of the last successful probe.
  move = -1;
  depth = 0;
  bound = BOUND_NONE;
  score = 0;
  eval = 0;

  /** A table of about `megabytes` MB (rounded down to a power of two of buckets). */
  constructor(megabytes = 16) {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    let buckets = 1;
    while (buckets * 2 * BUCKET * ENTRY * 4 <= bytes) buckets *= 2;
    this.data = new Int32Array(buckets * BUCKET * ENTRY);
    this.mask = buckets - 1;
  }

  /** Empty the table. */
  clear(): void {
    this.data.fill(0);
    this.age = 0;
  }

  /** Called once per search, so that entries from older searches are replaced first. */
  newSearch(): void {
    this.age = (this.age + 1) & 0xff;
  }

  /** Look a position up; on a hit, fills `move`, `depth`, `bound`, `score` and `eval`. */
  probe(keyA: number, keyB: number): boolean {
    const base = (keyA & this.mask) * BUCKET * ENTRY;
    const d = this.data;
    for (let i = 0; i < BUCKET; i++) {
      const e = base + i * ENTRY;
      const info = d[e + 1];
      if (d[e] === keyB && info !== 0) {
        this.move = (info & 0x3ff) - 1;
        this.depth = (info >>> 10) & 0xff;
        this.bound = (info >>> 18) & 3;
        this.score = d[e + 2];
        this.eval = d[e + 3];
        return true;
      }
    }
    return false;
  }

  /** Keep a search result for the position with keys `keyA`/`keyB` (in the same position's entry, else over the shallowest of its bucket, older searches' first). */
  store(
    keyA: number,
    keyB: number,
    move: number,
    depth: number,
    bound: number,
    score: number,
    ev: number,
  ): void {
    const base = (keyA & this.mask) * BUCKET * ENTRY;
    const d = this.data;
    let target = base;
    let worst = 1 << 30;
    for (let i = 0; i < BUCKET; i++) {
      const e = base + i * ENTRY;
      const info = d[e + 1];
      if (info === 0 || d[e] === keyB) {
        // Same position: keep the old move when the new entry has none.
        if (info !== 0 && move < 0) move = (info & 0x3ff) - 1;
        target = e;
        break;
      }
      // Replace the shallowest entry, preferring entries of older searches.
      const age = (info >>> 20) & 0xff;
      const value = ((info >>> 10) & 0xff) - (age === this.age ? 0 : 256);
      if (value < worst) {
        worst = value;
        target = e;
      }
    }
    const dep = depth < 0 ? 0 : depth > 255 ? 255 : depth;
    d[target] = keyB;
    d[target + 1] = ((move + 1) & 0x3ff) | (dep << 10) | (bound << 18) | (this.age << 20) | (1 << 29);
    d[target + 2] = score;
    d[target + 3] = ev;
  }

  /** Permille of the first 1000 entries used by the current search (UCI's hashfull). */
  hashfull(): number {
    let n = 0;
    for (let i = 0; i < 1000 && i * ENTRY < this.data.length; i++) {
      const info = this.data[i * ENTRY + 1];
      if (info !== 0 && ((info >>> 20) & 0xff) === this.age) n++;
    }
    return n;
  }
}

/** A win score is stored relative to the node (distance from here), not to the root. */
export const toTT = (score: number, ply: number): number =>
  score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;

export const fromTT = (score: number, ply: number): number =>
  score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
