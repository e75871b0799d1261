// For the puzzle screens' tests: the dependencies every controller takes, in English, with the
// default settings and waits that resolve at once.
import type { KeyValue } from '../lib/storage.ts';
import { defaultSettings } from '../lib/settings.ts';
import type { ScreenDeps } from './player.ts';

/** A screen's dependencies at the time `now()` gives; `redraw` counts nothing unless given. */
export function screenDeps(
  kv: KeyValue | undefined,
  now: () => number,
  redraw: () => void = () => {},
): Required<Omit<ScreenDeps, 'sound'>> {
  return {
    kv,
    now,
    lang: () => 'en',
    settings: () => defaultSettings('en'),
    redraw,
    wait: () => Promise.resolve(),
  };
}
