// The daily puzzle screen's state and behaviour (lila's ctrl): which puzzle is open, the record
// kept on the device, the archive, the day changing and other tabs, and sharing. Playing the puzzle
// on the board (replies, refutations, the solution, the hint) is the shared `PuzzlePlayer`
// (player.ts), which the training tab uses too. No DOM: the view mounts the board and hands it in
// with `setBoard`; without a board (tests) every animation is skipped.
import { catalog } from '../lib/i18n/index.ts';
import type { Color, Move, Position } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  MAX_TRIES,
  archiveDates,
  dayNumber,
  istanbulDate,
  mergeStores,
  puzzleForDate,
  puzzleNumber,
  recordPlay,
  streakSummary,
  type DayRecord,
  type Puzzle,
  type SessionState,
  type StreakStore,
  type StreakSummary,
  type TrainingFilter,
} from '@dama/puzzle';
import type { Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type { KeyValue } from '../lib/storage.ts';
import type { WorkerLike } from '../lib/engine/client.ts';
import { numberLabel } from '../lib/i18n/dates.ts';
import { PuzzlePlayer, type Feedback, type Phase, type ScreenDeps } from './player.ts';
import { puzzleLink, withLink, type ShareOutcome } from './share.ts';
import { loadStore, saveStore, type StoreTrouble } from './store.ts';

export { PAUSE, type Feedback, type Phase } from './player.ts';

/** 'daily': today's puzzle, counts for the streak; 'archive': a past day's; 'practice': not recorded. */
export type PlayMode = 'daily' | 'archive' | 'practice';

/**
 * The tabs: today's (or an archive day's) puzzle, the archive, training, the streak, the storm; and,
 * reached from training (its tab stays marked), the dashboard and the mistakes kept from reviews.
 */
export type Screen = 'puzzle' | 'archive' | 'training' | 'streak' | 'storm' | 'dashboard' | 'mistakes';

/** The screens with a component of their own, under which the daily puzzle waits. */
export type TabScreen = 'training' | 'streak' | 'storm' | 'dashboard' | 'mistakes';

export interface OpenPuzzle {
  /** 'YYYY-MM-DD' */
  date: string;
  /** #number shown (≤ 0 before the launch: a preview) */
  number: number;
  puzzle: Puzzle;
  mode: PlayMode;
  /** the side to move in the puzzle, played by the player */
  solver: Color;
}

export type ArchiveMark = 'solved' | 'failed' | 'started' | 'unplayed';

export interface ArchiveRow {
  date: string;
  number: number;
  mark: ArchiveMark;
}

export interface PuzzleDeps extends ScreenDeps {
  /** the bank, in order */
  puzzles: readonly Puzzle[];
  share?: (text: string) => Promise<ShareOutcome>;
  /** the app's page (`location.origin + location.pathname`): the shared text links to the puzzle */
  page?: string;
  /** starts the engine's worker (the mistakes' answers are judged with it) */
  spawnEngine?: () => WorkerLike;
}

export const ARCHIVE_PAGE = 30;

export class PuzzleCtrl {
  today: string;
  store: StreakStore;
  /** a problem with the stored record, to mention once */
  trouble: StoreTrouble | 'unsaved' | undefined;
  screen: Screen = 'puzzle';
  open!: OpenPuzzle;
  /** solved just now (not restored): the view celebrates */
  celebrate = false;
  shareResult: ShareOutcome | undefined;
  /** how many archive days are listed */
  archiveLimit = ARCHIVE_PAGE;
  /** the bank has no puzzle for the open date: the last date it has one for */
  ended: string | undefined;
  /** show difficulty and themes before solving */
  showDetails = false;
  /** the choice training opens with (the dashboard's theme) */
  trainingFilter: TrainingFilter | undefined;
  /** the game whose mistakes open first (the review's link) */
  mistakesGame: string | undefined;
  private readonly player: PuzzlePlayer;

  constructor(private readonly deps: PuzzleDeps) {
    this.player = new PuzzlePlayer({
      lang: deps.lang,
      settings: deps.settings,
      redraw: deps.redraw,
      wait: deps.wait,
      sound: deps.sound,
      playable: () => !this.ended,
      onResult: (event) => {
        if (event === 'solved') this.celebrate = true;
        this.record();
      },
    });
    this.today = istanbulDate(new Date(deps.now()));
    const loaded = loadStore(deps.kv, this.today, deps.now());
    this.store = loaded.store;
    this.trouble = loaded.trouble;
    this.load(this.today, 'daily');
  }

  // ---- what the view asks

  /** The session of the open puzzle. */
  get session(): SessionState {
    return this.player.session;
  }

  /** The position on the board (differs from the session's while a refutation or the solution plays). */
  get shown(): Position {
    return this.player.shown;
  }

  get lastMove(): Move | undefined {
    return this.player.lastMove;
  }

  get phase(): Phase {
    return this.player.phase;
  }

  get feedback(): Feedback {
    return this.player.feedback;
  }

  /** The square of the piece a hint marks. */
  get hintSquare(): number | undefined {
    return this.player.hintSquare;
  }

  /** The side the player plays: at the bottom of the board. */
  get solver(): Color {
    return this.open.solver;
  }

  get triesLeft(): number {
    return MAX_TRIES - this.session.tries;
  }

  get numberLabel(): string {
    return numberLabel(this.open.number, this.open.date, this.deps.lang());
  }

  summary(): StreakSummary {
    return streakSummary(this.store, this.today);
  }

  /** The record that decides how a date's puzzle opens and how the archive marks it. */
  recordFor(date: string): DayRecord | undefined {
    const day = this.store.days[date];
    if (day && (day.solved || day.failed)) return day;
    return this.store.archive[date] ?? day;
  }

  archiveRows(): ArchiveRow[] {
    return archiveDates(this.today, this.archiveLimit).map((date) => {
      const r = this.recordFor(date);
      const mark: ArchiveMark = !r ? 'unplayed' : r.solved ? 'solved' : r.failed ? 'failed' : 'started';
      return { date, number: puzzleNumber(date), mark };
    });
  }

  hasOlderDays(): boolean {
    return archiveDates(this.today, this.archiveLimit + 1).length > this.archiveLimit;
  }

  /** The main line as the solution list shows it. */
  solutionLine(): string[] {
    return this.open.puzzle.line;
  }

  /** The spoiler-free text to share: number, result, tries and (daily) the streak. */
  shareText(): string {
    const m = catalog(this.deps.lang());
    const label = this.numberLabel;
    const attempt = this.session.tries + 1;
    const daily = this.open.mode === 'daily';
    const hint = this.hinted() ? m.puzzleShareHint : '';
    if (this.phase === 'solved')
      return (
        (daily
          ? m.puzzleShareSolved(label, attempt, this.summary().current)
          : m.puzzleShareSolvedArchive(label, attempt)) + hint
      );
    return (daily ? m.puzzleShareFailedText(label) : m.puzzleShareFailedArchive(label)) + hint;
  }

  /** What is shared: the spoiler-free text, and the link that opens the same day's puzzle. */
  shareMessage(): string {
    const page = this.deps.page;
    return withLink(this.shareText(), page ? puzzleLink(page, this.open.date) : undefined);
  }

  /** A hint was taken for the open puzzle (now, or when it was played before). */
  hinted(): boolean {
    return (
      this.session.hinted ||
      (this.open.mode !== 'practice' && this.recordFor(this.open.date)?.hinted === true)
    );
  }

  /** Difficulty and themes are shown: after the end, or before when the player asked. */
  detailsShown(): boolean {
    return this.showDetails || this.phase === 'solved' || this.phase === 'failed';
  }

  toggleDetails(): void {
    this.showDetails = !this.showDetails;
    this.deps.redraw();
  }

  /** Mark the piece that makes the next move; the hint is recorded with the result. */
  hint(): void {
    this.player.hint();
  }

  // ---- time and other tabs

  /**
   * Called every few seconds and when the page is shown again: after midnight in Istanbul the open
   * daily puzzle moves on to the new day's (unless something is being played out, then next time).
   */
  tick(): void {
    const today = istanbulDate(new Date(this.deps.now()));
    if (today === this.today) return;
    this.today = today;
    if (this.open.mode === 'daily' && this.phase !== 'busy' && this.screen === 'puzzle') {
      this.load(today, 'daily');
      this.sync();
    }
    this.deps.redraw();
  }

  /** Another tab changed the record: take the best of both, and show a result reached there. */
  storageChanged(): void {
    const loaded = loadStore(this.deps.kv, this.today, this.deps.now());
    this.store = mergeStores(this.store, loaded.store);
    const r = this.open.mode === 'practice' ? undefined : this.recordFor(this.open.date);
    if (r && (r.solved || r.failed) && this.phase === 'play' && !this.ended) {
      this.load(this.open.date, this.open.mode);
      this.sync();
    }
    this.deps.redraw();
  }

  // ---- navigation

  /** Today's puzzle (the day may have changed since the screen opened). */
  openToday(): void {
    this.today = istanbulDate(new Date(this.deps.now()));
    this.screen = 'puzzle';
    if (this.open.date !== this.today || this.open.mode !== 'daily') this.load(this.today, 'daily');
    this.sync();
    this.deps.redraw();
  }

  openArchive(): void {
    this.today = istanbulDate(new Date(this.deps.now()));
    this.screen = 'archive';
    this.settle();
    this.deps.redraw();
  }

  /** Training, with a choice to start with (the dashboard opens it on a theme). */
  openTraining(filter?: TrainingFilter): void {
    this.trainingFilter = filter;
    this.openTab('training');
  }

  /** The mistakes kept from reviewed games; `game`'s first unsolved one opens (the review's link). */
  openMistakes(game?: string): void {
    this.mistakesGame = game;
    this.openTab('mistakes');
  }

  /** A screen of its own (training, the streak, the storm, the dashboard, the mistakes): the daily puzzle waits. */
  openTab(screen: TabScreen): void {
    this.screen = screen;
    this.settle();
    this.deps.redraw();
  }

  /** What the training, streak, storm, dashboard and mistakes screens need from the page. */
  trainingDeps(): {
    settings: Settings;
    now: () => number;
    kv: KeyValue | undefined;
    sound: { play(name: SoundName): void } | undefined;
  } {
    return { settings: this.deps.settings(), now: this.deps.now, kv: this.deps.kv, sound: this.deps.sound };
  }

  get spawnEngine(): (() => WorkerLike) | undefined {
    return this.deps.spawnEngine;
  }

  moreArchive(): void {
    this.archiveLimit += ARCHIVE_PAGE;
    this.deps.redraw();
  }

  /** Open a date's puzzle: today's is the daily one, an earlier day's is an archive puzzle. */
  openDate(date: string): void {
    const d = dayNumber(date);
    const t = dayNumber(this.today) as number;
    if (d === undefined || d > t) return;
    this.screen = 'puzzle';
    this.load(date, d === t ? 'daily' : 'archive');
    this.sync();
    this.deps.redraw();
  }

  /** Play a finished puzzle once more, without recording anything. */
  practice(): void {
    this.load(this.open.date, 'practice');
    this.sync();
    this.deps.redraw();
  }

  dismissTrouble(): void {
    this.trouble = undefined;
    this.deps.redraw();
  }

  // ---- the board

  setBoard(board: Board | undefined): void {
    this.player.setBoard(board);
  }

  sync(): void {
    this.player.sync();
  }

  boardConfig(): BoardConfig {
    return this.player.boardConfig();
  }

  // ---- playing

  /** The player chose a move on the board (any capture path). Resolves when the screen is settled. */
  userMove(path: MovePath): Promise<void> {
    return this.player.userMove(path);
  }

  /** Play the main line from the start on the board, move by move. */
  replaySolution(): Promise<void> {
    this.celebrate = false;
    return this.player.replaySolution();
  }

  // ---- keeping

  /** Open `date`'s puzzle in `mode`, restoring a finished result or the tries already used. */
  private load(date: string, mode: PlayMode): void {
    const puzzles = this.deps.puzzles;
    const pick = puzzleForDate(date, puzzles);
    // Past the end of the bank there is no puzzle: the screen says so (the last one stays on the
    // board, not playable) instead of repeating an old one.
    this.ended = pick.puzzle ? undefined : (pick.lastDate ?? date);
    const puzzle = pick.puzzle ?? puzzles[puzzles.length - 1];
    this.showDetails = false;
    this.celebrate = false;
    this.shareResult = undefined;
    const record = mode === 'practice' ? undefined : this.recordFor(date);
    const finished = record?.solved ? 'solved' : record?.failed ? 'failed' : undefined;
    this.player.start(puzzle, {
      tries: record?.tries ?? 0,
      hinted: record?.hinted === true,
      finished,
      feedback: !finished && mode === 'practice' ? { kind: 'practice' } : undefined,
    });
    this.open = { date, number: puzzleNumber(date), puzzle, mode, solver: this.player.solver };
  }

  /** Keep the session's result: the daily list for today's puzzle, the archive for a past one. */
  private record(): void {
    let mode = this.open.mode;
    if (mode === 'practice' || this.ended) return;
    // A daily puzzle finished after midnight (Istanbul) belongs to the archive: the day is over.
    if (mode === 'daily' && istanbulDate(new Date(this.deps.now())) !== this.open.date) mode = 'archive';
    const s = this.session;
    const record: DayRecord = {
      tries: s.tries,
      solved: s.status === 'solved',
      failed: s.status === 'failed',
      ...(s.hinted ? { hinted: true } : {}),
    };
    // Another tab may have written since this one read: keep the best of both.
    const latest = loadStore(this.deps.kv, this.today, this.deps.now()).store;
    this.store = recordPlay(mergeStores(latest, this.store), this.open.date, mode, record);
    if (!saveStore(this.deps.kv, this.store) && this.trouble === undefined) this.trouble = 'unsaved';
  }

  async share(): Promise<void> {
    if (!this.deps.share) return;
    const text = this.shareMessage();
    this.shareResult = undefined;
    this.deps.redraw();
    this.shareResult = await this.deps.share(text);
    this.deps.redraw();
  }

  /** Stop what is being played out and show where the session stands. */
  private settle(): void {
    this.player.settle();
  }

  destroy(): void {
    this.player.destroy();
  }
}
