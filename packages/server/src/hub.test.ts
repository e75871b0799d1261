import { describe, expect, it } from 'vitest';
import { keep } from './hub.ts';
import type { ServerGame } from './record.ts';
import * as R from './record.ts';

const T0 = 1_700_000_000_000;
const ok = (c: R.Change): ServerGame => {
  if (!c.ok) throw new Error(`${c.error.code}: ${c.error.message}`);
  return c.record;
};
const started = () =>
  ok(
    R.join(
      R.newRecord({
        id: 'AAAAAAAAAA',
        creator: 'white',
        token: 'w'.repeat(24),
        clock: null,
        address: '127.0.0.1',
        now: T0,
      }),
      'b'.repeat(24),
      T0,
    ),
  );
let ids = 0;
const mv = (rec: ServerGame, text: string) =>
  ok(
    R.move(
      rec,
      { seat: R.turnOf(rec), text, ply: rec.moves.length, id: `m${ids++}` },
      { at: T0, now: T0, lag: 0 },
    ),
  );
/** A plain copy, to compare with after the held record has changed in place. */
const copy = (r: ServerGame): ServerGame => JSON.parse(JSON.stringify(r)) as ServerGame;

describe('the held record, changed in place', () => {
  it('takes a move on the end of its own list, and every other field of the new record', () => {
    const held = mv(started(), 'c3-c4');
    const list = held.moves;
    const next = mv(held, 'f6-f5');
    const expected = copy(next);
    keep(held, next);
    expect(held).toEqual(expected);
    expect(held.moves).toBe(list);
  });

  it('takes a new list when its own is not the new one less a move (a takeback, then two moves)', () => {
    let rec = mv(mv(mv(started(), 'c3-c4'), 'f6-f5'), 'a3-a4');
    const held = copy(rec);
    const list = held.moves;
    rec = ok(R.offerTakeback(rec, 'white', T0));
    rec = ok(R.acceptTakeback(rec, 'black', T0));
    rec = mv(mv(rec, 'b3-b4'), 'h6-h5');
    // One move more than the held list, but not its moves: the list is replaced, never extended.
    expect(rec.moves).toHaveLength(list.length + 1);
    keep(held, rec);
    expect(held).toEqual(copy(rec));
    expect(held.moves).toEqual(['c3-c4', 'f6-f5', 'b3-b4', 'h6-h5']);
    expect(list).toEqual(['c3-c4', 'f6-f5', 'a3-a4']);
  });

  it('keeps the list of a change that is not a move', () => {
    const held = mv(started(), 'c3-c4');
    const next = ok(R.offerDraw(held, 'black', T0));
    keep(held, next);
    expect(held).toEqual(copy(next));
    expect(held.drawOffer).toBe('black');
  });
});
