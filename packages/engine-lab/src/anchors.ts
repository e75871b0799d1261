/**
 * The ladder's anchors: fixed, simple players that the repository defines and never tunes, so that
 * the levels (`@dama/engine`'s `LADDER`) can be measured on a scale that does not move when the engine
 * changes (scripts/ladder.ts, docs/ladder.md).
 *
 * - `RandomPlayer`: a uniformly random legal move.
 * - `GreedyPlayer`: the legal move that takes the most material, otherwise random. The maximum-capture
 *   rule already makes every legal capture take the same number of pieces, so "most" is counted in
 *   material (`ANCHOR_MAN` a man, `ANCHOR_KING` a king): among the legal captures it prefers those
 *   taking kings; ties (and every quiet position) are random.
 * - `MaterialPlayer(depth)`: a plain negamax alpha-beta to a fixed depth in plies, no quiescence, no
 *   extensions, no table, no draw rules inside the tree; a leaf is scored by material alone (men
 *   `ANCHOR_MAN`, kings `ANCHOR_KING`), a side without a move has lost. The root moves are shuffled
 *   by the game's seed and the first of the best is played, so equal moves are chosen at random and
 *   games vary.
 *
 * Each is reproducible: the same seed (`newGame`) and the same game give the same moves.
 */
import {
  applyMove,
  generateMoves,
  PlyStack,
  popcount,
  Random,
  type Board,
  type Game,
  type Move,
} from '@dama/core';
import type { Player } from './match.ts';

/** A man's material value for the anchors. */
export const ANCHOR_MAN = 1;
/** A king's material value for the anchors. */
export const ANCHOR_KING = 3;
/** A lost position for `MaterialPlayer` (beyond every material difference). */
const LOSS = -1000;

/** Salt mixed into the seeds, so that the anchors' choices do not follow the engines' noise. */
const SALT = 0x5eed_a4c;
/**
 * The greedy player's own salt: without it, where nothing can be taken it would draw the very moves
 * the random mover draws with the same seed, and its games would repeat the random mover's.
 */
const GREEDY_SALT = 0x6ee_d1e5;

/** A uniformly random legal move. */
export class RandomPlayer implements Player {
  readonly name: string;
  private rng = new Random(SALT);
  constructor(name = 'random') {
    this.name = name;
  }
  newGame(seed: number): void {
    this.rng = new Random((seed ^ SALT) | 0);
  }
  move(game: Game): Move | undefined {
    const legal = game.position.legalMoves();
    return legal.length === 0 ? undefined : legal[this.rng.int(legal.length)];
  }
}

/** The material a move takes (`ANCHOR_MAN` a man, `ANCHOR_KING` a king). */
export function capturedMaterial(game: Game, move: Move): number {
  let value = 0;
  for (const sq of move.captures)
    value += game.position.pieceAt(sq)?.role === 'king' ? ANCHOR_KING : ANCHOR_MAN;
  return value;
}

/** The legal move that takes the most material; ties (and quiet positions) at random. */
export class GreedyPlayer implements Player {
  readonly name: string;
  private rng = new Random(GREEDY_SALT);
  constructor(name = 'greedy') {
    this.name = name;
  }
  newGame(seed: number): void {
    this.rng = new Random((seed ^ GREEDY_SALT) | 0);
  }
  move(game: Game): Move | undefined {
    const legal = game.position.legalMoves();
    if (legal.length === 0) return undefined;
    let best: Move[] = [];
    let bestValue = -1;
    for (const m of legal) {
      const v = capturedMaterial(game, m);
      if (v > bestValue) {
        bestValue = v;
        best = [m];
      } else if (v === bestValue) best.push(m);
    }
    return best[this.rng.int(best.length)];
  }
}

/** Material of side `turn` minus the other's (men `ANCHOR_MAN`, kings `ANCHOR_KING`). */
export function materialBalance(b: Board, turn: number): number {
  const side = (t: number): number => {
    const lo = b[t * 2];
    const hi = b[t * 2 + 1];
    const kings = popcount(lo & b[4]) + popcount(hi & b[5]);
    const men = popcount(lo & ~b[4]) + popcount(hi & ~b[5]);
    return men * ANCHOR_MAN + kings * ANCHOR_KING;
  };
  return side(turn) - side(turn ^ 1);
}

/** A plain material-only alpha-beta to `depth` plies, equal moves chosen by the seed. */
export class MaterialPlayer implements Player {
  readonly name: string;
  /** Nodes of the last move's search. */
  nodes = 0;
  private rng = new Random(SALT);
  private stack: PlyStack;
  private rootTurn = 0;
  constructor(
    readonly depth: number,
    name = `ab${depth}`,
  ) {
    if (!Number.isInteger(depth) || depth < 1)
      throw new Error(`MaterialPlayer: depth must be ≥ 1, not ${depth}`);
    this.name = name;
    this.stack = new PlyStack(depth + 2);
  }
  newGame(seed: number): void {
    this.rng = new Random((seed ^ SALT) | 0);
  }
  move(game: Game): Move | undefined {
    const legal = game.position.legalMoves();
    if (legal.length === 0) return undefined;
    const pos = game.position;
    const turn = pos.turnIndex;
    this.rootTurn = turn;
    const b = this.stack.boards[0];
    b.set(pos.toBoard());
    const l = this.stack.lists[0];
    generateMoves(b, turn, l);
    const order = this.rng.shuffle(Array.from({ length: l.count }, (_, i) => i));
    this.nodes = 0;
    let best = order[0];
    let alpha = -Infinity;
    const child = this.stack.boards[1];
    for (const i of order) {
      applyMove(b, turn, l, i, child);
      // A null window above the best so far: only a strictly better move replaces it.
      const s = -this.search(1, this.depth - 1, -Infinity, -alpha);
      if (s > alpha) {
        alpha = s;
        best = i;
      }
    }
    return legal[best];
  }

  private search(ply: number, depth: number, alpha: number, beta: number): number {
    this.nodes++;
    const b = this.stack.boards[ply];
    const turn = (this.rootTurn + ply) & 1;
    if (depth <= 0) return materialBalance(b, turn);
    const l = this.stack.lists[ply];
    generateMoves(b, turn, l);
    if (l.count === 0) return LOSS + ply;
    let best = -Infinity;
    const child = this.stack.boards[ply + 1];
    for (let i = 0; i < l.count; i++) {
      applyMove(b, turn, l, i, child);
      const s = -this.search(ply + 1, depth - 1, -beta, -alpha);
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          if (s >= beta) break;
        }
      }
    }
    return best;
  }
}
