/**
 * The learned evaluation's weights: the symmetry classes of the pattern tables, and the reader of the
 * compact binary file the engine ships (`assets/eval.bin`; in the browser `/engine/eval.bin`). The
 * writer is the lab's (`@dama/engine-lab`, `encodeWeights`), for `npm run train`.
 *
 * Format (little-endian): the magic "DAMW", a version byte (1; 2 with a network; 3 with a sided
 * network), the window count (21), the scalar count, one reserved byte, the class count (uint32),
 * then int16 weights in eighths of a centi-man: for each pattern class its middle-game and endgame
 * weight, then for each scalar the same pair. Only one weight per symmetry class is stored;
 * `expandWeights` fills the whole table. Version 2 then has the network (net.ts): its hidden unit
 * count (uint16, 1–256), then as int16 its input weights (feature-major), its biases and its output
 * weights (`hidden` of them). Version 3 is the same with 2 · `hidden` output weights (net.ts: sided,
 * the side to move's view, then the other's).
 */
import {
  PATTERNS,
  SCALAR_COUNT,
  WINDOW_FILES,
  WINDOW_RANKS,
  WINDOWS,
  type PatternWeights,
} from './patterns.ts';
import { NET_INPUTS } from './net.ts';

/** The file's first four bytes, "DAMW". */
export const WEIGHTS_MAGIC: readonly number[] = [0x44, 0x41, 0x4d, 0x57];
/** The newest version (a sided network); 1 and 2 are read too. */
export const WEIGHTS_VERSION = 3;
/** The header's bytes: magic, version, window count, scalar count, a reserved byte, class count. */
export const WEIGHTS_HEADER_BYTES = 12;

/** The bytes of a network's section: its unit count, then 2 bytes per weight (`outputs` per unit: 1, or 2 when sided). */
export const netSectionBytes = (hidden: number, outputs: number): number =>
  2 + 2 * (NET_INPUTS * hidden + hidden + outputs * hidden);

/** The table entries grouped by symmetry (mirrored files, colours swapped): what the trainer fits. */
export interface SymmetryClasses {
  /** How many independent weights the table has (per phase). */
  count: number;
  /** For each table entry: its class, or −1 when the symmetries force it to 0. */
  classOf: Int32Array;
  /** For each table entry: +1, or −1 when it is the colour-swapped image of its class. */
  sign: Int8Array;
}

let classesCache: SymmetryClasses | undefined;

/**
 * The classes of table entries under mirroring the files (same weight) and turning the board over
 * with the colours swapped (negated weight). An entry that is its own negated image weighs 0. The
 * numbering is deterministic (by the smallest entry of each class), so trainer and loader agree.
 */
export function symmetryClasses(): SymmetryClasses {
  if (classesCache) return classesCache;
  const n = WINDOWS * PATTERNS;
  const classOf = new Int32Array(n).fill(-2);
  const sign = new Int8Array(n);
  const files = WINDOW_FILES.length;
  const digits = new Int32Array(8);
  const encode = (d: Int32Array): number => {
    let v = 0;
    for (let k = 7; k >= 0; k--) v = v * 3 + d[k];
    return v;
  };
  let count = 0;
  for (let e = 0; e < n; e++) {
    if (classOf[e] !== -2) continue;
    const loc = Math.floor(e / PATTERNS);
    const r = Math.floor(loc / files);
    const i = loc % files;
    let p = e % PATTERNS;
    for (let k = 0; k < 8; k++) {
      digits[k] = p % 3;
      p = Math.floor(p / 3);
    }
    const mirrored = new Int32Array(8);
    const flipped = new Int32Array(8);
    const both = new Int32Array(8);
    const swap = (x: number) => (x === 0 ? 0 : 3 - x);
    for (let dr = 0; dr < 2; dr++)
      for (let dc = 0; dc < 4; dc++) {
        const d = digits[dr * 4 + dc];
        mirrored[dr * 4 + (3 - dc)] = d;
        flipped[(1 - dr) * 4 + dc] = swap(d);
        both[(1 - dr) * 4 + (3 - dc)] = swap(d);
      }
    const m = (r * files + (files - 1 - i)) * PATTERNS + encode(mirrored);
    const f = ((WINDOW_RANKS - 1 - r) * files + i) * PATTERNS + encode(flipped);
    const mf = ((WINDOW_RANKS - 1 - r) * files + (files - 1 - i)) * PATTERNS + encode(both);
    // e is the smallest of its orbit {e, m, f, mf}: the others have not been visited yet.
    if (f === e || mf === e || f === m) {
      for (const x of [e, m, f, mf]) {
        classOf[x] = -1;
        sign[x] = 0;
      }
      continue;
    }
    classOf[e] = classOf[m] = classOf[f] = classOf[mf] = count++;
    sign[e] = sign[m] = 1;
    sign[f] = sign[mf] = -1;
  }
  classesCache = { count, classOf, sign };
  return classesCache;
}

/** The evaluation's table from one (middle, end) pair per class and per scalar. */
export function expandWeights(
  classWeights: ArrayLike<number>,
  scalarWeights: ArrayLike<number>,
): PatternWeights {
  const { classOf, sign } = symmetryClasses();
  const table = new Int16Array(WINDOWS * PATTERNS * 2);
  for (let e = 0; e < classOf.length; e++) {
    const c = classOf[e];
    if (c < 0) continue;
    table[2 * e] = sign[e] * classWeights[2 * c];
    table[2 * e + 1] = sign[e] * classWeights[2 * c + 1];
  }
  const scalars = new Int32Array(SCALAR_COUNT * 2);
  for (let i = 0; i < scalars.length; i++) scalars[i] = scalarWeights[i];
  return { table, scalars };
}

/** Why a weights file was refused: wrong magic bytes, version, shape or length. */
export type WeightsErrorCode = 'bad-magic' | 'bad-version' | 'bad-shape' | 'bad-length';

/** The weights read from a file, or why the file was refused. */
export type DecodeResult =
  { ok: true; value: PatternWeights } | { ok: false; error: { code: WeightsErrorCode; message: string } };

/** Read the asset; anything that is not exactly a weights file of this version is refused. */
export function decodeWeights(bytes: Uint8Array): DecodeResult {
  const fail = (code: WeightsErrorCode, message: string): DecodeResult => ({
    ok: false,
    error: { code, message },
  });
  if (bytes.length < WEIGHTS_HEADER_BYTES || WEIGHTS_MAGIC.some((b, i) => bytes[i] !== b))
    return fail('bad-magic', 'This is not an evaluation weights file.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint8(4);
  if (version < 1 || version > WEIGHTS_VERSION)
    return fail('bad-version', `Weights file version ${version}; this engine reads 1 to ${WEIGHTS_VERSION}.`);
  const hasNet = version >= 2;
  const outputs = version === 3 ? 2 : 1;
  const { count } = symmetryClasses();
  if (view.getUint8(5) !== WINDOWS || view.getUint8(6) !== SCALAR_COUNT || view.getUint32(8, true) !== count)
    return fail('bad-shape', 'The weights file was made for another pattern layout.');
  const patternBytes = WEIGHTS_HEADER_BYTES + (count + SCALAR_COUNT) * 4;
  if (bytes.length < patternBytes + (hasNet ? 2 : 0))
    return fail('bad-length', 'The weights file is truncated or has trailing bytes.');
  const hidden = hasNet ? view.getUint16(patternBytes, true) : 0;
  if (hasNet && hidden === 0) return fail('bad-shape', 'The weights file says it has a network of no units.');
  if (hidden > 256)
    return fail('bad-shape', `The weights file's network has ${hidden} hidden units (at most 256).`);
  if (bytes.length !== patternBytes + (hasNet ? netSectionBytes(hidden, outputs) : 0))
    return fail('bad-length', 'The weights file is truncated or has trailing bytes.');
  const classWeights = new Int16Array(count * 2);
  const scalarWeights = new Int16Array(SCALAR_COUNT * 2);
  let off = WEIGHTS_HEADER_BYTES;
  for (let i = 0; i < classWeights.length; i++, off += 2) classWeights[i] = view.getInt16(off, true);
  for (let i = 0; i < scalarWeights.length; i++, off += 2) scalarWeights[i] = view.getInt16(off, true);
  const weights = expandWeights(classWeights, scalarWeights);
  if (hidden === 0) return { ok: true, value: weights };
  off += 2;
  const w = new Int16Array(NET_INPUTS * hidden);
  const bias = new Int16Array(hidden);
  const out = new Int16Array(outputs * hidden);
  for (const arr of [w, bias, out])
    for (let i = 0; i < arr.length; i++, off += 2) arr[i] = view.getInt16(off, true);
  return { ok: true, value: { ...weights, net: { hidden, w, bias, out } } };
}
