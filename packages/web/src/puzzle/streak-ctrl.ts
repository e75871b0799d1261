// Puzzle Streak ("Seri", a tab of the puzzle screen): puzzles of the training pool one after the
// other, from easy up (`STREAK_STEPS`: the level climbs with the puzzles solved); one wrong move
// ends the run (its refutation and the solution are shown), and one puzzle a run may be skipped.
// The score is the puzzles solved; the device's best is kept (`run-store.ts`), as soon as a solve
// beats it, so a run left half-way still counts. Unrated: the training record is never touched.
// Playing a puzzle is the shared `PuzzlePlayer`; no DOM: the view hands in the board.
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  MAX_TRIES,
  Random,
  STREAK_STEPS,
  pickRunPuzzle,
  recordStreak,
  runLevel,
  type Difficulty,
  type Puzzle,
} from '@dama/puzzle';
import { PuzzlePlayer, sleep, type ScreenDeps } from './player.ts';
import { keepRuns, loadRuns } from './run-store.ts';

/** What a run (the streak, the storm) gets from the page. */
export interface RunDeps extends ScreenDeps {
  pool: readonly Puzzle[];
  /** the seed of the run's choices (the time by default) */
  seed?: number;
}

/** How long a solved puzzle stays on the board before the next one (ms). */
export const STREAK_NEXT_PAUSE = 700;

export type StreakResult = 'solved' | 'skipped' | 'failed';

export interface StreakEntry {
  puzzle: Puzzle;
  result: StreakResult;
}

/** A puzzle opens with its last try: the first wrong move fails it (and shows the solution). */
export const LAST_TRY = { tries: MAX_TRIES - 1, feedback: { kind: 'start' } } as const;

export class StreakCtrl {
  /** The open puzzle; undefined when the pool has none left for the run. */
  puzzle: Puzzle | undefined;
  /** Puzzles solved in this run: the score. */
  solved = 0;
  skipUsed = false;
  /** The run has ended (a wrong move, or no puzzle left). */
  over = false;
  /** The puzzles before the open one, with their results. */
  history: StreakEntry[] = [];
  /** The device's best before this run (the end says whether it was beaten). */
  bestBefore: number;
  /** The device's best now. */
  best: number;
  /** The stored record was damaged (set aside; what could be read is kept). */
  trouble: boolean;
  readonly player: PuzzlePlayer;
  /** The move on to the next puzzle after a solve, while it waits (tests await it). */
  pending: Promise<void> = Promise.resolve();
  private readonly random: Random;
  private readonly wait: (ms: number) => Promise<void>;
  private token = 0;

  constructor(private readonly deps: RunDeps) {
    this.random = new Random(deps.seed ?? deps.now());
    this.wait = deps.wait ?? sleep;
    this.player = new PuzzlePlayer({
      lang: deps.lang,
      settings: deps.settings,
      redraw: deps.redraw,
      wait: deps.wait,
      sound: deps.sound,
      playable: () => !this.over && this.puzzle !== undefined,
      onResult: (event) => {
        if (event === 'solved') this.solvedOne();
        else if (event === 'failed') this.end();
      },
    });
    const loaded = loadRuns(deps.kv, deps.now());
    this.trouble = loaded.trouble;
    this.bestBefore = this.best = loaded.record.streak;
    this.next();
  }

  /** The level the run is at. */
  get level(): Difficulty {
    return runLevel(STREAK_STEPS, this.solved);
  }

  get newBest(): boolean {
    return this.solved > this.bestBefore;
  }

  /** A new run. */
  restart(): void {
    this.token++;
    this.solved = 0;
    this.skipUsed = false;
    this.over = false;
    this.history = [];
    this.puzzle = undefined;
    this.bestBefore = this.best = loadRuns(this.deps.kv, this.deps.now()).record.streak;
    this.next();
  }

  /** Leave the open puzzle for another of the same level, once a run. */
  skip(): void {
    if (this.over || this.skipUsed || !this.puzzle || !this.player.playing) return;
    this.skipUsed = true;
    this.history.push({ puzzle: this.puzzle, result: 'skipped' });
    this.next();
  }

  private next(): void {
    const played = this.history.map((h) => h.puzzle);
    const puzzle = pickRunPuzzle(this.deps.pool, played, this.level, this.random);
    this.puzzle = puzzle;
    if (puzzle) this.player.start(puzzle, LAST_TRY);
    else {
      this.over = true;
      this.player.cancel();
    }
    this.player.changed();
  }

  private solvedOne(): void {
    const puzzle = this.puzzle as Puzzle;
    this.solved++;
    this.best = keepRuns(this.deps.kv, this.deps.now(), (r) => recordStreak(r, this.solved).record).streak;
    const token = ++this.token;
    this.pending = this.wait(STREAK_NEXT_PAUSE).then(() => {
      if (token !== this.token) return;
      this.history.push({ puzzle, result: 'solved' });
      this.next();
    });
  }

  /** A wrong move: the run is over (the player goes on to show the refutation and the solution). */
  private end(): void {
    this.over = true;
    this.token++;
  }

  setBoard(board: Board | undefined): void {
    this.player.setBoard(board);
  }

  boardConfig(): BoardConfig {
    return this.player.boardConfig();
  }

  /** A move from the board; resolves when the screen is settled (and the next puzzle open). */
  async userMove(path: MovePath): Promise<void> {
    await this.player.userMove(path);
    await this.pending;
  }

  destroy(): void {
    this.token++;
    this.player.destroy();
  }
}
