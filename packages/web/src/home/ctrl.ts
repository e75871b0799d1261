// The home screen: the unfinished game to continue, and the new-game sheet with the choices kept
// from last time.
import { isObject } from '../lib/guards.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { restoreGame, type GameRecord, type SavedGame } from '../lib/record.ts';
import { KEYS, type LocalStore } from '../lib/storage.ts';
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

/** The daily puzzle's card: today's status and the streak. */
export interface PuzzleCard {
  status: string;
  streak: number;
  text: string;
  streakText: string;
}

/** The Learn card: how many levels are done, and that in words ("12 / 66 levels"). */
export interface LearnCard {
  done: number;
  text: string;
}

/** What the home screen is given by the app. */
export interface HomeEnv {
  /** where the new-game choices are kept */
  store: Pick<LocalStore, 'load' | 'save'>;
  trans(): Catalog;
  redraw(): void;
  /** the unfinished game kept on the device, offered to continue */
  current(): SavedGame | undefined;
  /** the unfinished game has moves that starting another game would set aside */
  hasUnfinished(): boolean;
  /** the games of My games (the record against each level) */
  records(): readonly GameRecord[];
  /** start a game from the sheet's choices */
  start(mode: Mode, draft: Draft): void;
  puzzleCard(): PuzzleCard;
  learnCard(): LearnCard;
}

export class HomeCtrl {
  /** the new-game sheet that is open, if any */
  sheet: Mode | undefined;
  /** the sheet to open when the home screen is shown next ("New game" at the end of a game) */
  pendingSheet: Mode | undefined;
  draft: Draft;
  /** the sheet's game waits for "start a new game?" (a game in progress would be set aside) */
  replacing: Mode | undefined;

  constructor(private readonly env: HomeEnv) {
    const d = env.store.load(KEYS.draft, readDraft);
    this.draft = d.status === 'ok' ? d.value : DEFAULT_DRAFT;
  }

  get trans(): Catalog {
    return this.env.trans();
  }

  /** the unfinished game kept on the device */
  get current(): SavedGame | undefined {
    return this.env.current();
  }

  /** the games of My games */
  get records(): readonly GameRecord[] {
    return this.env.records();
  }

  puzzleCard(): PuzzleCard {
    return this.env.puzzleCard();
  }

  learnCard(): LearnCard {
    return this.env.learnCard();
  }

  openSheet(mode: Mode | undefined): void {
    this.sheet = mode;
    this.env.redraw();
  }

  setDraft(d: Partial<Draft>): void {
    this.draft = { ...this.draft, ...d };
    this.env.store.save(KEYS.draft, this.draft);
    this.env.redraw();
  }

  /** The continue card's number of moves: the moves of the game kept on the device. */
  continueMoves(): number {
    const cur = this.env.current();
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
    if (!confirmed && this.env.hasUnfinished()) {
      this.replacing = mode;
      return this.env.redraw();
    }
    this.env.start(mode, this.draft);
  }

  cancelReplace(): void {
    this.replacing = undefined;
    this.env.redraw();
  }
}
