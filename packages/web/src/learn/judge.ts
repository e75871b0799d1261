// What a level's goal means on the board, for the screen (ctrl.ts) and for the test that proves
// every level (catalogue.test.ts): is a move right, what does the computer answer, is the goal
// reached. Wins are the puzzle package's prover (exhaustive, synchronous, fine for the few pieces of
// a level); "make a king" has its own tiny search here, as the prover only knows wins. Pure: no
// DOM, no storage.
import { makeFen, opposite, parsePosition, type Move, type Position } from '@dama/core';
import {
  isKingVsKing,
  isLost,
  losesWithin,
  materialPoints,
  proveWinDistance,
  winsWithin,
} from '@dama/puzzle';
import type { Goal } from './catalogue.ts';

/** How a move of the player went. */
export type Verdict =
  | { kind: 'done' }
  | { kind: 'go-on' }
  /** the goal cannot be reached any more; `answer` is the computer's reply that shows why */
  | { kind: 'wrong'; answer: Move | undefined };

/** The number of the player's moves a goal allows (a "squares" goal has none, a "safe" one one). */
export const goalMoves = (g: Goal): number => (g.kind === 'squares' ? 0 : g.kind === 'safe' ? 1 : g.moves);

const kings = (pos: Position, color: Position['turn']): number => pos.count(color, 'king');

let reachNodes = 0;
/** Nodes visited by `promotesWithin` since the program started (for the node test). */
export const searchNodes = (): number => reachNodes;

/**
 * The side to move makes a new king (it has more kings than `base`) within `n` of its own moves,
 * whatever the other side does; a win on the way counts too.
 */
export function promotesWithin(pos: Position, n: number, base = kings(pos, pos.turn)): boolean {
  if (n <= 0) return false;
  const me = pos.turn;
  for (const m of pos.legalMoves()) {
    reachNodes++;
    const next = pos.play(m);
    if (kings(next, me) > base || isLost(next)) return true;
    if (n > 1 && next.legalMoves().every((r) => promotesWithin(next.play(r), n - 1, base))) return true;
  }
  return false;
}

/** The fewest moves the side to move needs to make a king (at most `max`), or undefined. */
export function promoteDistance(pos: Position, max: number, base = kings(pos, pos.turn)): number | undefined {
  for (let n = 1; n <= max; n++) if (promotesWithin(pos, n, base)) return n;
  return undefined;
}

/** How far `me` is ahead in material at `pos` (a man 1, a king 3), counted from its lead at `start`. */
export const lead = (start: Position, pos: Position, me: Position['turn']): number =>
  materialPoints(pos, me) -
  materialPoints(pos, opposite(me)) -
  (materialPoints(start, me) - materialPoints(start, opposite(me)));

/**
 * The side to move comes out `pieces` ahead of `start` (a man 1, a king 3) within `n` of its own
 * moves, whatever the other side answers: the lead is counted after each answer, so a recapture
 * takes its share back. A win on the way counts too.
 */
export function gainsWithin(pos: Position, n: number, start: Position, pieces: number): boolean {
  if (n <= 0) return false;
  const me = pos.turn;
  for (const m of pos.legalMoves()) {
    reachNodes++;
    const next = pos.play(m);
    if (isLost(next) || gainsAfter(next, n - 1, start, pieces, me)) return true;
  }
  return false;
}

/** After `me`'s move: every answer leaves `me` the gain, or a way to it within `n` more moves. */
function gainsAfter(
  next: Position,
  n: number,
  start: Position,
  pieces: number,
  me: Position['turn'],
): boolean {
  return next.legalMoves().every((r) => {
    reachNodes++;
    const after = next.play(r);
    if (isLost(after)) return false;
    return lead(start, after, me) >= pieces || gainsWithin(after, n, start, pieces);
  });
}

/** The fewest moves the side to move needs to come out `pieces` ahead (at most `max`), or undefined. */
export function gainDistance(
  pos: Position,
  max: number,
  start: Position,
  pieces: number,
): number | undefined {
  for (let n = 1; n <= max; n++) if (gainsWithin(pos, n, start, pieces)) return n;
  return undefined;
}

/** Whether the first move `m` comes out `pieces` ahead within `n` moves. */
function gains(pos: Position, m: Move, n: number, pieces: number): boolean {
  const next = pos.play(m);
  return isLost(next) || gainsAfter(next, n - 1, pos, pieces, pos.turn);
}

/** The first moves that come out `pieces` ahead within `n` moves. */
export const gainingMoves = (pos: Position, n: number, pieces = 1): Move[] =>
  pos.legalMoves().filter((m) => gains(pos, m, n, pieces));

/** After the player's move: the other side's first move that wins material within `n` of its moves. */
const refutation = (next: Position, n: number): Move | undefined =>
  isLost(next) ? undefined : next.legalMoves().find((m) => gains(next, m, n, 1));

/** After the player's move: the other side cannot win material within `n` of its moves. */
export const isSafe = (next: Position, n: number): boolean => refutation(next, n) === undefined;

/**
 * What the piece that the computer's quiet `answer` moved (from `next`, the position after the
 * player's move) threatens on its very next move: a capture or a crowning, if any.
 */
export function threatAfter(next: Position, answer: Move): Move | undefined {
  const after = next.play(answer);
  // the same side to move again
  const again = parsePosition(`${next.turn === 'white' ? 'W' : 'B'}${makeFen(after).slice(1)}`);
  if (!again.ok) return undefined;
  return again.value.legalMoves().find((m) => m.from === answer.to && (m.captures.length > 0 || m.promotes));
}

/**
 * The computer's `answer` shows on the board why the player's move was wrong: it captures, or the
 * piece it moved threatens a capture or a crowning (the threat a learner sees before the restart).
 */
export const showsWhy = (next: Position, answer: Move): boolean =>
  answer.captures.length > 0 || threatAfter(next, answer) !== undefined;

/** The goal is reached now: `pos` is after the player's move, `start` the level's position. */
export function reached(goal: Goal, start: Position, pos: Position): boolean {
  if (isLost(pos)) return goal.kind !== 'hold';
  if (goal.kind === 'promote') return kings(pos, start.turn) > kings(start, start.turn);
  return false;
}

/**
 * Judge the player's move `move` from `pos`, with `left` of the goal's moves still to make (this one
 * included). A "hold" is reached when its last move is made without losing; the others when the
 * goal is reached within `left`.
 */
export function judgeMove(goal: Goal, start: Position, pos: Position, move: Move, left: number): Verdict {
  const next = pos.play(move);
  if (goal.kind === 'squares') return { kind: 'wrong', answer: undefined };
  if (goal.kind === 'hold') {
    if (left <= 1 || isKingVsKing(next) || isLost(next)) return { kind: 'done' };
    if (winsWithin(next, left - 1)) return { kind: 'wrong', answer: fastestWin(next, left - 1) };
    return { kind: 'go-on' };
  }
  if (goal.kind === 'safe') {
    const answer = refutation(next, goal.moves);
    return answer ? { kind: 'wrong', answer } : { kind: 'done' };
  }
  if (reached(goal, start, next)) return { kind: 'done' };
  // every answer already leaves the gain
  if (goal.kind === 'gain' && gainsAfter(next, 0, start, goal.pieces, start.turn)) return { kind: 'done' };
  const rest = left - 1;
  if (rest <= 0) return { kind: 'wrong', answer: escape(goal, start, next, 0) };
  const holds =
    goal.kind === 'promote'
      ? next.legalMoves().every((r) => promotesWithin(next.play(r), rest, kings(start, start.turn)))
      : goal.kind === 'gain'
        ? gainsAfter(next, rest, start, goal.pieces, start.turn)
        : losesWithin(next, rest);
  return holds ? { kind: 'go-on' } : { kind: 'wrong', answer: escape(goal, start, next, rest) };
}

/** The reply that shows a wrong move wrong: one after which the goal is out of reach. */
function escape(goal: Goal, start: Position, next: Position, rest: number): Move | undefined {
  const replies = next.legalMoves();
  if (rest <= 0) return replies[0];
  const base = kings(start, start.turn);
  return replies.find((r) => {
    const after = next.play(r);
    if (goal.kind === 'promote') return !promotesWithin(after, rest, base);
    if (goal.kind === 'gain')
      return lead(start, after, start.turn) < goal.pieces && !gainsWithin(after, rest, start, goal.pieces);
    return !winsWithin(after, rest);
  });
}

/**
 * The computer's reply after a right move, with `rest` of the player's moves left: the longest
 * resistance when it defends, the fastest win or the hardest question when it attacks (a hold).
 */
export function reply(goal: Goal, start: Position, pos: Position, rest: number): Move | undefined {
  const replies = pos.legalMoves();
  if (replies.length <= 1) return replies[0];
  if (goal.kind === 'hold') return fastestWin(pos, rest) ?? pressing(pos, replies, rest);
  const base = kings(start, start.turn);
  let best: Move | undefined;
  let bestLen = -1;
  for (const r of replies) {
    const after = pos.play(r);
    const len =
      goal.kind === 'gain' && lead(start, after, start.turn) >= goal.pieces
        ? 0
        : ((goal.kind === 'promote'
            ? promoteDistance(after, rest, base)
            : goal.kind === 'gain'
              ? gainDistance(after, rest, start, goal.pieces)
              : proveWinDistance(after, rest)) ?? rest + 1);
    if (len > bestLen) {
      best = r;
      bestLen = len;
    }
  }
  return best;
}

/** The attacker's fastest win within `n` of its moves, if there is one. */
function fastestWin(pos: Position, n: number): Move | undefined {
  for (let k = 1; k <= n; k++) {
    const m = pos.legalMoves().find((r) => {
      const after = pos.play(r);
      return isLost(after) || (k > 1 && losesWithin(after, k - 1));
    });
    if (m) return m;
  }
  return undefined;
}

/** With no win in reach, the reply that leaves the player the fewest safe answers. */
function pressing(pos: Position, replies: Move[], rest: number): Move {
  let best = replies[0];
  let fewest = Infinity;
  for (const r of replies) {
    const after = pos.play(r);
    const safe = after.legalMoves().filter((m) => rest <= 1 || !winsWithin(after.play(m), rest - 1)).length;
    if (safe < fewest) {
      best = r;
      fewest = safe;
    }
  }
  return best;
}

/** Every square a legal move of the side to move (of the piece on `from`, if given) ends on. */
export function landingSquares(pos: Position, from?: number): number[] {
  const out = new Set<number>();
  for (const m of pos.legalMoves()) if (from === undefined || m.from === from) out.add(m.to);
  return [...out].sort((a, b) => a - b);
}
