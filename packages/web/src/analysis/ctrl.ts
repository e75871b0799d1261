// The analysis board and the game review: a line of moves from a first position that the player
// steps through and extends for either side, the engine thinking about the position shown (multi-PV),
// a position editor, and — for a finished game — the review with its graph and verdicts. State and
// behaviour only; view.tsx draws it and page.tsx connects it to the app.
import {
  DEFAULT_DRAW_RULES,
  Game,
  makeFen,
  makeNotation,
  makePdn,
  parseFen,
  parseNotation,
  Position,
  squareName,
  startSetup,
  type Color,
  type DrawRules,
  type Move,
  type Piece,
  type Setup,
  type Square,
} from '@dama/core';
import type { Arrow, Board, BoardConfig, PieceKind } from '@dama/board';
import { squareFromIndex, squareToIndex } from '@dama/board';
import { boardMoves, fromPath, piecesOf, toPath } from '../lib/adapter.ts';
import type { WorkerLike } from '../lib/engine/client.ts';
import { ANIMATION_MS, type Settings } from '../lib/settings.ts';
import { AnalysisEngine, type Thought } from './engine.ts';
import { countJudgements, winChance, type Counts } from './judge.ts';
import { linkOfMoves, readLink, type LinkProblem } from '../lib/analysis-link.ts';
import type { Catalog as AnalysisMessages } from '../lib/i18n/index.ts';
import { readReview, reviewedMoves, runReview, type Review, type ReviewedMove } from './review.ts';
import type { FoundMistake } from '../lib/mistakes.ts';
import { reviewMistakes } from './mistakes.ts';

export const EDIT_TOOLS = ['white-man', 'white-king', 'black-man', 'black-king', 'erase'] as const;
export type EditTool = (typeof EDIT_TOOLS)[number];

export interface Editor {
  pieces: Map<Square, Piece>;
  turn: Color;
  tool: EditTool;
  fenText: string;
  /** why the set-up was refused */
  error: string | undefined;
}

/** A finished game under review: where it came from, and the review when there is one. */
export interface ReviewState {
  recordId: string | undefined;
  game: Game;
  review: Review | undefined;
  moves: ReviewedMove[];
  counts: Counts | undefined;
  progress: { done: number; total: number } | undefined;
  stopped: boolean;
  /** the side this device's player had (a game against the computer, online); undefined: unknown */
  player: Color | undefined;
  /** when the game ended (ms), when known */
  playedAt: number | undefined;
}

export interface AnalysisDeps {
  t: () => AnalysisMessages;
  settings: () => Settings;
  spawnEngine: (() => WorkerLike) | undefined;
  redraw: () => void;
  /** put the analysis link in the address bar without leaving the screen */
  replaceHash: (hash: string) => void;
  /** keep a review with its game record */
  saveReview: (recordId: string, review: Review) => void;
  /** play the computer from this game's last position */
  playFrom: (game: Game, color: Color) => void;
  /** keep a review's mistakes as puzzles (lib/mistakes.ts) */
  keepMistakes?: (found: FoundMistake[]) => void;
  copy: (text: string) => Promise<boolean>;
}

/** What to open: a link's query, or a game (with its record's id and kept review, if any). */
export type Opening =
  | { kind: 'link'; query: string }
  | {
      kind: 'game';
      game: Game;
      ply?: number;
      recordId?: string;
      kept?: unknown;
      /** the player's own side (against the computer, online): down, and whose mistakes are kept */
      orientation?: Color;
      /** when the game ended (ms) */
      playedAt?: number;
    }
  | { kind: 'missing-record' };

export const MAX_LINES = 3;

/**
 * What the engine of the analysis board is doing, for its state line: turned off, resting while the
 * tab is hidden or a review runs, searching the position shown, or idle (a search that ended or
 * could not start). Only 'thinking' has a search running.
 */
export type EngineStatus = 'off' | 'hidden' | 'reviewing' | 'thinking' | 'idle';

/** Deep enough that the engine keeps going until it is stopped (ten minutes on one position). */
const ENDLESS = { movetime: 600_000 };

export class AnalysisCtrl {
  initial: Position = Position.start();
  /** the line on the board: moves from `initial` */
  line: Move[] = [];
  ply = 0;
  drawRules: DrawRules = { ...DEFAULT_DRAW_RULES };
  orientation: Color = 'white';
  problem: LinkProblem | 'missing-record' | undefined;
  editor: Editor | undefined;
  review: ReviewState | undefined;
  engineOn = true;
  lines = 2;
  thought: Thought | undefined;
  /** the position `thought` is about (its FEN and ply) */
  private thoughtKey = '';
  hidden = false;
  flash: string | undefined;
  readonly engine: AnalysisEngine | undefined;
  private board: Board | undefined;
  private reviewEngine: AnalysisEngine | undefined;
  private destroyed = false;

  constructor(
    private readonly deps: AnalysisDeps,
    opening: Opening,
  ) {
    this.engine = deps.spawnEngine ? new AnalysisEngine(deps.spawnEngine, deps.redraw) : undefined;
    if (opening.kind === 'link') {
      const r = readLink(opening.query);
      this.initial = r.game.initial;
      this.line = r.game.moves;
      this.ply = r.ply;
      this.problem = r.problem;
    } else if (opening.kind === 'game') {
      const g = opening.game;
      this.initial = g.initial;
      this.line = g.moves;
      this.ply = Math.max(0, Math.min(opening.ply ?? 0, g.plies));
      this.drawRules = g.drawRules;
      if (opening.orientation) this.orientation = opening.orientation;
      const moves = g.moves.map(makeNotation);
      const review = readReview(opening.kept, moves);
      this.review = {
        recordId: opening.recordId,
        game: g,
        review: undefined,
        moves: [],
        counts: undefined,
        progress: undefined,
        stopped: false,
        player: opening.orientation,
        playedAt: opening.playedAt,
      };
      if (review) this.setReview(review);
    } else this.problem = 'missing-record';
  }

  // ---- the position

  /** The game of the line up to the ply shown (so repetitions count). */
  gameAt(ply = this.ply): Game {
    const g = new Game(this.initial, { drawRules: this.drawRules });
    for (const m of this.line.slice(0, ply)) g.play(m);
    return g;
  }

  get position(): Position {
    let p = this.initial;
    for (const m of this.line.slice(0, this.ply)) p = p.play(m);
    return p;
  }

  /** True while the line is the reviewed game's (up to the ply shown). */
  get onGameLine(): boolean {
    const g = this.review?.game;
    if (!g) return false;
    if (this.ply > g.plies) return false;
    for (let i = 0; i < this.ply; i++)
      if (makeNotation(g.moves[i]) !== makeNotation(this.line[i])) return false;
    return true;
  }

  /** The reviewed move that led to the position shown, on the game line. */
  get currentVerdict(): ReviewedMove | undefined {
    if (!this.review?.review || !this.onGameLine || this.ply === 0) return undefined;
    return this.review.moves[this.ply - 1];
  }

  setBoard(board: Board | undefined): void {
    this.board = board;
    if (board)
      board.set({ onMove: (m) => this.playPath(m), onSquare: (sq) => this.editTap(squareToIndex(sq)) });
    this.syncBoard();
  }

  boardConfig(): BoardConfig {
    const s = this.deps.settings();
    const common = {
      orientation: this.orientation,
      theme: s.theme,
      coordinates: s.coordinates,
      animationMs: ANIMATION_MS[s.animation],
      showDests: s.showDests,
    };
    if (this.editor) {
      const pieces: Record<string, PieceKind> = {};
      for (const [sq, p] of this.editor.pieces) pieces[squareFromIndex(sq)] = `${p.color}-${p.role}`;
      return { ...common, pieces, movable: { color: 'none', moves: [] }, lastMove: null, arrows: [] };
    }
    const pos = this.position;
    const last = this.ply > 0 ? this.line[this.ply - 1] : undefined;
    return {
      ...common,
      pieces: piecesOf(pos),
      movable: { color: 'both', moves: this.gameAt().isOver() ? [] : boardMoves(pos) },
      lastMove: last ? toPath(last) : null,
      arrows: this.arrows(),
    };
  }

  /** The engine's lines (best first, fainter after) or, on a reviewed mistake, the better move. */
  arrows(): Arrow[] {
    const v = this.currentVerdict;
    if (v?.better) {
      const before = this.gameAt(this.ply - 1).position;
      const m = parseNotation(before, v.better[0]);
      const played = this.line[this.ply - 1];
      const out: Arrow[] = [
        { from: squareFromIndex(played.from), to: squareFromIndex(played.to), brush: 'bad' },
      ];
      if (m.ok)
        out.push({ from: squareFromIndex(m.value.from), to: squareFromIndex(m.value.to), brush: 'best' });
      return out;
    }
    const t = this.currentThought;
    if (!t || !this.engineOn) return [];
    const pos = this.position;
    const out: Arrow[] = [];
    t.lines.forEach((l, i) => {
      const m = l.pv[0] ? parseNotation(pos, l.pv[0]) : undefined;
      if (m?.ok)
        out.push({
          from: squareFromIndex(m.value.from),
          to: squareFromIndex(m.value.to),
          brush: i === 0 ? 'best' : 'alt',
        });
    });
    return out;
  }

  private syncBoard(): void {
    this.board?.set(this.boardConfig());
  }

  private changed(): void {
    this.syncBoard();
    this.publish();
    this.think();
    this.deps.redraw();
  }

  private publish(): void {
    if (this.editor) return;
    if (this.review?.recordId && this.onGameLine && this.line.length === this.review.game.plies)
      this.deps.replaceHash(`#/analysis?record=${encodeURIComponent(this.review.recordId)}&ply=${this.ply}`);
    else this.deps.replaceHash(linkOfMoves(this.initial, this.line, this.ply));
  }

  /** The link of what is shown, for sharing. */
  shareLink(): string {
    return linkOfMoves(this.initial, this.line, this.ply);
  }

  // ---- moving through the line

  private playPath(path: Parameters<typeof fromPath>[0]): void {
    const m = this.position.findLegal(fromPath(path));
    if (!m) return this.syncBoard();
    const next = this.line[this.ply];
    const same = next && makeNotation(next) === makeNotation(m);
    if (!same) this.line = [...this.line.slice(0, this.ply), m];
    this.ply++;
    this.changed();
  }

  /** Play a move given in notation (the engine's line, a typed move). */
  playNotation(text: string): boolean {
    const m = parseNotation(this.position, text);
    if (!m.ok) return false;
    this.playPath(toPath(m.value));
    return true;
  }

  jump(ply: number): void {
    const p = Math.max(0, Math.min(ply, this.line.length));
    if (p === this.ply) return;
    this.ply = p;
    this.changed();
  }

  /** Go back to the reviewed game's moves at the ply shown (or its end). */
  backToGame(ply?: number): void {
    const g = this.review?.game;
    if (!g) return;
    this.line = g.moves;
    this.ply = Math.min(ply ?? this.ply, g.plies);
    this.changed();
  }

  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.syncBoard();
    this.deps.redraw();
  }

  dismissProblem(): void {
    this.problem = undefined;
    this.deps.redraw();
  }

  // ---- the engine

  get currentThought(): Thought | undefined {
    return this.thoughtKey === this.positionKey() ? this.thought : undefined;
  }

  private positionKey(): string {
    return `${makeFen(this.initial)}|${this.line
      .slice(0, this.ply)
      .map(makeNotation)
      .join(' ')}|${this.lines}`;
  }

  get engineStatus(): EngineStatus {
    if (!this.engineOn) return 'off';
    if (this.hidden) return 'hidden';
    if (this.review?.progress) return 'reviewing';
    return this.engine?.state === 'thinking' ? 'thinking' : 'idle';
  }

  /** Start (or restart) the engine on the position shown, if it should run. */
  think(): void {
    const e = this.engine;
    if (!e || this.destroyed) return;
    const running = this.engineOn && !this.hidden && !this.editor && !this.review?.progress;
    if (!running || this.gameAt().isOver()) {
      e.stop();
      return;
    }
    const key = this.positionKey();
    if (key === this.thoughtKey && (e.state === 'thinking' || this.thought?.done)) return;
    this.thoughtKey = key;
    this.thought = undefined;
    e.analyse(
      {
        fen: makeFen(this.initial),
        moves: this.line.slice(0, this.ply),
        drawRules: this.drawRules,
        limits: ENDLESS,
        lines: this.lines,
      },
      (t) => {
        if (this.thoughtKey !== key) return;
        this.thought = t;
        this.syncBoard();
        this.deps.redraw();
      },
    );
  }

  toggleEngine(): void {
    this.engineOn = !this.engineOn;
    if (!this.engineOn) this.engine?.stop();
    this.thought = this.engineOn ? this.thought : undefined;
    if (!this.engineOn) this.thoughtKey = '';
    this.changed();
  }

  setLines(n: number): void {
    this.lines = Math.max(1, Math.min(MAX_LINES, n));
    this.changed();
  }

  /** The tab was hidden or shown again: the engine rests while nobody looks. */
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    if (hidden) {
      this.engine?.stop();
      this.thoughtKey = '';
      // its lines' arrows go with it
      this.syncBoard();
    } else this.think();
    this.deps.redraw();
  }

  /** The screen is left: every search ends. */
  destroy(): void {
    this.destroyed = true;
    this.engine?.destroy();
    this.reviewEngine?.destroy();
    this.board = undefined;
  }

  /** White's winning chance by the engine's best line, if it has one for the position shown. */
  whiteChance(): number | undefined {
    const t = this.currentThought;
    if (t && t.lines.length > 0) {
      const s = t.lines[0].score;
      return winChance(this.position.turn === 'white' ? s : -s);
    }
    const r = this.review?.review;
    if (r && this.onGameLine) return winChance(r.scores[this.ply]);
    return undefined;
  }

  // ---- the review

  startReview(): void {
    const r = this.review;
    const spawn = this.deps.spawnEngine;
    if (!r || !spawn || r.progress) return;
    this.engine?.stop();
    this.thoughtKey = '';
    this.reviewEngine?.destroy();
    const engine = new AnalysisEngine(spawn);
    this.reviewEngine = engine;
    r.stopped = false;
    r.progress = { done: 0, total: r.game.plies + 1 };
    this.deps.redraw();
    void runReview(
      r.game,
      (ask) => engine.evaluate(ask),
      (done, total) => {
        r.progress = { done, total };
        this.deps.redraw();
      },
    ).then((review) => {
      if (this.destroyed || this.review !== r) return;
      r.progress = undefined;
      engine.destroy();
      if (this.reviewEngine === engine) this.reviewEngine = undefined;
      if (!review) {
        r.stopped = true;
      } else {
        this.setReview(review);
        if (r.recordId) this.deps.saveReview(r.recordId, review);
        // the player's own mistakes become puzzles at once when the game says whose side was theirs
        if (r.player) this.keepMistakes();
      }
      this.changed();
    });
  }

  /**
   * The reviewed game's mistakes and blunders to practise: the player's side when the game says it,
   * else the side at the bottom of the board. None without a kept game (a link) or a review.
   */
  mistakes(): FoundMistake[] {
    const r = this.review;
    if (!r?.review || !r.recordId) return [];
    return reviewMistakes(r.game, r.review, r.moves, this.mistakesSide(), {
      id: r.recordId,
      ...(r.playedAt !== undefined ? { at: r.playedAt } : {}),
    });
  }

  /** Whose mistakes `mistakes` gives. */
  mistakesSide(): Color {
    return this.review?.player ?? this.orientation;
  }

  /** Keep the mistakes as puzzles (a position already kept stays as it is). */
  keepMistakes(): void {
    const found = this.mistakes();
    if (found.length > 0) this.deps.keepMistakes?.(found);
  }

  private setReview(review: Review): void {
    const r = this.review;
    if (!r) return;
    r.review = review;
    r.moves = reviewedMoves(r.game, review);
    r.counts = countJudgements(r.moves);
  }

  /** Play the computer from the position shown, with the line's history. */
  continueFromHere(color: Color): void {
    this.deps.playFrom(this.gameAt(), color);
  }

  pdn(): string {
    const g = this.gameAt(this.line.length);
    const tags: Record<string, string> = { Event: 'Dama analysis' };
    if (makeFen(this.initial) !== makeFen(Position.start())) {
      tags.SetUp = '1';
      tags.FEN = makeFen(this.initial);
    }
    return makePdn(g, tags);
  }

  async copyText(text: string, done: string): Promise<void> {
    if (await this.deps.copy(text)) {
      this.flash = done;
      this.deps.redraw();
      setTimeout(() => {
        if (this.flash === done) {
          this.flash = undefined;
          this.deps.redraw();
        }
      }, 2000);
    }
  }

  // ---- the editor

  openEditor(): void {
    const pos = this.position;
    const pieces = new Map<Square, Piece>();
    for (const p of pos.toSetup().pieces) pieces.set(p.square, { color: p.color, role: p.role });
    this.editor = { pieces, turn: pos.turn, tool: 'white-man', fenText: makeFen(pos), error: undefined };
    this.engine?.stop();
    this.thoughtKey = '';
    this.syncBoard();
    this.deps.redraw();
  }

  cancelEditor(): void {
    this.editor = undefined;
    this.changed();
  }

  setTool(tool: EditTool): void {
    if (!this.editor) return;
    this.editor.tool = tool;
    this.deps.redraw();
  }

  editTap(square: Square): void {
    const e = this.editor;
    if (!e) return;
    const here = e.pieces.get(square);
    if (e.tool === 'erase') e.pieces.delete(square);
    else {
      const [color, role] = e.tool.split('-') as [Color, 'man' | 'king'];
      if (here && here.color === color && here.role === role) e.pieces.delete(square);
      else e.pieces.set(square, { color, role });
    }
    this.editorChanged();
  }

  setTurn(turn: Color): void {
    if (!this.editor) return;
    this.editor.turn = turn;
    this.editorChanged();
  }

  private editorChanged(): void {
    const e = this.editor;
    if (!e) return;
    e.error = undefined;
    e.fenText = makeFen(this.editorSetup());
    this.syncBoard();
    this.deps.redraw();
  }

  private editorSetup(): Setup {
    const e = this.editor!;
    return { turn: e.turn, pieces: [...e.pieces].map(([square, p]) => ({ square, ...p })) };
  }

  setEditorSetup(setup: Setup): void {
    const e = this.editor;
    if (!e) return;
    e.pieces = new Map(setup.pieces.map((p) => [p.square, { color: p.color, role: p.role }]));
    e.turn = setup.turn;
    this.editorChanged();
  }

  startPosition(): void {
    this.setEditorSetup(startSetup());
  }

  emptyBoard(): void {
    this.setEditorSetup({ turn: this.editor?.turn ?? 'white', pieces: [] });
  }

  setFenText(text: string): void {
    if (this.editor) this.editor.fenText = text;
  }

  /** Read the FEN field into the editor; a bad FEN is refused with the reason. */
  loadFen(): void {
    const e = this.editor;
    if (!e) return;
    const s = parseFen(e.fenText);
    // the editor's board holds one piece a square: a FEN naming a square twice is refused, not cut
    const twice = s.ok
      ? s.value.pieces.find((p, i) => s.value.pieces.some((q, j) => j < i && q.square === p.square))
      : undefined;
    if (!s.ok || twice) {
      e.error = s.ok
        ? this.deps.t().anSetupError('overlap', squareName(twice!.square))
        : this.deps.t().anSetupError(s.error.code, s.error.message);
      return this.deps.redraw();
    }
    const text = e.fenText;
    this.setEditorSetup(s.value);
    e.fenText = text;
  }

  /** Take the set-up: the rules check it; refused with a message saying why. */
  applyEditor(): boolean {
    const e = this.editor;
    if (!e) return false;
    const setup = this.editorSetup();
    // both sides need a piece: a side with none has already lost, there is nothing to analyse
    if (!setup.pieces.some((p) => p.color === 'white') || !setup.pieces.some((p) => p.color === 'black')) {
      e.error = this.deps.t().anSetupError('no-pieces', '');
      this.deps.redraw();
      return false;
    }
    const pos = Position.fromSetup(setup);
    if (!pos.ok) {
      e.error = this.deps.t().anSetupError(pos.error.code, pos.error.message);
      this.deps.redraw();
      return false;
    }
    this.editor = undefined;
    this.initial = pos.value;
    this.line = [];
    this.ply = 0;
    this.review = undefined;
    this.drawRules = { ...DEFAULT_DRAW_RULES };
    this.changed();
    return true;
  }
}
