import { describe, expect, it } from 'vitest';
import { MemoryKv } from './memory-kv.ts';
import { KEYS, LocalStore, type KeyValue } from './storage.ts';

const readNumber = (v: unknown) => (typeof v === 'number' ? v : undefined);

describe('LocalStore', () => {
  it('reads what it saved', () => {
    const kv = new MemoryKv();
    const s = new LocalStore(kv, () => 7);
    s.save(KEYS.settings, 42);
    expect(s.load(KEYS.settings, readNumber)).toEqual({ status: 'ok', value: 42 });
    expect(s.load(KEYS.current, readNumber)).toEqual({ status: 'empty' });
  });

  it('moves a value it cannot read aside, keeping it', () => {
    const kv = new MemoryKv();
    kv.setItem(KEYS.current, '{not json');
    kv.setItem(KEYS.settings, '"a string"');
    const s = new LocalStore(kv, () => 1234);
    expect(s.load(KEYS.current, readNumber)).toEqual({
      status: 'corrupt',
      asideKey: 'dama.current.v1.unreadable.1234',
    });
    expect(s.load(KEYS.settings, readNumber).status).toBe('corrupt');
    expect(kv.getItem(KEYS.current)).toBeNull();
    expect(kv.getItem('dama.current.v1.unreadable.1234')).toBe('{not json');
    expect(s.load(KEYS.current, readNumber)).toEqual({ status: 'empty' });
  });

  it('survives a storage that throws', () => {
    const broken: KeyValue = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const s = new LocalStore(broken);
    expect(s.load(KEYS.current, readNumber)).toEqual({ status: 'empty' });
    expect(s.save(KEYS.current, 1)).toBe(false);
    expect(() => s.remove(KEYS.current)).not.toThrow();
    expect(new LocalStore(undefined).load(KEYS.current, readNumber)).toEqual({ status: 'empty' });
  });
});
