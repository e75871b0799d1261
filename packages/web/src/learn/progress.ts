// The player's Learn progress on the device: the best stars of each finished level, as JSON under a
// versioned key, through the app's one storage (lib/storage.ts): an unreadable record is moved
// aside, never lost, and the screen says so once; other keys are never touched. Read by the home
// card too, so this module imports no rules and no prover.
import { KEYS, LocalStore, type KeyValue, type StoreKey } from '../lib/storage.ts';
import { LEARN_LEVELS } from './catalogue.ts';

// lib/storage.ts lists the app's keys; this one is the Learn section's own (to list there too).
export const LEARN_KEY: StoreKey = KEYS.learn;

export type Stars = 1 | 2 | 3;

export interface Progress {
  /** best stars per finished level: { man1: 3, capture2: 1 } */
  stars: Record<string, Stars>;
}

const isStars = (x: unknown): x is Stars => x === 1 || x === 2 || x === 3;

/** The stored value, or undefined when it is not a progress record (unknown levels are kept). */
export function readProgress(value: unknown): Progress | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { v?: unknown; stars?: unknown };
  if (v.v !== 1 || typeof v.stars !== 'object' || v.stars === null || Array.isArray(v.stars))
    return undefined;
  const stars: Record<string, Stars> = {};
  for (const [id, s] of Object.entries(v.stars as Record<string, unknown>)) {
    if (!isStars(s)) return undefined;
    stars[id] = s;
  }
  return { stars };
}

export interface LoadedProgress {
  progress: Progress;
  /** the stored record could not be read: it was moved aside and the player starts afresh */
  corrupt: boolean;
}

export function loadProgress(kv: KeyValue | undefined, now: number = Date.now()): LoadedProgress {
  const loaded = new LocalStore(kv, () => now).load(LEARN_KEY, readProgress);
  if (loaded.status === 'ok') return { progress: loaded.value, corrupt: false };
  return { progress: { stars: {} }, corrupt: loaded.status === 'corrupt' };
}

/** false when the device refuses (private mode, full storage): the section goes on unsaved. */
export function saveProgress(kv: KeyValue | undefined, progress: Progress): boolean {
  return new LocalStore(kv).save(LEARN_KEY, { v: 1, stars: progress.stars });
}

/** Levels of the catalogue finished, and how many there are. */
export function doneCount(progress: Progress): { done: number; total: number } {
  return {
    done: LEARN_LEVELS.filter((l) => progress.stars[l.id] !== undefined).length,
    total: LEARN_LEVELS.length,
  };
}
