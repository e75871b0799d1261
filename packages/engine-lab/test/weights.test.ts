/**
 * The weights file writer (weights.ts) against the engine's reader: random pattern weights, with no
 * network, an unsided or a sided one, come back as they went in, and back to one pair per class;
 * damaged files are refused.
 */
import { makeRng } from '@dama/core';
import {
  decodeWeights,
  expandWeights,
  NET_ACT,
  NET_INPUTS,
  SCALAR_COUNT,
  symmetryClasses,
  type NetWeights,
} from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import { describe, expect, it } from 'vitest';
import { classWeightsOf, encodeWeights } from '../src/index.ts';

function randomWeights(seed: number) {
  const rng = makeRng(seed);
  const { count } = symmetryClasses();
  const classes = Array.from({ length: count * 2 }, () => Math.round((rng() - 0.5) * 4000));
  const scalars = Array.from({ length: SCALAR_COUNT * 2 }, () => Math.round((rng() - 0.5) * 4000));
  return { classes, scalars, weights: expandWeights(classes, scalars) };
}

/** A random network; `sided`: with output weights for the side to move's view and the other's. */
function randomNet(seed: number, hidden = 8, sided = false): NetWeights {
  const rng = makeRng(seed);
  const w = Int16Array.from({ length: NET_INPUTS * hidden }, () => Math.round((rng() - 0.5) * 120));
  const bias = Int16Array.from({ length: hidden }, () => Math.round(rng() * NET_ACT));
  const out = Int16Array.from({ length: (sided ? 2 : 1) * hidden }, () => Math.round((rng() - 0.5) * 20000));
  return { hidden, w, bias, out };
}

describe('weights file', () => {
  it('round-trips', () => {
    const { classes, scalars, weights } = randomWeights(7);
    const decoded = decodeWeights(encodeWeights(classes, scalars));
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      // Element by element (toEqual on 275 562 entries takes seconds).
      expect(decoded.value.table.length).toBe(weights.table.length);
      expect(decoded.value.table.findIndex((x, i) => x !== weights.table[i])).toBe(-1);
      expect(decoded.value.scalars).toEqual(weights.scalars);
    }
    // And back to one pair per class, as the trainer starts from a file (`--init`); as integers
    // (the random weights include −0, which an integer array holds as 0).
    const back = classWeightsOf(weights);
    expect(back.classWeights).toEqual(Int16Array.from(classes));
    expect(back.scalarWeights).toEqual(Int32Array.from(scalars));
  });
});

describe.each([false, true])('weights file with a network (sided: %s)', (sided) => {
  const randomNet_ = (seed: number, hidden?: number) => randomNet(seed, hidden, sided);

  it(`travels in the weights file (version ${sided ? 3 : 2}) and is refused when damaged`, () => {
    const patterns = loadWeightsFile();
    const { classWeights, scalarWeights } = classWeightsOf(patterns);
    const net = randomNet_(8, 12);
    const bytes = encodeWeights(classWeights, scalarWeights, net);
    expect(bytes[4]).toBe(sided ? 3 : 2);
    const back = decodeWeights(bytes);
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.value.net?.hidden).toBe(12);
      expect(Array.from(back.value.net!.w)).toEqual(Array.from(net.w));
      expect(Array.from(back.value.net!.bias)).toEqual(Array.from(net.bias));
      expect(Array.from(back.value.net!.out)).toEqual(Array.from(net.out));
      expect(Array.from(back.value.table)).toEqual(Array.from(patterns.table));
    }
    // Without a network: no `net`, and the same patterns.
    const plain = decodeWeights(encodeWeights(classWeights, scalarWeights));
    expect(plain.ok && plain.value.net).toBe(undefined);
    expect(decodeWeights(bytes.subarray(0, bytes.length - 1))).toMatchObject({
      ok: false,
      error: { code: 'bad-length' },
    });
    expect(decodeWeights(new Uint8Array([...bytes, 0]))).toMatchObject({
      ok: false,
      error: { code: 'bad-length' },
    });
    const version = bytes.slice();
    version[4] = 9;
    expect(decodeWeights(version)).toMatchObject({ ok: false, error: { code: 'bad-version' } });
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint16(
      bytes.length - 2 * (net.w.length + net.bias.length + net.out.length) - 2,
      300,
      true,
    );
    expect(decodeWeights(huge)).toMatchObject({ ok: false, error: { code: 'bad-shape' } });
  });
});
