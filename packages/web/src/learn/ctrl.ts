// The Learn screen's state and behaviour (lila's ctrl): the map of stages, the open level played on
// the board, the computer's replies, the verdict on every try, stars and the progress kept on the
// device. What a goal means is judge.ts; which levels exist is catalogue.ts. No DOM: the view
// mounts the board and hands it in with `setBoard`; without a board (tests) nothing is animated.
import { makeNotation, parsePosition, squareName, type Move, type Position } from '@dama/core';
import type { Arrow, Board, BoardConfig, MovePath, SquareName } from '@dama/board';
import { animateFrom, boardMoves, indexOf, piecesOf, toPath } from '../lib/adapter.ts';
import { settingsBoard } from '../lib/board-settings.ts';
import { catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import type { Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type { KeyValue } from '../lib/storage.ts';
import { LEARN_LEVELS, stageOf, type LearnLevel } from './catalogue.ts';
import { goalMoves, judgeMove, landingSquares, reply, threatAfter } from './judge.ts';
import { loadProgress, saveProgress, type Progress, type Stars } from './progress.ts';

/** How long the screen lets things sink in (ms). */
export const PAUSE = {
  /** before the computer's reply */
  reply: 450,
  /** on the position that shows why a try was wrong, before the level restarts */
  wrong: 1800,
} as const;

/** 'play': the player may move or tap; 'busy': something is being shown; 'done': the goal is reached. */
export type Phase = 'play' | 'busy' | 'done';

/** The sentence under the board. */
export type Feedback =
  | { kind: 'task' }
  | { kind: 'good' }
  | { kind: 'retry' }
  /** a move that cannot reach the goal; `answer`: the computer's reply that shows it */
  | { kind: 'wrong'; move: string; answer: string | undefined }
  | { kind: 'found'; count: number; total: number }
  /** a tapped square that no move ends on */
  | { kind: 'notSquare'; square: string }
  | { kind: 'done'; stars: Stars };

export interface LearnDeps {
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

const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Stars for a finished level: by tries (none wrong: 3, one: 2, more: 1), and a slow ending win keeps 2. */
export function starsFor(level: LearnLevel, tries: number, used: number): Stars {
  const byTries: Stars = tries === 0 ? 3 : tries === 1 ? 2 : 1;
  const g = level.goal;
  if (g.kind === 'win' && g.par !== undefined && used > g.par) return byTries === 3 ? 2 : byTries;
  return byTries;
}

/** A level's own text: its title, its task or its hint (`learn_man1_title`, …). */
export const levelText = (t: Catalog, id: string, part: 'title' | 'task' | 'hint'): string =>
  t[`learn_${id}_${part}` as keyof Catalog] as string;

export class LearnCtrl {
  progress: Progress;
  /** the stored record could not be read (it was set aside): say so once */
  trouble: 'corrupt' | 'unsaved' | undefined;
  /** the open level; undefined: the map */
  level: LearnLevel | undefined;
  /** the level's position */
  start!: Position;
  /** the position on the board */
  shown!: Position;
  phase: Phase = 'play';
  feedback: Feedback = { kind: 'task' };
  /** the player's moves still allowed */
  left = 0;
  /** the player's moves made in this try */
  used = 0;
  /** wrong tries in this visit of the level */
  tries = 0;
  /** squares found in a "squares" level */
  found: number[] = [];
  /** the hint is shown */
  hintShown = false;
  lastMove: Move | undefined;
  /** arrows the board shows (a refutation, the squares found) */
  arrows: Arrow[] = [];
  private board: Board | undefined;
  private token = 0;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly deps: LearnDeps) {
    this.wait = deps.wait ?? sleep;
    const loaded = loadProgress(deps.kv, deps.now());
    this.progress = loaded.progress;
    this.trouble = loaded.corrupt ? 'corrupt' : undefined;
  }

  get trans(): Catalog {
    return catalog(this.deps.lang());
  }

  // ---- what the view asks

  /** The squares a "squares" level asks for. */
  get targets(): number[] {
    const g = this.level?.goal;
    if (g?.kind !== 'squares') return [];
    return landingSquares(this.start, g.from === undefined ? undefined : indexOf(g.from as SquareName));
  }

  get playing(): boolean {
    return this.level !== undefined && this.phase === 'play';
  }

  /** The level after the open one, in teaching order. */
  get next(): LearnLevel | undefined {
    const i = LEARN_LEVELS.findIndex((l) => l.id === this.level?.id);
    return i >= 0 ? LEARN_LEVELS[i + 1] : undefined;
  }

  starsOf(id: string): Stars | undefined {
    return this.progress.stars[id];
  }

  /** A level may be opened: the first of each stage, and any after a finished one. */
  unlocked(id: string): boolean {
    const i = LEARN_LEVELS.findIndex((l) => l.id === id);
    if (i < 0) return false;
    const stage = stageOf(id);
    return (
      stage?.levels[0].id === id ||
      this.progress.stars[LEARN_LEVELS[i - 1].id] !== undefined ||
      this.progress.stars[id] !== undefined
    );
  }

  // ---- opening

  /** Open a level by id (an unknown id shows the map). */
  open(id: string | undefined): void {
    this.cancel();
    const level = LEARN_LEVELS.find((l) => l.id === id);
    this.level = level;
    this.tries = 0;
    this.hintShown = false;
    if (level) this.restart({ kind: 'task' });
    else this.deps.redraw();
  }

  /** The level from its start (after a wrong try, or on request). */
  restart(feedback: Feedback = this.tries > 0 ? { kind: 'retry' } : { kind: 'task' }): void {
    const level = this.level;
    if (!level) return;
    this.cancel();
    const parsed = parsePosition(level.fen);
    if (!parsed.ok) throw new Error(`learn level ${level.id}: ${parsed.error.message}`);
    this.start = parsed.value;
    this.shown = this.start;
    this.left = goalMoves(level.goal);
    this.used = 0;
    this.found = [];
    this.arrows = [];
    this.lastMove = undefined;
    this.phase = 'play';
    this.feedback = feedback;
    this.changed();
  }

  showHint(): void {
    this.hintShown = true;
    this.deps.redraw();
  }

  dismissTrouble(): void {
    this.trouble = undefined;
    this.deps.redraw();
  }

  /** Another tab changed the record: take its stars (the best of both). */
  storageChanged(): void {
    const theirs = loadProgress(this.deps.kv, this.deps.now()).progress;
    for (const [id, s] of Object.entries(theirs.stars))
      if ((this.progress.stars[id] ?? 0) < s) this.progress.stars[id] = s;
    this.deps.redraw();
  }

  // ---- the board

  setBoard(board: Board | undefined): void {
    this.board = board;
    board?.set({
      ...(this.level ? this.boardConfig() : {}),
      onMove: (m) => void this.userMove(m),
      onSquare: (sq) => void this.tapSquare(indexOf(sq)),
    });
  }

  sync(): void {
    if (this.level) this.board?.set(this.boardConfig());
  }

  boardConfig(): BoardConfig {
    const playing = this.playing && this.level?.goal.kind !== 'squares';
    const color = this.start.turn;
    return {
      orientation: color,
      pieces: piecesOf(this.shown),
      movable: { color: playing ? color : 'none', moves: playing ? boardMoves(this.shown) : [] },
      lastMove: this.lastMove ? toPath(this.lastMove) : null,
      selected: null,
      arrows: this.arrows,
      ...settingsBoard(this.deps.settings(), this.trans),
    };
  }

  // ---- playing

  /** The player chose a move on the board (any capture path). Resolves when the screen is settled. */
  async userMove(path: MovePath): Promise<void> {
    const level = this.level;
    if (!level || !this.playing || level.goal.kind === 'squares') return this.sync();
    const move = this.shown
      .legalMoves()
      .find(
        (m) =>
          squareName(m.from) === path.from &&
          squareName(m.to) === path.path[path.path.length - 1] &&
          sameSet(m.captures.map(squareName), path.captures),
      );
    if (!move) return this.sync();
    const verdict = judgeMove(level.goal, this.start, this.shown, move, this.left);
    const token = ++this.token;
    this.shown = this.shown.play(move);
    this.lastMove = move;
    this.used++;
    this.arrows = [];
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');
    if (verdict.kind === 'done' || (verdict.kind === 'go-on' && level.goal.kind === 'only'))
      return this.finish();
    if (verdict.kind === 'wrong') return this.wrong(makeNotation(move), verdict.answer, token);
    // right: the computer answers
    this.phase = 'busy';
    this.feedback = { kind: 'good' };
    this.changed();
    await this.wait(PAUSE.reply);
    if (token !== this.token) return;
    const answer = reply(level.goal, this.start, this.shown, this.left - 1);
    this.left--;
    if (answer) await this.animate(answer);
    if (token !== this.token) return;
    this.phase = 'play';
    this.changed();
  }

  /** A tap on a square in a "squares" level. */
  async tapSquare(square: number): Promise<void> {
    const level = this.level;
    if (!level || level.goal.kind !== 'squares' || !this.playing) return;
    const targets = this.targets;
    const from = level.goal.from;
    // the piece's own square is no answer, unless a capture ring brings it back there
    if (from !== undefined && indexOf(from as SquareName) === square && !targets.includes(square)) return;
    if (this.found.includes(square)) return;
    if (!targets.includes(square)) {
      const token = ++this.token;
      this.tries++;
      this.phase = 'busy';
      this.feedback = { kind: 'notSquare', square: squareName(square) };
      this.arrows = this.squareArrows(targets, 'best');
      this.deps.sound?.play('error');
      this.changed();
      await this.wait(PAUSE.wrong);
      if (token !== this.token) return;
      return this.restart({ kind: 'retry' });
    }
    this.found = [...this.found, square];
    this.arrows = this.squareArrows(this.found, 'hint');
    this.deps.sound?.play('move');
    if (this.found.length === targets.length) return this.finish();
    this.feedback = { kind: 'found', count: this.found.length, total: targets.length };
    this.changed();
  }

  private squareArrows(squares: number[], brush: Arrow['brush']): Arrow[] {
    const g = this.level?.goal;
    const from = g?.kind === 'squares' ? g.from : undefined;
    const moves = this.start.legalMoves();
    return squares.flatMap((sq) => {
      const m = moves.find((x) => x.to === sq && (from === undefined || squareName(x.from) === from));
      return m ? [{ from: squareName(m.from) as SquareName, to: squareName(sq) as SquareName, brush }] : [];
    });
  }

  private async wrong(move: string, answer: Move | undefined, token: number): Promise<void> {
    this.tries++;
    this.phase = 'busy';
    this.feedback = { kind: 'wrong', move, answer: answer ? makeNotation(answer) : undefined };
    this.deps.sound?.play('error');
    this.changed();
    await this.wait(PAUSE.reply);
    if (token !== this.token) return;
    if (answer) {
      const next = this.shown;
      await this.animate(answer);
      if (token !== this.token) return;
      // a quiet answer to a "safe" level: what it threatens next (a capture, a crowning) is drawn
      // after it (elsewhere a quiet answer only shows that the goal is out of reach)
      const safe = this.level?.goal.kind === 'safe';
      const threat = safe && answer.captures.length === 0 ? threatAfter(next, answer) : undefined;
      this.arrows = [...hops(answer), ...(threat ? hops(threat) : [])];
      this.changed();
    }
    await this.wait(PAUSE.wrong);
    if (token !== this.token) return;
    this.restart({ kind: 'retry' });
  }

  private finish(): void {
    const level = this.level;
    if (!level) return;
    const stars = starsFor(level, this.tries, this.used);
    this.phase = 'done';
    this.feedback = { kind: 'done', stars };
    if ((this.progress.stars[level.id] ?? 0) < stars) {
      this.progress = { stars: { ...this.progress.stars, [level.id]: stars } };
      if (!saveProgress(this.deps.kv, this.progress)) this.trouble = 'unsaved';
    }
    this.deps.sound?.play('end');
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

  changed(): void {
    this.sync();
    this.deps.redraw();
  }

  /** Stop whatever is being played out. */
  cancel(): void {
    this.token++;
  }

  destroy(): void {
    this.cancel();
    this.board = undefined;
  }
}

/** A move's arrows, one a jump: a capture's route along the ranks and files, never a diagonal shortcut. */
function hops(move: Move): Arrow[] {
  const stops = [move.from, ...move.path];
  return move.path.map((to, i) => ({
    from: squareName(stops[i]) as SquareName,
    to: squareName(to) as SquareName,
    brush: 'bad',
  }));
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((s) => b.includes(s));
