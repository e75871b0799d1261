// The watch screen the router shows for #/watch: the live games and the featured one, watched on
// the game socket as a spectator (the online screen's controller with no seat: nothing of the game
// is kept, and a rematch is not followed). Loaded on first visit, so it stays out of the app's first
// download.
import { Component, type JSX } from 'preact';
import { browserEnv, OnlineCtrl, type OnlineApp, type OnlineEnv } from '../online/index.tsx';
import { browserIdentity } from '../lib/player/browser.ts';
import { WatchCtrl } from './ctrl.ts';
import { watchView } from './view.tsx';
import './watch.css';

/** The online screen's environment for a spectator: no seat, nothing kept, nowhere to go. */
export function spectatorEnv(app: OnlineApp): OnlineEnv {
  return {
    ...browserEnv(app),
    navigate: () => {},
    replaceHash: () => {},
    seats: { get: () => undefined, set: () => {} },
    correspondence: { list: () => [], keep: () => {}, forget: () => {} },
    saveRecord: () => {},
    block: () => Promise.resolve(false),
  };
}

export class WatchPage extends Component<{ app: OnlineApp }> {
  private ctrl: WatchCtrl | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly onVisibility = () => {
    const visible = document.visibilityState !== 'hidden';
    this.ctrl?.featured?.visibility(visible);
    if (visible) this.ctrl?.tick();
  };

  override componentWillMount(): void {
    const { app } = this.props;
    this.ctrl = new WatchCtrl({
      api: browserIdentity(app.store).api,
      now: () => Date.now(),
      redraw: app.redraw,
      spectate: (id) => new OnlineCtrl(spectatorEnv(app), { id }),
    });
    void this.ctrl.refresh();
  }

  override componentDidMount(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    // the clocks move on between messages; the list is asked again now and then
    this.timer = setInterval(() => {
      const c = this.ctrl;
      if (!c) return;
      c.tick();
      if (c.featured?.status === 'playing') this.props.app.redraw();
    }, 250);
  }

  override componentWillUnmount(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearInterval(this.timer);
    this.ctrl?.destroy();
    this.ctrl = undefined;
  }

  override render(): JSX.Element | null {
    return this.ctrl ? watchView(this.ctrl, this.props.app.trans) : null;
  }
}
