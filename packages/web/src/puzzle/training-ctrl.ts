// Training (the puzzle screen's third tab): puzzles of the training pool, chosen by difficulty and
// theme, the next one picked by the Glicko-2 ratings of the player and the puzzles, and the failed
// ones kept to retry. Only a first attempt without help is rated (`unratedReason` in the puzzle
// package): the controller tells it what the player saw. All on the device (`dama.training.v1`).
// Playing a puzzle is the shared `PuzzlePlayer` (player.ts), as on the daily screen. No DOM: the
// view hands in the board.
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  nextPuzzle,
  recordTraining,
  THEMES,
  unratedReason,
  validateTraining,
  type Theme,
  type Puzzle,
  type TrainingFilter,
  type TrainingStore,
  type UnratedReason,
} from '@dama/puzzle';
import { KEYS, LocalStore, type KeyValue } from '../lib/storage.ts';
import { PuzzlePlayer, type ScreenDeps } from './player.ts';
import type { PoolSync } from './pool-sync.ts';

export const TRAINING_KEY = KEYS.training;

export interface TrainingDeps extends ScreenDeps {
  pool: readonly Puzzle[];
  /** The pooled ratings: rated results are queued for the server, and its ratings pick puzzles. */
  pooled?: PoolSync;
  /** The choice to start with (the dashboard opens training on a theme). */
  filter?: TrainingFilter;
}

/** The training record as stored now (repaired when damaged: `problem` says so; unreadable text is set aside). */
export function readTraining(
  kv: KeyValue | undefined,
  now: () => number,
): { store: TrainingStore; problem?: string } {
  const text = new LocalStore(kv, now).loadText(TRAINING_KEY);
  if (text === null) return validateTraining(null);
  try {
    return validateTraining(JSON.parse(text));
  } catch {
    new LocalStore(kv, now).setAside(TRAINING_KEY, text);
    return validateTraining('unreadable');
  }
}

export class TrainingCtrl {
  store: TrainingStore;
  trouble: string | undefined;
  filter: TrainingFilter = {};
  /** The open puzzle; undefined when the filter has nothing left. */
  puzzle: Puzzle | undefined;
  /** The player's rating change of the open puzzle's result, once it has one (0 when unrated). */
  change: number | undefined;
  /** Why the open puzzle's result was not rated, once it has one and was not. */
  unrated: UnratedReason | undefined;
  /** The puzzles whose solution this page has shown (a failure shows it), even if a result could
   * not be stored: a later attempt at one of them is not rated. */
  private readonly solutionShown = new Set<number>();
  readonly player: PuzzlePlayer;

  constructor(private readonly deps: TrainingDeps) {
    this.player = new PuzzlePlayer({
      lang: deps.lang,
      settings: deps.settings,
      redraw: deps.redraw,
      wait: deps.wait,
      sound: deps.sound,
      playable: () => this.puzzle !== undefined,
      onResult: (event) => {
        if (event === 'solved' || event === 'failed') this.finish(event === 'solved');
      },
    });
    const loaded = this.read();
    this.store = loaded.store;
    this.trouble = loaded.problem;
    if (deps.filter) this.filter = { ...deps.filter };
    this.next();
    void deps.pooled?.sync();
  }

  private read(): { store: TrainingStore; problem?: string } {
    return readTraining(this.deps.kv, this.deps.now);
  }

  /** The themes the pool has puzzles of, in the catalogue's order (a choice with none is no choice). */
  themes(): Theme[] {
    return THEMES.filter((t) => this.deps.pool.some((p) => p.themes.includes(t)));
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
    this.open(
      nextPuzzle(this.deps.pool, this.store, this.filter, this.puzzle?.id, this.deps.pooled?.ratings()),
    );
  }

  retry(id: number): void {
    this.open(this.deps.pool.find((p) => p.id === id));
  }

  private open(puzzle: Puzzle | undefined): void {
    this.puzzle = puzzle;
    this.change = undefined;
    this.unrated = undefined;
    if (puzzle) this.player.start(puzzle);
    else this.player.cancel();
    this.player.changed();
  }

  hint(): void {
    this.player.hint();
  }

  setBoard(board: Board | undefined): void {
    this.player.setBoard(board);
  }

  boardConfig(): BoardConfig {
    return this.player.boardConfig();
  }

  userMove(path: MovePath): Promise<void> {
    return this.player.userMove(path);
  }

  /** Rate the result and keep it (at once: the refutation and the solution are still to be shown). */
  private finish(solved: boolean): void {
    const puzzle = this.puzzle as Puzzle;
    // Another tab may have trained meanwhile: start from what is stored now.
    const latest = this.read().store;
    const before = latest.player;
    const attempt = {
      solved,
      hinted: this.player.session.hinted,
      solutionSeen: this.solutionShown.has(puzzle.id),
    };
    const pooled = this.deps.pooled;
    this.unrated = unratedReason(latest, puzzle, attempt);
    this.store = recordTraining(latest, puzzle, attempt, this.deps.now(), pooled?.ratings());
    if (!solved) this.solutionShown.add(puzzle.id);
    new LocalStore(this.deps.kv, this.deps.now).saveText(TRAINING_KEY, JSON.stringify(this.store));
    this.change = Math.round(this.store.player.rating - before.rating);
    if (pooled && this.unrated === undefined) {
      pooled.record({
        puzzle: puzzle.id,
        win: solved,
        rating: before.rating,
        rd: before.rd,
        at: this.deps.now(),
      });
      void pooled.sync();
    }
  }

  destroy(): void {
    this.player.destroy();
  }
}
