/**
 * Playing a puzzle, without any UI: the screen keeps a `SessionState`, passes the player's move to
 * `playMove` and animates what comes back. Pure functions; a state is never changed in place. The
 * daily screen and the training screen both use it.
 *
 * Verdicts are honest, and decided by the prover:
 * - a move that still forces the win in the moves left is accepted (any capture path of it) and
 *   answered by the longest-holding defence (the main line's reply while the player follows it);
 * - a move that still forces a win, only more slowly, is `slower`: the player is told so, it costs
 *   no try, and the position stays (when the prover cannot decide it within its node budget it is
 *   `slower` with `winsIn` undefined: not called wrong, since it was not shown to be);
 * - only a move after which the prover finds no win at all (within the moves left + `SLOWER_EXTRA`)
 *   is `wrong`: it uses one of the 3 tries and carries the refutation (the move and the defender's
 *   best answer) to show before the position is put back;
 * - after the third wrong move the puzzle is `failed` and the solution line is given;
 * - an illegal move or unreadable notation is refused without using a try.
 *
 * At the first move only the main line's move is accepted without a proof: the bank guarantees that
 * no other first move wins even with one move more (verify.ts).
 */
import { makeNotation, parseNotation, parsePosition, sameMove, type Move, type Position } from '@dama/core';
import type { Puzzle } from './bank.ts';
import { isKingVsKing, isLost, losesWithin, winsWithin, withNodeLimit } from './prover.ts';
import { rankDefences } from './solution.ts';
import { MAX_TRIES } from './streak.ts';
import { playLine } from './tags.ts';

export type SessionStatus = 'playing' | 'solved' | 'failed';

/** How many moves beyond the moves left a slower win is looked for. */
export const SLOWER_EXTRA = 3;
/** Prover nodes for deciding whether a move still wins (a fraction of a second). */
export const SLOWER_NODES = 400_000;

export interface SessionState {
  readonly puzzle: Puzzle;
  /** The board now; the solver is to move while `status` is 'playing'. */
  readonly position: Position;
  /** Moves on the board since the start: solver, reply, solver, … */
  readonly played: readonly Move[];
  /** Solver moves still needed (counting the next one). */
  readonly movesLeft: number;
  /** Tries used (wrong moves). */
  readonly tries: number;
  readonly status: SessionStatus;
  /** The player asked for a hint in this session. */
  readonly hinted: boolean;
  /** Every move so far is the main line's. */
  readonly onLine: boolean;
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
  /**
   * It still wins, but needs `winsIn` moves (more than the moves left; undefined: not decided):
   * no try used, the position stays.
   */
  | { kind: 'slower'; move: Move; winsIn: number | undefined; movesLeft: number }
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
    played: [],
    movesLeft: puzzle.moves,
    tries: 0,
    status: 'playing',
    hinted: false,
    onLine: true,
  };
}

/** The main line as moves from the start position. */
export function solutionMoves(puzzle: Puzzle): Move[] {
  return playLine(puzzlePosition(puzzle), puzzle.line).moves;
}

/** `move` (legal here) forces the win within the moves left. */
function accepted(state: SessionState, move: Move): boolean {
  if (state.played.length === 0) return makeNotation(move) === state.puzzle.line[0];
  if (state.onLine && makeNotation(move) === state.puzzle.line[state.played.length]) return true;
  return losesWithin(state.position.play(move), state.movesLeft - 1);
}

/** The moves that force the win in the moves left here (for hints and tests). */
export function acceptedMoves(state: SessionState): Move[] {
  if (state.status !== 'playing') return [];
  return state.position.legalMoves().filter((m) => accepted(state, m));
}

/** The move a hint points at: the main line's while the player follows it, else the first accepted. */
export function hintMove(state: SessionState): Move | undefined {
  if (state.status !== 'playing') return undefined;
  if (state.onLine) {
    const r = parseNotation(state.position, state.puzzle.line[state.played.length]);
    if (r.ok) return r.value;
  }
  return acceptedMoves(state)[0];
}

/** Mark the session as hinted (recorded with the result and told in the share text). */
export const takeHint = (state: SessionState): SessionState =>
  state.status === 'playing' ? { ...state, hinted: true } : state;

/**
 * After a move that does not win in the moves left: the number of solver moves it still wins in
 * (counting itself, up to the moves left + `SLOWER_EXTRA`), 0 when it wins in none of them, or
 * undefined when the prover could not decide within `SLOWER_NODES`.
 */
export function slowerWin(pos: Position, move: Move, movesLeft: number): number | undefined {
  const after = pos.play(move);
  return withNodeLimit(SLOWER_NODES, () => {
    for (let k = movesLeft + 1; k <= movesLeft + SLOWER_EXTRA; k++) if (losesWithin(after, k - 1)) return k;
    return 0;
  });
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

  if (!accepted(state, move)) {
    const slower = slowerWin(pos, move, state.movesLeft);
    if (slower !== 0)
      return {
        state,
        result: { kind: 'slower', move, winsIn: slower, movesLeft: state.movesLeft },
      };
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
  const onLine = state.onLine && makeNotation(move) === state.puzzle.line[state.played.length];
  if (isLost(after)) {
    const next: SessionState = {
      ...state,
      position: after,
      played: [...state.played, move],
      movesLeft: 0,
      status: 'solved',
      onLine,
    };
    return { state: next, result: { kind: 'solved', move } };
  }
  let reply: Move | undefined;
  if (onLine) {
    const r = parseNotation(after, state.puzzle.line[state.played.length + 1]);
    if (r.ok) reply = r.value;
  }
  reply ??= rankDefences(after, state.movesLeft - 1)[0].move;
  const next: SessionState = {
    ...state,
    position: after.play(reply),
    played: [...state.played, move, reply],
    movesLeft: state.movesLeft - 1,
    onLine,
  };
  return { state: next, result: { kind: 'correct', move, reply } };
}

export { sameMove };
