// One game on the screen: the rules' Game, who plays which side, time, hint, draw offers,
// resignation, undo and looking back through the moves. The board widget is mounted by the view and
// handed in with `setBoard`; this controller tells it what to show (lila's ctrl + chessground).
import { Game, makeFen, makeNotation, opposite, type Color, type Move, type Outcome } from '@dama/core';
import type { Board, BoardConfig, MovePath, SquareName } from '@dama/board';
import { thinkLimits } from '@dama/engine';
import { arrowsOf, boardMoves, fromPath, indexOf, piecesOf, toPath } from '../lib/adapter.ts';
import type { EngineClient, Level, Limits, SearchAnswer } from '../lib/engine/client.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { newId, recordOf, saveGame, type GameRecord, type PdnNames, type SavedGame } from '../lib/record.ts';
import type { Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import type { GameSetup, PlayLevel } from '../lib/setup.ts';
import { settingsBoard } from '../lib/board-settings.ts';
import { computerAcceptsDraw, flipTb, MAX_DRAW_OFFERS } from './draw-offer.ts';
import { Timekeeper } from './timekeeper.ts';
import { resultLine } from '../lib/result.ts';

/** What the controller needs from the app around it. */
export interface GameEnv {
  engine: Pick<EngineClient, 'state' | 'search' | 'stop'> | undefined;
  sound: { play(name: SoundName): void; vibrate(pattern: number | number[]): void };
  now(): number;
  random(): number;
  trans(): Catalog;
  settings(): Settings;
  redraw(): void;
  /** keep the game in progress (undefined: none any more) and, once it is over, its record */
  persist(current: SavedGame | undefined, finished?: GameRecord): void;
  /** say something to screen readers */
  announce(text: string): void;
  /** answer at tiny limits (browser tests) */
  fastEngine: boolean;
  /** wait so long (the computer's human pace); absent: no waiting (unit tests) */
  wait?: (ms: number) => Promise<void>;
}

/**
 * After the move timer played for the player, the computer's reply waits at least this long (ms),
 * whatever the pace, so that the player sees the move made for them.
 */
export const AUTO_SHOWN_MS = 1500;

/** The computer's pace: milliseconds from the player's move to its reply, at least, by level. */
export const REPLY_PACE_MS: Record<GameSetup['level'], number> = {
  1: 500,
  2: 500,
  3: 600,
  4: 600,
  5: 700,
  6: 800,
  7: 1000,
  8: 1300,
};

export interface GameInit {
  setup: GameSetup;
  game?: Game;
  id?: string;
  startedAt?: number;
  clocks?: Record<Color, number>;
}

type Dialog = 'resign' | 'draw';
/** 1 or 2, alternating at each refused tap (the view restarts the must-capture pulse); 0: none since the last move */
type Nudge = 0 | 1 | 2;
type EngineTask = 'reply' | 'hint' | 'draw' | 'auto';

let instances = 0;

export class GameCtrl {
  /** tells this controller from an earlier one of the same game (the view keys its board by it) */
  readonly key = `${++instances}`;
  readonly setup: GameSetup;
  readonly game: Game;
  readonly id: string;
  readonly startedAt: number;
  readonly time: Timekeeper;
  /** the ply shown while looking back, or undefined for the live position */
  viewPly: number | undefined;
  /** the master's suggestion, shown as arrows until the next move */
  hint: Move | undefined;
  dialog: Dialog | undefined;
  /** who asked the question in the dialog (two players face to face: the dialog faces them) */
  dialogBy: Color | undefined;
  nudge: Nudge = 0;
  /** a short message under the board: 'the computer declines the draw' */
  notice: string | undefined;
  /** the notice stays until the player's next move (not the computer's) */
  private noticeSticky = false;
  /** which question the engine is answering now */
  task: EngineTask | undefined;
  flipped = false;
  /** touch-move: the piece the player touched and must move */
  private locked: SquareName | undefined;
  private board: Board | undefined;
  private token = 0;
  private seed: number;
  private destroyed = false;

  constructor(
    private readonly env: GameEnv,
    init: GameInit,
  ) {
    this.setup = init.setup;
    this.game = init.game ?? new Game(undefined, { drawRules: init.setup.drawRules });
    this.startedAt = init.startedAt ?? env.now();
    this.id = init.id ?? newId(this.startedAt, env.random);
    this.time = new Timekeeper(init.setup.time, init.clocks);
    this.seed = Math.floor(env.random() * 1e9);
    if (!this.game.isOver()) {
      this.time.start(this.game.position.turn, env.now());
      this.maybeEngineReply();
    }
  }

  // ---- what the view asks

  get turn(): Color {
    return this.game.position.turn;
  }

  get outcome(): Outcome | undefined {
    return this.game.outcome();
  }

  get vsComputer(): boolean {
    return this.setup.mode === 'computer';
  }

  isHuman(color: Color): boolean {
    return !this.vsComputer || color === this.setup.playerColor;
  }

  /** The player who acts now at this device: against the computer always the human. */
  get actingColor(): Color {
    return this.vsComputer ? this.setup.playerColor : this.turn;
  }

  get engineThinking(): boolean {
    return this.task === 'reply' || this.task === 'auto';
  }

  canPlay(): boolean {
    return !this.outcome && this.viewPly === undefined && this.isHuman(this.turn) && !this.engineThinking;
  }

  canUndo(): boolean {
    if (this.outcome || this.game.plies === 0) return false;
    if (!this.vsComputer) return true;
    // the human must have a move of their own to take back
    const firstHumanPly = this.game.initial.turn === this.setup.playerColor ? 0 : 1;
    return this.game.plies > firstHumanPly;
  }

  orientation(): Color {
    let o: Color =
      this.setup.mode === 'computer'
        ? this.setup.playerColor
        : this.setup.view === 'rotate'
          ? this.turn
          : 'white';
    if (this.flipped) o = opposite(o);
    return o;
  }

  /** Everything the board shows, from the game and the settings. */
  boardConfig(): BoardConfig {
    const s = this.env.settings();
    const t = this.env.trans();
    const ply = this.viewPly ?? this.game.plies;
    const pos = this.game.positionAt(ply);
    const last = ply > 0 ? this.game.moves[ply - 1] : undefined;
    let moves: MovePath[] = this.canPlay() ? boardMoves(pos) : [];
    if (this.locked !== undefined) moves = moves.filter((m) => m.from === this.locked);
    return {
      orientation: this.orientation(),
      pieces: piecesOf(pos),
      movable: { color: this.canPlay() ? this.turn : 'none', moves },
      lastMove: last ? toPath(last) : null,
      arrows: this.hint && this.viewPly === undefined ? arrowsOf(this.hint) : [],
      ...settingsBoard(s, t),
      flipFarPieces: this.setup.mode === 'local' && this.setup.view === 'facing',
    };
  }

  // ---- the board

  setBoard(board: Board | undefined): void {
    this.board = board;
    if (board)
      board.set({
        ...this.boardConfig(),
        onMove: (m) => this.userMove(m),
        onSelect: (sq) => this.selected(sq),
      });
  }

  /** Tell the board the current state (after any change of position, turn or settings). */
  sync(): void {
    this.board?.set(this.boardConfig());
  }

  /** Give the board the pieces only if it shows others (a promotion after an animation), keeping a selection. */
  private syncPieces(): void {
    const pieces = this.boardConfig().pieces ?? {};
    const shown = this.board?.getState().pieces ?? {};
    const same = (Object.keys(pieces) as (keyof typeof pieces)[]).every((k) => shown[k] === pieces[k]);
    if (!same || Object.keys(shown).length !== Object.keys(pieces).length) this.sync();
  }

  private selected(sq: SquareName | null): void {
    if (!this.env.settings().touchMove || !this.canPlay()) return;
    if (sq !== null && this.locked === undefined) {
      this.locked = sq;
      this.sync();
      this.board?.set({ selected: sq });
    } else if (sq === null && this.locked !== undefined) {
      this.board?.set({ selected: this.locked }); // a touched piece stays touched
    }
  }

  /**
   * A tap on a piece of the side to move that may not move: say why (a capture is compulsory with
   * another piece, or this one is blocked) and make the pieces that must capture pulse.
   */
  refusedTap(square: SquareName): void {
    if (!this.canPlay() || this.locked !== undefined) return;
    const pos = this.game.position;
    const sq = indexOf(square);
    if (pos.pieceAt(sq)?.color !== this.turn) return;
    const moves = pos.legalMoves();
    if (moves.some((m) => m.from === sq)) return;
    const t = this.env.trans();
    const capture = moves.some((m) => m.captures.length > 0);
    this.notice = capture ? t.refusedCapture : t.refusedBlocked;
    this.noticeSticky = false;
    if (capture) this.nudge = this.nudge === 1 ? 2 : 1;
    this.env.announce(this.notice);
    this.env.redraw();
  }

  // ---- moves

  userMove(path: MovePath): void {
    if (!this.canPlay()) return this.sync();
    const r = this.game.play(fromPath(path));
    if (!r.ok) {
      this.env.sound.play('error');
      return this.sync();
    }
    this.afterMove(r.value);
  }

  /** A move typed as text: 'c3-c4', 'f3xf5xd5' or the short 'f3xd5'. Returns false if it is not legal. */
  typeMove(text: string): boolean {
    if (!this.canPlay()) return false;
    const before = this.game.position;
    const r = this.game.playNotation(text);
    if (!r.ok) {
      this.notice = this.env.trans().badMove(text.trim());
      this.env.sound.play('error');
      this.env.redraw();
      return false;
    }
    const kind = before.pieceAt(r.value.from);
    this.afterMove(r.value, kind ? `${kind.color}-${kind.role}` : undefined);
    return true;
  }

  private afterMove(move: Move, animateAs?: `${Color}-${'man' | 'king'}`): void {
    const mover = opposite(this.turn);
    this.hint = undefined;
    this.nudge = 0;
    // a notice that explains what happened to the player (the timer played for them) stays until
    // their own next move; the others go with any move
    if (!this.noticeSticky || this.isHuman(mover)) {
      this.notice = undefined;
      this.noticeSticky = false;
    }
    this.locked = undefined;
    const now = this.env.now();
    this.time.moved(mover, now);
    const t = this.env.trans();
    this.env.sound.play(move.captures.length > 0 ? 'capture' : 'move');
    this.env.announce(t.moved(mover === 'white' ? t.white : t.black, makeNotation(move)));
    if (animateAs && this.board) {
      // the move slides into place while the player can already choose a reply
      const board = this.board;
      const { pieces: _pieces, ...rest } = this.boardConfig();
      void board.animateMove(toPath(move), animateAs).then(() => board === this.board && this.syncPieces());
      board.set(rest);
    } else this.sync();
    if (this.outcome) this.finish();
    else {
      this.persist();
      this.maybeEngineReply();
    }
    this.env.redraw();
  }

  private engineLimits(kind: EngineTask): Limits | undefined {
    if (this.env.fastEngine) return { depth: kind === 'reply' ? 1 : 2 };
    if (kind === 'hint') return { movetime: 1500 };
    if (kind === 'draw') return { movetime: 700 };
    if (kind === 'auto') return { movetime: 300 };
    // the level's think time (engine think.ts): its cap, held to the game's clock, and short when
    // the player asked for replies at once
    const tc = this.setup.time;
    const clock =
      tc.kind === 'clock'
        ? { left: this.time.left(this.turn, this.env.now()), increment: tc.increment * 1000 }
        : undefined;
    return thinkLimits(this.setup.level, clock, this.env.settings().fastReplies);
  }

  private ask(task: EngineTask, level: Level | PlayLevel): Promise<SearchAnswer | undefined> | undefined {
    const engine = this.env.engine;
    if (!engine || engine.state === 'failed') return undefined;
    this.task = task;
    const token = ++this.token;
    const limits = this.engineLimits(task);
    const p = engine.search({
      fen: makeFen(this.game.initial),
      moves: this.game.moves,
      drawRules: this.game.drawRules,
      counters: this.game.initialCounters,
      level,
      ...(limits ? { limits } : {}),
      seed: this.seed + this.game.plies,
    });
    return p.then((a) => {
      if (token !== this.token || this.destroyed) return undefined;
      this.task = undefined;
      return a;
    });
  }

  private maybeEngineReply(): void {
    if (!this.vsComputer || this.outcome || this.turn === this.setup.playerColor) return;
    const plies = this.game.plies;
    // an obviously forced move (the only legal one: a capture with no choice, say) is played at the
    // pace, not searched
    const legal = this.game.position.legalMoves();
    const asked =
      legal.length === 1
        ? Promise.resolve<SearchAnswer>({
            move: legal[0],
            notation: makeNotation(legal[0]),
            score: 0,
            depth: 0,
          })
        : this.ask('reply', this.setup.level);
    if (!asked) {
      this.notice = this.env.trans().engineFailed;
      return;
    }
    const started = this.env.now();
    // the player's move that the timer played for them is shown a while before the reply
    const pace = this.autoPlayed === plies ? Math.max(AUTO_SHOWN_MS, this.paceMs()) : this.paceMs();
    void asked.then(async (a) => {
      if (!a && this.env.engine?.state === 'failed') this.notice = this.env.trans().engineFailed;
      if (!a || this.game.plies !== plies) return this.env.redraw();
      const rest = pace - (this.env.now() - started);
      if (rest > 0 && this.env.wait) {
        // a human beat: the thinking sign stays until the reply
        const token = this.token;
        this.task = 'reply';
        this.env.redraw();
        await this.env.wait(rest);
        if (token !== this.token || this.destroyed || this.game.plies !== plies) return;
        this.task = undefined;
      }
      this.playEngineMove(a);
    });
  }

  /** How long the computer takes at least: its level's pace, with a little variation; none when fast. */
  private paceMs(): number {
    if (this.env.fastEngine || this.env.settings().fastReplies) return 0;
    const base = REPLY_PACE_MS[this.setup.level];
    return Math.round(base * (0.85 + 0.3 * this.env.random()));
  }

  private playEngineMove(a: SearchAnswer): void {
    if (!a.move || this.outcome) return this.env.redraw();
    const before = this.game.position;
    const r = this.game.play(a.move);
    if (!r.ok) return this.env.redraw();
    const kind = before.pieceAt(r.value.from);
    this.afterMove(r.value, kind ? `${kind.color}-${kind.role}` : undefined);
  }

  private cancelEngine(): void {
    this.token++;
    if (this.task) this.env.engine?.stop();
    this.task = undefined;
  }

  // ---- actions

  undo(): void {
    if (!this.canUndo()) return;
    this.cancelEngine();
    this.game.undo();
    if (this.vsComputer && this.turn !== this.setup.playerColor && this.game.plies > 0) this.game.undo();
    this.afterTakeback();
  }

  private afterTakeback(): void {
    this.hint = undefined;
    this.notice = undefined;
    this.locked = undefined;
    this.viewPly = undefined;
    this.dialog = undefined;
    this.time.start(this.turn, this.env.now());
    this.persist();
    this.sync();
    this.maybeEngineReply();
    this.env.redraw();
  }

  requestHint(): void {
    if (!this.canPlay()) return;
    const plies = this.game.plies;
    const asked = this.ask('hint', 'master');
    if (!asked) {
      this.notice = this.env.trans().engineFailed;
      return this.env.redraw();
    }
    this.notice = this.env.trans().hintBusy;
    this.env.redraw();
    void asked.then((a) => {
      if (this.game.plies !== plies || !a?.move) return this.env.redraw();
      this.hint = a.move;
      this.notice = this.env.trans().hintShown(makeNotation(a.move));
      this.env.announce(this.notice);
      this.sync();
      this.env.redraw();
    });
  }

  /** Draw offers made by the human against the computer (at most MAX_DRAW_OFFERS a game). */
  drawOffers = 0;
  /** the ply count after the move the timer last played for the player (its reply waits AUTO_SHOWN_MS) */
  private autoPlayed = -1;

  canOfferDraw(): boolean {
    return !this.outcome && (!this.vsComputer || (this.canPlay() && this.drawOffers < MAX_DRAW_OFFERS));
  }

  /** The draw button: it asks first (against the computer: "offer a draw?"; two players: "agreed?"). */
  offerDraw(by?: Color): void {
    if (!this.canOfferDraw()) return;
    this.dialog = 'draw';
    this.dialogBy = by;
    this.env.redraw();
  }

  /**
   * The offer is confirmed. Two players: the game is drawn. Against the computer: it thinks, and
   * accepts only as `computerAcceptsDraw` says; a refusal is said under the board until the next move.
   */
  acceptDraw(): void {
    this.dialog = undefined;
    this.dialogBy = undefined;
    if (this.outcome) return;
    if (!this.vsComputer) {
      this.cancelEngine();
      this.game.agreeDraw();
      this.finish();
      return this.env.redraw();
    }
    if (!this.canOfferDraw()) return this.env.redraw();
    this.drawOffers++;
    const plies = this.game.plies;
    const asked = this.ask('draw', 'master');
    if (!asked) return this.env.redraw();
    this.notice = this.env.trans().drawThinking;
    this.env.redraw();
    void asked.then((a) => {
      if (this.game.plies !== plies || !a) return this.env.redraw();
      // the score is the side to move's (the human's); the computer's is its negation
      const accepts = computerAcceptsDraw({
        plies: this.game.plies,
        pieces: this.game.position.count('white') + this.game.position.count('black'),
        computerScore: -a.score,
        computerTb: flipTb(a.tb?.result),
      });
      if (accepts) {
        this.notice = undefined;
        this.game.agreeDraw();
        this.finish();
      } else this.notice = this.env.trans().drawDeclined(MAX_DRAW_OFFERS - this.drawOffers);
      this.env.redraw();
    });
  }

  /** The resign button (two players face to face: each has their own, `by` is whose). */
  askResign(by?: Color): void {
    if (this.outcome) return;
    this.dialog = 'resign';
    this.dialogBy = by;
    this.env.redraw();
  }

  /** Who resigns: the seat that asked, else the player acting now. */
  get resigning(): Color {
    return this.vsComputer ? this.setup.playerColor : (this.dialogBy ?? this.actingColor);
  }

  confirmResign(): void {
    const who = this.resigning;
    this.dialog = undefined;
    this.dialogBy = undefined;
    if (this.outcome) return;
    this.cancelEngine();
    this.game.resign(who);
    this.finish();
    this.env.redraw();
  }

  closeDialog(): void {
    this.dialog = undefined;
    this.dialogBy = undefined;
    this.env.redraw();
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.sync();
    this.env.redraw();
  }

  /** Look at the position after `ply` moves; the live position when `ply` is the last one. */
  jump(ply: number): void {
    const p = Math.max(0, Math.min(ply, this.game.plies));
    this.viewPly = p === this.game.plies ? undefined : p;
    this.locked = undefined;
    this.sync();
    this.env.redraw();
  }

  // ---- time

  /** Called a few times a second by the app while a timed game is on screen. */
  tick(): void {
    if (this.outcome || !this.time.enabled) return;
    const e = this.time.check(this.env.now());
    if (!e) return;
    if (e.kind === 'flag') {
      this.cancelEngine();
      this.game.timeout(e.color);
      this.finish();
    } else if (e.kind === 'low') {
      if (this.isHuman(e.color)) {
        this.env.sound.play('low-time');
        this.env.sound.vibrate([120, 80, 120]);
        this.notice = this.env.trans().timeLow;
      }
    } else if (e.kind === 'move-timeout') this.autoMove();
    this.env.redraw();
  }

  /** The move timer ran out: the engine plays the side to move's move. */
  private autoMove(): void {
    if (!this.isHuman(this.turn)) return; // the computer's own move is on its way
    this.viewPly = undefined;
    const plies = this.game.plies;
    const play = (move: Move | undefined) => {
      if (this.game.plies !== plies || this.outcome) return;
      const m = move ?? this.game.position.legalMoves()[0];
      if (!m) return;
      this.notice = undefined;
      this.autoPlayed = plies + 1;
      this.playEngineMove({ move: m, notation: makeNotation(m), score: 0, depth: 0 });
      this.notice = this.env.trans().autoMove;
      this.noticeSticky = true;
      this.env.announce(this.notice);
      this.env.redraw();
    };
    const asked = this.ask('auto', 'master');
    this.sync();
    if (!asked) return play(undefined);
    void asked.then((a) => play(a?.move));
  }

  // ---- keeping

  private names(): PdnNames {
    const t = this.env.trans();
    if (!this.vsComputer) return { white: t.white, black: t.black, event: t.pdnEventTwoPlayers };
    const you = t.you;
    const level = t[`level_${this.setup.level}`];
    const comp = `${t.computer} (${level})`;
    const event = t.pdnEventVsComputer(level);
    return this.setup.playerColor === 'white'
      ? { white: you, black: comp, event }
      : { white: comp, black: you, event };
  }

  saved(): SavedGame {
    return saveGame(
      this.id,
      this.setup,
      this.game,
      this.startedAt,
      this.names(),
      this.time.snapshot(this.env.now()),
    );
  }

  private persist(): void {
    this.env.persist(this.saved());
  }

  private finish(): void {
    const now = this.env.now();
    this.time.stop(now);
    this.hint = undefined;
    this.viewPly = undefined;
    this.dialog = undefined;
    this.sync();
    this.env.sound.play('end');
    const saved = this.saved();
    this.env.persist(undefined, recordOf(this.id, this.setup, this.game, saved.pdn, now));
    const o = this.outcome;
    if (o)
      this.env.announce(
        resultLine(this.env.trans(), o, this.vsComputer ? this.setup.playerColor : undefined),
      );
  }

  destroy(): void {
    this.destroyed = true;
    this.cancelEngine();
    this.board = undefined;
  }
}
