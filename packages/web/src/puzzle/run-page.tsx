// What the streak and storm tabs share as components: the training pool loaded on first use (the
// training tab's loader, so it is fetched once), the controller made when it is there and redrawn
// through one loop, a tick while mounted for a clock, and the controller destroyed on leaving.
import { Component, type JSX } from 'preact';
import { catalog, type Lang } from '../lib/i18n/index.ts';
import { redrawLoop } from '../lib/redraw.ts';
import { defaultSettings, type Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import { browserStorage, type KeyValue } from '../lib/storage.ts';
import type { RunDeps } from './streak-ctrl.ts';
import { loadPool } from './training-view.tsx';

/** What every tab of the puzzle page takes from the app (the tests give their own clock and storage). */
export interface ScreenProps {
  lang: Lang;
  settings?: Settings;
  now?: () => number;
  kv?: KeyValue;
  sound?: { play(name: SoundName): void };
}

interface Props<C> extends ScreenProps {
  make: (deps: RunDeps) => C;
  render: (ctrl: C, lang: Lang) => JSX.Element;
  /** Called every `TICK_MS` while the tab is open (the storm's clock). */
  tick?: (ctrl: C) => void;
}

/** How often a clock is looked at (ms). */
export const TICK_MS = 200;

export class RunPage<C extends { destroy(): void }> extends Component<Props<C>, { failed: boolean }> {
  private ctrl: C | undefined;
  private mounted = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  override state = { failed: false };
  private readonly redraw = redrawLoop(() => this.mounted && this.forceUpdate());

  override componentDidMount(): void {
    this.mounted = true;
    loadPool().then(
      (pool) => {
        if (!this.mounted) return;
        const ctrl = this.props.make({
          pool,
          kv: this.props.kv ?? browserStorage(),
          now: () => (this.props.now ?? Date.now)(),
          lang: () => this.props.lang,
          settings: () => this.props.settings ?? defaultSettings(this.props.lang),
          redraw: this.redraw,
          sound: this.props.sound,
        });
        this.ctrl = ctrl;
        const tick = this.props.tick;
        if (tick) this.timer = setInterval(() => tick(ctrl), TICK_MS);
        this.redraw();
      },
      () => this.mounted && this.setState({ failed: true }),
    );
  }

  override componentWillUnmount(): void {
    this.mounted = false;
    clearInterval(this.timer);
    this.ctrl?.destroy();
  }

  override render(): JSX.Element {
    if (this.ctrl) return this.props.render(this.ctrl, this.props.lang);
    return <p class="page loading">{this.state.failed ? catalog(this.props.lang).puzzleBankFailed : '…'}</p>;
  }
}
