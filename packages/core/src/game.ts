/**
 * A game: the starting position, the moves played, and how the game stands after each of them.
 * The outcome is decided by docs/RULES.md: a player with no pieces or no legal move at their turn
 * loses; resignation, running out of time and agreement end the game by a player's act; the draw
 * rule set (threefold repetition, one king each and the 25-move no-progress rule by default; three
 * optional rules; see draw.ts) decides draws.
 */
import { counterDraw, DEFAULT_DRAW_RULES, materialDraw, type Counters, type DrawRules } from './draw.ts';
import { makeNotation, parseNotation } from './notation.ts';
import { Position } from './position.ts';
import type { Color, DamaError, Move, Result } from './types.ts';
import { err, ok, opposite } from './types.ts';

/** The draws the rules decide: a threefold repetition, or one of the draw rules (RULES.md). */
export const RULE_DRAW_REASONS = [
  'repetition',
  'king-vs-king',
  'no-progress',
  'one-piece-each',
  'king-vs-man',
  'kings-only',
] as const;
/** Every way a game can end. */
export const OUTCOME_REASONS = [
  'no-pieces',
  'blocked',
  'resignation',
  'timeout',
  'agreement',
  ...RULE_DRAW_REASONS,
] as const;
/** How a game ended: one of `OUTCOME_REASONS`. */
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** How a game ended: a winner (none for a draw) and why. */
export interface Outcome {
  winner: Color | undefined;
  reason: OutcomeReason;
}

/** The result of a game as written in PDN. */
export const resultText = (outcome: Outcome | undefined): '1-0' | '0-1' | '1/2-1/2' | '*' =>
  !outcome ? '*' : outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2';

/** The counters after `move` was played from `before`. */
export function nextCounters(before: Position, move: Move, counters: Counters): Counters {
  const piece = before.pieceAt(move.from);
  const king = piece?.role === 'king';
  const capture = move.captures.length > 0;
  const forwardMan = !king && move.to >> 3 !== move.from >> 3;
  return {
    noProgress: capture || forwardMan ? 0 : counters.noProgress + 1,
    kingsOnly: king && !capture ? counters.kingsOnly + 1 : 0,
  };
}

const board = new Int32Array(6);

/**
 * The draw that the rules give a position, not counting repetition (which needs the history).
 * Only material and counters matter here.
 */
export function staticDraw(pos: Position, counters: Counters, rules: DrawRules): OutcomeReason | undefined {
  return (
    materialDraw(pos.toBoard(board), rules) ?? counterDraw(counters.noProgress, counters.kingsOnly, rules)
  );
}

/** Why a `Game` refused an action. */
export type GameErrorCode = 'game-over' | 'illegal-move';

interface Entry {
  move: Move;
  position: Position;
  counters: Counters;
}

/** How a `Game` starts: the draw rules in force and the counters of its first position. */
export interface GameOptions {
  drawRules?: Partial<DrawRules>;
  /** Counters of the starting position, for a game set up from the middle of another. */
  counters?: Counters;
}

/** Draw rules made by a game's constructor: whole and frozen, so another game may share them. */
const MADE_RULES = new WeakSet<object>();

/** A game: the start position, the moves played, the draw rules and counters, and the outcome (`outcome()`: no pieces or moves, repetition, the draw rules, resignation, time, agreement). */
export class Game {
  readonly initial: Position;
  readonly drawRules: Readonly<DrawRules>;
  readonly initialCounters: Counters;
  private entries: Entry[] = [];
  /** An outcome by a player's act (resignation, timeout, agreement), if any. */
  private ended: Outcome | undefined;
  /** The position whose outcome by the rules is `verdict` (positions are immutable). */
  private judged: Position | undefined;
  private verdict: Outcome | undefined;

  constructor(initial: Position = Position.start(), options: GameOptions = {}) {
    this.initial = initial;
    const given = options.drawRules;
    // Rules a game already made (a clone, a game started afresh from another) are shared, not copied.
    if (given && MADE_RULES.has(given)) this.drawRules = given as Readonly<DrawRules>;
    else {
      this.drawRules = Object.freeze({ ...DEFAULT_DRAW_RULES, ...(given ?? {}) });
      MADE_RULES.add(this.drawRules);
    }
    this.initialCounters = options.counters ?? { noProgress: 0, kingsOnly: 0 };
  }

  /** The position now. */
  get position(): Position {
    return this.entries.length === 0 ? this.initial : this.entries[this.entries.length - 1].position;
  }

  get counters(): Counters {
    return this.entries.length === 0 ? this.initialCounters : this.entries[this.entries.length - 1].counters;
  }

  /** The moves played, in order. */
  get moves(): Move[] {
    return this.entries.map((e) => e.move);
  }

  get plies(): number {
    return this.entries.length;
  }

  /** The position after `ply` moves (0 = the start). */
  positionAt(ply: number): Position {
    if (ply <= 0) return this.initial;
    return this.entries[Math.min(ply, this.entries.length) - 1].position;
  }

  /** Every position of the game, the start first. */
  positions(): Position[] {
    return [this.initial, ...this.entries.map((e) => e.position)];
  }

  /** How many times the current position has occurred so far (1 the first time). */
  repetitions(): number {
    const now = this.position;
    // A capture or a forward man move can never be undone, so only positions since the last one count.
    const since = Math.min(this.counters.noProgress, this.entries.length);
    let n = 0;
    for (let ply = this.entries.length - since; ply <= this.entries.length; ply++)
      if (this.positionAt(ply).equals(now)) n++;
    return n;
  }

  /** The outcome, if the game is over; undefined while it goes on. */
  outcome(): Outcome | undefined {
    if (this.ended) return this.ended;
    // Asked after a move and again before the next (`play` checks it): found once a position.
    if (this.judged !== this.position) {
      this.verdict = this.judge();
      this.judged = this.position;
    }
    return this.verdict;
  }

  /** The outcome by the rules of the position now (the outcome of a played-out game). */
  private judge(): Outcome | undefined {
    const pos = this.position;
    const toMove = pos.turn;
    if (pos.count(toMove) === 0) return { winner: opposite(toMove), reason: 'no-pieces' };
    if (!pos.hasLegalMove()) return { winner: opposite(toMove), reason: 'blocked' };
    const reason = staticDraw(pos, this.counters, this.drawRules);
    if (reason) return { winner: undefined, reason };
    if (this.drawRules.repetition && this.repetitions() >= 3)
      return { winner: undefined, reason: 'repetition' };
    return undefined;
  }

  /** True once the game has an outcome (by the rules, a resignation, a timeout or an agreement). */
  isOver(): boolean {
    return this.outcome() !== undefined;
  }

  /** Play a move from any caller. An illegal move, or any move after the end, is refused and nothing changes. */
  play(move: Pick<Move, 'from' | 'to' | 'captures'>): Result<Move, DamaError<GameErrorCode>> {
    const over = this.outcome();
    if (over) return err('game-over', 'The game is over; no more moves can be played.');
    const legal = this.position.findLegal(move);
    if (!legal) return err('illegal-move', 'That move is not legal in this position.');
    // Keep the caller's path when it is one of the legal paths of this move (two paths can be one move).
    const chosen =
      'path' in move && Array.isArray(move.path) && this.isPathOf(legal, move as Move)
        ? { ...legal, path: [...(move as Move).path], captures: [...move.captures] }
        : legal;
    this.push(chosen);
    return ok(chosen);
  }

  private isPathOf(legal: Move, candidate: Move): boolean {
    const route = this.position.findPath(legal.from, candidate.path);
    return route !== undefined && route.captures.every((c, i) => c === candidate.captures[i]);
  }

  /** Play a move written in notation (`c3-c4`, `f3xf5xd5`, or the short `f3xd5` when unambiguous). */
  playNotation(text: string): Result<Move, DamaError> {
    const over = this.outcome();
    if (over) return err('game-over', 'The game is over; no more moves can be played.');
    const parsed = parseNotation(this.position, text);
    if (!parsed.ok) return parsed;
    this.push(parsed.value);
    return ok(parsed.value);
  }

  private push(move: Move): void {
    const before = this.position;
    this.entries.push({
      move,
      position: before.play(move),
      counters: nextCounters(before, move, this.counters),
    });
  }

  /** Take back the last move (and any resignation, timeout or agreement that ended the game). */
  undo(): Move | undefined {
    this.ended = undefined;
    return this.entries.pop()?.move;
  }

  /** `color` resigns; an error if the game is already over. */
  resign(color: Color): Result<Outcome, DamaError<GameErrorCode>> {
    return this.end({ winner: opposite(color), reason: 'resignation' });
  }

  /** `color` ran out of time on the clock. */
  timeout(color: Color): Result<Outcome, DamaError<GameErrorCode>> {
    return this.end({ winner: opposite(color), reason: 'timeout' });
  }

  /** The players agree to a draw; an error if the game is already over. */
  agreeDraw(): Result<Outcome, DamaError<GameErrorCode>> {
    return this.end({ winner: undefined, reason: 'agreement' });
  }

  private end(outcome: Outcome): Result<Outcome, DamaError<GameErrorCode>> {
    if (this.outcome()) return err('game-over', 'The game is already over.');
    this.ended = outcome;
    return ok(outcome);
  }

  /** The moves in notation. */
  notation(): string[] {
    return this.entries.map((e) => makeNotation(e.move));
  }

  /** An independent copy: the same start, rules and moves (and ending, if any). */
  clone(): Game {
    const g = new Game(this.initial, { drawRules: this.drawRules, counters: this.initialCounters });
    g.entries = [...this.entries];
    g.ended = this.ended;
    return g;
  }
}
