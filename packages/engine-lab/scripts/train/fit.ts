/**
 * Stage 2 of the training pipeline: logistic regression of the pattern evaluation (the engine's
 * eval/patterns.ts) on the self-play records. The prediction for the side to move is sigmoid(eval / K); the target is
 * the game result blended with sigmoid(search score / K) (`lambda`: the result's share). K is the
 * scale that fits the old hand-weighted evaluation best to the same results, so the learned scores
 * stay in centi-men and the search's margins keep their meaning.
 *
 * Per-sample AdaGrad over shuffled records, one parameter per symmetry class (the engine's
 * eval/weights.ts), L2 toward 0 on the patterns. The last `validShare` of the records (whole games, since a game's records
 * are stored together) is held out; every epoch prints the training loss and the held-out loss
 * against the results alone, with the old evaluation's held-out loss for comparison, and writes the
 * weights so far to the output file (a checkpoint: a cut-off keeps the last epoch).
 */
import { writeFileSync } from 'node:fs';
import { makeRng, popcount } from '@dama/core';
import {
  DEFAULT_WEIGHTS,
  evaluate,
  patternEntries,
  patternEvaluate,
  phaseOf,
  SCALAR_COUNT,
  SCALARS,
  scalarFeatures,
  symmetryClasses,
  TEMPO,
  UNIT_SHIFT,
  WINDOWS,
  type PatternWeights,
} from '@dama/engine';
import { classWeightsOf, encodeWeights } from '../../src/index.ts';
import type { Records } from './data.ts';

export interface FitOptions {
  epochs: number;
  /** The result's share of the target (the rest is the search score). */
  lambda: number;
  /** AdaGrad step size (centi-men). */
  rate: number;
  /** L2 pull of pattern weights toward 0, per update. */
  l2: number;
  validShare: number;
  seed: number;
  out: string;
  /** Other weights whose held-out loss is printed for comparison (e.g. the shipped ones). */
  compare?: PatternWeights;
  /** Start from these weights (patterns and scalars) instead of 0 and the hand-weighted terms. */
  init?: PatternWeights;
  /** What the fit may change (the rest keeps its starting weights): everything, or the scalars only. */
  free?: 'all' | 'scalars';
  log: (line: string) => void;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Cross-entropy of predictions against targets. */
const entropy = (p: number, t: number): number => {
  const q = Math.min(Math.max(p, 1e-9), 1 - 1e-9);
  return -(t * Math.log(q) + (1 - t) * Math.log(1 - q));
};

/** The scale K at which sigmoid(old evaluation / K) fits the results best (golden-section search). */
export function fitScale(records: Records, sample: Int32Array): number {
  const b = records.boards;
  const old = new Float64Array(sample.length);
  for (let j = 0; j < sample.length; j++) {
    const i = sample[j];
    old[j] = evaluate(b.subarray(i * 6, i * 6 + 6), records.turns[i]);
  }
  const loss = (k: number) => {
    let s = 0;
    for (let j = 0; j < sample.length; j++) s += entropy(sigmoid(old[j] / k), records.results[sample[j]]);
    return s / sample.length;
  };
  let lo = 20;
  let hi = 1000;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 40; it++) {
    const a = hi - g * (hi - lo);
    const c = lo + g * (hi - lo);
    if (loss(a) < loss(c)) hi = c;
    else lo = a;
  }
  return (lo + hi) / 2;
}

/** The hand-weighted evaluation's weights for the scalar terms (patterns.ts lists them), middle and end. */
function initialScalars(S: Float64Array): void {
  const w = DEFAULT_WEIGHTS;
  const set = (name: (typeof SCALARS)[number], mid: number, end = mid) => {
    const i = SCALARS.indexOf(name);
    S[2 * i] = mid;
    S[2 * i + 1] = end;
  };
  set('men', w.man);
  set('kings', w.kingFull, w.kingEmpty);
  set('mobility', w.kingMobility);
  for (let r = 0; r < 4; r++) {
    set(`passed${r + 4}` as (typeof SCALARS)[number], w.passed[r + 3]);
    set(`race${r + 4}` as (typeof SCALARS)[number], w.race + r * (w.race >> 1));
  }
  for (let r = 1; r < 7; r++)
    set(`advance${r + 1}` as (typeof SCALARS)[number], w.advanceMid[r], w.advanceEnd[r]);
  set('guard', w.guard);
  set('backed', w.backed);
  set('sideBySide', w.sideBySide);
  set('centre', w.centre);
  set('tempo', w.tempo);
}

export function fit(
  records: Records,
  options: FitOptions,
): { valid: number; oldValid: number; scale: number } {
  const n = records.count;
  const { count: classes, classOf, sign } = symmetryClasses();
  // The model, once per record: TERMS terms (its 21 windows, then the scalars), each a parameter pair
  // (middle, end) and the coefficient it has in the evaluation for the side to move (−1 for an
  // entry that is its class's colour-swapped image, the scalar's count, both negated with Black to
  // move except the tempo). The prediction, its gradient and the held-out loss all read this list.
  const TERMS = WINDOWS + SCALAR_COUNT;
  const param = new Int32Array(n * TERMS).fill(-1);
  const coef = new Int16Array(n * TERMS);
  const phase = new Float32Array(n);
  const entries = new Int32Array(WINDOWS);
  const sf = new Int32Array(SCALAR_COUNT);
  const b = records.boards;
  for (let i = 0; i < n; i++) {
    const [wLo, wHi, bLo, bHi, kLo, kHi] = b.subarray(i * 6, i * 6 + 6);
    const wmLo = wLo & ~kLo;
    const wmHi = wHi & ~kHi;
    const bmLo = bLo & ~kLo;
    const bmHi = bHi & ~kHi;
    const side = records.turns[i] === 0 ? 1 : -1;
    patternEntries(wmLo, wmHi, bmLo, bmHi, entries);
    for (let w = 0; w < WINDOWS; w++) {
      const e = entries[w];
      if (classOf[e] < 0) continue;
      param[i * TERMS + w] = classOf[e];
      coef[i * TERMS + w] = sign[e] * side;
    }
    scalarFeatures(wLo, wHi, bLo, bHi, kLo, kHi, sf);
    for (let s = 0; s < SCALAR_COUNT; s++) {
      const x = s === TEMPO ? 1 : sf[s] * side;
      if (x === 0) continue;
      param[i * TERMS + WINDOWS + s] = classes + s;
      coef[i * TERMS + WINDOWS + s] = x;
    }
    phase[i] = phaseOf(popcount(wmLo) + popcount(wmHi) + popcount(bmLo) + popcount(bmHi)) / 256;
  }

  const validStart = Math.floor(n * (1 - options.validShare));
  const valid = new Int32Array(n - validStart).map((_, j) => validStart + j);
  const rng = makeRng(options.seed);
  const scaleSample = new Int32Array(Math.min(200_000, validStart)).map(() => Math.floor(rng() * validStart));
  const K = fitScale(records, scaleSample);
  options.log(
    `fit: ${n} records (${n - validStart} held out), ${classes} pattern classes, K = ${K.toFixed(1)}`,
  );

  // Parameters in centi-men, (middle, end) pairs: the pattern classes, then the scalars.
  const Q = new Float64Array((classes + SCALAR_COUNT) * 2);
  const unit = 1 << UNIT_SHIFT;
  if (options.init) {
    const { classWeights, scalarWeights } = classWeightsOf(options.init);
    classWeights.forEach((x, k) => (Q[k] = x / unit));
    scalarWeights.forEach((x, k) => (Q[classes * 2 + k] = x / unit));
  } else initialScalars(Q.subarray(classes * 2));
  // The parameters the fit changes: from firstParam on (the scalars follow the pattern classes).
  const firstParam = (options.free ?? 'all') === 'all' ? 0 : classes;
  const G = new Float64Array(Q.length).fill(1e-8);
  const S = Q.subarray(classes * 2);

  /** The evaluation for the side to move, as the engine computes it (before its integer rounding). */
  const predict = (i: number): number => {
    const ph = phase[i];
    let mid = 0;
    let end = 0;
    for (let t = i * TERMS; t < (i + 1) * TERMS; t++) {
      const p = param[t];
      if (p < 0) continue;
      mid += coef[t] * Q[2 * p];
      end += coef[t] * Q[2 * p + 1];
    }
    return mid * ph + end * (1 - ph);
  };

  /** One AdaGrad step on record `i` for d(loss)/d(evaluation) = `g`; L2 on the patterns only. */
  const step = (i: number, g: number, rate: number, l2: number): void => {
    const ph = phase[i];
    for (let t = i * TERMS; t < (i + 1) * TERMS; t++) {
      const p = param[t];
      if (p < firstParam) continue;
      const x = g * coef[t];
      const decay = p < classes ? l2 : 0;
      const gm = x * ph + decay * Q[2 * p];
      const ge = x * (1 - ph) + decay * Q[2 * p + 1];
      G[2 * p] += gm * gm;
      G[2 * p + 1] += ge * ge;
      Q[2 * p] -= (rate * gm) / Math.sqrt(G[2 * p]);
      Q[2 * p + 1] -= (rate * ge) / Math.sqrt(G[2 * p + 1]);
    }
  };

  const validLoss = (score: (i: number) => number): number => {
    let s = 0;
    for (const i of valid) s += entropy(sigmoid(score(i) / K), records.results[i]);
    return s / valid.length;
  };
  const oldValid = validLoss((i) => evaluate(b.subarray(i * 6, i * 6 + 6), records.turns[i]));
  options.log(`fit: held-out loss of the old evaluation ${oldValid.toFixed(5)}`);
  const cmp = options.compare;
  if (cmp) {
    const loss = validLoss((i) => patternEvaluate(cmp, b.subarray(i * 6, i * 6 + 6), records.turns[i]));
    options.log(`fit: held-out loss of the weights to compare with ${loss.toFixed(5)}`);
  }

  const order = new Int32Array(validStart).map((_, j) => j);
  let lastValid = validLoss(predict);
  const rate = options.rate;
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    for (let j = order.length - 1; j > 0; j--) {
      const k = Math.floor(rng() * (j + 1));
      const t = order[j];
      order[j] = order[k];
      order[k] = t;
    }
    let trainLoss = 0;
    for (const i of order) {
      const target =
        options.lambda * records.results[i] + (1 - options.lambda) * sigmoid(records.scores[i] / K);
      const p = sigmoid(predict(i) / K);
      trainLoss += entropy(p, target);
      step(i, (p - target) / K, rate, options.l2);
    }
    lastValid = validLoss(predict);
    options.log(
      `fit: epoch ${epoch}: training loss ${(trainLoss / order.length).toFixed(5)}, held-out ${lastValid.toFixed(5)} ` +
        `(old evaluation ${oldValid.toFixed(5)}); man ${S[0].toFixed(0)}/${S[1].toFixed(0)}, ` +
        `king ${S[2].toFixed(0)}/${S[3].toFixed(0)}, tempo ${S[2 * TEMPO].toFixed(0)}/${S[2 * TEMPO + 1].toFixed(0)}`,
    );
    writeFileSync(
      options.out,
      encodeWeights(
        Array.from(Q.subarray(0, classes * 2), (x) => x * unit),
        Array.from(S, (x) => x * unit),
      ),
    );
  }
  return { valid: lastValid, oldValid, scale: K };
}
