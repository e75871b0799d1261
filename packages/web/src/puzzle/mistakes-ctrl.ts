// "Learn from your mistakes" on the puzzle page: the mistakes and blunders kept from reviewed games
// (lib/mistakes.ts), listed newest first and played one at a time as "find the better move". The
// position before the mistake is on the board, the player to move; a move is judged by the answer
// rule of lib/mistakes.ts (`checkAnswer`): the engine's better move and the game's move at once,
// any other by the engine (the app's engine worker, `CHECK_NODES` nodes, as the review looked). A
// move found good marks the mistake solved on the device; a worse one shows the answer it allows,
// then the position comes back. No DOM: the view hands in the board.
import { DEFAULT_DRAW_RULES, parseNotation, parsePosition, type Move, type Position } from '@dama/core';
import type { Board, BoardConfig, MovePath } from '@dama/board';
import { animateFrom, boardMoves, fromPath, piecesOf, toPath } from '../lib/adapter.ts';
import { settingsBoard } from '../lib/board-settings.ts';
import { EngineClient, type WorkerLike } from '../lib/engine/client.ts';
import { catalog } from '../lib/i18n/index.ts';
import {
  CHECK_NODES,
  checkAnswer,
  keepMistakes,
  loadMistakes,
  markSolved,
  type Look,
  type Mistake,
  type MistakesStore,
} from '../lib/mistakes.ts';
import { PAUSE, sleep, type ScreenDeps } from './player.ts';

export interface MistakesDeps extends ScreenDeps {
  /** Starts the engine's worker; without it only the two known moves are judged. */
  spawnEngine?: () => WorkerLike;
  /** Open this game's first unsolved mistake (the review's link), else the list. */
  game?: string;
}

/** 'play': the player may move; 'busy': a move is being judged or an answer shown; then the end. */
export type MistakePhase = 'play' | 'busy' | 'solved' | 'shown';

/** The sentence under the board. */
export type MistakeFeedback =
  | { kind: 'start' }
  | { kind: 'checking' }
  | { kind: 'best'; move: string }
  | { kind: 'good'; move: string; best: string }
  | { kind: 'again'; move: string }
  | { kind: 'worse'; move: string }
  | { kind: 'retry' }
  | { kind: 'unknown' }
  | { kind: 'shown'; best: string };

export class MistakesCtrl {
  store: MistakesStore;
  /** The stored record was damaged (set aside; what could be read is kept). */
  trouble: boolean;
  /** The mistake on the board; undefined: the list is shown. */
  open: Mistake | undefined;
  phase: MistakePhase = 'play';
  feedback: MistakeFeedback = { kind: 'start' };
  /** The position on the board. */
  shown: Position | undefined;
  lastMove: Move | undefined;
  /** The judging of the last move, while it runs (tests await it). */
  pending: Promise<void> = Promise.resolve();
  private start: Position | undefined;
  private board: Board | undefined;
  private engine: EngineClient | undefined;
  private token = 0;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly deps: MistakesDeps) {
    this.wait = deps.wait ?? sleep;
    const loaded = loadMistakes(deps.kv, deps.now());
    this.store = loaded.store;
    this.trouble = loaded.trouble;
    if (deps.game) {
      const first = this.store.list.find((m) => m.game.id === deps.game && !m.solved);
      if (first) this.openMistake(first.fen);
    }
  }

  get list(): readonly Mistake[] {
    return this.store.list;
  }

  /** Mistakes not solved yet. */
  get toSolve(): number {
    return this.store.list.filter((m) => !m.solved).length;
  }

  /** The player may move now. */
  get playing(): boolean {
    return this.open !== undefined && this.phase === 'play';
  }

  // ---- navigation

  openMistake(fen: string): void {
    const m = this.store.list.find((x) => x.fen === fen);
    const pos = m ? parsePosition(m.fen) : undefined;
    if (!m || !pos?.ok) return;
    this.token++;
    this.open = m;
    this.start = pos.value;
    this.shown = pos.value;
    this.lastMove = undefined;
    this.phase = 'play';
    this.feedback = { kind: 'start' };
    this.changed();
  }

  /** Back to the list. */
  openList(): void {
    this.token++;
    this.engine?.stop();
    this.open = undefined;
    this.start = undefined;
    this.shown = undefined;
    this.deps.redraw();
  }

  /** The next unsolved mistake after the open one (in the list's order, round to the start), else the list. */
  next(): void {
    const list = this.store.list;
    const at = this.open ? list.findIndex((m) => m.fen === this.open?.fen) : -1;
    for (let i = 1; i <= list.length; i++) {
      const m = list[(at + i) % list.length];
      if (!m.solved && m.fen !== this.open?.fen) return this.openMistake(m.fen);
    }
    this.openList();
  }

  /** Play the engine's better move on the board (the mistake stays unsolved). */
  async showBetter(): Promise<void> {
    const m = this.open;
    const start = this.start;
    if (!m || !start || this.phase === 'solved') return;
    const token = ++this.token;
    this.engine?.stop();
    this.shown = start;
    this.lastMove = undefined;
    const best = parseNotation(start, m.best[0]);
    this.phase = 'shown';
    this.feedback = { kind: 'shown', best: m.best[0] };
    this.changed();
    if (best.ok) await this.animate(best.value, token);
  }

  // ---- playing

  /** The player chose a move on the board (any capture route). Resolves when the screen is settled. */
  userMove(path: MovePath): Promise<void> {
    this.pending = this.judge(path);
    return this.pending;
  }

  private async judge(path: MovePath): Promise<void> {
    const m = this.open;
    const start = this.start;
    if (!m || !start || !this.playing) return this.sync();
    const { from, path: squares } = fromPath(path);
    const move = start.findPath(from, squares);
    if (!move) return this.sync();
    const token = ++this.token;
    this.shown = start.play(move);
    this.lastMove = move;
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');
    this.phase = 'busy';
    this.feedback = { kind: 'checking' };
    this.changed();
    const answer = await checkAnswer(m, move, (fen, played) => this.look(fen, played));
    if (token !== this.token) return;
    switch (answer.kind) {
      case 'best':
      case 'good': {
        this.store = keepMistakes(this.deps.kv, this.deps.now(), (s) => markSolved(s, m.fen));
        this.open = this.store.list.find((x) => x.fen === m.fen) ?? { ...m, solved: true };
        this.phase = 'solved';
        this.feedback =
          answer.kind === 'best'
            ? { kind: 'best', move: answer.move }
            : { kind: 'good', move: answer.move, best: m.best[0] };
        this.deps.sound?.play('end');
        return this.changed();
      }
      case 'again':
      case 'worse': {
        this.feedback = answer.kind === 'again' ? { kind: 'again', move: answer.move } : answer;
        this.deps.sound?.play('error');
        this.changed();
        const reply = answer.reply ? parseNotation(this.shown, answer.reply) : undefined;
        if (reply?.ok) {
          await this.wait(PAUSE.reply);
          if (token !== this.token) return;
          await this.animate(reply.value, token);
          if (token !== this.token) return;
        }
        await this.wait(PAUSE.refuted);
        if (token !== this.token) return;
        this.shown = start;
        this.lastMove = undefined;
        this.phase = 'play';
        if (answer.kind === 'again') this.feedback = { kind: 'retry' };
        return this.changed();
      }
      case 'unknown':
        this.shown = start;
        this.lastMove = undefined;
        this.phase = 'play';
        this.feedback = { kind: 'unknown' };
        return this.changed();
    }
  }

  /** The engine's look at the position after `move`, as the review looked (a fixed number of nodes). */
  private async look(fen: string, move: Move): Promise<Look | undefined> {
    const after = this.start?.play(move);
    // the opponent has no move left: the player has won
    if (after && !after.hasLegalMove()) return { score: -Infinity };
    const spawn = this.deps.spawnEngine;
    if (!spawn) return undefined;
    this.engine ??= new EngineClient(spawn);
    const a = await this.engine.search({
      fen,
      moves: [move],
      drawRules: DEFAULT_DRAW_RULES,
      level: 'master',
      limits: { nodes: CHECK_NODES },
    });
    return a ? { score: a.score, ...(a.move ? { reply: a.notation } : {}) } : undefined;
  }

  /** Show `move` from the shown position, animated when there is a board. */
  private async animate(move: Move, token: number): Promise<void> {
    const before = this.shown;
    if (!before || token !== this.token) return;
    this.shown = before.play(move);
    this.lastMove = move;
    this.deps.sound?.play(move.captures.length > 0 ? 'capture' : 'move');
    if (this.board) this.deps.redraw();
    await animateFrom(this.board, before, move);
    if (token === this.token) this.changed();
  }

  // ---- the board

  setBoard(board: Board | undefined): void {
    this.board = board;
    board?.set({ ...(this.shown ? this.boardConfig() : {}), onMove: (p) => void this.userMove(p) });
  }

  sync(): void {
    if (this.shown) this.board?.set(this.boardConfig());
  }

  boardConfig(): BoardConfig {
    const shown = this.shown as Position;
    const playing = this.playing;
    const side = this.open?.side ?? 'white';
    return {
      orientation: side,
      pieces: piecesOf(shown),
      movable: { color: playing ? side : 'none', moves: playing ? boardMoves(shown) : [] },
      lastMove: this.lastMove ? toPath(this.lastMove) : null,
      selected: null,
      arrows: [],
      ...settingsBoard(this.deps.settings(), catalog(this.deps.lang())),
    };
  }

  private changed(): void {
    this.sync();
    this.deps.redraw();
  }

  destroy(): void {
    this.token++;
    this.engine?.destroy();
    this.engine = undefined;
    this.board = undefined;
  }
}
