/**
 * Move ordering, and what the search learns at a node for the next ones (Scan's `sort`, `good_move`
 * and `bad_move`). `orderMoves` scores a ply's list and `nextMove` hands the moves out best first; a
 * quiet move that cuts becomes the ply's killer and gains history (`goodMove`), and the quiet moves
 * searched before it at that node lose what it gains (`badMove` records them).
 *
 * A node with captures orders them by the kings they take (every capture takes the same number of
 * pieces: the maximum rule). A quiet node: the hash move, the two killers, then history, with
 * crowning moves ahead of the others of their rank.
 */
import { bitAt, popcount, type Board, type MoveList } from '@dama/core';
import { MAX_PLY } from './types.ts';

/** The order score of a move already handed out. */
const TAKEN = -(1 << 30);
/** The hash move's order score. */
const HASH_SCORE = 1 << 20;
/** The killers' order score: + 2 for the first, + 1 for the second. */
const KILLER_SCORE = 1 << 19;
/** Added to a crowning move's order score. */
const CROWN_BONUS = 1 << 18;
/** History stays within ± this: when a value passes it, the whole table is halved. */
const HISTORY_LIMIT = 1 << 17;
/** How many of the moves searched at a node the history malus remembers. */
const TRIED = 64;

/** Whether the piece on `sq` is a king. */
const isKing = (b: Board, sq: number): boolean => bitAt(b[4], b[5], sq) === 1;

/** Whether the quiet move `from`–`to` of side `turn` crowns a man (a man reaching the last rank). */
export const crowns = (b: Board, turn: number, from: number, to: number): boolean =>
  (turn === 0 ? to >= 56 : to < 8) && !isKing(b, from);

/** A quiet move's killer id: `from | to << 6`, plus 1 (0: no killer). */
const killerId = (from: number, to: number): number => (from | (to << 6)) + 1;

/** The move ordering of one searcher: per-ply order scores, killers and history. */
export class MoveOrder {
  /** Each ply's order scores, one per move of its list (`TAKEN` once handed out). */
  private scores: Int32Array[] = [];
  /** Two killers per ply (`killerId`): the last two quiet moves that cut there. */
  private killers = new Int32Array(MAX_PLY * 2);
  /** Per side, by from · 64 + to: the depth² of each cut by the quiet move, less the malus. */
  private history = new Int32Array(2 * 64 * 64);
  /** Per ply, the quiet moves searched at the current node that did not cut (from · 64 + to). */
  private tried = new Int32Array((MAX_PLY + 1) * TRIED);
  private triedCount = new Int32Array(MAX_PLY + 1);

  /** `malus`: at a cut, the quiet moves tried before the cutting one lose the history it gains. */
  constructor(readonly malus: boolean) {
    for (let i = 0; i <= MAX_PLY; i++) this.scores.push(new Int32Array(64));
  }

  /** Forget the killers and the history (a new game). */
  clear(): void {
    this.history.fill(0);
    this.killers.fill(0);
  }

  /** Forget the killers (a new search; the history stays). */
  newSearch(): void {
    this.killers.fill(0);
  }

  /**
   * Score the moves of `l`, the list of `ply` (side `turn` on `b`), for `nextMove`; `hashMove`
   * (an index, or -1) first. This starts the node: no move tried yet.
   */
  orderMoves(ply: number, l: MoveList, b: Board, turn: number, hashMove: number): void {
    this.triedCount[ply] = 0;
    if (l.captures > 0) {
      this.orderCaptures(ply, l, b);
      if (hashMove >= 0) this.scores[ply][hashMove] = HASH_SCORE;
      return;
    }
    const o = this.scoresFor(ply, l);
    const k1 = this.killers[ply * 2];
    const k2 = this.killers[ply * 2 + 1];
    const side = turn * 4096;
    for (let i = 0; i < l.count; i++) {
      const from = l.from[i];
      const to = l.to[i];
      const id = killerId(from, to);
      let s: number;
      if (i === hashMove) s = HASH_SCORE;
      else if (id === k1) s = KILLER_SCORE + 2;
      else if (id === k2) s = KILLER_SCORE + 1;
      else s = this.history[side + from * 64 + to];
      if (crowns(b, turn, from, to)) s += CROWN_BONUS;
      o[i] = s;
    }
  }

  /** Score the captures of `l`, the list of `ply` on `b`, by the kings they take (quiescence's order). */
  orderCaptures(ply: number, l: MoveList, b: Board): void {
    const o = this.scoresFor(ply, l);
    for (let i = 0; i < l.count; i++) o[i] = popcount(l.capLo[i] & b[4]) + popcount(l.capHi[i] & b[5]);
  }

  /**
   * The next move to search at `ply` (`count` moves): the best-scored one not handed out yet. The
   * list is not sorted: a taken move's score becomes `TAKEN`, so move indices stay the generator's,
   * which the TT and the PV rely on. Of equal scores, the first in the list comes first.
   */
  nextMove(ply: number, count: number): number {
    const o = this.scores[ply];
    let best = -1;
    let bestScore = TAKEN;
    for (let i = 0; i < count; i++)
      if (o[i] > bestScore) {
        bestScore = o[i];
        best = i;
      }
    o[best] = TAKEN;
    return best;
  }

  /** Whether a quiet move of `l` (side `turn` on `b`) not handed out yet at `ply` crowns a man. */
  promotionLeft(ply: number, l: MoveList, b: Board, turn: number): boolean {
    const o = this.scores[ply];
    for (let i = 0; i < l.count; i++) if (o[i] !== TAKEN && crowns(b, turn, l.from[i], l.to[i])) return true;
    return false;
  }

  /** Whether the quiet move `from`–`to` is the first killer of `ply`. */
  isFirstKiller(ply: number, from: number, to: number): boolean {
    return killerId(from, to) === this.killers[ply * 2];
  }

  /**
   * The quiet move `from`–`to`, the `n`-th of its node at `ply` (counting the moves skipped), was
   * searched and did not cut: remembered for the malus (the first `TRIED` moves of a node).
   */
  badMove(ply: number, n: number, from: number, to: number): void {
    if (n < TRIED) this.tried[ply * TRIED + this.triedCount[ply]++] = from * 64 + to;
  }

  /**
   * The quiet move `from`–`to` of side `turn` cut at `ply` with `depth` plies left: it becomes the
   * first killer and gains depth² of history, which the moves of `badMove` at this node lose.
   */
  goodMove(ply: number, turn: number, from: number, to: number, depth: number): void {
    const id = killerId(from, to);
    const k = ply * 2;
    if (this.killers[k] !== id) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = id;
    }
    const history = this.history;
    const bonus = depth * depth;
    const side = turn * 4096;
    const h = side + from * 64 + to;
    history[h] += bonus;
    let over = history[h] > HISTORY_LIMIT;
    if (this.malus) {
      const base = ply * TRIED;
      const tried = this.triedCount[ply];
      for (let t = 0; t < tried; t++) {
        const j = side + this.tried[base + t];
        history[j] -= bonus;
        if (history[j] < -HISTORY_LIMIT) over = true;
      }
    }
    if (over) for (let j = 0; j < history.length; j++) history[j] >>= 1;
  }

  /** The order scores of `ply`, room made for the moves of `l`. */
  private scoresFor(ply: number, l: MoveList): Int32Array {
    if (this.scores[ply].length < l.count) this.scores[ply] = new Int32Array(l.capacity);
    return this.scores[ply];
  }
}
