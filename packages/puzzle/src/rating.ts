/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) for one game at a time: the player
 * against a puzzle. A solve is a win for the player and a loss for the puzzle; a failure the other
 * way round. Both sides are rated, on the device.
 */

export interface Rating {
  rating: number;
  /** Rating deviation: how unsure the rating is. */
  rd: number;
  /** Volatility. */
  vol: number;
}

const SCALE = 173.7178;
/** The system constant: how much the volatility may change (0.3–1.2; smaller is steadier). */
const TAU = 0.5;
const EPSILON = 0.000001;
export const MIN_RD = 45;
export const MAX_RD = 350;

export const newPlayer = (): Rating => ({ rating: 1500, rd: MAX_RD, vol: 0.06 });

/** A puzzle's first rating, from its difficulty 1–5 (1200 … 2000), fairly certain. */
export const puzzleRating = (difficulty: number): Rating => ({
  rating: 1000 + 200 * difficulty,
  rd: 120,
  vol: 0.06,
});

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** The expected score of `a` against `b` (0–1). */
export function expectedScore(a: Rating, b: Rating): number {
  const mu = (a.rating - 1500) / SCALE;
  const muJ = (b.rating - 1500) / SCALE;
  return 1 / (1 + Math.exp(-g(b.rd / SCALE) * (mu - muJ)));
}

/** `a` after one game against `b` with score 1 (won) or 0 (lost). */
export function updateRating(a: Rating, b: Rating, score: 0 | 1): Rating {
  const mu = (a.rating - 1500) / SCALE;
  const phi = a.rd / SCALE;
  const muJ = (b.rating - 1500) / SCALE;
  const gJ = g(b.rd / SCALE);
  const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
  const v = 1 / (gJ * gJ * e * (1 - e));
  const delta = v * gJ * (score - e);
  // The new volatility: the root of f by the Illinois method (step 5 of the paper).
  const a0 = Math.log(a.vol * a.vol);
  const f = (x: number) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) -
    (x - a0) / (TAU * TAU);
  let lo = a0;
  let hi: number;
  if (delta * delta > phi * phi + v) hi = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a0 - k * TAU) < 0) k++;
    hi = a0 - k * TAU;
  }
  let fLo = f(lo);
  let fHi = f(hi);
  for (let i = 0; i < 100 && Math.abs(hi - lo) > EPSILON; i++) {
    const c = lo + ((lo - hi) * fLo) / (fHi - fLo);
    const fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else fLo /= 2;
    hi = c;
    fHi = fC;
  }
  const vol = Math.exp(lo / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * gJ * (score - e);
  return {
    rating: 1500 + SCALE * muNew,
    rd: Math.min(MAX_RD, Math.max(MIN_RD, SCALE * phiNew)),
    vol,
  };
}
