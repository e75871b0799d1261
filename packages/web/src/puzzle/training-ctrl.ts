// Training (the puzzle screen's third tab): puzzles of the training pool, chosen by difficulty and
// theme, the next one picked by the Glicko-2 ratings of the player and the puzzles, and the failed
// ones kept to retry. All on the device (`dama.training.v1`). No DOM: the view hands in the board.
import { makeNotation, squareName, type Color, type Move, type Position } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  hintMove,
  MAX_TRIES,
  nextPuzzle,
  playMove,
  recordTraining,
  startSession,
  takeHint,
  validateTraining,
  type Puzzle,
  type SessionState,
  type TrainingFilter,
  type TrainingStore,
} from '@dama/puzzle';
import { boardMoves, piecesOf, toPath } from '../lib/adapter.ts';
import { catalog, type Lang } from '../lib/i18n/index.ts';
import { boardLabels } from '../lib/labels.ts';
import { ANIMATION_MS, type Settings } from '../lib/settings.ts';
import { KEYS, Store, type KeyValue } from '../lib/storage.ts';

export const TRAINING_KEY = KEYS.training;

export type TrainingFeedback =
  | { kind: 'start' }
  | { kind: 'next' }
  | { kind: 'hint' }
  | { kind: 'slower'; move: string; winsIn: number | undefined; movesLeft: number }
  | { kind: 'retry'; triesLeft: number }
  | { kind: 'solved'; change: number }
  | { kind: 'failed'; change: number }
  | { kind: 'empty' };

export interface TrainingDeps {
  pool: readonly Puzzle[];
  kv: KeyValue | undefined;
  now: () => number;
  lang: () => Lang;
  settings: () => Settings;
  redraw: () => void;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TrainingCtrl {
  store: TrainingStore;
  trouble: string | undefined;
  filter: TrainingFilter = {};
  puzzle: Puzzle | undefined;
  session: SessionState | undefined;
  shown: Position | undefined;
  lastMove: Move | undefined;
  busy = false;
  feedback: TrainingFeedback = { kind: 'start' };
  hintSquare: number | undefined;
  private board: Board | undefined;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly deps: TrainingDeps) {
    this.wait = deps.wait ?? sleep;
    const loaded = this.read();
    this.store = loaded.store;
    this.trouble = loaded.problem;
    this.next();
  }

  private read(): { store: TrainingStore; problem?: string } {
    const text = new Store(this.deps.kv, this.deps.now).loadText(TRAINING_KEY);
    if (text === null) return validateTraining(null);
    try {
      return validateTraining(JSON.parse(text));
    } catch {
      new Store(this.deps.kv, this.deps.now).setAside(TRAINING_KEY, text);
      return validateTraining('unreadable');
    }
  }

  get solver(): Color {
    return this.session?.position.turn ?? 'white';
  }

  get triesLeft(): number {
    return MAX_TRIES - (this.session?.tries ?? 0);
  }

  get over(): boolean {
    return this.session !== undefined && this.session.status !== 'playing';
  }

  /** The failed puzzles waiting for a retry, newest first. */
  failedPuzzles(): Puzzle[] {
    const byId = new Map(this.deps.pool.map((p) => [p.id, p]));
    return this.store.failed.map((id) => byId.get(id)).filter((p): p is Puzzle => p !== undefined);
  }

  setFilter(filter: TrainingFilter): void {
    this.filter = filter;
    this.next();
  }

  /** The next puzzle for the filter, by rating. */
  next(): void {
    this.open(nextPuzzle(this.deps.pool, this.store, this.filter, this.puzzle?.id));
  }

  retry(id: number): void {
    this.open(this.deps.pool.find((p) => p.id === id));
  }

  private open(puzzle: Puzzle | undefined): void {
    this.puzzle = puzzle;
    this.session = puzzle ? startSession(puzzle) : undefined;
    this.shown = this.session?.position;
    this.lastMove = undefined;
    this.hintSquare = undefined;
    this.busy = false;
    this.feedback = puzzle ? { kind: 'start' } : { kind: 'empty' };
    this.changed();
  }

  hint(): void {
    if (!this.session || this.over || this.busy) return;
    const move = hintMove(this.session);
    if (!move) return;
    this.session = takeHint(this.session);
    this.hintSquare = move.from;
    this.feedback = { kind: 'hint' };
    this.changed();
  }

  setBoard(board: Board | undefined): void {
    this.board = board;
    board?.set({ ...this.boardConfig(), onMove: (m) => void this.userMove(m) });
  }

  boardConfig(): BoardConfig {
    const s = this.deps.settings();
    const playing = !!this.session && !this.over && !this.busy && !!this.shown;
    return {
      orientation: this.solver,
      pieces: this.shown ? piecesOf(this.shown) : {},
      movable: {
        color: playing ? this.solver : 'none',
        moves: playing && this.shown ? boardMoves(this.shown) : [],
      },
      lastMove: this.lastMove ? toPath(this.lastMove) : null,
      selected:
        playing && this.hintSquare !== undefined
          ? (squareName(this.hintSquare) as BoardConfig['selected'])
          : null,
      arrows: [],
      theme: s.theme,
      coordinates: s.coordinates,
      showDests: s.showDests,
      animationMs: ANIMATION_MS[s.animation],
      confirmMove: s.confirmMove,
      flipFarPieces: false,
      labels: boardLabels(catalog(this.deps.lang())),
    };
  }

  async userMove(path: MovePath): Promise<void> {
    const session = this.session;
    const shown = this.shown;
    if (!session || !shown || this.over || this.busy) return this.sync();
    const move = shown
      .legalMovesAllPaths()
      .find((m) => toPath(m).from === path.from && toPath(m).path.join() === path.path.join());
    if (!move) return this.sync();
    const { state, result } = playMove(session, move);
    this.hintSquare = undefined;
    this.shown = shown.play(move);
    this.lastMove = move;
    switch (result.kind) {
      case 'correct':
        this.session = state;
        this.busy = true;
        this.changed();
        await this.wait(400);
        this.shown = state.position;
        this.lastMove = result.reply;
        this.busy = false;
        this.feedback = { kind: 'next' };
        return this.changed();
      case 'solved':
        this.session = state;
        return this.finish(true);
      case 'slower':
        this.busy = true;
        this.feedback = {
          kind: 'slower',
          move: makeNotation(move),
          winsIn: result.winsIn,
          movesLeft: result.movesLeft,
        };
        this.changed();
        await this.wait(1200);
        this.shown = session.position;
        this.lastMove = session.played[session.played.length - 1];
        this.busy = false;
        return this.changed();
      case 'wrong':
      case 'failed': {
        this.session = state;
        this.busy = true;
        this.changed();
        await this.wait(400);
        const answer = result.refutation[1];
        if (answer) {
          this.shown = this.shown.play(answer);
          this.lastMove = answer;
          this.changed();
        }
        await this.wait(1200);
        this.busy = false;
        if (result.kind === 'failed') return this.finish(false);
        this.shown = state.position;
        this.lastMove = state.played[state.played.length - 1];
        this.feedback = { kind: 'retry', triesLeft: this.triesLeft };
        return this.changed();
      }
      default:
        return this.sync();
    }
  }

  /** Rate the result and keep it; a failed puzzle shows its solution. */
  private finish(solved: boolean): void {
    const puzzle = this.puzzle as Puzzle;
    const before = this.store.player.rating;
    // Another tab may have trained meanwhile: start from what is stored now.
    const latest = this.read().store;
    this.store = recordTraining(latest, puzzle, solved, this.session?.hinted ?? false, this.deps.now());
    new Store(this.deps.kv, this.deps.now).saveText(TRAINING_KEY, JSON.stringify(this.store));
    const change = Math.round(this.store.player.rating - before);
    this.feedback = solved ? { kind: 'solved', change } : { kind: 'failed', change };
    if (!solved) {
      let end = startSession(puzzle).position;
      for (const m of puzzle.line) {
        const legal = end.legalMoves().find((x) => makeNotation(x) === m);
        if (!legal) break;
        end = end.play(legal);
        this.lastMove = legal;
      }
      this.shown = end;
    }
    this.changed();
  }

  sync(): void {
    this.board?.set(this.boardConfig());
  }

  private changed(): void {
    this.sync();
    this.deps.redraw();
  }

  destroy(): void {
    this.board = undefined;
  }
}
