// The one storage: localStorage with versioned keys. A stored value that cannot be read is moved
// aside under another key (so nothing is lost and the app still starts) and the caller is told, to
// show a calm message. `watchStorage` reports a key changed by another tab of the app.

/** The part of the Web Storage API used here (a Map-backed fake in tests). */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const KEYS = {
  settings: 'dama.settings.v1',
  current: 'dama.current.v1',
  records: 'dama.records.v1',
  draft: 'dama.new-game.v1',
  puzzle: 'dama.puzzle.v1',
  training: 'dama.training.v1',
  puzzlePool: 'dama.puzzle-pool.v1',
  puzzleRuns: 'dama.puzzle-runs.v1',
  online: 'dama.online-seats.v1',
  player: 'dama.player.v1',
  lobby: 'dama.lobby.v1',
  correspondence: 'dama.correspondence.v1',
  push: 'dama.push.v1',
  learn: 'dama.learn.v1',
  mistakes: 'dama.mistakes.v1',
} as const;
export type StoreKey = (typeof KEYS)[keyof typeof KEYS];

export type Loaded<T> =
  { status: 'empty' } | { status: 'ok'; value: T } | { status: 'corrupt'; asideKey: string | undefined };

/** Where a value that could not be read goes. */
export const asideKey = (key: string, now: number): string => `${key}.unreadable.${now}`;

/** The app's values in `kv` (localStorage): JSON under versioned keys, read through a validator, an unreadable one set aside. */
export class LocalStore {
  constructor(
    private readonly kv: KeyValue | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Read and validate `key`; `read` returns undefined for anything it does not accept. */
  load<T>(key: StoreKey, read: (value: unknown) => T | undefined): Loaded<T> {
    const raw = this.loadText(key);
    if (raw === null) return { status: 'empty' };
    let value: T | undefined;
    try {
      value = read(JSON.parse(raw));
    } catch {
      value = undefined;
    }
    if (value !== undefined) return { status: 'ok', value };
    return { status: 'corrupt', asideKey: this.setAside(key, raw) };
  }

  /**
   * Read a record that can be repaired in part: `repair` keeps what it can of the parsed JSON and
   * names a problem when it dropped anything. A damaged record is set aside and the repaired one
   * written back (`trouble`); absent or not JSON, the record is `empty()`.
   */
  loadRepaired<T>(
    key: StoreKey,
    repair: (value: unknown) => { value: T; problem?: string },
    empty: () => T,
  ): { value: T; trouble: boolean } {
    const text = this.loadText(key);
    if (text === null) return { value: empty(), trouble: false };
    let loaded: { value: T; problem?: string };
    try {
      loaded = repair(JSON.parse(text));
    } catch {
      loaded = { value: empty(), problem: 'not JSON' };
    }
    if (loaded.problem === undefined) return { value: loaded.value, trouble: false };
    this.setAside(key, text);
    this.save(key, loaded.value);
    return { value: loaded.value, trouble: true };
  }

  save(key: StoreKey, value: unknown): boolean {
    return this.saveText(key, JSON.stringify(value));
  }

  /** The stored text itself, for values with their own format; null when absent or unreadable. */
  loadText(key: StoreKey): string | null {
    try {
      return this.kv?.getItem(key) ?? null;
    } catch {
      return null; // storage forbidden: start empty
    }
  }

  /** false when the device refuses (full storage, private mode): the app goes on unsaved. */
  saveText(key: StoreKey, text: string): boolean {
    if (!this.kv) return false;
    try {
      this.kv.setItem(key, text);
      return true;
    } catch {
      return false;
    }
  }

  remove(key: StoreKey): void {
    try {
      this.kv?.removeItem(key);
    } catch {
      // nothing to do
    }
  }

  /** Move an unreadable value aside; returns the key it went to (undefined if it could not be kept). */
  setAside(key: StoreKey, raw: string): string | undefined {
    const aside = asideKey(key, this.now());
    let kept: string | undefined = aside;
    try {
      this.kv?.setItem(aside, raw);
    } catch {
      kept = undefined;
    }
    this.remove(key);
    return kept;
  }
}

/** The browser's localStorage, or undefined where it is not available (some private modes). */
export function browserStorage(): KeyValue | undefined {
  try {
    const s = globalThis.localStorage;
    return s ?? undefined;
  } catch {
    return undefined;
  }
}

const STORE_KEYS: readonly string[] = Object.values(KEYS);

/** The part of `window` that reports storage changes made by other tabs. */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (e: { key: string | null }) => void): void;
  removeEventListener(type: 'storage', listener: (e: { key: string | null }) => void): void;
}

/**
 * Call `changed` with the app's key whenever another tab changes it (the browser's `storage` event
 * fires only in the other tabs). A cleared storage (`key` null) reports every key. Returns the
 * function that stops listening.
 */
export function watchStorage(
  target: StorageEvents | undefined,
  changed: (key: StoreKey) => void,
): () => void {
  if (!target) return () => {};
  const listener = (e: { key: string | null }): void => {
    if (e.key === null) for (const k of STORE_KEYS) changed(k as StoreKey);
    else if (STORE_KEYS.includes(e.key)) changed(e.key as StoreKey);
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
