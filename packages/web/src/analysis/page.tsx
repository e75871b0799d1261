// The analysis screen as one Preact component for the app's router: the analysis board for a link,
// or a finished game with its review. Loaded as its own chunk when first opened. It owns the screen's
// lifecycle: the engine stops when the tab is hidden and when the screen is left; ← and → step
// through the moves when no text field or the board has the keyboard.
import { Component, type JSX } from 'preact';
import type { Color, Game } from '@dama/core';
import type { Board } from '@dama/board';
import type { WorkerLike } from '../lib/engine/client.ts';
import type { Lang } from '../lib/i18n/index.ts';
import { addMistakes, keepMistakes } from '../lib/mistakes.ts';
import { browserStorage, type KeyValue } from '../lib/storage.ts';
import type { Settings } from '../lib/settings.ts';
import { AnalysisCtrl, type Opening } from './ctrl.ts';
import { catalog as analysisMessages } from '../lib/i18n/index.ts';
import type { Review } from './review.ts';
import { analysisView } from './view.tsx';
import './analysis.css';

import type { PlayLevel } from '../lib/setup.ts';

export type { PlayLevel };

/** The level "play from here" offers first: the middle of the ladder. */
const PLAY_FROM_LEVEL: PlayLevel = 4;

export interface AnalysisPageProps {
  lang: Lang;
  settings: Settings;
  opening: Opening;
  spawnEngine: (() => WorkerLike) | undefined;
  saveReview: (recordId: string, review: Review) => void;
  playFrom: (game: Game, color: Color, level: PlayLevel) => void;
  /** the moves of the game in progress that "play from here" would set aside (0: none) */
  inProgress?: () => number;
  /** replace the address bar's hash without a navigation */
  replaceHash?: (hash: string) => void;
  /** the app's redraw (lib/redraw.ts): the page is drawn with the app */
  redraw: () => void;
  /** where the mistakes to practise are kept; the browser's localStorage when absent */
  kv?: KeyValue;
}

interface State {
  continuing: boolean;
  /** the colour chosen in "play from here" while a game in progress awaits the player's yes */
  replacing: Color | undefined;
  level: PlayLevel;
  pdnOpen: boolean;
}

const copyToClipboard = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

export class AnalysisPage extends Component<AnalysisPageProps, State> {
  override state: State = { continuing: false, replacing: undefined, level: PLAY_FROM_LEVEL, pdnOpen: false };
  private ctrl: AnalysisCtrl;
  private level: PlayLevel = PLAY_FROM_LEVEL;

  constructor(props: AnalysisPageProps) {
    super(props);
    this.ctrl = new AnalysisCtrl(
      {
        t: () => analysisMessages(this.props.lang),
        settings: () => this.props.settings,
        spawnEngine: props.spawnEngine,
        redraw: () => this.props.redraw(),
        replaceHash: (hash) =>
          this.props.replaceHash
            ? this.props.replaceHash(hash)
            : history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`),
        saveReview: (id, review) => this.props.saveReview(id, review),
        playFrom: (game, color) => this.props.playFrom(game, color, this.level),
        keepMistakes: (found) => {
          const now = Date.now();
          keepMistakes(this.props.kv ?? browserStorage(), now, (s) => addMistakes(s, found, now));
        },
        copy: copyToClipboard,
      },
      props.opening,
    );
  }

  private readonly onVisibility = (): void => this.ctrl.setHidden(document.hidden);

  private readonly onKey = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, .dama-board, [role="dialog"]')) return;
    if (this.ctrl.editor) return;
    if (e.key === 'ArrowLeft') this.ctrl.jump(this.ctrl.ply - 1);
    else if (e.key === 'ArrowRight') this.ctrl.jump(this.ctrl.ply + 1);
    else if (e.key === 'Home') this.ctrl.jump(0);
    else if (e.key === 'End') this.ctrl.jump(this.ctrl.line.length);
    else return;
    e.preventDefault();
  };

  override componentDidMount(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('keydown', this.onKey);
    this.ctrl.setHidden(document.hidden);
  }

  override componentWillUnmount(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('keydown', this.onKey);
    this.ctrl.destroy();
  }

  private readonly bind = (board: Board | undefined): void => this.ctrl.setBoard(board);

  override render(): JSX.Element {
    return analysisView(
      {
        ctrl: this.ctrl,
        t: analysisMessages(this.props.lang),
        continuing: this.state.continuing,
        setContinuing: (continuing) => this.setState({ continuing, replacing: undefined }),
        inProgress: this.state.continuing ? (this.props.inProgress?.() ?? 0) : 0,
        replacing: this.state.replacing,
        setReplacing: (replacing) => this.setState({ replacing }),
        level: this.state.level,
        setLevel: (level) => {
          this.level = level;
          this.setState({ level });
        },
        pdnOpen: this.state.pdnOpen,
        setPdnOpen: (pdnOpen) => this.setState({ pdnOpen }),
      },
      this.bind,
    );
  }
}
