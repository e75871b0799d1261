/**
 * Playing a puzzle, without any UI: the screen keeps a `SessionState`, passes the player's move to
 * `playMove` and animates what comes back. Pure functions; a state is never changed in place.
 *
 * - A move accepted by the solution tree is answered with the prepared (longest-holding) reply.
 *   Any capture path of an accepted move is fine.
 * - Any other legal move is wrong: it uses one of the 3 tries, and the result carries the refutation
 *   to play out briefly (the wrong move and the defender's best answer); the position stays where it
 *   was, so the player tries again from there.
 * - After the third wrong move the puzzle is failed and the solution line is given.
 * - An illegal move or unreadable notation is refused without using a try.
 */
import { makeNotation, parseNotation, type Move, type Position, parsePosition } from '@dama/core';
import type { Puzzle } from './bank.ts';
import { isKingVsKing, isLost, winsWithin } from './prover.ts';
import type { SolutionTree } from './solution.ts';
import { MAX_TRIES } from './streak.ts';
import { playLine } from './tags.ts';

export type SessionStatus = 'playing' | 'solved' | 'failed';

export interface SessionState {
  readonly puzzle: Puzzle;
  /** The board now; the solver is to move while `status` is 'playing'. */
  readonly position: Position;
  /** The accepted moves here and what follows them. */
  readonly node: SolutionTree;
  /** Moves on the board since the start: solver, reply, solver, … */
  readonly played: readonly Move[];
  /** Solver moves still needed (counting the next one). */
  readonly movesLeft: number;
  /** Tries used (wrong moves). */
  readonly tries: number;
  readonly status: SessionStatus;
}

export type PlayResult =
  /** Refused; nothing changed. */
  | { kind: 'illegal'; message: string }
  /** The session is over; nothing changed. */
  | { kind: 'over' }
  /** Accepted; `reply` was played too and the solver is to move again. */
  | { kind: 'correct'; move: Move; reply: Move }
  /** Accepted, and it wins: the puzzle is solved. */
  | { kind: 'solved'; move: Move }
  /** Wrong: one try used. `refutation` = the wrong move and the defender's answer (to show, then undo). */
  | { kind: 'wrong'; move: Move; refutation: Move[]; triesLeft: number }
  /** Wrong for the last time: `solution` is the whole main line from the start. */
  | { kind: 'failed'; move: Move; refutation: Move[]; solution: Move[] };

/** The puzzle's starting position (the bank's FENs are verified, so this only fails on foreign data). */
export function puzzlePosition(puzzle: Puzzle): Position {
  const pos = parsePosition(puzzle.fen);
  if (!pos.ok) throw new Error(`puzzle ${puzzle.id}: ${pos.error.message}`);
  return pos.value;
}

export function startSession(puzzle: Puzzle): SessionState {
  return {
    puzzle,
    position: puzzlePosition(puzzle),
    node: puzzle.tree,
    played: [],
    movesLeft: puzzle.moves,
    tries: 0,
    status: 'playing',
  };
}

/** The main line as moves from the start position. */
export function solutionMoves(puzzle: Puzzle): Move[] {
  return playLine(puzzlePosition(puzzle), puzzle.line).moves;
}

const sameMove = (a: Move, b: Move): boolean =>
  a.from === b.from &&
  a.to === b.to &&
  a.captures.length === b.captures.length &&
  a.captures.every((c) => b.captures.includes(c));

/** The moves the tree accepts in the current position (for hints). */
export function acceptedMoves(state: SessionState): Move[] {
  if (state.status !== 'playing') return [];
  const out: Move[] = [];
  for (const key of Object.keys(state.node)) {
    const r = parseNotation(state.position, key);
    if (r.ok) out.push(r.value);
  }
  return out;
}

/**
 * The defender's best answer to a wrong move, when the solver had `movesLeft` moves to win: a reply
 * after which the solver no longer wins in the moves left (one exists, or the move would have been
 * accepted), preferring the one that leaves the defender the most material (men 1, kings 3), then
 * notation order. Returns the wrong move followed by that reply (just the move if the game ended).
 */
export function refutation(pos: Position, wrong: Move, movesLeft: number): Move[] {
  const after = pos.play(wrong);
  if (isLost(after) || isKingVsKing(after)) return [wrong];
  const defender = after.turn;
  const solver = pos.turn;
  const value = (p: Position) =>
    p.count(defender, 'man') +
    3 * p.count(defender, 'king') -
    p.count(solver, 'man') -
    3 * p.count(solver, 'king');
  let best: { move: Move; escapes: boolean; value: number; notation: string } | undefined;
  for (const move of after.legalMoves()) {
    const next = after.play(move);
    const c = {
      move,
      escapes: movesLeft <= 1 || !winsWithin(next, movesLeft - 1),
      value: value(next),
      notation: makeNotation(move),
    };
    if (
      !best ||
      (c.escapes && !best.escapes) ||
      (c.escapes === best.escapes &&
        (c.value > best.value || (c.value === best.value && c.notation < best.notation)))
    )
      best = c;
  }
  return best ? [wrong, best.move] : [wrong];
}

/** Play the player's move (a core `Move` with any legal capture path, or notation like `c3-c4`). */
export function playMove(
  state: SessionState,
  input: Move | string,
): { state: SessionState; result: PlayResult } {
  if (state.status !== 'playing') return { state, result: { kind: 'over' } };
  const pos = state.position;
  let move: Move | undefined;
  if (typeof input === 'string') {
    const r = parseNotation(pos, input);
    if (!r.ok) return { state, result: { kind: 'illegal', message: r.error.message } };
    move = r.value;
  } else move = pos.findLegal(input);
  if (!move) return { state, result: { kind: 'illegal', message: 'That move is not legal here.' } };

  const key = Object.keys(state.node).find((k) => {
    const r = parseNotation(pos, k);
    return r.ok && sameMove(r.value, move);
  });
  if (key === undefined) {
    const tries = state.tries + 1;
    const line = refutation(pos, move, state.movesLeft);
    if (tries >= MAX_TRIES) {
      const next: SessionState = { ...state, tries, status: 'failed' };
      return {
        state: next,
        result: { kind: 'failed', move, refutation: line, solution: solutionMoves(state.puzzle) },
      };
    }
    return {
      state: { ...state, tries },
      result: { kind: 'wrong', move, refutation: line, triesLeft: MAX_TRIES - tries },
    };
  }

  const after = pos.play(move);
  const replies = state.node[key];
  if (replies === null) {
    const next: SessionState = {
      ...state,
      position: after,
      node: {},
      played: [...state.played, move],
      movesLeft: 0,
      status: 'solved',
    };
    return { state: next, result: { kind: 'solved', move } };
  }
  const replyKey = Object.keys(replies)[0];
  const reply = parseNotation(after, replyKey);
  if (!reply.ok) throw new Error(`puzzle ${state.puzzle.id}: prepared reply ${replyKey} is illegal`);
  const next: SessionState = {
    ...state,
    position: after.play(reply.value),
    node: replies[replyKey],
    played: [...state.played, move, reply.value],
    movesLeft: state.movesLeft - 1,
  };
  return { state: next, result: { kind: 'correct', move, reply: reply.value } };
}
