/**
 * The network's fit (the engine's eval/net.ts): a correction on top of fixed pattern weights, fitted
 * to the same records and target as the patterns (fit.ts: sigmoid(eval / K) against the result blended with
 * sigmoid(search score / K), K the hand-weighted evaluation's scale). The patterns stay as they are;
 * the network learns only what they leave in the error.
 *
 * Minibatch Adam in float, each record mirrored a↔h at random (the patterns are symmetric that way,
 * the network learns to be), the newest `validShare` of the records held out. After every epoch the
 * network is rounded to the engine's integers, its held-out loss printed beside the patterns' alone,
 * and written to `out` with the patterns, as one weights file (src/weights.ts, version 2): a checkpoint
 * that `bench:strength --weights` and the engine read as they are.
 */
import { writeFileSync } from 'node:fs';
import { makeRng } from '@dama/core';
import {
  NET_ACT,
  NET_INPUTS,
  NET_OUT,
  netEvaluateReference,
  netSided,
  patternEvaluate,
  type NetWeights,
  type PatternWeights,
} from '@dama/engine';
import { classWeightsOf, encodeWeights } from '../../src/index.ts';
import type { Records } from './data.ts';
import { fitScale } from './fit.ts';

export interface NetFitOptions {
  hidden: number;
  epochs: number;
  lambda: number;
  /** Adam's step size. */
  rate: number;
  batch: number;
  /** L2 pull of the input weights toward 0, per batch, relative to the step size. */
  l2: number;
  validShare: number;
  seed: number;
  /**
   * Start from this network (the same number of hidden units) instead of random weights: a new
   * round fine-tunes the shipped network on new data rather than forgetting the data it came from.
   * A network without side-to-move outputs starts a `sided` fit as the same function (own = out,
   * other = −out).
   */
  start?: NetWeights;
  /**
   * Side-to-move outputs (net.ts, `sided`): one output weight per unit of the side to move's view
   * and one per unit of the other view, instead of one weight on the views' difference.
   */
  sided: boolean;
  out: string;
  log: (line: string) => void;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const entropy = (p: number, t: number): number => {
  const q = Math.min(Math.max(p, 1e-9), 1 - 1e-9);
  return -(t * Math.log(q) + (1 - t) * Math.log(1 - q));
};
/** The output weights are fitted in men (100 centi-men), so that one step size suits every layer. */
const OUT_UNIT = 100;

/** The active features of a board from White's view into fw and from Black's into fb; their count. */
function features(b: Int32Array, o: number, mirror: number, fw: Int32Array, fb: Int32Array): number {
  let n = 0;
  const kLo = b[o + 4];
  const kHi = b[o + 5];
  for (let half = 0; half < 2; half++) {
    const k = half === 0 ? kLo : kHi;
    const w = b[o + half];
    const bl = b[o + 2 + half];
    // kinds from White's view (white man 0, white king 1, black man 2, black king 3); Black's view swaps.
    const sets = [w & ~k, w & k, bl & ~k, bl & k];
    for (let kind = 0; kind < 4; kind++) {
      let bits = sets[kind];
      while (bits !== 0) {
        const sq = ((31 - Math.clz32(bits & -bits)) | (half << 5)) ^ mirror;
        bits &= bits - 1;
        fw[n] = kind * 64 + sq;
        fb[n] = (kind ^ 2) * 64 + (sq ^ 56);
        n++;
      }
    }
  }
  return n;
}

export function netFit(records: Records, patterns: PatternWeights, options: NetFitOptions): NetWeights {
  const n = records.count;
  const H = options.hidden;
  const b = records.boards;
  const rng = makeRng(options.seed);
  const validStart = Math.floor(n * (1 - options.validShare));
  const scaleSample = new Int32Array(Math.min(200_000, validStart)).map(() => Math.floor(rng() * validStart));
  const K = fitScale(records, scaleSample);
  // The patterns' evaluation for the side to move and the target, once per record.
  const base = new Float32Array(n);
  const target = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    base[i] = patternEvaluate(patterns, b.subarray(i * 6, i * 6 + 6), records.turns[i]);
    target[i] = options.lambda * records.results[i] + (1 - options.lambda) * sigmoid(records.scores[i] / K);
  }
  options.log(`netfit: ${n} records (${n - validStart} held out), ${H} hidden units, K = ${K.toFixed(1)}`);

  // Parameters: W (NET_INPUTS × H, feature-major), bias (H), out (H, or 2H when sided: the side to
  // move's view, then the other's; in men); Adam moments for each.
  const sided = options.sided;
  const outs = sided ? 2 * H : H;
  const P = NET_INPUTS * H + H + outs;
  const theta = new Float32Array(P);
  const grad = new Float32Array(P);
  const m1 = new Float32Array(P);
  const m2 = new Float32Array(P);
  const BIAS = NET_INPUTS * H;
  const OUT = BIAS + H;
  const start = options.start;
  if (start && start.hidden !== H)
    throw new Error(`netfit: the starting network has ${start.hidden} hidden units, not ${H}`);
  for (let i = 0; i < NET_INPUTS * H; i++) theta[i] = start ? start.w[i] / NET_ACT : (rng() - 0.5) * 0.12;
  for (let j = 0; j < H; j++) theta[BIAS + j] = start ? start.bias[j] / NET_ACT : 0.5;
  if (start) {
    const startSided = netSided(start);
    if (startSided && !sided) throw new Error('netfit: the starting network is sided; pass --sided');
    for (let j = 0; j < outs; j++) {
      // An unsided start as a sided network: own = out, other = −out is the same function.
      const w = startSided || j < H ? start.out[j] : -start.out[j - H];
      theta[OUT + j] = w / (OUT_UNIT * NET_OUT);
    }
  }

  const fw = new Int32Array(64);
  const fb = new Int32Array(64);
  const accW = new Float32Array(H);
  const accB = new Float32Array(H);
  /** The correction for the side to move (`turn`) from the two views' accumulators, in men. */
  const output = (turn: number): number => {
    let out = 0;
    if (sided) {
      const own = turn === 0 ? accW : accB;
      const other = turn === 0 ? accB : accW;
      for (let j = 0; j < H; j++)
        out +=
          theta[OUT + j] * Math.min(1, Math.max(0, own[j])) +
          theta[OUT + H + j] * Math.min(1, Math.max(0, other[j]));
      return out;
    }
    for (let j = 0; j < H; j++) {
      const a = Math.min(1, Math.max(0, accW[j]));
      const c = Math.min(1, Math.max(0, accB[j]));
      out += theta[OUT + j] * (a - c);
    }
    return turn === 0 ? out : -out;
  };
  /** The network's correction for the side to move of record i (mirrored a↔h when `mirror` is 7), in centi-men. */
  const forward = (i: number, mirror: number): { out: number; count: number } => {
    const count = features(b, i * 6, mirror, fw, fb);
    for (let j = 0; j < H; j++) accW[j] = accB[j] = theta[BIAS + j];
    for (let f = 0; f < count; f++) {
      const ow = fw[f] * H;
      const ob = fb[f] * H;
      for (let j = 0; j < H; j++) {
        accW[j] += theta[ow + j];
        accB[j] += theta[ob + j];
      }
    }
    return { out: output(records.turns[i]) * OUT_UNIT, count };
  };

  const toNet = (): NetWeights => {
    const w = new Int16Array(NET_INPUTS * H);
    const clamp16 = (x: number) => Math.max(-32767, Math.min(32767, Math.round(x)));
    for (let i = 0; i < NET_INPUTS * H; i++) w[i] = clamp16(theta[i] * NET_ACT);
    const bias = new Int16Array(H).map((_, j) => clamp16(theta[BIAS + j] * NET_ACT));
    const out = new Int16Array(outs).map((_, j) => clamp16(theta[OUT + j] * OUT_UNIT * NET_OUT));
    return { hidden: H, w, bias, out };
  };
  const validLoss = (score: (i: number) => number): number => {
    let s = 0;
    for (let i = validStart; i < n; i++) s += entropy(sigmoid(score(i) / K), records.results[i]);
    return s / (n - validStart);
  };
  const baseValid = validLoss((i) => base[i]);
  options.log(`netfit: held-out loss of the patterns alone ${baseValid.toFixed(5)}`);
  /** The held-out loss of the patterns with an integer network on top, as the engine scores. */
  const netValid = (net: NetWeights): number =>
    validLoss(
      (i) =>
        base[i] +
        (records.turns[i] === 0 ? 1 : -1) *
          netEvaluateReference(net, b.subarray(i * 6, i * 6 + 6), records.turns[i]),
    );
  if (start) options.log(`netfit: held-out loss of the starting network ${netValid(start).toFixed(5)}`);

  const order = new Int32Array(validStart).map((_, j) => j);
  const beta1 = 0.9;
  const beta2 = 0.999;
  let t = 0;
  let net = toNet();
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    for (let j = order.length - 1; j > 0; j--) {
      const k = Math.floor(rng() * (j + 1));
      const x = order[j];
      order[j] = order[k];
      order[k] = x;
    }
    const rate = options.rate * (epoch === options.epochs && epoch > 1 ? 0.3 : 1);
    let trainLoss = 0;
    for (let start = 0; start < order.length; start += options.batch) {
      grad.fill(0);
      const end = Math.min(order.length, start + options.batch);
      for (let q = start; q < end; q++) {
        const i = order[q];
        const mirror = rng() < 0.5 ? 7 : 0;
        const turn = records.turns[i];
        const side = turn === 0 ? 1 : -1;
        const { out, count } = forward(i, mirror);
        const p = sigmoid((base[i] + out) / K);
        trainLoss += entropy(p, target[i]);
        // d loss / d (the correction for the side to move, in men).
        const g = ((p - target[i]) / K) * OUT_UNIT;
        for (let j = 0; j < H; j++) {
          const aw = accW[j];
          const ab = accB[j];
          const a = Math.min(1, Math.max(0, aw));
          const c = Math.min(1, Math.max(0, ab));
          // uW, uB: the output weights of White's and Black's view's unit j for this record.
          let uW: number;
          let uB: number;
          if (sided) {
            const ownOut = theta[OUT + j];
            const otherOut = theta[OUT + H + j];
            grad[OUT + j] += g * (turn === 0 ? a : c);
            grad[OUT + H + j] += g * (turn === 0 ? c : a);
            uW = turn === 0 ? ownOut : otherOut;
            uB = turn === 0 ? otherOut : ownOut;
          } else {
            grad[OUT + j] += g * side * (a - c);
            uW = theta[OUT + j] * side;
            uB = -uW;
          }
          const gw = aw > 0 && aw < 1 ? uW * g : 0;
          const gb = ab > 0 && ab < 1 ? uB * g : 0;
          accW[j] = gw;
          accB[j] = gb;
          grad[BIAS + j] += gw + gb;
        }
        for (let f = 0; f < count; f++) {
          const ow = fw[f] * H;
          const ob = fb[f] * H;
          for (let j = 0; j < H; j++) {
            grad[ow + j] += accW[j];
            grad[ob + j] += accB[j];
          }
        }
      }
      const size = end - start;
      t++;
      const c1 = 1 - Math.pow(beta1, t);
      const c2 = 1 - Math.pow(beta2, t);
      for (let k = 0; k < P; k++) {
        const g = grad[k] / size;
        m1[k] = beta1 * m1[k] + (1 - beta1) * g;
        m2[k] = beta2 * m2[k] + (1 - beta2) * g * g;
        theta[k] -= (rate * (m1[k] / c1)) / (Math.sqrt(m2[k] / c2) + 1e-8);
        if (k < BIAS) theta[k] -= rate * options.l2 * theta[k];
      }
    }
    net = toNet();
    const floatValid = validLoss((i) => base[i] + forward(i, 0).out);
    const intValid = netValid(net);
    options.log(
      `netfit: epoch ${epoch}: training loss ${(trainLoss / order.length).toFixed(5)}, held-out ${floatValid.toFixed(5)} ` +
        `(integers ${intValid.toFixed(5)}; patterns alone ${baseValid.toFixed(5)})`,
    );
    const { classWeights, scalarWeights } = classWeightsOf(patterns);
    writeFileSync(options.out, encodeWeights(classWeights, scalarWeights, net));
  }
  return net;
}
