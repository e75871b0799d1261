// Looking through a finished or imported game, move by move. No moves can be played here.
import type { Game } from '@dama/core';
import type { Board, BoardConfig } from '@dama/board';
import { piecesOf, toPath } from '../lib/adapter.ts';
import { ANIMATION_MS, type Settings } from '../lib/settings.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { boardLabels } from '../lib/labels.ts';
import type { GameRecord } from '../lib/record.ts';

export class ReplayCtrl {
  ply: number;
  private board: Board | undefined;

  constructor(
    readonly record: GameRecord,
    readonly game: Game,
    private readonly settings: () => Settings,
    private readonly trans: () => Catalog,
    private readonly redraw: () => void,
  ) {
    this.ply = game.plies;
  }

  boardConfig(): BoardConfig {
    const s = this.settings();
    const last = this.ply > 0 ? this.game.moves[this.ply - 1] : undefined;
    return {
      orientation: this.record.setup?.mode === 'computer' ? this.record.setup.playerColor : 'white',
      pieces: piecesOf(this.game.positionAt(this.ply)),
      movable: { color: 'none', moves: [] },
      lastMove: last ? toPath(last) : null,
      arrows: [],
      theme: s.theme,
      coordinates: s.coordinates,
      animationMs: ANIMATION_MS[s.animation],
      labels: boardLabels(this.trans()),
    };
  }

  setBoard(board: Board | undefined): void {
    this.board = board;
    board?.set(this.boardConfig());
  }

  jump(ply: number): void {
    const p = Math.max(0, Math.min(ply, this.game.plies));
    if (p === this.ply) return;
    const forwardOne = p === this.ply + 1;
    this.ply = p;
    const move = this.game.moves[p - 1];
    if (forwardOne && move && this.board) {
      const board = this.board;
      void board.animateMove(toPath(move)).then(() => board === this.board && board.set(this.boardConfig()));
    } else this.board?.set(this.boardConfig());
    this.redraw();
  }

  /**
   * A key pressed on the replay screen: ← → one move back or forward, Home and End the start and the
   * end. True when the key was one of these (the caller then keeps the browser from scrolling).
   */
  key(key: string): boolean {
    if (key === 'ArrowLeft') this.jump(this.ply - 1);
    else if (key === 'ArrowRight') this.jump(this.ply + 1);
    else if (key === 'Home') this.jump(0);
    else if (key === 'End') this.jump(this.game.plies);
    else return false;
    return true;
  }
}
