// The daily puzzle screen's state and behaviour (lila's ctrl): which puzzle is open, the session
// from @dama/puzzle, what the board shows while replies, refutations and the solution are played
// out, the record kept on the device and sharing. No DOM: the view mounts the board and hands it in
// with `setBoard`; without a board (tests) every animation is skipped.
import { catalog, type Lang } from '../lib/i18n/index.ts';
import { makeNotation, squareName, type Color, type Move, type Position } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import {
  MAX_TRIES,
  archiveDates,
  dayNumber,
  istanbulDate,
  hintMove,
  mergeStores,
  playMove,
  puzzleForDate,
  puzzleNumber,
  takeHint,
  recordPlay,
  solutionMoves,
  startSession,
  streakSummary,
  type DayRecord,
  type Puzzle,
  type SessionState,
  type StreakStore,
  type StreakSummary,
} from '@dama/puzzle';
import { boardMoves, piecesOf, toPath } from '../lib/adapter.ts';
import { ANIMATION_MS, type Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type { KeyValue } from '../lib/storage.ts';
import { numberLabel } from '../lib/i18n/dates.ts';
import { boardLabels } from '../lib/labels.ts';
import type { ShareOutcome } from './share.ts';
import { loadStore, saveStore, type StoreTrouble } from './store.ts';

/** How long the screen lets things sink in (ms). */
export const PAUSE = {
  /** before the computer's reply */
  reply: 450,
  /** on the refuted position, before going back to the start */
  refuted: 1300,
  /** before the solution starts and between its moves */
  solution: 650,
} as const;

/** 'daily': today's puzzle, counts for the streak; 'archive': a past day's; 'practice': not recorded. */
export type PlayMode = 'daily' | 'archive' | 'practice';

/** 'play': the solver may move; 'busy': something is being shown; then the end. */
export type Phase = 'play' | 'busy' | 'solved' | 'failed';

export type Screen = 'puzzle' | 'archive' | 'training';

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

export interface PuzzleDeps {
  /** the bank, in order */
  puzzles: readonly Puzzle[];
  kv: KeyValue | undefined;
  /** milliseconds since the epoch */
  now: () => number;
  lang: () => Lang;
  settings: () => Settings;
  redraw: () => void;
  /** resolve after `ms` (instant in tests) */
  wait?: (ms: number) => Promise<void>;
  share?: (text: string) => Promise<ShareOutcome>;
  sound?: { play(name: SoundName): void };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const ARCHIVE_PAGE = 30;

export class PuzzleCtrl {
  today: string;
  store: StreakStore;
  /** a problem with the stored record, to mention once */
  trouble: StoreTrouble | 'unsaved' | undefined;
  screen: Screen = 'puzzle';
  open!: OpenPuzzle;
  session!: SessionState;
  /** the position on the board (differs from the session's while a refutation or the solution plays) */
  shown!: Position;
  lastMove: Move | undefined;
  phase: Phase = 'play';
  feedback: Feedback = { kind: 'start' };
  /** solved just now (not restored): the view celebrates */
  celebrate = false;
  shareResult: ShareOutcome | undefined;
  /** how many archive days are listed */
  archiveLimit = ARCHIVE_PAGE;
  /** the bank has no puzzle for the open date: the last date it has one for */
  ended: string | undefined;
  /** the square of the piece a hint marks */
  hintSquare: number | undefined;
  /** show difficulty and themes before solving */
  showDetails = false;
  private board: Board | undefined;
  private token = 0;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly deps: PuzzleDeps) {
    this.wait = deps.wait ?? sleep;
    this.today = istanbulDate(new Date(deps.now()));
    const loaded = loadStore(deps.kv, this.today, deps.now());
    this.store = loaded.store;
    this.trouble = loaded.trouble;
    this.load(this.today, 'daily');
  }

  // ---- what the view asks

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
    if (this.phase !== 'play' || this.ended) return;
    const move = hintMove(this.session);
    if (!move) return;
    this.session = takeHint(this.session);
    this.hintSquare = move.from;
    this.feedback = { kind: 'hint' };
    this.record();
    this.changed();
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

  openTraining(): void {
    this.screen = 'training';
    this.settle();
    this.deps.redraw();
  }

  /** What the training tab needs from the page. */
  trainingDeps(): { settings: Settings; now: () => number; kv: KeyValue | undefined } {
    return { settings: this.deps.settings(), now: this.deps.now, kv: this.deps.kv };
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
    this.board = board;
    board?.set({ ...this.boardConfig(), onMove: (m) => void this.userMove(m) });
  }

  sync(): void {
    this.board?.set(this.boardConfig());
  }

  boardConfig(): BoardConfig {
    const s = this.deps.settings();
    const t = catalog(this.deps.lang());
    const playing = this.phase === 'play' && !this.ended;
    const hint =
      playing && this.hintSquare !== undefined
        ? (squareName(this.hintSquare) as BoardConfig['selected'])
        : null;
    return {
      orientation: this.solver,
      pieces: piecesOf(this.shown),
      movable: { color: playing ? this.solver : 'none', moves: playing ? boardMoves(this.shown) : [] },
      lastMove: this.lastMove ? toPath(this.lastMove) : null,
      selected: hint,
      arrows: [],
      theme: s.theme,
      coordinates: s.coordinates,
      showDests: s.showDests,
      animationMs: ANIMATION_MS[s.animation],
      confirmMove: s.confirmMove,
      flipFarPieces: false,
      labels: boardLabels(t),
    };
  }

  // ---- playing

  /** The player chose a move on the board (any capture path). Resolves when the screen is settled. */
  async userMove(path: MovePath): Promise<void> {
    if (this.phase !== 'play' || this.ended) return this.sync();
    const move = this.shown
      .legalMovesAllPaths()
      .find((m) => toPath(m).from === path.from && samePath(toPath(m).path, path.path));
    if (!move) return this.sync();
    const { state, result } = playMove(this.session, move);
    const token = ++this.token;
    this.shareResult = undefined;
    this.hintSquare = undefined;
    this.shown = this.shown.play(move);
    this.lastMove = move;
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');

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
        this.celebrate = true;
        this.record();
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
        this.shown = this.session.position;
        this.lastMove = this.session.played[this.session.played.length - 1];
        this.phase = 'play';
        return this.changed();
      }
      case 'wrong':
      case 'failed': {
        const failed = result.kind === 'failed';
        this.session = state;
        this.phase = 'busy';
        this.feedback = { kind: 'wrong', move: makeNotation(move) };
        this.record();
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
          this.shown = this.session.position;
          this.lastMove = this.session.played[this.session.played.length - 1];
          this.phase = 'play';
          this.feedback = { kind: 'retry', triesLeft: this.triesLeft };
          return this.changed();
        }
        this.feedback = { kind: 'failed' };
        await this.showSolution(token);
        return;
      }
      default:
        return this.sync(); // illegal or over: the board shows the position again
    }
  }

  /** Play the main line from the start on the board, move by move. */
  async replaySolution(): Promise<void> {
    if (this.phase !== 'failed' && this.phase !== 'solved') return;
    const end = this.phase;
    const token = ++this.token;
    this.celebrate = false;
    await this.showSolution(token, end);
  }

  private async showSolution(token: number, end: Phase = 'failed'): Promise<void> {
    this.phase = 'busy';
    this.shown = this.startPosition();
    this.lastMove = undefined;
    this.changed();
    for (const move of solutionMoves(this.open.puzzle)) {
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
    const piece = this.shown.pieceAt(move.from);
    this.shown = this.shown.play(move);
    this.lastMove = move;
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');
    const board = this.board;
    if (board && piece) {
      this.deps.redraw();
      await board.animateMove(toPath(move), `${piece.color}-${piece.role}`);
    }
    this.sync();
  }

  // ---- keeping

  private startPosition(): Position {
    return startSession(this.open.puzzle).position;
  }

  /** Open `date`'s puzzle in `mode`, restoring a finished result or the tries already used. */
  private load(date: string, mode: PlayMode): void {
    this.cancel();
    const puzzles = this.deps.puzzles;
    const pick = puzzleForDate(date, puzzles);
    // Past the end of the bank there is no puzzle: the screen says so (the last one stays on the
    // board, not playable) instead of repeating an old one.
    this.ended = pick.puzzle ? undefined : (pick.lastDate ?? date);
    const puzzle = pick.puzzle ?? puzzles[puzzles.length - 1];
    this.hintSquare = undefined;
    this.showDetails = false;
    const fresh = startSession(puzzle);
    this.open = { date, number: puzzleNumber(date), puzzle, mode, solver: fresh.position.turn };
    this.celebrate = false;
    this.shareResult = undefined;
    const record = mode === 'practice' ? undefined : this.recordFor(date);
    this.lastMove = undefined;
    if (record && (record.solved || record.failed)) {
      const line = solutionMoves(puzzle);
      let end = fresh.position;
      for (const m of line) end = end.play(m);
      this.session = {
        ...fresh,
        position: end,
        played: line,
        movesLeft: 0,
        tries: record.tries,
        status: record.solved ? 'solved' : 'failed',
        hinted: record.hinted === true,
      };
      this.shown = end;
      this.lastMove = line[line.length - 1];
      this.phase = record.solved ? 'solved' : 'failed';
      this.feedback = { kind: record.solved ? 'wasSolved' : 'wasFailed' };
      return;
    }
    this.session = { ...fresh, tries: record?.tries ?? 0, hinted: record?.hinted === true };
    this.shown = fresh.position;
    this.phase = 'play';
    this.feedback =
      mode === 'practice'
        ? { kind: 'practice' }
        : this.session.tries > 0
          ? { kind: 'retry', triesLeft: this.triesLeft }
          : { kind: 'start' };
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
    const text = this.shareText();
    this.shareResult = undefined;
    this.deps.redraw();
    this.shareResult = await this.deps.share(text);
    this.deps.redraw();
  }

  private changed(): void {
    this.sync();
    this.deps.redraw();
  }

  /** Stop what is being played out and show where the session stands. */
  private settle(): void {
    this.cancel();
    if (this.phase !== 'busy') return;
    const s = this.session;
    if (s.status === 'failed') {
      let end = this.startPosition();
      for (const m of solutionMoves(this.open.puzzle)) {
        end = end.play(m);
        this.lastMove = m;
      }
      this.shown = end;
      this.phase = 'failed';
      this.feedback = { kind: 'solution' };
    } else {
      this.shown = s.position;
      this.lastMove = s.played[s.played.length - 1];
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

  /** Stop whatever is being played out (a new puzzle, another screen, leaving). */
  private cancel(): void {
    this.token++;
  }

  destroy(): void {
    this.cancel();
    this.board = undefined;
  }
}

const samePath = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((s, i) => s === b[i]);
