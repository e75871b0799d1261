/**
 * A proven puzzle's solution: the tree of accepted moves and the main line shown to the player.
 * Everything here is derived from the prover (prover.ts), so it can be recomputed from the FEN alone
 * and compared with what the bank stores.
 *
 * The tree alternates solver and defender nodes, keyed by move notation:
 * `{ "c3-c4": { "d5-d4": { "e3xe5": null } } }`. A solver node lists every move that still forces
 * the win in the moves left (sorted by notation); a move that ends the game maps to null. A defender
 * node lists the defender's replies, longest-holding first; the bank keeps only that first one (the
 * reply the puzzle plays), `allReplies` keeps every reply.
 */
import { makeNotation, type Move, type Position } from '@dama/core';
import { isLost, proveWinDistance, winningMoves } from './prover.ts';

export interface SolutionTree {
  [solverMove: string]: { [reply: string]: SolutionTree } | null;
}

/** A defender's reply with what the prover says about it. */
export interface Defence {
  move: Move;
  notation: string;
  /** The solver's moves needed after this reply (undefined: more than the moves left — the reply escapes). */
  distance: number | undefined;
  /** How many solver moves win within the moves left after this reply. */
  accepted: number;
}

const byNotation = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The defender's replies when the solver has `movesLeft` moves to win, best defence first: the reply
 * that holds out longest (most solver moves still needed; a reply that escapes comes first of all),
 * then the one that leaves the solver the fewest winning moves, then notation order.
 */
export function rankDefences(pos: Position, movesLeft: number): Defence[] {
  const out: Defence[] = pos.legalMoves().map((move) => {
    const after = pos.play(move);
    const distance = proveWinDistance(after, movesLeft);
    const accepted = distance === undefined ? 0 : winningMoves(after, movesLeft).length;
    return { move, notation: makeNotation(move), distance, accepted };
  });
  const far = (d: number | undefined) => (d === undefined ? Infinity : d);
  return out.sort(
    (a, b) =>
      far(b.distance) - far(a.distance) || a.accepted - b.accepted || byNotation(a.notation, b.notation),
  );
}

export interface TreeOptions {
  /** Keep every defender reply, not only the longest-holding one. */
  allReplies?: boolean;
}

/** The solution tree of a position whose side to move wins within `moves` of its moves. */
export function solutionTree(pos: Position, moves: number, options: TreeOptions = {}): SolutionTree {
  const tree: SolutionTree = {};
  const accepted = winningMoves(pos, moves)
    .map((move) => ({ move, notation: makeNotation(move) }))
    .sort((a, b) => byNotation(a.notation, b.notation));
  for (const { move, notation } of accepted) {
    const after = pos.play(move);
    if (isLost(after)) {
      tree[notation] = null;
      continue;
    }
    const defences = rankDefences(after, moves - 1);
    const node: { [reply: string]: SolutionTree } = {};
    for (const d of options.allReplies ? defences : defences.slice(0, 1))
      node[d.notation] = solutionTree(after.play(d.move), moves - 1, options);
    tree[notation] = node;
  }
  return tree;
}

/** The main line: at each solver node the first accepted move, at each defender node the first reply. */
export function mainLine(tree: SolutionTree): string[] {
  const line: string[] = [];
  let node: SolutionTree | null = tree;
  while (node) {
    const move: string | undefined = Object.keys(node)[0];
    if (move === undefined) break;
    line.push(move);
    const replies: { [reply: string]: SolutionTree } | null = node[move];
    if (!replies) break;
    const reply: string | undefined = Object.keys(replies)[0];
    if (reply === undefined) break;
    line.push(reply);
    node = replies[reply];
  }
  return line;
}
