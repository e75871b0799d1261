// Play a friend online: the page the router shows for #/online, #/online/<game> and
// #/online/<game>/<seat token>. Loaded on first visit, so it stays out of the app's first download.
import { Component, type JSX } from 'preact';
import type { GameRecord } from '../lib/record.ts';
import type { Settings } from '../lib/settings.ts';
import type { LocalStore } from '../lib/storage.ts';
import { OnlineCtrl, type OnlineEnv } from './ctrl.ts';
import { browserIdentity } from '../lib/player/browser.ts';
import { correspondenceBook } from '../lib/online/corr.ts';
import { readMadeGame } from '../lib/online/read.ts';
import { seatBook } from '../lib/online/seats.ts';
import { onlineView, type OnlineShell } from './view.tsx';
import './online.css';

export { OnlineCtrl, type OnlineEnv, type SocketLike } from './ctrl.ts';
export { gameKind, strip } from './view.tsx';

/** What online play is given by the app: the view's part, and the settings, sounds, store and ways on. */
export interface OnlineApp extends OnlineShell {
  readonly settings: Settings;
  readonly store: LocalStore;
  readonly sound: OnlineEnv['sound'];
  readonly records: { readonly records: readonly GameRecord[]; add(rec: GameRecord): void };
  /** the lobby, once opened: a player blocked here leaves its list */
  readonly lobby: { noteBlocked(player: string): void } | undefined;
  readonly redraw: () => void;
  readonly navigate: (hash: string) => void;
}

/** The server's address beside the page (the app may be served from a sub-path). */
const apiUrl = (path: string): URL => {
  const u = new URL(path, location.href);
  u.hash = '';
  return u;
};

export function browserEnv(app: OnlineApp): OnlineEnv {
  return {
    trans: () => app.trans,
    settings: () => app.settings,
    sound: app.sound,
    now: () => Date.now(),
    redraw: app.redraw,
    navigate: app.navigate,
    replaceHash: (hash) => history.replaceState(history.state, '', hash),
    origin: () => {
      const u = new URL(location.href);
      u.hash = '';
      u.search = '';
      return u.toString();
    },
    openSocket: () => {
      const u = apiUrl('api/ws');
      u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
      return new WebSocket(u) as unknown as ReturnType<OnlineEnv['openSocket']>;
    },
    createGame: async (body) => {
      // the maker's identity, if this device has one (never made for this), so that the server can
      // tell them by a notification when the friend joins
      const held = browserIdentity(app.store).held();
      const post = (auth: boolean) =>
        fetch(apiUrl('api/games'), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(auth && held.status === 'ok'
              ? { authorization: `Bearer ${held.player.id}.${held.player.secret}` }
              : {}),
          },
          body: JSON.stringify(body),
        });
      let res = await post(true);
      // an identity the server no longer knows: the game is made without it (a link needs none)
      if (res.status === 401 && held.status === 'ok') res = await post(false);
      if (res.status !== 201) return { ok: false, status: res.status };
      const made = readMadeGame(await res.json().catch(() => undefined));
      return made ? { ok: true, ...made } : { ok: false, status: 0 };
    },
    seats: seatBook(app.store),
    correspondence: correspondenceBook(app.store),
    saveRecord: (r) => app.records.add(r),
    visible: () => document.visibilityState !== 'hidden',
    moveId,
    block: async (player) => {
      const identity = browserIdentity(app.store);
      const held = identity.held();
      if (held.status !== 'ok') return false;
      const ok = (await identity.api.block(held.player, player, true)).ok;
      // the lobby's list drops their seeks at once
      if (ok) app.lobby?.noteBlocked(player);
      return ok;
    },
  };
}

/** 12 random characters of base64url (`MOVE_ID`). */
function moveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

interface Props {
  app: OnlineApp;
  id: string | undefined;
  token: string | undefined;
}

export class OnlinePage extends Component<Props> {
  private ctrl: OnlineCtrl | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly onVisibility = () => this.ctrl?.visibility(document.visibilityState !== 'hidden');
  private readonly onOffline = () => this.ctrl?.networkLost();
  private readonly onOnline = () => this.ctrl?.networkBack();

  private open(): void {
    this.ctrl?.destroy();
    const { app, id, token } = this.props;
    this.ctrl = new OnlineCtrl(browserEnv(app), { ...(id ? { id } : {}), ...(token ? { token } : {}) });
  }

  override componentWillMount(): void {
    this.open();
  }

  override componentDidMount(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    // the clocks, a player's absence, the reaction bubble and a notice move on between messages
    this.timer = setInterval(() => {
      const c = this.ctrl;
      if (c?.status === 'playing' || c?.reaction || c?.shownNotice()) this.props.app.redraw();
    }, 200);
  }

  override componentWillReceiveProps(next: Props): void {
    // another game (a rematch), or the same with another seat: a new controller, and a new board
    if (next.id !== this.props.id || next.token !== this.props.token) {
      this.props = next;
      this.open();
    }
  }

  override componentWillUnmount(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    clearInterval(this.timer);
    this.ctrl?.destroy();
    this.ctrl = undefined;
  }

  override render(): JSX.Element | null {
    return this.ctrl ? onlineView(this.props.app, this.ctrl) : null;
  }
}
