import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rating, Score } from './rating.ts';
import * as R from './rating.ts';

const T0 = 1_700_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
const player = (rating: number, deviation: number, more: Partial<Rating> = {}): Rating => ({
  rating,
  deviation,
  volatility: 0.06,
  games: 20,
  updatedAt: T0,
  ...more,
});
const toMu = (r: number) => (r - 1500) / 173.7178;
const toPhi = (rd: number) => rd / 173.7178;

describe('Glicko-2 (Glickman, "Example of the Glicko-2 system")', () => {
  it("reproduces the paper's worked example over its whole rating period (τ 0.5)", () => {
    const after = R.ratePeriod(
      player(1500, 200),
      [
        { opponent: player(1400, 30), score: 1 },
        { opponent: player(1550, 100), score: 0 },
        { opponent: player(1700, 300), score: 0 },
      ],
      T0,
      { ...R.GLICKO, tau: 0.5 },
    );
    // The paper carries its steps to 4 decimals: μ′ −0.2069 and φ′ 0.8722, so r′ 1464.06 and RD′
    // 151.52. Without that rounding r′ is 1464.0507: within 0.01 of the paper's figure.
    expect(toMu(after.rating)).toBeCloseTo(-0.2069, 4);
    expect(toPhi(after.deviation)).toBeCloseTo(0.8722, 4);
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    // σ′ 0.059996, which the paper prints to its first five decimals, 0.05999.
    expect(String(after.volatility)).toMatch(/^0\.05999\d/);
    expect(after.volatility).toBeCloseTo(0.059996, 6);
    expect(after.games).toBe(23);
    expect(after.updatedAt).toBe(T0);
  });

  it('grows the deviation of a player who sat out one whole period by step 6: √(φ² + σ²)', () => {
    const idle = player(1500, 200, { updatedAt: T0 - R.GLICKO.periodMs });
    const after = R.ratePeriod(idle, [], T0);
    expect(after.rating).toBe(1500);
    expect(after.volatility).toBe(0.06);
    expect(toPhi(after.deviation)).toBeCloseTo(Math.hypot(toPhi(200), 0.06), 12);
    expect(after.games).toBe(idle.games);
  });
});

describe('one game', () => {
  it('a draw between equals changes neither rating; both deviations fall alike', () => {
    const a = player(1500, 80);
    const { white, black } = R.rateGame(a, { ...a }, 0.5, T0);
    expect(white.rating).toBe(1500);
    expect(black.rating).toBe(1500);
    expect(white.deviation).toBeLessThan(80);
    expect(white.deviation).toBe(black.deviation);
    // Δ = 0: the volatility iteration settles just under σ (an expected result), the same for both.
    expect(white.volatility).toBe(black.volatility);
    expect(white.volatility).toBeLessThanOrEqual(0.06);
    expect(white.volatility).toBeCloseTo(0.06, 4);
    expect([white.games, black.games]).toEqual([21, 21]);
  });

  it('between equals, what the winner gains the loser loses', () => {
    const { white, black } = R.rateGame(player(1500, 80), player(1500, 80), 1, T0);
    expect(white.rating - 1500).toBeGreaterThan(0);
    expect(white.rating - 1500).toBeCloseTo(1500 - black.rating, 9);
  });

  it('does not depend on which side is White', () => {
    const a = player(1620, 95, { volatility: 0.07 });
    const b = player(1480, 210, { updatedAt: T0 - 30 * DAY });
    for (const s of [1, 0.5, 0] as const) {
      const one = R.rateGame(a, b, s, T0);
      const other = R.rateGame(b, a, (1 - s) as Score, T0);
      expect(other).toEqual({ white: one.black, black: one.white });
    }
  });

  it("moves a provisional player's rating more than an established one's", () => {
    const opponent = player(1500, 60);
    const fresh = R.newRating(T0);
    const established = player(1500, 60);
    const gainFresh = R.rateGame(fresh, opponent, 1, T0).white.rating - 1500;
    const gainEstablished = R.rateGame(established, opponent, 1, T0).white.rating - 1500;
    expect(R.isProvisional(fresh, T0)).toBe(true);
    expect(R.isProvisional(established, T0)).toBe(false);
    expect(gainFresh).toBeGreaterThan(3 * gainEstablished);
    // And the established opponent learns little from a game against an unknown.
    const againstFresh = R.rateGame(fresh, opponent, 1, T0).black.rating;
    const againstEstablished = R.rateGame(established, opponent, 1, T0).black.rating;
    expect(1500 - againstFresh).toBeLessThan(1500 - againstEstablished);
  });

  it('reads both deviations grown to the end of the game', () => {
    const idle = player(1500, 60, { updatedAt: T0 - 365 * DAY });
    const active = player(1500, 60);
    expect(R.rateGame(idle, active, 1, T0).white.rating).toBeGreaterThan(
      R.rateGame(active, active, 1, T0).white.rating,
    );
  });
});

describe('deviation over idle time', () => {
  it('grows with time, back to provisional after about a year, and never past 350', () => {
    const r = player(1500, 60);
    expect(R.deviationAt(r, T0)).toBe(60);
    const month = R.deviationAt(r, T0 + 30 * DAY);
    const year = R.deviationAt(r, T0 + 365 * DAY);
    expect(month).toBeGreaterThan(60);
    expect(year).toBeGreaterThan(month);
    expect(year).toBeGreaterThan(R.PROVISIONAL_DEVIATION);
    expect(year).toBeLessThan(120);
    expect(R.isProvisional(r, T0 + 365 * DAY)).toBe(true);
    expect(R.deviationAt(r, T0 + 50 * 365 * DAY)).toBe(350);
    expect(R.deviationAt(player(1500, 340), T0 + 365 * DAY)).toBe(350);
  });

  it('is step 6 per elapsed period, so re-reading it later gives the same deviation', () => {
    const r = player(1500, 60);
    const mid = R.ratePeriod(r, [], T0 + 40 * DAY);
    expect(R.deviationAt(mid, T0 + 100 * DAY)).toBeCloseTo(R.deviationAt(r, T0 + 100 * DAY), 9);
  });

  it('does not grow for a rating stamped a little in the future (clock skew between instances)', () => {
    expect(R.deviationAt(player(1500, 60, { updatedAt: T0 + 500 }), T0)).toBe(60);
  });

  it('stays at 350 at most after a game that tells little', () => {
    const after = R.rateGame(player(1500, 350, { updatedAt: 0 }), player(3500, 40), 0, T0).white;
    expect(after.deviation).toBeLessThanOrEqual(350);
  });
});

describe('refuses invalid input with a clear error', () => {
  const ok = player(1500, 100);
  it.each([
    ['a NaN rating', player(NaN, 100), /rating must be a finite number, got NaN/],
    ['an infinite rating', player(Infinity, 100), /rating must be a finite number/],
    ['a negative deviation', player(1500, -5), /deviation must be a positive finite number, got -5/],
    ['a zero deviation', player(1500, 0), /deviation must be a positive/],
    ['a NaN volatility', player(1500, 100, { volatility: NaN }), /volatility must be a positive/],
    ['a fractional game count', player(1500, 100, { games: 1.5 }), /games must be a whole number/],
    ['a NaN time', player(1500, 100, { updatedAt: NaN }), /updatedAt must be a finite time/],
  ])('%s', (_, bad, message) => {
    expect(() => R.rateGame(bad, ok, 1, T0)).toThrow(message);
    expect(() => R.rateGame(ok, bad, 1, T0)).toThrow(message);
    expect(() => R.rateGame(ok, bad, 1, T0)).toThrow(RangeError);
  });

  it('a result other than 1, 0.5 or 0', () => {
    for (const score of [2, -1, 0.25, NaN])
      expect(() => R.rateGame(ok, ok, score as Score, T0)).toThrow(/a result must be 1 \(win\), 0.5/);
  });

  it('a NaN time, or settings out of range', () => {
    expect(() => R.rateGame(ok, ok, 1, NaN)).toThrow(/now must be a finite time/);
    expect(() => R.rateGame(ok, ok, 1, T0, { ...R.GLICKO, tau: 0 })).toThrow(/tau must be a positive/);
    expect(() => R.deviationAt(player(1500, NaN), T0)).toThrow(/deviation/);
  });
});

describe('properties', () => {
  const rating = fc.record({
    rating: fc.double({ min: 100, max: 3500, noNaN: true }),
    deviation: fc.double({ min: 30, max: 350, noNaN: true }),
    volatility: fc.double({ min: 0.03, max: 0.1, noNaN: true }),
    games: fc.nat({ max: 10_000 }),
    updatedAt: fc.integer({ min: T0 - 5 * 365 * DAY, max: T0 }),
  });
  const score = fc.constantFrom<Score>(1, 0.5, 0);

  it('a win never lowers a rating, a loss never raises it, a draw moves it towards the opponent', () => {
    fc.assert(
      fc.property(rating, rating, score, (a, b, s) => {
        const after = R.rateGame(a, b, s, T0).white.rating;
        if (s === 1) expect(after).toBeGreaterThanOrEqual(a.rating);
        if (s === 0) expect(after).toBeLessThanOrEqual(a.rating);
        if (s === 0.5 && b.rating > a.rating) expect(after).toBeGreaterThanOrEqual(a.rating);
        if (s === 0.5 && b.rating < a.rating) expect(after).toBeLessThanOrEqual(a.rating);
      }),
    );
  });

  it('stays finite and in bounds, even over long runs of games', () => {
    fc.assert(
      fc.property(rating, rating, fc.array(score, { minLength: 1, maxLength: 60 }), (a, b, scores) => {
        let [x, y] = [a, b];
        let t = T0;
        for (const s of scores) {
          ({ white: x, black: y } = R.rateGame(x, y, s, t));
          t += 60_000;
          for (const r of [x, y]) {
            expect(Number.isFinite(r.rating)).toBe(true);
            expect(r.deviation).toBeGreaterThan(0);
            expect(r.deviation).toBeLessThanOrEqual(350);
            expect(r.volatility).toBeGreaterThan(0);
            expect(r.volatility).toBeLessThanOrEqual(R.GLICKO.maxVolatility);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('stays finite for any finite input, however extreme', () => {
    const wild = fc.record({
      rating: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      deviation: fc.double({ min: 1e-6, max: 1e4, noNaN: true }),
      volatility: fc.double({ min: 1e-6, max: 10, noNaN: true }),
      games: fc.nat(),
      updatedAt: fc.integer({ min: 0, max: T0 }),
    });
    fc.assert(
      fc.property(wild, wild, score, (a, b, s) => {
        const { white, black } = R.rateGame(a, b, s, T0);
        for (const r of [white, black])
          expect([r.rating, r.deviation, r.volatility].every(Number.isFinite)).toBe(true);
      }),
    );
  });
});

describe('speeds', () => {
  it("rates Dama's offered time controls in these speeds", () => {
    expect(R.OFFERED_TIME_CONTROLS.map(R.speedOf)).toEqual([
      'bullet', // 1+0
      'blitz', // 3+2
      'blitz', // 5+0
      'rapid', // 10+0
      'rapid', // 15+10
      'correspondence', // 1 day
      'correspondence', // 3 days
      'correspondence', // 7 days
    ]);
  });

  it("uses lichess's bounds on initial + 40 × increment", () => {
    const m = 60_000;
    expect(R.speedOf({ initial: 3 * m - 1, increment: 0 })).toBe('bullet');
    expect(R.speedOf({ initial: 3 * m, increment: 0 })).toBe('blitz');
    expect(R.speedOf({ initial: 2 * m, increment: 1_500 })).toBe('blitz'); // 2 min + 60 s
    expect(R.speedOf({ initial: 8 * m - 1, increment: 0 })).toBe('blitz');
    expect(R.speedOf({ initial: 8 * m, increment: 0 })).toBe('rapid');
    expect(R.speedOf({ initial: 25 * m - 1, increment: 0 })).toBe('rapid');
    expect(R.speedOf({ initial: 15 * m, increment: 15_000 })).toBe('classical'); // 15 + 10 min
    expect(R.speedOf({ initial: 30 * m, increment: 0 })).toBe('classical');
    expect(R.speedOf({ days: 14 })).toBe('correspondence');
  });

  it('refuses a malformed time control', () => {
    expect(() => R.speedOf({ initial: -1, increment: 0 })).toThrow(RangeError);
    expect(() => R.speedOf({ initial: NaN, increment: 0 })).toThrow(/finite initial and increment/);
    expect(() => R.speedOf({ days: 0 })).toThrow(/days per move/);
    expect(() => R.speedOf({ days: 1.5 })).toThrow(/days per move/);
  });
});

describe('rating ranges', () => {
  it('includes both bounds; null accepts any rating; NaN is in no range', () => {
    const range = { min: 1400, max: 1600 };
    expect(R.inRange(1400, range)).toBe(true);
    expect(R.inRange(1600, range)).toBe(true);
    expect(R.inRange(1399.9, range)).toBe(false);
    expect(R.inRange(1600.1, range)).toBe(false);
    expect(R.inRange(-5, null)).toBe(true);
    expect(R.inRange(NaN, range)).toBe(false);
  });
});
