// The lobby page the router shows for #/lobby, and the one lobby controller of the app: made on the
// first visit and kept on `AppCtrl.lobby` (so that a seek outlives the screen), with the browser's
// socket, the player identity, the seat book and the form's choices kept in the one store. Loaded
// on first visit, so it stays out of the app's first download.
import { Component, type JSX } from 'preact';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { KEYS, type LocalStore } from '../lib/storage.ts';
import type { SocketLike } from '../lib/online/socket.ts';
import { seatBook } from '../lib/online/seats.ts';
import { browserIdentity, pageUrl } from '../lib/player/browser.ts';
import { LobbyCtrl, readLobbyDraft, type LobbyEnv, type LobbyLink } from './ctrl.ts';
import { lobbyView, type LobbyShell } from './view.tsx';
import './lobby.css';

export type { LobbyLink };

/**
 * What the lobby is given by the app: its words, the one store, sounds, the way to other screens, and
 * where the app keeps the one lobby controller.
 */
export interface LobbyApp extends LobbyShell {
  readonly trans: Catalog;
  readonly lang: Lang;
  readonly store: LocalStore;
  readonly sound: LobbyEnv['sound'];
  readonly redraw: () => void;
  readonly navigate: (hash: string) => void;
  announce(text: string): void;
  lobby: LobbyLink | undefined;
}

export function browserLobbyEnv(app: LobbyApp): LobbyEnv {
  return {
    trans: () => app.trans,
    lang: () => app.lang,
    now: () => Date.now(),
    redraw: app.redraw,
    navigate: app.navigate,
    openSocket: () => {
      const u = new URL('api/lobby', pageUrl());
      u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
      return new WebSocket(u) as unknown as SocketLike;
    },
    identity: browserIdentity(app.store),
    seats: seatBook(app.store),
    sound: app.sound,
    draft: {
      load: () => {
        const r = app.store.load(KEYS.lobby, readLobbyDraft);
        return r.status === 'ok' ? r.value : undefined;
      },
      save: (d) => void app.store.save(KEYS.lobby, d),
    },
    announce: (text) => {
      app.announce(text);
      app.redraw();
    },
  };
}

/** The app's lobby controller, made once (it listens to the network and the page's visibility for its life). */
export function lobbyOf(app: LobbyApp): LobbyCtrl {
  if (app.lobby instanceof LobbyCtrl) return app.lobby;
  const ctrl = new LobbyCtrl(browserLobbyEnv(app));
  app.lobby = ctrl;
  window.addEventListener('offline', () => ctrl.networkLost());
  window.addEventListener('online', () => ctrl.networkBack());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') ctrl.networkBack();
  });
  return ctrl;
}

export class LobbyPage extends Component<{ app: LobbyApp }> {
  private ctrl: LobbyCtrl | undefined;

  override componentWillMount(): void {
    this.ctrl = lobbyOf(this.props.app);
    this.ctrl.attach();
  }

  override componentWillUnmount(): void {
    this.ctrl?.detach();
  }

  override render(): JSX.Element | null {
    return this.ctrl ? lobbyView(this.props.app, this.ctrl) : null;
  }
}
