// Puzzle Storm ("Fırtına", a tab of the puzzle screen): three minutes of puzzles from the training
// pool, easy first (`STORM_STEPS`: the level climbs with the puzzles shown). The clock starts with
// the first move; a wrong move costs `STORM.penalty`, ends the combo and moves on to the next
// puzzle; good moves in a row earn time at the combo's steps (`comboBonus`). The score is the
// puzzles solved; the device's best of the day and of all time are kept (`run-store.ts`) as soon as
// a solve beats them. Unrated: the training record is never touched. The arithmetic is
// @dama/puzzle's (run.ts); the clock is `deps.now`, looked at by `tick` (the view calls it a few
// times a second). No DOM: the view hands in the board.
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  Random,
  STORM,
  STORM_STEPS,
  istanbulDate,
  pickRunPuzzle,
  recordStorm,
  runLevel,
  stormMove,
  stormOver,
  stormRemaining,
  stormSolved,
  stormStart,
  stormTodayBest,
  type Puzzle,
  type RunBests,
  type StormState,
} from '@dama/puzzle';
import { PuzzlePlayer, type MoveVerdict } from './player.ts';
import { keepRuns, loadRuns } from './run-store.ts';
import { LAST_TRY, type RunDeps } from './streak-ctrl.ts';

export interface StormEntry {
  puzzle: Puzzle;
  solved: boolean;
}

/** A change of the clock to show for a moment: seconds added (a bonus) or taken (a wrong move). */
export interface ClockFlash {
  seconds: number;
  /** Counts the flashes, so that the view shows each one afresh. */
  n: number;
}

export class StormCtrl {
  state: StormState = stormStart();
  /** The open puzzle. */
  puzzle: Puzzle | undefined;
  /** The puzzles before the open one, with their results. */
  history: StormEntry[] = [];
  /** The clock has run out (or the pool, which would take a very long run). */
  over = false;
  /** When the run ended (ms since the epoch). */
  endedAt: number | undefined;
  flash: ClockFlash | undefined;
  /** How the previous puzzle ended, until the next move (the view says it). */
  last: 'solved' | 'missed' | undefined;
  /** The device's bests before this run (the end says which were beaten) and now. */
  before: { best: number; today: number };
  bests: RunBests;
  /** The stored record was damaged (set aside; what could be read is kept). */
  trouble: boolean;
  readonly player: PuzzlePlayer;
  private readonly random: Random;
  /** The seconds last drawn on the clock (the view is redrawn when they change). */
  private shownSeconds = -1;

  constructor(private readonly deps: RunDeps) {
    this.random = new Random(deps.seed ?? deps.now());
    this.player = new PuzzlePlayer({
      lang: deps.lang,
      settings: deps.settings,
      redraw: deps.redraw,
      wait: deps.wait,
      sound: deps.sound,
      playable: () => !this.over && this.puzzle !== undefined && !stormOver(this.state, deps.now()),
      onMove: (verdict) => this.judged(verdict),
      onResult: (event) => {
        if (event === 'solved') this.done(true);
        else if (event === 'failed') this.done(false);
      },
    });
    const loaded = loadRuns(deps.kv, deps.now());
    this.trouble = loaded.trouble;
    this.bests = loaded.record;
    this.before = this.bestsNow();
    this.next();
  }

  /** Istanbul's date now (the day of "today's best"). */
  get today(): string {
    return istanbulDate(new Date(this.deps.now()));
  }

  private bestsNow(): { best: number; today: number } {
    return { best: this.bests.storm, today: stormTodayBest(this.bests, this.today) };
  }

  /** Milliseconds left on the clock (the whole time before the first move). */
  remaining(): number {
    return this.over && this.endedAt !== undefined
      ? stormRemaining(this.state, this.endedAt)
      : stormRemaining(this.state, this.deps.now());
  }

  get started(): boolean {
    return this.state.startedAt !== undefined;
  }

  /** How long the run lasted (ms), once it is over. */
  duration(): number {
    const { startedAt } = this.state;
    return startedAt === undefined || this.endedAt === undefined ? 0 : this.endedAt - startedAt;
  }

  /** The clock, looked at a few times a second: the end when it runs out, a redraw when it changes. */
  tick(): void {
    if (this.over) return;
    if (stormOver(this.state, this.deps.now())) return this.finish();
    const seconds = Math.ceil(this.remaining() / 1000);
    if (seconds !== this.shownSeconds) {
      this.shownSeconds = seconds;
      this.deps.redraw();
    }
  }

  /** A new run. */
  restart(): void {
    this.state = stormStart();
    this.history = [];
    this.over = false;
    this.endedAt = undefined;
    this.flash = undefined;
    this.last = undefined;
    this.bests = loadRuns(this.deps.kv, this.deps.now()).record;
    this.before = this.bestsNow();
    this.next();
  }

  private judged(verdict: MoveVerdict): void {
    if (verdict === 'slower' || this.over) return;
    const { state, bonus } = stormMove(this.state, verdict === 'good', this.deps.now());
    if (state === this.state) return;
    this.state = state;
    this.last = undefined;
    if (verdict === 'wrong') this.flash = { seconds: -STORM.penalty / 1000, n: (this.flash?.n ?? 0) + 1 };
    else if (bonus > 0) this.flash = { seconds: bonus, n: (this.flash?.n ?? 0) + 1 };
  }

  /** The open puzzle is solved, or failed by a wrong move: the next one at once. */
  private done(solved: boolean): void {
    if (this.over) return;
    const puzzle = this.puzzle as Puzzle;
    this.history.push({ puzzle, solved });
    this.last = solved ? 'solved' : 'missed';
    if (solved) {
      this.state = stormSolved(this.state);
      const score = this.state.solved;
      this.bests = keepRuns(this.deps.kv, this.deps.now(), (r) => recordStorm(r, score, this.today).record);
    }
    if (stormOver(this.state, this.deps.now())) return this.finish();
    this.next();
  }

  private next(): void {
    const played = this.history.map((h) => h.puzzle);
    const level = runLevel(STORM_STEPS, this.history.length);
    const puzzle = pickRunPuzzle(this.deps.pool, played, level, this.random);
    if (!puzzle) return this.finish();
    this.puzzle = puzzle;
    this.player.start(puzzle, LAST_TRY);
    this.player.changed();
  }

  private finish(): void {
    this.over = true;
    // the moment the clock reached zero, when it did (the tick comes a little after)
    const { startedAt, extra } = this.state;
    const zero = startedAt === undefined ? Infinity : startedAt + STORM.time + extra;
    this.endedAt = Math.min(this.deps.now(), zero);
    this.player.cancel();
    this.player.changed();
  }

  setBoard(board: Board | undefined): void {
    this.player.setBoard(board);
  }

  boardConfig(): BoardConfig {
    return this.player.boardConfig();
  }

  /** A move from the board; resolves when the screen is settled. */
  userMove(path: MovePath): Promise<void> {
    return this.player.userMove(path);
  }

  destroy(): void {
    this.player.destroy();
  }
}
