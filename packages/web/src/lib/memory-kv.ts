// A Map-backed KeyValue, for tests and for browsers without localStorage.
import type { KeyValue } from './storage.ts';

export class MemoryKv implements KeyValue {
  map = new Map<string, string>();
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.map.set(k, v);
  }
  removeItem(k: string): void {
    this.map.delete(k);
  }
}
