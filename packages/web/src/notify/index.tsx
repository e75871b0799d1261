// The notifications section of the settings screen, loaded with it when first shown (so that it stays
// out of the app's first download): the browser's push, the device's player and the kept choice.
import { Component, type JSX } from 'preact';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { KEYS, type LocalStore } from '../lib/storage.ts';
import { browserIdentity } from '../lib/player/browser.ts';
import { browserPush } from './browser.ts';
import { NotifyCtrl, readKeptPush } from './ctrl.ts';
import { notifyView } from './view.tsx';
import './notify.css';

/** What the notifications section is given by the app: the words, the store, the redraw. */
export interface NotifyApp {
  readonly trans: Catalog;
  readonly lang: Lang;
  readonly store: LocalStore;
  readonly redraw: () => void;
}

export class NotifySection extends Component<{ app: NotifyApp }> {
  private ctrl: NotifyCtrl | undefined;
  private lang: Lang | undefined;

  override componentWillMount(): void {
    const { app } = this.props;
    const identity = browserIdentity(app.store);
    this.lang = app.lang;
    this.ctrl = new NotifyCtrl({
      trans: () => app.trans,
      lang: () => app.lang,
      redraw: app.redraw,
      identity,
      api: identity.api,
      platform: browserPush(),
      kept: {
        load: () => {
          const r = app.store.load(KEYS.push, readKeptPush);
          return r.status === 'ok' ? r.value : undefined;
        },
        save: (k) => (k ? void app.store.save(KEYS.push, k) : app.store.remove(KEYS.push)),
      },
    });
    void this.ctrl.open();
  }

  override componentDidUpdate(): void {
    // the language chosen above: the notices asked for come in it from now on
    const lang = this.props.app.lang;
    if (lang !== this.lang) {
      this.lang = lang;
      void this.ctrl?.langChanged();
    }
  }

  override componentWillUnmount(): void {
    this.ctrl?.destroy();
    this.ctrl = undefined;
  }

  override render(): JSX.Element | null {
    return this.ctrl ? notifyView(this.ctrl) : null;
  }
}
