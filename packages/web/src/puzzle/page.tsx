// The daily puzzle page as one Preact component, for the app's router to
// mount. The bank is loaded on first use (`bankLoader`), so it stays out of the app's first download.
import { Component, type JSX } from 'preact';
import type { Lang } from '../lib/i18n/index.ts';
import { defaultSettings, type Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import { browserStorage, watchStorage, type KeyValue } from '../lib/storage.ts';
import type { WorkerLike } from '../lib/engine/client.ts';
import { PuzzleCtrl } from './ctrl.ts';
import { bankLoader } from './parts.tsx';
import { linkedDate, shareText } from './share.ts';
import { PUZZLE_KEY } from './store.ts';
import { placeholderView, puzzleView } from './view.tsx';
import './puzzle.css';

export interface PuzzlePageProps {
  lang: Lang;
  /** the app's settings (board theme, coordinates, animation speed …); defaults when absent */
  settings?: Settings;
  /** the app's sounds */
  sound?: { play(name: SoundName): void };
  /** milliseconds since the epoch; injectable for tests */
  now?: () => number;
  /** where the record is kept; the browser's localStorage when absent */
  kv?: KeyValue;
  /** the redraw of what the page is drawn in (lib/redraw.ts): the app's */
  redraw: () => void;
  /** starts the engine's worker (the mistakes' answers are judged with it) */
  spawnEngine?: () => WorkerLike;
}

/** The game named by a review's link to its mistakes (`#/puzzle?mistakes=ID`), if any. */
export function linkedMistakes(hash: string): string | undefined {
  const q = hash.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(hash.slice(q + 1)).get('mistakes') ?? undefined;
}

/** How often the page looks at the clock (for midnight in Istanbul). */
const TICK_MS = 10_000;

/** The daily bank, loaded once. */
export const loadPuzzles = bankLoader('daily', () => import('@dama/puzzle/daily.tsv?raw'));

interface State {
  failed: boolean;
}

export class PuzzlePage extends Component<PuzzlePageProps, State> {
  private ctrl: PuzzleCtrl | undefined;
  private mounted = false;
  private stop: () => void = () => {};
  override state: State = { failed: false };

  override componentDidMount(): void {
    this.mounted = true;
    loadPuzzles().then(
      (puzzles) => {
        if (!this.mounted) return;
        this.ctrl = new PuzzleCtrl({
          puzzles,
          kv: this.props.kv ?? browserStorage(),
          now: () => (this.props.now ?? Date.now)(),
          lang: () => this.props.lang,
          settings: () => this.props.settings ?? defaultSettings(this.props.lang),
          redraw: () => this.props.redraw(),
          share: (text) => shareText(text, globalThis.navigator),
          ...(typeof location === 'undefined' ? {} : { page: location.origin + location.pathname }),
          sound: { play: (name) => this.props.sound?.play(name) },
          ...(this.props.spawnEngine ? { spawnEngine: this.props.spawnEngine } : {}),
        });
        // A shared link names its day (`#/puzzle?date=YYYY-MM-DD`): that day's puzzle opens (a day
        // after this device's today, or a malformed one, is left for today's).
        const day = typeof location === 'undefined' ? undefined : linkedDate(location.hash);
        if (day && day !== this.ctrl.today) this.ctrl.openDate(day);
        // A review's "learn from your mistakes" names its game: the mistakes open, that game's first.
        const game = typeof location === 'undefined' ? undefined : linkedMistakes(location.hash);
        if (game !== undefined) this.ctrl.openMistakes(game);
        // The day can change while the page is open, and another tab can finish the puzzle.
        const ctrl = this.ctrl;
        const timer = setInterval(() => ctrl.tick(), TICK_MS);
        const onShow = () => document.visibilityState === 'visible' && ctrl.tick();
        document.addEventListener('visibilitychange', onShow);
        const unwatch = watchStorage(globalThis.window, (key) => key === PUZZLE_KEY && ctrl.storageChanged());
        this.stop = () => {
          clearInterval(timer);
          document.removeEventListener('visibilitychange', onShow);
          unwatch();
        };
        this.props.redraw();
      },
      () => this.mounted && this.setState({ failed: true }),
    );
  }

  override componentDidUpdate(prev: PuzzlePageProps): void {
    if (prev.lang !== this.props.lang || prev.settings !== this.props.settings) this.ctrl?.sync();
  }

  override componentWillUnmount(): void {
    this.mounted = false;
    this.stop();
    this.ctrl?.destroy();
  }

  override render(): JSX.Element {
    return this.ctrl
      ? puzzleView(this.ctrl, this.props.lang)
      : placeholderView(this.props.lang, this.state.failed);
  }
}
