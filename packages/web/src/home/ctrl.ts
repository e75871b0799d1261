// The home screen: the unfinished game to continue, and the new-game sheet with the choices kept
// from last time.
import type { AppCtrl } from '../app/ctrl.ts';
import { isObject } from '../lib/guards.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { restoreGame } from '../lib/record.ts';
import { KEYS } from '../lib/storage.ts';
import {
  COLOR_CHOICES,
  LOCAL_VIEWS,
  FIRST_LEVEL,
  readLevel,
  readTimeControl,
  type ColorChoice,
  type LocalView,
  type Mode,
  type PlayLevel,
  type TimeControl,
} from '../lib/setup.ts';

/** The choices of the new-game sheet. */
export interface Draft {
  level: PlayLevel;
  color: ColorChoice;
  time: TimeControl;
  view: LocalView;
}

export const DEFAULT_DRAFT: Draft = {
  level: FIRST_LEVEL,
  color: 'white',
  time: { kind: 'off' },
  view: 'rotate',
};

/** The new-game choices kept from last time; undefined if they are not valid. */
export function readDraft(v: unknown): Draft | undefined {
  if (!isObject(v)) return undefined;
  const time = readTimeControl(v.time);
  const level = readLevel(v.level);
  const color = COLOR_CHOICES.find((c) => c === v.color);
  const view = LOCAL_VIEWS.find((x) => x === v.view);
  return time && level && color && view ? { level, color, time, view } : undefined;
}

export class HomeCtrl {
  /** the new-game sheet that is open, if any */
  sheet: Mode | undefined;
  /** the sheet to open when the home screen is shown next ("New game" at the end of a game) */
  pendingSheet: Mode | undefined;
  draft: Draft;
  /** the sheet's game waits for "start a new game?" (a game in progress would be set aside) */
  replacing: Mode | undefined;

  constructor(readonly root: AppCtrl) {
    const d = root.store.load(KEYS.draft, readDraft);
    this.draft = d.status === 'ok' ? d.value : DEFAULT_DRAFT;
  }

  get trans(): Catalog {
    return this.root.trans;
  }

  openSheet(mode: Mode | undefined): void {
    this.sheet = mode;
    this.root.redraw();
  }

  setDraft(d: Partial<Draft>): void {
    this.draft = { ...this.draft, ...d };
    this.root.store.save(KEYS.draft, this.draft);
    this.root.redraw();
  }

  /** The continue card's number of moves: the moves of the game kept on the device. */
  continueMoves(): number {
    const cur = this.root.current;
    if (!cur) return 0;
    if (this.counted?.pdn !== cur.pdn)
      this.counted = { pdn: cur.pdn, moves: Math.ceil((restoreGame(cur.pdn, cur.setup)?.plies ?? 0) / 2) };
    return this.counted.moves;
  }

  private counted: { pdn: string; moves: number } | undefined;

  /**
   * Start a game from the sheet's choices. Over a game in progress it asks first; that game is then
   * kept in "My games", unfinished, to be continued from there.
   */
  start(mode: Mode, confirmed = false): void {
    this.sheet = undefined;
    this.replacing = undefined;
    if (!confirmed && this.root.hasUnfinished) {
      this.replacing = mode;
      return this.root.redraw();
    }
    this.root.start(mode, this.draft);
  }

  cancelReplace(): void {
    this.replacing = undefined;
    this.root.redraw();
  }
}
