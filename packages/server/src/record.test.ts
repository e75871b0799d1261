import { Game, makeNotation, parsePosition } from '@dama/core';
import { describe, expect, it } from 'vitest';
import type { ServerGame } from './record.ts';
import { applyMove } from './wire.ts';
import * as R from './record.ts';
import { pickMove, random } from '../test/play.ts';

const T0 = 1_700_000_000_000;
const fresh = (clock: R.ClockSetting | null = null): ServerGame =>
  R.newRecord({
    id: 'AAAAAAAAAA',
    creator: 'white',
    token: 'w'.repeat(24),
    clock,
    address: '127.0.0.1',
    now: T0,
  });
const ok = (c: R.Change): ServerGame => {
  if (!c.ok) throw new Error(`${c.error.code}: ${c.error.message}`);
  return c.record;
};
const started = (clock: R.ClockSetting | null = null) => ok(R.join(fresh(clock), 'b'.repeat(24), T0));
let ids = 0;
/** A move by `seat` at ply `ply`, reaching the server at `at` (the turn then starts), with a lag of `lag`. */
const mv = (
  rec: ServerGame,
  seat: R.MoveInput['seat'],
  text: string,
  ply: number,
  at = T0,
  lag = 0,
  id = `m${++ids}`,
) => R.move(rec, { seat, text, ply, id }, { at, now: at, lag });

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
    expect(mv(fresh(), 'white', 'c3-c4', 0)).toMatchObject({ ok: false, error: { code: 'not-started' } });
    const rec = started();
    expect(mv(rec, 'black', 'c6-c5', 0)).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    expect(mv(rec, 'white', 'c3-c5', 0)).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    const one = ok(mv(rec, 'white', 'c3-c4', 0));
    expect(one.moves).toEqual(['c3-c4']);
    expect(one.version).toBe(rec.version + 1);
    // The same move with a new id is one move behind: refused as stale, not played twice.
    expect(mv(one, 'white', 'c3-c4', 0)).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect(rec.moves).toEqual([]);
  });

  it('acknowledges a move sent again with the same id without playing it twice', () => {
    const rec = started();
    const one = ok(mv(rec, 'white', 'c3-c4', 0, T0, 0, 'first'));
    const again = mv(one, 'white', 'c3-c4', 0, T0 + 500, 0, 'first');
    expect(again).toEqual({ ok: true, record: one });
    // Still acknowledged after the opponent has replied.
    const two = ok(mv(one, 'black', 'c6-c5', 1));
    expect(mv(two, 'white', 'c3-c4', 0, T0, 0, 'first')).toEqual({ ok: true, record: two });
  });

  it('stores a capture given in the short form with every landing square', () => {
    let rec = started();
    rec = ok(mv(rec, 'white', 'd3-d4', 0));
    rec = ok(mv(rec, 'black', 'd6-d5', 1));
    // White must take d5 and then d7: d4xd8 is accepted (one legal move matches) and stored in full.
    const next = ok(mv(rec, 'white', 'd4xd8', 2));
    expect(next.moves.at(-1)).toBe('d4xd6xd8');
  });
});

describe('the held game', () => {
  it('decides every move and ending as a full replay does, though it keeps only the positions since the last capture or man move', () => {
    const rand = random(11);
    let most = 0;
    for (let g = 0; g < 120; g++) {
      let rec = started();
      let held: R.Replayed | undefined;
      while (rec.status === 'playing') {
        const text = pickMove(rec.moves, rand)!;
        const m = { seat: R.turnOf(rec), text, ply: rec.moves.length, id: `g${g}-${rec.moves.length}` };
        const time = { at: T0, now: T0, lag: 0 };
        const slow = ok(R.move(rec, m, time));
        const change = R.move(rec, m, time, undefined, held);
        const fast = ok(change);
        expect(fast).toEqual(slow);
        held = change.ok ? change.game : undefined;
        most = Math.max(most, held!.game.plies);
        rec = fast;
      }
    }
    // The held game never grew past the no-progress window.
    expect(most).toBeLessThan(100);
  });

  it("leaves the held game as it was after a capture or a man's move, and plays a king's move on it", () => {
    const time = { at: T0, now: T0, lag: 0 };
    const rec = ok(mv(started(), 'white', 'c3-c4', 0));
    const held: R.Replayed = { game: R.replay(rec.moves), from: 0 };
    const m = { seat: 'black' as const, text: 'f6-f5', ply: 1, id: 'b1' };
    const first = R.move(rec, m, time, undefined, held);
    if (!first.ok) throw new Error(first.error.message);
    // A man's move: a fresh game goes on from the new position; the held one is untouched.
    expect(held.game.plies).toBe(1);
    expect(first.game!.from).toBe(2);
    expect(first.game!.game.plies).toBe(0);
    // So the same move again on the same record (after a failed write) is judged as the first time.
    const again = R.move(rec, m, time, undefined, held);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.record).toEqual(first.record);
    // A refused move leaves the cache as it was.
    expect(
      R.move(first.record, { seat: 'white', text: 'a1-a8', ply: 2, id: 'w2' }, time, undefined, first.game)
        .ok,
    ).toBe(false);
    expect(first.game!.from + first.game!.game.plies).toBe(2);

    // A king's move is played on the held game itself (its position counts for repetitions).
    const pos = parsePosition('W:WKa1,c3:BKh8,f6');
    if (!pos.ok) throw new Error(pos.error.message);
    const kings: R.Replayed = { game: new Game(pos.value), from: 0 };
    const k = { seat: 'white' as const, text: 'a1-a2', ply: 0, id: 'k1' };
    const king = R.move(started(), k, time, undefined, kings);
    if (!king.ok) throw new Error(king.error.message);
    expect(king.game!.game).toBe(kings.game);
    expect(kings.game.plies).toBe(1);
    // Now one move ahead of that record (as after a failed write), it is not used again: the
    // record's moves are replayed, where a1-a2 is no move at all.
    expect(R.move(started(), k, time, undefined, kings)).toMatchObject({
      ok: false,
      error: { code: 'illegal-move' },
    });
  });

  it('still sees a repetition and the draw counters across the point where it starts afresh', () => {
    const pos = parsePosition('W:WKa1,c3:BKh8,f6');
    if (!pos.ok) throw new Error(pos.error.message);
    // A man's move each, then the kings go back and forth: the third time the position comes is a draw.
    const moves = [
      'c3-c4',
      'f6-f5',
      ...Array.from({ length: 3 }, () => ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8']).flat(),
    ];
    const full = new Game(pos.value);
    // A record whose moves are played from that position: the held game is always its own.
    let rec = started();
    let held: R.Replayed = { game: new Game(pos.value), from: 0 };
    let fresh = 0;
    for (const text of moves) {
      if (full.isOver()) break;
      expect(full.playNotation(text).ok).toBe(true);
      const m = { seat: R.turnOf(rec), text, ply: rec.moves.length, id: `r${rec.moves.length}` };
      const change = R.move(rec, m, { at: T0, now: T0, lag: 0 }, undefined, held);
      if (!change.ok) throw new Error(change.error.message);
      if (change.game!.from !== held.from) fresh++;
      held = change.game!;
      rec = change.record;
      expect(held.from + held.game.plies).toBe(full.plies);
      expect(held.game.outcome()).toEqual(full.outcome());
      expect(held.game.counters).toEqual(full.counters);
    }
    expect(fresh).toBe(2);
    expect(full.outcome()?.reason).toBe('repetition');
    expect(rec.outcome).toEqual({ winner: undefined, reason: 'repetition' });
  });
});

describe('clocks', () => {
  const clock = { initial: 60_000, increment: 2_000 };
  it("starts each side's clock with its opponent's first move, charges thinking time less the lag, adds the increment", () => {
    let rec = started(clock);
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0 + 10_000)); // White's first move is untimed
    expect(rec.clocks).toEqual({ white: 60_000, black: 60_000 });
    expect(rec.turnStart).toBe(T0 + 10_000);
    rec = ok(mv(rec, 'black', 'c6-c5', 1, T0 + 15_000, 200));
    expect(rec.clocks).toEqual({ white: 60_000, black: 60_000 - 4_800 + 2_000 });
    expect(R.clocksAt(rec, T0 + 16_000)).toEqual({ white: 59_000, black: 57_200 });
  });

  it('grants lag from a quota that each move refills a little, not a flat allowance', () => {
    let rec = started(clock);
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0));
    // A client that claims 5 s of lag on every move gets at most LAG.cap, and then only what its quota holds.
    let t = T0;
    let black = 60_000;
    const granted: number[] = [];
    for (let i = 0; i < 6; i++) {
      const quota = rec.lagQuota.black;
      t += 3000;
      rec = ok(mv(rec, 'black', R.turnOf(rec) === 'black' ? pickLegal(rec) : '', rec.moves.length, t, 5000));
      const got = 3000 - (black - rec.clocks!.black + clock.increment);
      granted.push(got);
      expect(got).toBe(Math.min(R.LAG.cap, quota));
      black = rec.clocks!.black;
      t += 1000;
      rec = ok(mv(rec, 'white', pickLegal(rec), rec.moves.length, t));
    }
    // 500 each while the starting quota lasts, then only what each move adds.
    expect(granted.slice(0, 2)).toEqual([500, 500]);
    expect(granted.at(-1)).toBe(R.LAG.gain);
  });

  it("does not charge a fault: a paused stretch of the turn is not the mover's, and is counted once", () => {
    let rec = started(clock);
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0));
    // The database was away from T0+2 s to T0+12 s.
    const paused = R.pause(rec, T0 + 2000, T0 + 12_000);
    expect(paused.paused).toBe(10_000);
    expect(R.clocksAt(paused, T0 + 15_000)!.black).toBe(60_000 - 5_000);
    // Another instance that saw the same outage (a little later) adds only what is new.
    const twice = R.pause(paused, T0 + 2500, T0 + 12_300);
    expect(twice.paused).toBe(10_300);
    // A fault before the turn began changes nothing.
    expect(R.pause(rec, T0 - 5000, T0 - 1000)).toBe(rec);
    // The flag falls that much later, and the move is charged 5 s.
    expect(R.flagAt(paused)).toBe(T0 + 70_000);
    const moved = ok(mv(paused, 'black', 'c6-c5', 1, T0 + 15_000));
    expect(moved.clocks!.black).toBe(60_000 - 5_000 + 2_000);
    expect(moved.paused).toBe(0);
  });

  it('ends the game on time when the flag falls (after the lag quota), with the right winner, and not before', () => {
    let rec = started(clock);
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0));
    rec = ok(mv(rec, 'black', 'c6-c5', 1, T0));
    expect(R.flagAt(rec)).toBe(T0 + 60_000);
    expect(R.settle(rec, T0 + 60_000 + R.LAG.cap - 1)).toBe(rec);
    const over = R.settle(rec, T0 + 70_000);
    expect(over).toMatchObject({
      status: 'over',
      outcome: { winner: 'black', reason: 'timeout' },
      ended: T0 + 60_000,
    });
    expect(over.clocks).toEqual({ white: 0, black: 62_000 });
    expect(mv(over, 'white', 'c4xc6xc8', 2, T0 + 70_000)).toMatchObject({
      ok: false,
      error: { code: 'game-over' },
    });
    // A move that arrives after the flag fell (and the lag granted) is not played: the game ends on time.
    const late = ok(mv(rec, 'white', 'c4xc6xc8', 2, T0 + 61_000));
    expect(late.moves).toEqual(['c3-c4', 'c6-c5']);
    expect(late.outcome).toEqual({ winner: 'black', reason: 'timeout' });
  });

  it('aborts a game whose first moves do not come in time, unscored', () => {
    const t = { firstMove: 20_000, firstMoveUnclocked: 90_000 };
    const rec = ok(R.join(fresh(clock), 'b'.repeat(24), T0, t));
    expect(rec.abortAt).toBe(T0 + 20_000);
    expect(R.settle(rec, T0 + 19_999)).toBe(rec);
    const aborted = R.settle(rec, T0 + 20_000);
    expect(aborted).toMatchObject({ status: 'aborted', outcome: null, ended: T0 + 20_000 });
    // After White's first move, Black's first move has its own deadline; after it, none.
    const one = ok(
      R.move(
        rec,
        { seat: 'white', text: 'c3-c4', ply: 0, id: 'a' },
        { at: T0 + 5000, now: T0 + 5000, lag: 0 },
        t,
      ),
    );
    expect(one.abortAt).toBe(T0 + 25_000);
    expect(R.settle(one, T0 + 25_000).status).toBe('aborted');
    const two = ok(
      R.move(
        one,
        { seat: 'black', text: 'c6-c5', ply: 1, id: 'b' },
        { at: T0 + 9000, now: T0 + 9000, lag: 0 },
        t,
      ),
    );
    expect(two.abortAt).toBeNull();
    expect(R.snapshot(two, T0 + 9000, 60_000).abortAt).toBeNull();
    // Without a clock the deadline is longer.
    expect(ok(R.join(fresh(null), 'b'.repeat(24), T0, t)).abortAt).toBe(T0 + 90_000);
    // The product's own deadlines: 30 s with a clock, 2 minutes without.
    expect(started(clock).abortAt).toBe(T0 + 30_000);
    expect(started(null).abortAt).toBe(T0 + 120_000);
  });
});

describe('draws, takebacks, resignation, claims, cancels and rematches', () => {
  it('agrees a draw only when the other side offered; moving declines an offer', () => {
    let rec = started();
    expect(R.acceptDraw(rec, 'black', T0)).toMatchObject({ ok: false, error: { code: 'no-offer' } });
    rec = ok(R.offerDraw(rec, 'white', T0));
    expect(rec.drawOffer).toBe('white');
    const declined = ok(mv(rec, 'white', 'c3-c4', 0));
    expect(declined.drawOffer).toBe('white');
    const moved = ok(mv(declined, 'black', 'c6-c5', 1));
    expect(moved.drawOffer).toBeNull();
    const agreed = ok(R.acceptDraw(rec, 'black', T0));
    expect(agreed.outcome).toEqual({ winner: undefined, reason: 'agreement' });
    expect(R.pdnOf(agreed)).toContain('[Result "1/2-1/2"]');
  });

  it('allows each side two draw offers a game', () => {
    let rec = started();
    rec = ok(R.offerDraw(rec, 'white', T0));
    expect(R.offerDraw(rec, 'white', T0)).toMatchObject({ ok: false, error: { code: 'too-many-offers' } });
    rec = ok(R.declineDraw(rec, 'black', T0));
    rec = ok(R.offerDraw(rec, 'white', T0));
    rec = ok(R.declineDraw(rec, 'black', T0));
    expect(rec.drawOffers).toEqual({ white: 2, black: 0 });
    expect(R.offerDraw(rec, 'white', T0)).toMatchObject({ ok: false, error: { code: 'too-many-offers' } });
    expect(ok(R.offerDraw(rec, 'black', T0)).drawOffer).toBe('black');
  });

  it("takes back the asker's last move (and the reply to it) when the opponent accepts", () => {
    const clock = { initial: 60_000, increment: 0 };
    let rec = started(clock);
    expect(R.offerTakeback(rec, 'white', T0)).toMatchObject({
      ok: false,
      error: { code: 'nothing-to-take-back' },
    });
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0));
    rec = ok(mv(rec, 'black', 'c6-c5', 1, T0 + 2000));
    rec = ok(mv(rec, 'white', 'c4xc6xc8', 2, T0 + 3000));
    // Black asks right after its own move... no: White's reply came; Black asks to take back c6-c5.
    const asked = ok(R.offerTakeback(rec, 'black', T0 + 4000));
    expect(asked.takebackOffer).toBe('black');
    expect(R.acceptTakeback(asked, 'black', T0 + 4000)).toMatchObject({
      ok: false,
      error: { code: 'no-offer' },
    });
    // It is Black's turn, so White's reply goes too: back to Black to move after c3-c4.
    const back = ok(R.acceptTakeback(asked, 'white', T0 + 5000));
    expect(back.moves).toEqual(['c3-c4']);
    expect(R.turnOf(back)).toBe('black');
    expect(back.takebackOffer).toBeNull();
    expect(back.turnStart).toBe(T0 + 5000);
    // White asks after its own move, before Black replies: only that move goes.
    const w = ok(R.offerTakeback(ok(mv(back, 'black', 'f6-f5', 1, T0 + 6000)), 'black', T0 + 6000));
    const one = ok(R.acceptTakeback(w, 'white', T0 + 7000));
    expect(one.moves).toEqual(['c3-c4']);
    // A move ends a waiting request; declining ends it too.
    const req = ok(R.offerTakeback(rec, 'white', T0 + 4000));
    expect(ok(R.declineTakeback(req, 'black', T0 + 4000)).takebackOffer).toBeNull();
    expect(ok(mv(req, 'black', pickLegal(req), 3, T0 + 4000)).takebackOffer).toBeNull();
  });

  it('resigns', () => {
    const rec = ok(R.resign(started(), 'black', T0));
    expect(rec.outcome).toEqual({ winner: 'white', reason: 'resignation' });
    expect(R.pdnOf(rec)).toContain('[Result "1-0"]');
    expect(R.resign(rec, 'white', T0)).toMatchObject({ ok: false, error: { code: 'game-over' } });
  });

  it('lets the creator cancel a game nobody joined, and nobody else', () => {
    expect(R.cancel(fresh(), 'black', T0)).toMatchObject({ ok: false, error: { code: 'not-a-player' } });
    expect(ok(R.cancel(fresh(), 'white', T0)).status).toBe('aborted');
    expect(R.cancel(started(), 'white', T0)).toMatchObject({ ok: false, error: { code: 'game-over' } });
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
    rec = R.setPresence(rec, 'black', 'away', T0 + 2000, 'i1');
    expect(R.claim(rec, 'white', T0 + 99_000, 30_000)).toMatchObject({
      ok: false,
      error: { code: 'too-early' },
    });
  });

  it('starts a rematch when both ask, colours swapped, with new tokens', () => {
    const over = ok(R.resign(started({ initial: 60_000, increment: 0 }), 'white', T0));
    const asked = ok(R.offerRematch(over, 'white', 'BBBBBBBBBB'));
    expect(asked.rematchOffer).toBe('white');
    expect(R.offerRematch(asked, 'white', 'BBBBBBBBBB')).toMatchObject({ ok: true });
    const both = ok(R.offerRematch(asked, 'black', 'BBBBBBBBBB'));
    expect(both.rematch).toBe('BBBBBBBBBB');
    const next = R.rematchRecord(both, 'BBBBBBBBBB', { white: 'n'.repeat(24), black: 'm'.repeat(24) }, T0);
    expect(next.status).toBe('playing');
    expect(next.creator).toBe('black');
    expect(R.seatOf(next, 'n'.repeat(24))).toBe('white');
    expect(R.seatOf(next, 'm'.repeat(24))).toBe('black');
    expect(R.seatOf(next, 'w'.repeat(24))).toBeNull();
    expect(R.seatOf(next, 'b'.repeat(24))).toBeNull();
    expect(next.clock).toEqual({ initial: 60_000, increment: 0 });
    expect(next.abortAt).not.toBeNull();
  });
});

describe('stored records', () => {
  it('reads a record of the earlier server: new fields empty, presence without an instance offline', () => {
    const rec = started();
    const {
      moveIds: _a,
      paused: _b,
      pausedTo: _c,
      lagQuota: _d,
      abortAt: _e,
      drawOffers: _f,
      takebackOffer: _g,
      ...old
    } = {
      ...rec,
      presence: {
        white: { state: 'online' as const, since: T0 },
        black: { state: 'offline' as const, since: T0 },
      },
    };
    const up = R.upgrade(old as unknown as ServerGame);
    expect(up.moveIds).toEqual({ white: null, black: null });
    expect(up.lagQuota).toEqual({ white: R.LAG.start, black: R.LAG.start });
    expect(up.presence.white).toEqual({ state: 'offline', since: T0 });
    expect(ok(mv(up, 'white', 'c3-c4', 0)).moves).toEqual(['c3-c4']);
    expect(R.upgrade(rec)).toBe(rec);
  });
});

describe('snapshot', () => {
  it('shows no token, address or instance', () => {
    const rec = R.setPresence(started(), 'white', 'online', T0, 'instance-secret');
    const text = JSON.stringify(R.snapshot(rec, T0, 60_000));
    expect(text).not.toContain('w'.repeat(24));
    expect(text).not.toContain('b'.repeat(24));
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('instance-secret');
  });
});

/** A legal move for the side to move. */
function pickLegal(rec: ServerGame): string {
  const game = R.replay(rec.moves);
  return makeNotation(game.position.legalMoves()[0]);
}

describe('correspondence games', () => {
  const DAY = R.DAY;
  const corr = (days = 3): ServerGame =>
    ok(
      R.join(
        R.newRecord({
          id: 'CCCCCCCCCC',
          creator: 'white',
          token: 'w'.repeat(24),
          clock: null,
          days,
          address: '127.0.0.1',
          now: T0,
        }),
        'b'.repeat(24),
        T0,
      ),
    );

  it('gives each move the full days again, and ends on time when a move’s days run out', () => {
    let rec = corr(3);
    expect(R.snapshot(rec, T0, 0)).toMatchObject({
      days: 3,
      clock: null,
      clocks: { white: 3 * DAY, black: 3 * DAY },
    });
    // White's first move may take the days too (then the game is aborted, not lost).
    expect(R.settle(rec, T0 + 3 * DAY - 1)).toBe(rec);
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0 + 2 * DAY));
    rec = ok(mv(rec, 'black', 'f6-f5', 1, T0 + 4 * DAY));
    // Black's clock ran for two days and is full again; White's turn started with the full days.
    expect(rec.clocks).toEqual({ white: 3 * DAY, black: 3 * DAY });
    const t = T0 + 4 * DAY;
    expect(R.snapshot(rec, t + DAY, 0).clocks).toEqual({ white: 2 * DAY, black: 3 * DAY, running: 'white' });
    rec = ok(mv(rec, 'white', 'b3-b4', 2, t + 2.5 * DAY));
    expect(rec.clocks).toEqual({ white: 3 * DAY, black: 3 * DAY });
    // Black lets three days pass: White wins on time.
    const late = R.settle(rec, t + 2.5 * DAY + 3 * DAY + LAG_MAX);
    expect(late).toMatchObject({ status: 'over', outcome: { winner: 'white', reason: 'timeout' } });
    expect(R.settle(rec, t + 2.5 * DAY + 3 * DAY - 1)).toBe(rec);
  });

  it('aborts a game whose first moves do not come within the days', () => {
    const rec = corr(1);
    expect(R.settle(rec, T0 + DAY + 1)).toMatchObject({ status: 'aborted', outcome: null });
  });

  it('gives the opponent a day on their move with “more time”, and never a win by absence', () => {
    let rec = corr(1);
    rec = ok(mv(rec, 'white', 'c3-c4', 0, T0 + 1000));
    // Black to move; White gives Black a day.
    rec = ok(R.moreTime(rec, 'white', T0 + 2000));
    expect(rec.clocks!.black).toBe(2 * DAY);
    expect(R.settle(rec, T0 + 1000 + 1.5 * DAY)).toBe(rec);
    // After Black's move its next move has the usual one day again.
    rec = ok(mv(rec, 'black', 'f6-f5', 1, T0 + 1.5 * DAY));
    expect(rec.clocks!.black).toBe(DAY);
    const gone = R.setPresence(rec, 'black', 'offline', T0);
    expect(R.claim(gone, 'white', T0 + 30 * DAY, 60_000)).toMatchObject({
      ok: false,
      error: { code: 'too-early' },
    });
  });

  it('gives 15 s to the opponent in a live game', () => {
    const rec = started({ initial: 60_000, increment: 0 });
    expect(ok(R.moreTime(rec, 'black', T0)).clocks).toEqual({ white: 75_000, black: 60_000 });
    expect(R.moreTime(started(), 'white', T0)).toMatchObject({ ok: false, error: { code: 'no-clock' } });
  });
});

const LAG_MAX = R.LAG.cap;

describe('move messages', () => {
  const CLAIM = 60_000;
  const kinds: { name: string; make: () => ServerGame }[] = [
    { name: '10+5', make: () => started({ initial: 600_000, increment: 5000 }) },
    { name: 'no clock', make: () => started() },
    {
      name: 'correspondence',
      make: () =>
        ok(
          R.join(
            R.newRecord({
              id: 'CCCCCCCCCC',
              creator: 'black',
              token: 'w'.repeat(24),
              clock: null,
              days: 2,
              address: '127.0.0.1',
              now: T0,
            }),
            'b'.repeat(24),
            T0,
          ),
        ),
    },
  ];

  it('take a snapshot of the version before a move to the snapshot after it, whatever came between', () => {
    let sent = 0;
    let ended = 0;
    for (const kind of kinds)
      for (let seed = 1; seed <= 8; seed++) {
        const rand = random(seed * 7919);
        let rec = kind.make();
        let now = T0;
        // the snapshot a client holds: made at some earlier time, as a client would have it
        let held = R.snapshot(rec, now, CLAIM);
        for (let step = 0; step < 400 && rec.status === 'playing'; step++) {
          now += 1 + Math.floor(rand() * 3000);
          const seat = R.turnOf(rec);
          const roll = rand();
          let next: ServerGame;
          let isMove = false;
          if (roll < 0.06) next = R.setPresence(rec, seat, rand() < 0.5 ? 'away' : 'online', now, 'i1');
          else if (roll < 0.1) {
            const c = R.offerDraw(rec, seat, now);
            next = c.ok ? c.record : rec;
          } else if (roll < 0.13) {
            const c = R.offerTakeback(rec, seat, now);
            next = c.ok ? c.record : rec;
          } else if (roll < 0.16) next = { ...R.pause(rec, now - 500, now), version: rec.version + 1 };
          else {
            const text = pickMove(rec.moves, rand);
            if (!text) break;
            next = ok(mv(rec, seat, text, rec.moves.length, now));
            isMove = true;
          }
          if (next === rec) continue;
          const m = R.moveMessage(rec, next, now);
          if (isMove && next.status === 'playing') {
            // a move that did not end the game is always a move message, and it says what a snapshot would
            expect(m).not.toBeNull();
            expect(applyMove(held, m!)).toEqual(R.snapshot(next, now, CLAIM));
            sent++;
          } else {
            expect(m).toBeNull();
            if (isMove) ended++;
          }
          rec = next;
          held = R.snapshot(rec, now - Math.floor(rand() * 1000), CLAIM);
        }
      }
    expect(sent).toBeGreaterThan(1000);
    expect(ended).toBeGreaterThan(0);
  });

  it('are never made for anything but one move: not a move with another change, nor two moves', () => {
    const rec = started({ initial: 600_000, increment: 5000 });
    const one = ok(mv(rec, 'white', 'c3-c4', 0));
    expect(R.moveMessage(rec, one, T0)).toMatchObject({ t: 'move', v: rec.version + 1, move: 'c3-c4' });
    const two = ok(mv(one, 'black', 'c6-c5', 1));
    expect(R.moveMessage(rec, two, T0)).toBeNull();
    expect(R.moveMessage(one, R.setPresence(one, 'white', 'away', T0, 'i1'), T0)).toBeNull();
    const changed: Partial<ServerGame>[] = [
      { presence: { ...one.presence, black: { state: 'offline', since: T0 + 1 } } },
      { drawOffers: { white: 1, black: 0 } },
      { rematchOffer: 'white' },
      { rated: true },
      { tokens: { white: one.tokens.white, black: null } },
      { moves: ['d3-d4', 'c6-c5'] },
      { version: two.version + 1 },
      { id: 'BBBBBBBBBB' },
    ];
    expect(R.moveMessage(one, two, T0)).toMatchObject({ t: 'move', move: 'c6-c5' });
    for (const change of changed) expect(R.moveMessage(one, { ...two, ...change }, T0)).toBeNull();
  });
});

describe('applyMove', () => {
  const rec = started({ initial: 600_000, increment: 5000 });
  const one = ok(mv(rec, 'white', 'c3-c4', 0));
  const m = R.moveMessage(rec, one, T0)!;
  const before = R.snapshot(rec, T0, 60_000);

  it('says a version was missed (undefined) rather than guess', () => {
    expect(applyMove({ ...before, v: before.v - 1 }, m)).toBeUndefined();
    expect(applyMove({ ...before, status: 'over' }, m)).toBeUndefined();
  });

  it('leaves a snapshot that has the version, or is of another game, as it is', () => {
    const after = applyMove(before, m)!;
    expect(applyMove(after, m)).toBe(after);
    const other = { ...before, id: 'ZZZZZZZZZZ' };
    expect(applyMove(other, m)).toBe(other);
    expect(before.moves).toEqual([]);
  });
});
