// The end of a paired game over its players: ratings for a rated result, an abort against the side
// that never moved, colours for the balance, and nothing for a game by link.
import { describe, expect, it } from 'vitest';
import type { PlayerRecord } from './players.ts';
import { newRating, rateGame } from './rating.ts';
import { newRecord, pairedRecord, type ServerGame } from './record.ts';
import { endsPairedGame, settle } from './results.ts';

const T = Date.UTC(2026, 11, 6);
const player = (id: string, over: Partial<PlayerRecord> = {}): PlayerRecord => ({
  id,
  secrets: [],
  name: { adjective: 'Hızlı', noun: 'Kartal', number: 1 },
  created: 0,
  seen: 0,
  ...over,
});
const seat = (id: string, rating = 1500) => ({ id, name: id, rating, provisional: true, after: null });

function paired(rated: boolean): ServerGame {
  return pairedRecord({
    id: 'g1',
    tokens: { white: 'w'.repeat(24), black: 'b'.repeat(24) },
    players: { white: seat('AAAAAAAAAAAA'), black: seat('BBBBBBBBBBBB') },
    rated,
    clock: { initial: 300_000, increment: 0 },
    address: 'pairing',
    now: T,
  });
}
const over = (rec: ServerGame, winner: 'white' | 'black' | undefined): ServerGame => ({
  ...rec,
  moves: ['c3-c4', 'f6-f5', 'b3-b4'],
  status: 'over',
  outcome: { winner, reason: winner ? 'resignation' : 'agreement' },
  ended: T + 60_000,
});

describe('settle', () => {
  it('moves both ratings of a rated game by Glicko-2 and keeps them on the record', () => {
    const rec = over(paired(true), 'black');
    const w = player('AAAAAAAAAAAA', {
      ratings: { blitz: { ...newRating(T), rating: 1600, deviation: 80 } },
    });
    const b = player('BBBBBBBBBBBB');
    const s = settle(rec, w, b);
    const expected = rateGame(w.ratings!.blitz!, newRating(T + 60_000), 0, T + 60_000);
    expect(s.white.ratings!.blitz).toEqual(expected.white);
    expect(s.black.ratings!.blitz).toEqual(expected.black);
    expect(s.black.ratings!.blitz!.rating).toBeGreaterThan(1500);
    expect(s.white.ratings!.blitz!.rating).toBeLessThan(1600);
    expect(s.rec.players!.white.after).toBe(Math.round(expected.white.rating));
    expect(s.rec.players!.black.after).toBe(Math.round(expected.black.rating));
    expect(s.history.map((h) => [h.player, h.speed, h.game])).toEqual([
      ['AAAAAAAAAAAA', 'blitz', 'g1'],
      ['BBBBBBBBBBBB', 'blitz', 'g1'],
    ]);
    expect(s.white.colors).toEqual(['white']);
    expect(s.black.colors).toEqual(['black']);
  });

  it('scores a draw as half a point each', () => {
    const s = settle(over(paired(true), undefined), player('AAAAAAAAAAAA'), player('BBBBBBBBBBBB'));
    expect(s.white.ratings!.blitz!.rating).toBeCloseTo(1500, 6);
    expect(s.white.ratings!.blitz!.deviation).toBeLessThan(350);
  });

  it('leaves ratings alone in a casual game, but keeps the colours', () => {
    const s = settle(over(paired(false), 'white'), player('AAAAAAAAAAAA'), player('BBBBBBBBBBBB'));
    expect(s.white.ratings).toBeUndefined();
    expect(s.history).toEqual([]);
    expect(s.rec.players!.white.after).toBeNull();
    expect(s.white.colors).toEqual(['white']);
  });

  it('counts an abort against the side that did not make its first move, and nothing else', () => {
    const noWhiteMove: ServerGame = { ...paired(true), status: 'aborted', ended: T + 30_000 };
    const s1 = settle(noWhiteMove, player('AAAAAAAAAAAA'), player('BBBBBBBBBBBB'));
    expect(s1.white.aborts).toEqual([T + 30_000]);
    expect(s1.black.aborts).toBeUndefined();
    expect(s1.white.ratings).toBeUndefined();
    const noBlackMove: ServerGame = { ...noWhiteMove, moves: ['c3-c4'] };
    const s2 = settle(noBlackMove, player('AAAAAAAAAAAA'), player('BBBBBBBBBBBB', { aborts: [T - 1000] }));
    expect(s2.black.aborts).toEqual([T - 1000, T + 30_000]);
    expect(s2.white.aborts).toBeUndefined();
    // An idle game aborted later, once both had moved, is no one's abort.
    const late: ServerGame = { ...noWhiteMove, moves: ['c3-c4', 'f6-f5'] };
    const s3 = settle(late, player('AAAAAAAAAAAA'), player('BBBBBBBBBBBB'));
    expect([s3.white.aborts, s3.black.aborts]).toEqual([undefined, undefined]);
  });

  it('tells which writes end a paired game', () => {
    const rec = paired(true);
    expect(endsPairedGame(rec, over(rec, 'white'))).toBe(true);
    expect(endsPairedGame(rec, { ...rec, status: 'aborted' })).toBe(true);
    expect(endsPairedGame(rec, { ...rec, moves: ['c3-c4'] })).toBe(false);
    expect(endsPairedGame(over(rec, 'white'), { ...over(rec, 'white'), rematchOffer: 'white' })).toBe(false);
    const link = newRecord({
      id: 'g2',
      creator: 'white',
      token: 'x'.repeat(24),
      clock: null,
      address: 'a',
      now: T,
    });
    expect(endsPairedGame(link, over(link, 'white'))).toBe(false);
  });
});
