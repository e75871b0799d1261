// The settings screen: the player's settings (their model is lib/settings.ts), kept at every change.
import type { AppCtrl } from '../app/ctrl.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { defaultSettings, readSettings, type Settings } from '../lib/settings.ts';
import { KEYS } from '../lib/storage.ts';

export class SettingsCtrl {
  settings: Settings;

  constructor(
    readonly root: AppCtrl,
    private readonly lang: SettingsInit,
  ) {
    this.settings = defaultSettings(lang.detected);
    this.reload();
  }

  get trans(): Catalog {
    return this.root.trans;
  }

  /** Read the settings from the device (at start, and when another tab changed them). */
  reload(): void {
    const s = this.root.store.load(KEYS.settings, (v) => readSettings(v, this.lang.detected));
    this.settings = s.status === 'ok' ? s.value : defaultSettings(this.lang.detected);
    if (s.status === 'corrupt') this.root.notify('corruptSettings');
  }

  change(change: Partial<Settings>): void {
    this.settings = { ...this.settings, ...change };
    this.root.store.save(KEYS.settings, this.settings);
    this.root.settingsChanged();
  }
}

export interface SettingsInit {
  /** the language the browser asks for, used until the player chooses */
  detected: Settings['lang'];
}
