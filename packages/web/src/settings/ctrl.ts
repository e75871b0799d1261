// The settings screen: the player's settings (their model is lib/settings.ts), kept at every change.
import { catalog, type Catalog } from '../lib/i18n/index.ts';
import { defaultSettings, readSettings, type Settings } from '../lib/settings.ts';
import { KEYS, type LocalStore } from '../lib/storage.ts';

/** What the settings screen is given by the app. */
export interface SettingsEnv {
  /** where the settings are kept */
  store: Pick<LocalStore, 'load' | 'save'>;
  /** the language the browser asks for, used until the player chooses */
  detected: Settings['lang'];
  /** the kept settings did not read: a calm notice */
  corrupt(): void;
  /** the player changed a setting: the app follows (sounds, the board, a redraw) */
  changed(): void;
}

export class SettingsCtrl {
  settings: Settings;

  constructor(private readonly env: SettingsEnv) {
    this.settings = defaultSettings(env.detected);
    this.reload();
  }

  get trans(): Catalog {
    return catalog(this.settings.lang);
  }

  /** Read the settings from the device (at start, and when another tab changed them). */
  reload(): void {
    const s = this.env.store.load(KEYS.settings, (v) => readSettings(v, this.env.detected));
    this.settings = s.status === 'ok' ? s.value : defaultSettings(this.env.detected);
    if (s.status === 'corrupt') this.env.corrupt();
  }

  change(change: Partial<Settings>): void {
    this.settings = { ...this.settings, ...change };
    this.env.store.save(KEYS.settings, this.settings);
    this.env.changed();
  }
}
