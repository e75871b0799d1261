import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { SettingsCtrl, type SettingsEnv } from './ctrl.ts';

function env(kv = new MemoryKv()) {
  const calls: string[] = [];
  const e: SettingsEnv = {
    store: new LocalStore(kv, () => 0),
    detected: 'tr',
    corrupt: () => calls.push('corrupt'),
    changed: () => calls.push('changed'),
  };
  return { e, kv, calls };
}

describe('the settings screen on its own interface', () => {
  it('starts in the language the browser asks for, keeps a change and tells the app', () => {
    const t = env();
    const ctrl = new SettingsCtrl(t.e);
    expect(ctrl.settings.lang).toBe('tr');
    expect(ctrl.trans.settings).toBe('Ayarlar');
    ctrl.change({ lang: 'en', sound: false });
    expect(ctrl.trans.settings).toBe('Settings');
    expect(JSON.parse(t.kv.getItem(KEYS.settings)!)).toMatchObject({ lang: 'en', sound: false });
    expect(t.calls).toEqual(['changed']);
    // another tab's settings are read back
    t.kv.setItem(KEYS.settings, JSON.stringify({ ...ctrl.settings, lang: 'tr' }));
    ctrl.reload();
    expect(ctrl.settings.lang).toBe('tr');
  });

  it('asks for the calm notice when the kept settings do not read, and uses the defaults', () => {
    const t = env();
    t.kv.setItem(KEYS.settings, '{not json');
    const ctrl = new SettingsCtrl(t.e);
    expect(t.calls).toEqual(['corrupt']);
    expect(ctrl.settings.lang).toBe('tr');
  });
});
