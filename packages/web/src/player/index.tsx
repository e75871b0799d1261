// The profile page the router shows for #/profile (and #/profile?code=K7PX-3MQ2, the link in a
// transfer code's QR code). Loaded on first visit, so it stays out of the app's first download.
import { Component, type JSX } from 'preact';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import type { GameRecord } from '../lib/record.ts';
import { KEYS, watchStorage, type LocalStore } from '../lib/storage.ts';
import { browserIdentity, pageUrl } from '../lib/player/browser.ts';
import { ProfileCtrl, type ProfileEnv } from './ctrl.ts';
import type { IdentityClient } from '../lib/player/identity.ts';
import { profileView } from './view.tsx';
import './player.css';

/** What the profile is given by the app: the words, the store, My games, the redraw. */
export interface ProfileApp {
  readonly trans: Catalog;
  readonly lang: Lang;
  readonly store: LocalStore;
  readonly records: { readonly records: readonly GameRecord[] };
  readonly redraw: () => void;
  announce(text: string): void;
}

export function browserProfileEnv(app: ProfileApp, identity: IdentityClient): ProfileEnv {
  return {
    trans: () => app.trans,
    lang: () => app.lang,
    now: () => Date.now(),
    redraw: app.redraw,
    identity,
    claimLink: (code) => `${pageUrl().toString()}#/profile?code=${code}`,
    forgetLinkCode: () => {
      if (location.hash.includes('?')) history.replaceState(history.state, '', '#/profile');
    },
    announce: (text) => app.announce(text),
    localGame: (id) => {
      const r = app.records.records.find((x) => x.id === `online-${id}`);
      return r ? { endedAt: r.endedAt } : undefined;
    },
  };
}

/** The code in `#/profile?code=…`, if any. */
export const linkCode = (query: string | undefined): string | undefined =>
  new URLSearchParams(query ?? '').get('code') ?? undefined;

interface Props {
  app: ProfileApp;
  query: string | undefined;
}

export class ProfilePage extends Component<Props> {
  private ctrl: ProfileCtrl | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private unwatch: (() => void) | undefined;

  private open(): void {
    this.ctrl?.destroy();
    const { app, query } = this.props;
    this.ctrl = new ProfileCtrl(browserProfileEnv(app, browserIdentity(app.store)), linkCode(query));
  }

  override componentWillMount(): void {
    this.open();
  }

  override componentDidMount(): void {
    // the transfer code's time left goes down while nothing else happens
    this.timer = setInterval(() => {
      if (this.ctrl?.tick()) this.props.app.redraw();
    }, 1000);
    // another tab made, renamed or replaced the player
    this.unwatch = watchStorage(window, (key) => {
      if (key === KEYS.player) this.ctrl?.reload();
    });
    this.focus();
  }

  override componentWillReceiveProps(next: Props): void {
    // a transfer link opened while the profile is on screen
    if (linkCode(next.query) !== undefined && next.query !== this.props.query) {
      this.props = next;
      this.open();
    }
  }

  override componentDidUpdate(): void {
    this.focus();
  }

  override componentWillUnmount(): void {
    clearInterval(this.timer);
    this.unwatch?.();
    this.ctrl?.destroy();
    this.ctrl = undefined;
  }

  /** The focus the controller asked for (after a dialog, a new code, a claimed player). */
  private focus(): void {
    const id = this.ctrl?.takeFocus();
    if (id) document.getElementById(id)?.focus();
  }

  override render(): JSX.Element | null {
    return this.ctrl ? profileView(this.ctrl) : null;
  }
}
