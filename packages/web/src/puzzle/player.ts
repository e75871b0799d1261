// Playing one puzzle on the board, for both the daily screen (ctrl.ts) and the training tab
// (training-ctrl.ts): the session from @dama/puzzle, what the board shows while replies,
// refutations and the solution are played out, the hint, and the sentence under the board. What a
// result means (the streak, a rating) is the owner's, told through `onResult`. No DOM: the view
// mounts the board and hands it in with `setBoard`; without a board (tests) nothing is animated.
import { makeNotation, squareName, type Color, type Move, type Position } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  MAX_TRIES,
  hintMove,
  playMove,
  solutionMoves,
  startSession,
  takeHint,
  type PlayResult,
  type Puzzle,
  type SessionState,
} from '@dama/puzzle';
import { animateFrom, boardMoves, fromPath, piecesOf, toPath } from '../lib/adapter.ts';
import { catalog, type Lang } from '../lib/i18n/index.ts';
import { settingsBoard } from '../lib/board-settings.ts';
import type { Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type { KeyValue } from '../lib/storage.ts';

/** How long the screen lets things sink in (ms). */
export const PAUSE = {
  /** before the computer's reply */
  reply: 450,
  /** on the refuted position, before going back to the start */
  refuted: 1300,
  /** before the solution starts and between its moves */
  solution: 650,
} as const;

/** 'play': the solver may move; 'busy': something is being shown; then the end. */
export type Phase = 'play' | 'busy' | 'solved' | 'failed';

/** The sentence under the board. */
export type Feedback =
  | { kind: 'start' }
  | { kind: 'next' }
  | { kind: 'reply' }
  | { kind: 'wrong'; move: string }
  | { kind: 'slower'; move: string; winsIn: number | undefined; movesLeft: number }
  | { kind: 'hint' }
  | { kind: 'retry'; triesLeft: number }
  | { kind: 'failed' }
  | { kind: 'solution' }
  | { kind: 'solved' }
  | { kind: 'wasSolved' }
  | { kind: 'wasFailed' }
  | { kind: 'practice' };

/** What happened that the owner keeps: a hint taken, a try used, the end. */
export type PlayEvent = 'hint' | 'wrong' | 'failed' | 'solved';

/** How the session judged one of the solver's moves: on the way (or the last), a slower win, wrong. */
export type MoveVerdict = 'good' | 'slower' | 'wrong';

/** What a puzzle screen (the daily one, training) gets from the page. */
export interface ScreenDeps {
  /** where the record is kept */
  kv: KeyValue | undefined;
  /** milliseconds since the epoch */
  now: () => number;
  lang: () => Lang;
  settings: () => Settings;
  redraw: () => void;
  /** resolve after `ms` (instant in tests) */
  wait?: (ms: number) => Promise<void>;
  sound?: { play(name: SoundName): void };
}

export interface PlayerDeps extends Pick<ScreenDeps, 'lang' | 'settings' | 'redraw' | 'wait' | 'sound'> {
  /** Told after the session changed (`player.session` is the new one), before anything is shown. */
  onResult: (event: PlayEvent) => void;
  /** The puzzle may be played (the daily screen's is not once its bank has run out). */
  playable?: () => boolean;
  /** Told of every move the session judged (the runs count them), before `onResult`. */
  onMove?: (verdict: MoveVerdict) => void;
}

export const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a puzzle opens: fresh (perhaps with tries already used), or finished (shown at its end). */
export interface StartOptions {
  tries?: number;
  hinted?: boolean;
  finished?: 'solved' | 'failed';
  feedback?: Feedback;
}

export class PuzzlePlayer {
  puzzle!: Puzzle;
  session!: SessionState;
  /** the position on the board (differs from the session's while a refutation or the solution plays) */
  shown!: Position;
  lastMove: Move | undefined;
  phase: Phase = 'play';
  feedback: Feedback = { kind: 'start' };
  /** the square of the piece a hint marks */
  hintSquare: number | undefined;
  /** the side to move in the puzzle, played by the player */
  solver: Color = 'white';
  private board: Board | undefined;
  /** A puzzle has been opened (the training tab may have none to open). */
  private started = false;
  private token = 0;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly deps: PlayerDeps) {
    this.wait = deps.wait ?? sleep;
  }

  get triesLeft(): number {
    return MAX_TRIES - this.session.tries;
  }

  /** The player may move now. */
  get playing(): boolean {
    return this.started && this.phase === 'play' && (this.deps.playable?.() ?? true);
  }

  get over(): boolean {
    return this.phase === 'solved' || this.phase === 'failed';
  }

  /** Open `puzzle` (whatever was being played out stops). */
  start(puzzle: Puzzle, options: StartOptions = {}): void {
    this.cancel();
    const fresh = startSession(puzzle);
    this.started = true;
    this.puzzle = puzzle;
    this.solver = fresh.position.turn;
    this.hintSquare = undefined;
    this.lastMove = undefined;
    const hinted = options.hinted === true;
    if (options.finished) {
      const line = solutionMoves(puzzle);
      const end = lineEnd(fresh.position, line);
      this.session = {
        ...fresh,
        position: end,
        played: line,
        movesLeft: 0,
        tries: options.tries ?? 0,
        status: options.finished,
        hinted,
      };
      this.shown = end;
      this.lastMove = line[line.length - 1];
      this.phase = options.finished;
      this.feedback = options.feedback ?? { kind: options.finished === 'solved' ? 'wasSolved' : 'wasFailed' };
      return;
    }
    this.session = { ...fresh, tries: options.tries ?? 0, hinted };
    this.shown = fresh.position;
    this.phase = 'play';
    this.feedback =
      options.feedback ??
      (this.session.tries > 0 ? { kind: 'retry', triesLeft: this.triesLeft } : { kind: 'start' });
  }

  /** Mark the piece that makes the next move; the owner is told (a hint is recorded). */
  hint(): void {
    if (!this.playing) return;
    const move = hintMove(this.session);
    if (!move) return;
    this.session = takeHint(this.session);
    this.hintSquare = move.from;
    this.feedback = { kind: 'hint' };
    this.deps.onResult('hint');
    this.changed();
  }

  // ---- the board

  setBoard(board: Board | undefined): void {
    this.board = board;
    board?.set({ ...(this.started ? this.boardConfig() : {}), onMove: (m) => void this.userMove(m) });
  }

  sync(): void {
    if (this.started) this.board?.set(this.boardConfig());
  }

  boardConfig(): BoardConfig {
    const playing = this.playing;
    return {
      orientation: this.solver,
      pieces: piecesOf(this.shown),
      movable: { color: playing ? this.solver : 'none', moves: playing ? boardMoves(this.shown) : [] },
      lastMove: this.lastMove ? toPath(this.lastMove) : null,
      selected:
        playing && this.hintSquare !== undefined
          ? (squareName(this.hintSquare) as BoardConfig['selected'])
          : null,
      arrows: [],
      ...settingsBoard(this.deps.settings(), catalog(this.deps.lang())),
    };
  }

  // ---- playing

  /** The player chose a move on the board (any capture path). Resolves when the screen is settled. */
  async userMove(path: MovePath): Promise<void> {
    if (!this.playing) return this.sync();
    const { from, path: squares } = fromPath(path);
    const move = this.shown.findPath(from, squares);
    if (!move) return this.sync();
    const { state, result } = playMove(this.session, move);
    const token = ++this.token;
    this.hintSquare = undefined;
    this.shown = this.shown.play(move);
    this.lastMove = move;
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');
    const verdict = VERDICT[result.kind];
    if (verdict) this.deps.onMove?.(verdict);

    switch (result.kind) {
      case 'correct': {
        this.session = state;
        this.phase = 'busy';
        this.feedback = { kind: 'reply' };
        this.changed();
        await this.wait(PAUSE.reply);
        if (token !== this.token) return;
        await this.animate(result.reply);
        if (token !== this.token) return;
        this.shown = state.position;
        this.phase = 'play';
        this.feedback = { kind: 'next' };
        return this.changed();
      }
      case 'solved': {
        this.session = state;
        this.phase = 'solved';
        this.feedback = { kind: 'solved' };
        this.deps.onResult('solved');
        this.deps.sound?.play('end');
        return this.changed();
      }
      case 'slower': {
        // It still wins, only more slowly: say so, use no try, and put the position back.
        this.phase = 'busy';
        this.feedback = {
          kind: 'slower',
          move: makeNotation(move),
          winsIn: result.winsIn,
          movesLeft: result.movesLeft,
        };
        this.changed();
        await this.wait(PAUSE.refuted);
        if (token !== this.token) return;
        this.backToSession();
        this.phase = 'play';
        return this.changed();
      }
      case 'wrong':
      case 'failed': {
        const failed = result.kind === 'failed';
        this.session = state;
        this.phase = 'busy';
        this.feedback = { kind: 'wrong', move: makeNotation(move) };
        this.deps.onResult(result.kind);
        this.deps.sound?.play('error');
        this.changed();
        await this.wait(PAUSE.reply);
        if (token !== this.token) return;
        const answer = result.refutation[1];
        if (answer) await this.animate(answer);
        if (token !== this.token) return;
        await this.wait(PAUSE.refuted);
        if (token !== this.token) return;
        if (!failed) {
          this.backToSession();
          this.phase = 'play';
          this.feedback = { kind: 'retry', triesLeft: this.triesLeft };
          return this.changed();
        }
        this.feedback = { kind: 'failed' };
        await this.showSolution(token);
        return;
      }
      case 'illegal':
      case 'over':
        // The session refused the move (not expected: it was one of the shown position's): the
        // board goes back to the session's position, without the move just drawn on it.
        this.backToSession();
        return this.changed();
    }
  }

  /** Play the main line from the start on the board, move by move. */
  async replaySolution(): Promise<void> {
    if (!this.over) return;
    const end = this.phase;
    await this.showSolution(++this.token, end);
  }

  private async showSolution(token: number, end: Phase = 'failed'): Promise<void> {
    this.phase = 'busy';
    this.shown = startSession(this.puzzle).position;
    this.lastMove = undefined;
    this.changed();
    for (const move of solutionMoves(this.puzzle)) {
      await this.wait(PAUSE.solution);
      if (token !== this.token) return;
      await this.animate(move);
      if (token !== this.token) return;
    }
    this.phase = end;
    this.feedback = end === 'failed' ? { kind: 'solution' } : { kind: 'wasSolved' };
    this.changed();
  }

  /** Show `move` from the shown position, animated when there is a board. */
  private async animate(move: Move): Promise<void> {
    const before = this.shown;
    this.shown = before.play(move);
    this.lastMove = move;
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');
    if (this.board) this.deps.redraw();
    await animateFrom(this.board, before, move);
    this.sync();
  }

  private backToSession(): void {
    this.shown = this.session.position;
    this.lastMove = this.session.played[this.session.played.length - 1];
  }

  /** Stop what is being played out and show where the session stands. */
  settle(): void {
    this.cancel();
    if (this.phase !== 'busy') return;
    const s = this.session;
    if (s.status === 'failed') {
      const line = solutionMoves(this.puzzle);
      this.shown = lineEnd(startSession(this.puzzle).position, line);
      this.lastMove = line[line.length - 1];
      this.phase = 'failed';
      this.feedback = { kind: 'solution' };
    } else {
      this.backToSession();
      this.phase = s.status === 'solved' ? 'solved' : 'play';
      this.feedback =
        s.status === 'solved'
          ? { kind: 'wasSolved' }
          : s.played.length > 0
            ? { kind: 'next' }
            : s.tries > 0
              ? { kind: 'retry', triesLeft: this.triesLeft }
              : { kind: 'start' };
    }
  }

  changed(): void {
    this.sync();
    this.deps.redraw();
  }

  /** Stop whatever is being played out (a new puzzle, another screen, leaving). */
  cancel(): void {
    this.token++;
  }

  destroy(): void {
    this.cancel();
    this.board = undefined;
  }
}

const VERDICT: Record<PlayResult['kind'], MoveVerdict | undefined> = {
  correct: 'good',
  solved: 'good',
  slower: 'slower',
  wrong: 'wrong',
  failed: 'wrong',
  illegal: undefined,
  over: undefined,
};

/** The position after `line` from `start`. */
function lineEnd(start: Position, line: readonly Move[]): Position {
  let end = start;
  for (const m of line) end = end.play(m);
  return end;
}
