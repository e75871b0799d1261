// The puzzle record on the device: @dama/puzzle's streak store as JSON under a versioned key. A
// damaged record is repaired by the puzzle package (bad entries dropped, never a solved day made
// up); the original text is first moved aside like the app's other unreadable values, so nothing
// is lost, and the screen is told, to say so calmly.
import { parseStore, serializeStore, type StreakStore } from '@dama/puzzle';
import { KEYS, LocalStore, type KeyValue } from '../lib/storage.ts';

export const PUZZLE_KEY = KEYS.puzzle;

/** What went wrong with the stored record: part of it dropped, or all of it unreadable. */
export type StoreTrouble = 'repaired' | 'reset';

export interface LoadedStore {
  store: StreakStore;
  trouble: StoreTrouble | undefined;
}

export function loadStore(kv: KeyValue | undefined, today: string, now: number): LoadedStore {
  const storage = new LocalStore(kv, () => now);
  const text = storage.loadText(PUZZLE_KEY);
  const { store, problem } = parseStore(text, today);
  if (problem === undefined || text === null) return { store, trouble: undefined };
  storage.setAside(PUZZLE_KEY, text); // when there is no room for the old text, the repaired record is still better than none
  saveStore(kv, store);
  const kept = Object.keys(store.days).length + Object.keys(store.archive).length;
  return { store, trouble: kept > 0 ? 'repaired' : 'reset' };
}

/** Write the record; false when the device refuses (private mode, full storage). */
export function saveStore(kv: KeyValue | undefined, store: StreakStore): boolean {
  return new LocalStore(kv).saveText(PUZZLE_KEY, serializeStore(store));
}
