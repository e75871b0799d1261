import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../memory-kv.ts';
import { KEYS, LocalStore } from '../storage.ts';
import { correspondenceBook, readCorrespondence } from './corr.ts';
import { readMadeGame } from './read.ts';

describe('the correspondence games kept on the device', () => {
  it('keeps each game once with its seat colour, the newest first, and forgets one', () => {
    const kv = new MemoryKv();
    const book = correspondenceBook(new LocalStore(kv));
    book.keep('GameAaaa0001', 'white');
    book.keep('GameBbbb0002', 'black');
    book.keep('GameAaaa0001', 'white');
    expect(book.list()).toEqual([
      { id: 'GameBbbb0002', color: 'black' },
      { id: 'GameAaaa0001', color: 'white' },
    ]);
    book.keep('../etc', 'white');
    book.forget('GameBbbb0002');
    expect(book.list()).toEqual([{ id: 'GameAaaa0001', color: 'white' }]);
  });

  it('sets an unreadable value aside instead of using it', () => {
    const kv = new MemoryKv();
    kv.setItem(KEYS.correspondence, JSON.stringify({ games: [{ id: 'x', color: 'white' }] }));
    const book = correspondenceBook(new LocalStore(kv, () => 7));
    expect(book.list()).toEqual([]);
    expect(kv.getItem(`${KEYS.correspondence}.unreadable.7`)).not.toBeNull();
    expect(readCorrespondence({ games: [{ id: 'GameAaaa0001', color: 'green' }] })).toBeUndefined();
    expect(
      readCorrespondence({ games: new Array(51).fill({ id: 'GameAaaa0001', color: 'white' }) }),
    ).toBeUndefined();
  });
});

describe('a new game’s answer', () => {
  it('is read whole: id, colour and seat token as the server makes them', () => {
    const ok = { id: 'mNQP196xQa', color: 'white', token: 'abcdefghijklmnopqrstuvwx' };
    expect(readMadeGame(ok)).toEqual(ok);
    for (const bad of [
      null,
      { ...ok, id: '../x' },
      { ...ok, color: 'random' },
      { ...ok, token: 'short' },
      { ...ok, token: 42 },
    ])
      expect(readMadeGame(bad)).toBeUndefined();
  });
});
