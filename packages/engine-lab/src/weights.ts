/**
 * The writer of the learned evaluation's weights file (the format and its reader are the engine's:
 * `@dama/engine`'s eval/weights.ts, `decodeWeights`), for `npm run train`: the file from one (middle,
 * end) pair per symmetry class and per scalar, and those pairs back from a full table.
 */
import {
  netSectionBytes,
  SCALAR_COUNT,
  symmetryClasses,
  WEIGHTS_HEADER_BYTES,
  WEIGHTS_MAGIC,
  WINDOWS,
  type NetWeights,
  type PatternWeights,
} from '@dama/engine';

/**
 * The inverse of the engine's `expandWeights`: one (middle, end) pair per class, read from each
 * class's entries with sign +1 (the table is symmetric by construction), and the scalars.
 */
export function classWeightsOf(pw: PatternWeights): { classWeights: Int16Array; scalarWeights: Int32Array } {
  const { count, classOf, sign } = symmetryClasses();
  const classWeights = new Int16Array(count * 2);
  for (let e = 0; e < classOf.length; e++) {
    const c = classOf[e];
    if (c < 0 || sign[e] !== 1) continue;
    classWeights[2 * c] = pw.table[2 * e];
    classWeights[2 * c + 1] = pw.table[2 * e + 1];
  }
  return { classWeights, scalarWeights: pw.scalars.slice() };
}

/**
 * The file's bytes for weights given per class and per scalar (already in eighths of a centi-man),
 * and the network, if any: version 1 without one, 2 with an unsided one, 3 with a sided one.
 */
export function encodeWeights(
  classWeights: ArrayLike<number>,
  scalarWeights: ArrayLike<number>,
  net?: NetWeights,
): Uint8Array {
  const { count } = symmetryClasses();
  if (classWeights.length !== count * 2 || scalarWeights.length !== SCALAR_COUNT * 2)
    throw new Error('encodeWeights: wrong number of weights');
  const hidden = net?.hidden ?? 0;
  if (net && net.out.length !== hidden && net.out.length !== 2 * hidden)
    throw new Error('encodeWeights: a network has one or two output weights per unit');
  const outputs = net ? net.out.length / hidden : 0;
  const bytes = new Uint8Array(
    WEIGHTS_HEADER_BYTES + (count + SCALAR_COUNT) * 4 + (net ? netSectionBytes(hidden, outputs) : 0),
  );
  const view = new DataView(bytes.buffer);
  WEIGHTS_MAGIC.forEach((b, i) => view.setUint8(i, b));
  view.setUint8(4, outputs === 2 ? 3 : net ? 2 : 1);
  view.setUint8(5, WINDOWS);
  view.setUint8(6, SCALAR_COUNT);
  view.setUint32(8, count, true);
  // ±32 767, so that the colour-swapped image (the negation) fits in 16 bits too.
  const clamp = (x: number) => Math.max(-32767, Math.min(32767, Math.round(x)));
  let off = WEIGHTS_HEADER_BYTES;
  for (let i = 0; i < count * 2; i++, off += 2) view.setInt16(off, clamp(classWeights[i]), true);
  for (let i = 0; i < SCALAR_COUNT * 2; i++, off += 2) view.setInt16(off, clamp(scalarWeights[i]), true);
  if (!net) return bytes;
  view.setUint16(off, hidden, true);
  off += 2;
  for (const arr of [net.w, net.bias, net.out])
    for (let i = 0; i < arr.length; i++, off += 2) view.setInt16(off, arr[i], true);
  return bytes;
}
