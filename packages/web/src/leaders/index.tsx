// The leaderboard screen the router shows for #/leaderboard and #/leaderboard/<speed>. Loaded on
// first visit, so it stays out of the app's first download.
import { Component, type JSX } from 'preact';
import type { Catalog } from '../lib/i18n/index.ts';
import type { LocalStore } from '../lib/storage.ts';
import { browserIdentity } from '../lib/player/browser.ts';
import { LeadersCtrl, speedFrom } from './ctrl.ts';
import { leadersView } from './view.tsx';
import './leaders.css';

/** What the leaderboards are given by the app: the words, the store (the player), the redraw. */
export interface LeadersApp {
  readonly trans: Catalog;
  readonly store: LocalStore;
  readonly redraw: () => void;
}

interface Props {
  app: LeadersApp;
  speed: string | undefined;
}

export class LeadersPage extends Component<Props> {
  private ctrl: LeadersCtrl | undefined;

  override componentWillMount(): void {
    const { app, speed } = this.props;
    const identity = browserIdentity(app.store);
    this.ctrl = new LeadersCtrl(
      {
        api: identity.api,
        identity,
        redraw: app.redraw,
        replaceHash: (hash) => history.replaceState(history.state, '', hash),
      },
      speedFrom(speed),
    );
  }

  override componentWillReceiveProps(next: Props): void {
    // a link to another speed while the screen is shown
    if (next.speed !== this.props.speed && next.speed) this.ctrl?.choose(speedFrom(next.speed));
  }

  override componentWillUnmount(): void {
    this.ctrl?.destroy();
    this.ctrl = undefined;
  }

  override render(): JSX.Element | null {
    return this.ctrl ? leadersView(this.ctrl, this.props.app.trans) : null;
  }
}
