/**
 * Ratings: Glicko-2 as specified in Mark E. Glickman, "Example of the Glicko-2 system" (Boston
 * University, 2013, http://www.glicko.net/glicko/glicko2.pdf), written from the paper's steps 1–8.
 * The step numbers below are the paper's.
 *
 * As on lichess, every game is a rating period of its own: both players are rated as soon as it ends,
 * from their ratings at its end. A player's deviation grows with the time since their last rated game
 * (step 6, once per elapsed period), so a player back after months moves faster again. Ratings are on
 * the Glicko scale (a new player is 1500, deviation 350, volatility 0.06) and kept per speed.
 *
 * Pure: no I/O, and time is a parameter (`now`, milliseconds since the epoch).
 */
import type { ClockSetting } from './wire.ts';

/** A player's rating in one speed, as stored. */
export interface Rating {
  rating: number;
  /** The rating deviation (RD) after the last rated game; grown by idle time on reading (`deviationAt`). */
  deviation: number;
  volatility: number;
  /** Rated games played in this speed. */
  games: number;
  /** When the last rated game ended (or the rating was created): idle time is counted from here. */
  updatedAt: number;
}

/** A game's result for the first player named: a win, a draw, a loss. */
export type Score = 1 | 0.5 | 0;

export interface GlickoSettings {
  /** The system constant τ: how far volatility may move in one period (lichess 0.75; the paper's example 0.5). */
  tau: number;
  /** The length of one rating period of idle time (ms): the deviation grows by σ² for each. */
  periodMs: number;
  /** Deviations never grow past a new player's. */
  maxDeviation: number;
  /** Volatility is capped as on lichess, so that a run of upsets cannot make a rating swing wildly. */
  maxVolatility: number;
}

const DAY = 24 * 60 * 60 * 1000;

export const GLICKO: GlickoSettings = {
  tau: 0.75,
  // Lichess's 0.21436 periods a day (one every 4.67 days): an established player (RD 60) idle for a
  // year is back to about RD 110, provisional again; reaching 350 takes over a decade.
  periodMs: DAY / 0.21436,
  maxDeviation: 350,
  maxVolatility: 0.1,
};

export const NEW_PLAYER = { rating: 1500, deviation: 350, volatility: 0.06 } as const;

/** Above this deviation a rating is provisional (lichess): shown with a "?", and it moves fast. */
export const PROVISIONAL_DEVIATION = 110;

/** The Glicko-2 scale factor, 400 / ln 10 (step 2). */
const SCALE = 173.7178;
/** The convergence tolerance of the volatility iteration (step 5). */
const EPSILON = 1e-6;
const MAX_ITERATIONS = 1000;

/** The rating of a player who has never played a rated game in this speed. */
export function newRating(now: number): Rating {
  checkTime(now, 'now');
  return { ...NEW_PLAYER, games: 0, updatedAt: now };
}

/** The deviation at `now`: the stored one grown over the rating periods elapsed since `updatedAt`. */
export function deviationAt(r: Rating, now: number, settings: GlickoSettings = GLICKO): number {
  check(r, 'rating');
  checkTime(now, 'now');
  return grownDeviation(r, now, settings);
}

/** Whether a rating is provisional at `now` (its deviation, grown by idle time, is over 110). */
export function isProvisional(r: Rating, now: number, settings: GlickoSettings = GLICKO): boolean {
  return deviationAt(r, now, settings) > PROVISIONAL_DEVIATION;
}

/**
 * Both players' ratings after one rated game that ended at `now`, `score` being White's (1 White
 * won, 0.5 a draw, 0 Black won). Both are computed from the ratings before the game, so the order
 * does not matter and the server can write both in one transaction.
 */
export function rateGame(
  white: Rating,
  black: Rating,
  score: Score,
  now: number,
  settings: GlickoSettings = GLICKO,
): { white: Rating; black: Rating } {
  checkScore(score);
  return {
    white: ratePeriod(white, [{ opponent: black, score }], now, settings),
    black: ratePeriod(black, [{ opponent: white, score: (1 - score) as Score }], now, settings),
  };
}

export interface PeriodResult {
  opponent: Rating;
  score: Score;
}

/**
 * One player's rating after a rating period ending at `now` with these results (the paper's general
 * case; `rateGame` is a period of one game). With no results, only the deviation grows by the idle
 * time (one period's idle time is the paper's step 6 for a player who did not compete). Opponents
 * are read as they were at `now`, their deviations grown by their own idle time.
 */
export function ratePeriod(
  player: Rating,
  results: readonly PeriodResult[],
  now: number,
  settings: GlickoSettings = GLICKO,
): Rating {
  check(player, 'player');
  checkTime(now, 'now');
  checkSettings(settings);
  results.forEach((res, i) => {
    check(res.opponent, `opponent ${i + 1}`);
    checkScore(res.score);
  });

  // Step 2, with idle time first: the player's φ at the start of this period. μ enters only as
  // differences (μ − μⱼ, μ′ − μ), taken on the Glicko scale so that no rounding can turn a win into a
  // loss of 1e-13 points.
  const deviation = grownDeviation(player, now, settings);
  const phi = deviation / SCALE;
  const sigma = player.volatility;
  const maxPhi = settings.maxDeviation / SCALE;
  if (results.length === 0) return { ...player, deviation, updatedAt: now };
  // A game that tells nothing: the rating stays, the deviation grows as in a period without games.
  const uninformative: Rating = {
    rating: player.rating,
    deviation: Math.min(maxPhi, Math.sqrt(phi * phi + sigma * sigma)) * SCALE,
    volatility: sigma,
    games: player.games + results.length,
    updatedAt: now,
  };

  // Steps 3 and 4: the estimated variance v of the rating from the results alone, and the improvement Δ.
  let information = 0;
  let surprise = 0;
  for (const { opponent, score } of results) {
    const g = impact(grownDeviation(opponent, now, settings) / SCALE);
    const expected = 1 / (1 + Math.exp((-g * (player.rating - opponent.rating)) / SCALE));
    information += g * g * expected * (1 - expected);
    surprise += g * (score - expected);
  }
  const v = 1 / information;
  const delta = v * surprise;
  // Only results the model held certain (rating gaps of thousands of points) overflow v or Δ².
  if (!Number.isFinite(delta * delta)) return uninformative;

  // Step 5: the new volatility; steps 6 and 7: the new deviation and rating.
  const sigmaNew = Math.min(settings.maxVolatility, volatility(delta, phi, v, sigma, settings.tau));
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muChange = phiNew * phiNew * surprise;
  if (![sigmaNew, phiNew, muChange].every(Number.isFinite)) return uninformative;

  // Step 8: back to the Glicko scale, r′ = r + 173.7178 (μ′ − μ).
  return {
    rating: player.rating + muChange * SCALE,
    deviation: Math.min(maxPhi, phiNew) * SCALE,
    volatility: sigmaNew,
    games: player.games + results.length,
    updatedAt: now,
  };
}

/** g(φ): how much a result against an opponent of deviation φ tells (1 for a certain rating). */
const impact = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/**
 * The deviation at `now`: step 6, φ² + σ², for each rating period elapsed since `updatedAt` (a
 * fraction counts pro rata, as on lichess), capped. On the Glicko scale, so that no time gives
 * back the stored deviation exactly.
 */
function grownDeviation(r: Rating, now: number, settings: GlickoSettings): number {
  // Instances' clocks may differ by a little: a rating from the future has simply not aged.
  const periods = Math.max(0, now - r.updatedAt) / settings.periodMs;
  const growth = r.volatility * SCALE;
  return Math.min(settings.maxDeviation, Math.sqrt(r.deviation ** 2 + periods * growth * growth));
}

/**
 * Step 5: the new volatility σ′, the root of f by the Illinois algorithm (regula falsi that halves
 * the stale end's value), as the paper gives it.
 */
function volatility(delta: number, phi: number, v: number, sigma: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const delta2 = delta * delta;
  const phi2 = phi * phi;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    // The paper's e^x(Δ² − φ² − v − e^x) / 2(φ² + v + e^x)², divided first so that large Δ² cannot overflow.
    return ((ex / d) * ((delta2 - phi2 - v - ex) / d)) / 2 - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta2 > phi2 + v) {
    B = Math.log(delta2 - phi2 - v);
  } else {
    // f(a − kτ) ≥ k/τ − 1/2, so this stops after a few steps (NaN stops it at once).
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > EPSILON; i++) {
    if (i === MAX_ITERATIONS) throw new Error('Glicko-2: the volatility iteration did not converge');
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (!Number.isFinite(fC)) return NaN;
    // ≤ rather than <: a root exactly at C brackets too.
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

// Invalid input is refused loudly: a NaN written into a rating would spread to every opponent.

function check(r: Rating, who: string): void {
  if (!Number.isFinite(r.rating))
    throw new RangeError(`${who}: rating must be a finite number, got ${r.rating}`);
  if (!(Number.isFinite(r.deviation) && r.deviation > 0))
    throw new RangeError(`${who}: deviation must be a positive finite number, got ${r.deviation}`);
  if (!(Number.isFinite(r.volatility) && r.volatility > 0))
    throw new RangeError(`${who}: volatility must be a positive finite number, got ${r.volatility}`);
  if (!(Number.isInteger(r.games) && r.games >= 0))
    throw new RangeError(`${who}: games must be a whole number ≥ 0, got ${r.games}`);
  checkTime(r.updatedAt, `${who}: updatedAt`);
}

function checkTime(t: number, what: string): void {
  if (!Number.isFinite(t)) throw new RangeError(`${what} must be a finite time in milliseconds, got ${t}`);
}

function checkScore(score: number): void {
  if (score !== 0 && score !== 0.5 && score !== 1)
    throw new RangeError(`a result must be 1 (win), 0.5 (draw) or 0 (loss), got ${score}`);
}

function checkSettings(s: GlickoSettings): void {
  for (const key of ['tau', 'periodMs', 'maxDeviation', 'maxVolatility'] as const)
    if (!(Number.isFinite(s[key]) && s[key] > 0))
      throw new RangeError(`Glicko settings: ${key} must be a positive finite number, got ${s[key]}`);
}

// ——— Speeds ———

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];

/** A correspondence game: days per move. */
export interface Correspondence {
  days: number;
}

/** What a seek or a rated game is played at: a clock (ms), or days per move. */
export type TimeControl = ClockSetting | Correspondence;

/**
 * The time controls offered for playing people, with their speeds (estimated duration = initial +
 * 40 × increment, lichess's bounds: under 3 min bullet, under 8 min blitz, under 25 min rapid).
 */
export const OFFERED_TIME_CONTROLS: readonly TimeControl[] = [
  { initial: 60_000, increment: 0 }, //       1+0: 1 min          → bullet
  { initial: 180_000, increment: 2_000 }, //  3+2: 3 min + 80 s   → blitz
  { initial: 300_000, increment: 0 }, //      5+0: 5 min          → blitz
  { initial: 600_000, increment: 0 }, //     10+0: 10 min         → rapid
  { initial: 900_000, increment: 10_000 }, // 15+10: 15 min + 400 s = 21 min 40 s → rapid
  { days: 1 }, //                                                  → correspondence
  { days: 3 }, //                                                  → correspondence
  { days: 7 }, //                                                  → correspondence
];

const MINUTE = 60_000;

/** The speed a time control is rated in (lichess's estimate of a game's duration: initial + 40 × increment). */
export function speedOf(tc: TimeControl): Speed {
  if ('days' in tc) {
    if (!(Number.isInteger(tc.days) && tc.days > 0))
      throw new RangeError(`days per move must be a whole number > 0, got ${tc.days}`);
    return 'correspondence';
  }
  const { initial, increment } = tc;
  if (!(Number.isFinite(initial) && initial >= 0 && Number.isFinite(increment) && increment >= 0))
    throw new RangeError(`a clock needs finite initial and increment ≥ 0 (ms), got ${initial}+${increment}`);
  const estimate = initial + 40 * increment;
  if (estimate < 3 * MINUTE) return 'bullet';
  if (estimate < 8 * MINUTE) return 'blitz';
  if (estimate < 25 * MINUTE) return 'rapid';
  return 'classical';
}

/** An absolute rating range, bounds included. */
export interface RatingRange {
  min: number;
  max: number;
}

/** Whether `rating` lies in `range` (null: any rating). A NaN rating lies in no range. */
export function inRange(rating: number, range: RatingRange | null): boolean {
  return range === null || (rating >= range.min && rating <= range.max);
}
