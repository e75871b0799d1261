// The rules page: its sections in the player's language, and the small boards where the player may
// try the key cases (the moves come from the rules in core; a tried move is undone after a moment).
import { parsePosition, type Position } from '@dama/core';
import type { Board, BoardConfig } from '@dama/board';
import { arrowsOf, boardMoves, piecesOf } from '../lib/adapter.ts';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { boardLabels } from '../lib/labels.ts';
import { ANIMATION_MS, type Settings } from '../lib/settings.ts';
import { rulesContent, type Diagram, type Section } from './content.ts';

/** How long a tried move stays on a diagram before the position comes back. */
export const DIAGRAM_RESET_MS = 1600;

/** What the rules page is given by the app. */
export interface RulesEnv {
  trans(): Catalog;
  lang(): Lang;
  /** the player's settings (the diagrams' board style, animation) */
  settings(): Settings;
}

export class RulesCtrl {
  private readonly diagrams = new Map<Diagram, DiagramCtrl>();

  constructor(private readonly env: RulesEnv) {}

  get trans(): Catalog {
    return this.env.trans();
  }

  get lang(): Lang {
    return this.env.lang();
  }

  get settings(): Settings {
    return this.env.settings();
  }

  get sections(): Section[] {
    return rulesContent(this.trans);
  }

  /** The controller of a diagram's board (one per diagram, kept while the app runs). */
  diagram(d: Diagram): DiagramCtrl {
    let c = this.diagrams.get(d);
    if (!c)
      this.diagrams.set(
        d,
        (c = new DiagramCtrl(
          d,
          () => this.settings,
          () => this.trans,
        )),
      );
    return c;
  }
}

/** One diagram's board: the position, its legal moves as arrows, and trying them. */
export class DiagramCtrl {
  private board: Board | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly position: Position | undefined;

  constructor(
    readonly diagram: Diagram,
    private readonly settings: () => Settings,
    private readonly trans: () => Catalog,
  ) {
    const p = parsePosition(diagram.fen);
    this.position = p.ok ? p.value : undefined;
  }

  config(): BoardConfig {
    const pos = this.position;
    const s = this.settings();
    if (!pos) return {};
    return {
      pieces: piecesOf(pos),
      movable: { color: pos.turn, moves: boardMoves(pos) },
      arrows: pos.legalMoves().flatMap(arrowsOf),
      lastMove: null,
      theme: s.theme,
      coordinates: true,
      showDests: true,
      animationMs: ANIMATION_MS[s.animation],
      labels: { ...boardLabels(this.trans()), board: this.diagram.caption },
    };
  }

  setBoard(board: Board | undefined): void {
    this.board = board;
    if (!board) clearTimeout(this.timer);
    board?.set({ ...this.config(), onMove: () => this.tried() });
  }

  sync(): void {
    this.board?.set(this.config());
  }

  /** The player tried a move: it stays a moment, then the position comes back. */
  private tried(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sync(), DIAGRAM_RESET_MS);
  }
}
