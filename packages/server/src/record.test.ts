import { describe, expect, it } from 'vitest';
import type { GameRecord } from './record.ts';
import * as R from './record.ts';

const T0 = 1_700_000_000_000;
const fresh = (clock: R.ClockSetting | null = null): GameRecord =>
  R.newRecord({
    id: 'AAAAAAAAAA',
    creator: 'white',
    token: 'w'.repeat(24),
    clock,
    address: '127.0.0.1',
    now: T0,
  });
const ok = (c: R.Change): GameRecord => {
  if (!c.ok) throw new Error(`${c.error.code}: ${c.error.message}`);
  return c.record;
};
const started = (clock: R.ClockSetting | null = null) => ok(R.join(fresh(clock), 'b'.repeat(24), T0));

describe('seats', () => {
  it('opens the creator seat with its token and the other once joined; no token opens nothing', () => {
    const rec = started();
    expect(R.seatOf(rec, 'w'.repeat(24))).toBe('white');
    expect(R.seatOf(rec, 'b'.repeat(24))).toBe('black');
    expect(R.seatOf(rec, 'x'.repeat(24))).toBeNull();
    expect(R.seatOf(rec, undefined)).toBeNull();
    expect(R.seatOf(rec, '')).toBeNull();
    expect(R.join(rec, 'c'.repeat(24), T0)).toMatchObject({ ok: false, error: { code: 'seat-taken' } });
  });
});

describe('moves', () => {
  it('refuses a move before the friend joined, out of turn, replayed, or illegal, and changes nothing', () => {
    expect(R.move(fresh(), 'white', 'c3-c4', 0, T0)).toMatchObject({
      ok: false,
      error: { code: 'not-started' },
    });
    const rec = started();
    expect(R.move(rec, 'black', 'c6-c5', 0, T0)).toMatchObject({
      ok: false,
      error: { code: 'not-your-turn' },
    });
    expect(R.move(rec, 'white', 'c3-c5', 0, T0)).toMatchObject({
      ok: false,
      error: { code: 'illegal-move' },
    });
    const one = ok(R.move(rec, 'white', 'c3-c4', 0, T0));
    expect(one.moves).toEqual(['c3-c4']);
    expect(one.version).toBe(rec.version + 1);
    // The same message again is one move behind: refused as stale, not played twice.
    expect(R.move(one, 'white', 'c3-c4', 0, T0)).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect(rec.moves).toEqual([]);
  });

  it('stores a capture given in the short form with every landing square', () => {
    let rec = started();
    rec = ok(R.move(rec, 'white', 'd3-d4', 0, T0));
    rec = ok(R.move(rec, 'black', 'd6-d5', 1, T0));
    // White must take d5 and then d7: d4xd8 is accepted (one legal move matches) and stored in full.
    const next = ok(R.move(rec, 'white', 'd4xd8', 2, T0));
    expect(next.moves.at(-1)).toBe('d4xd6xd8');
  });
});

describe('clocks', () => {
  const clock = { initial: 60_000, increment: 2_000 };
  it("starts each side's clock with its opponent's first move, charges thinking time less the lag, adds the increment", () => {
    let rec = started(clock);
    rec = ok(R.move(rec, 'white', 'c3-c4', 0, T0 + 10_000)); // White's first move is untimed
    expect(rec.clocks).toEqual({ white: 60_000, black: 60_000 });
    expect(rec.turnStart).toBe(T0 + 10_000);
    rec = ok(R.move(rec, 'black', 'c6-c5', 1, T0 + 15_000, 200));
    expect(rec.clocks).toEqual({ white: 60_000, black: 60_000 - 4_800 + 2_000 });
    expect(R.clocksAt(rec, T0 + 16_000)).toEqual({ white: 59_000, black: 57_200 });
  });

  it('ends the game on time when the flag falls, with the right winner, and not before', () => {
    let rec = started(clock);
    rec = ok(R.move(rec, 'white', 'c3-c4', 0, T0));
    expect(R.flagAt(rec)).toBe(T0 + 60_000);
    expect(R.settle(rec, T0 + 59_999)).toBe(rec);
    const over = R.settle(rec, T0 + 70_000);
    expect(over).toMatchObject({
      status: 'over',
      outcome: { winner: 'white', reason: 'timeout' },
      ended: T0 + 60_000,
    });
    expect(over.clocks).toEqual({ white: 60_000, black: 0 });
    expect(R.move(over, 'black', 'c6-c5', 1, T0 + 70_000)).toMatchObject({
      ok: false,
      error: { code: 'game-over' },
    });
    // A move that arrives after the flag fell is not played: the game ends on time.
    const late = ok(R.move(rec, 'black', 'c6-c5', 1, T0 + 61_000));
    expect(late.moves).toEqual(['c3-c4']);
    expect(late.outcome).toEqual({ winner: 'white', reason: 'timeout' });
  });
});

describe('draws, resignation, claims and rematches', () => {
  it('agrees a draw only when the other side offered; moving declines an offer', () => {
    let rec = started();
    expect(R.acceptDraw(rec, 'black', T0)).toMatchObject({ ok: false, error: { code: 'no-offer' } });
    rec = ok(R.offerDraw(rec, 'white', T0));
    expect(rec.drawOffer).toBe('white');
    const declined = ok(R.move(rec, 'white', 'c3-c4', 0, T0));
    expect(declined.drawOffer).toBe('white');
    const moved = ok(R.move(declined, 'black', 'c6-c5', 1, T0));
    expect(moved.drawOffer).toBeNull();
    const agreed = ok(R.acceptDraw(rec, 'black', T0));
    expect(agreed.outcome).toEqual({ winner: undefined, reason: 'agreement' });
    expect(R.pdnOf(agreed)).toContain('[Result "1/2-1/2"]');
  });

  it('resigns', () => {
    const rec = ok(R.resign(started(), 'black', T0));
    expect(rec.outcome).toEqual({ winner: 'white', reason: 'resignation' });
    expect(R.pdnOf(rec)).toContain('[Result "1-0"]');
    expect(R.resign(rec, 'white', T0)).toMatchObject({ ok: false, error: { code: 'game-over' } });
  });

  it('lets a player claim the win only after the opponent has been offline for claimAfter', () => {
    let rec = started();
    rec = R.setPresence(rec, 'black', 'offline', T0 + 1000);
    expect(R.claim(rec, 'white', T0 + 30_999, 30_000)).toMatchObject({
      ok: false,
      error: { code: 'too-early' },
    });
    const won = ok(R.claim(rec, 'white', T0 + 31_000, 30_000));
    expect(won.outcome).toEqual({ winner: 'white', reason: 'abandoned' });
    rec = R.setPresence(rec, 'black', 'away', T0 + 2000);
    expect(R.claim(rec, 'white', T0 + 99_000, 30_000)).toMatchObject({
      ok: false,
      error: { code: 'too-early' },
    });
  });

  it('starts a rematch when both ask, colours swapped, each player keeping their token', () => {
    const over = ok(R.resign(started({ initial: 60_000, increment: 0 }), 'white', T0));
    const asked = ok(R.offerRematch(over, 'white', 'BBBBBBBBBB'));
    expect(asked.rematchOffer).toBe('white');
    expect(R.offerRematch(asked, 'white', 'BBBBBBBBBB')).toMatchObject({ ok: true });
    const both = ok(R.offerRematch(asked, 'black', 'BBBBBBBBBB'));
    expect(both.rematch).toBe('BBBBBBBBBB');
    const next = R.rematchRecord(both, 'BBBBBBBBBB', T0);
    expect(next.status).toBe('playing');
    expect(R.seatOf(next, 'w'.repeat(24))).toBe('black');
    expect(R.seatOf(next, 'b'.repeat(24))).toBe('white');
    expect(next.clock).toEqual({ initial: 60_000, increment: 0 });
  });
});

describe('snapshot', () => {
  it('shows no token or address', () => {
    const text = JSON.stringify(R.snapshot(started(), T0, 60_000));
    expect(text).not.toContain('w'.repeat(24));
    expect(text).not.toContain('b'.repeat(24));
    expect(text).not.toContain('127.0.0.1');
  });
});
