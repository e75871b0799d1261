// localStorage with versioned keys. A stored value that cannot be read is moved aside under another
// key (so nothing is lost and the app still starts) and the caller is told, to show a calm message.

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
} as const;
export type StoreKey = (typeof KEYS)[keyof typeof KEYS];

export type Loaded<T> =
  { status: 'empty' } | { status: 'ok'; value: T } | { status: 'corrupt'; asideKey: string | undefined };

/** Where a value that could not be read goes. */
export const asideKey = (key: string, now: number): string => `${key}.unreadable.${now}`;

export class Store {
  constructor(
    private readonly kv: KeyValue | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Read and validate `key`; `read` returns undefined for anything it does not accept. */
  load<T>(key: StoreKey, read: (value: unknown) => T | undefined): Loaded<T> {
    let raw: string | null;
    try {
      raw = this.kv?.getItem(key) ?? null;
    } catch {
      return { status: 'empty' };
    }
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

  save(key: StoreKey, value: unknown): boolean {
    try {
      this.kv?.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false; // full or forbidden (private mode): the game goes on unsaved
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
