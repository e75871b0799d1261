/**
 * The file format of one class's table (tablebase.ts defines the index and the value bytes). A file
 * `NAME.dtb.gz` (e.g. `1101.dtb.gz`) is gzip of the contents below: the gzip CRC guards against
 * corruption, and the browser opens it with its own `DecompressionStream('gzip')`.
 *
 * The contents start with `DTB`, a version byte and the four counts wm wk bm bk.
 *
 * Version 2 (`DTB2`, what `encodeTable` writes) stores each value byte only where the index cannot
 * give it by itself:
 * - Indices where two pieces share a square are not positions: not stored, decoded as 0.
 * - The rules are the same with the files mirrored (a↔h), so a position and its mirror image have
 *   the same value: only the one visited first is stored, the other is copied from it. Flag bit 0
 *   says so; the encoder checks the symmetry and stores both when a class lacks it.
 * - The positions are visited with the four groups' loops (White's men, White's kings, Black's men,
 *   Black's kings) nested in an order chosen per class, the one that compresses best (the innermost
 *   group decides how long the runs of equal values are; the best order halves some files).
 * Header (12 bytes): `DTB2`, wm wk bm bk, the flags, the order (2 bits per loop, the outermost in
 * the low bits, 0 = White's men … 3 = Black's kings), two zero bytes. Then the stored value bytes.
 *
 * Version 1 (`DTB1`, 8 header bytes, then every index's value byte in index order) is still read.
 */
import {
  binomial,
  groupSizes,
  isTableMaterial,
  materialId,
  materialName,
  tableSize,
  type Material,
} from './tablebase.ts';

/** The start of every table file: `DTB`; the byte after it is the version. */
export const TB_MAGIC = [0x44, 0x54, 0x42];
/** The version `encodeTable` writes (`DTB2`). */
export const TB_VERSION = 0x32;
const TB_VERSION_1 = 0x31;
const HEADER_2 = 12;
const FLAG_MIRROR = 1;

/** The file a class's table is stored in: `NAME.dtb.gz`. */
export const tableFileName = (m: Material): string => `${materialName(m)}.dtb.gz`;

/** True when `bytes` start like table file contents (not gzip-compressed). */
export const isTableContents = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && TB_MAGIC.every((b, i) => bytes[i] === b);

/** The placements of one group of pieces as (lo, hi) masks, by colex rank, and each one's mirror's rank. */
interface Group {
  lo: Int32Array;
  hi: Int32Array;
  mirror: Int32Array;
}

/** Mirror the files of one half board (a↔h): reverse the bits inside each byte. */
function mirrorFiles(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  return ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
}

/** The colex rank of a set of squares (minus `first`). */
function rankOf(lo: number, hi: number, first: number): number {
  let r = 0;
  let i = 1;
  for (let s = 0; s < 64; s++) {
    const bit = s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1;
    if (bit !== 0) r += binomial(s - first, i++);
  }
  return r;
}

const groups = new Map<string, Group>();

/** Every placement of `count` pieces over the squares `first`… (`squares` of them), in colex order. */
function group(count: number, first: number, squares: number): Group {
  const key = `${count},${first}`;
  const known = groups.get(key);
  if (known) return known;
  const size = binomial(squares, count);
  const lo = new Int32Array(size);
  const hi = new Int32Array(size);
  let n = 0;
  const pick = (k: number, below: number, mLo: number, mHi: number) => {
    if (k === 0) {
      lo[n] = mLo;
      hi[n++] = mHi;
      return;
    }
    for (let top = k - 1; top < below; top++) {
      const s = top + first;
      pick(k - 1, top, s < 32 ? mLo | (1 << s) : mLo, s >= 32 ? mHi | (1 << (s - 32)) : mHi);
    }
  };
  pick(count, squares, 0, 0);
  const mirror = new Int32Array(size);
  for (let r = 0; r < size; r++) mirror[r] = rankOf(mirrorFiles(lo[r]), mirrorFiles(hi[r]), first);
  const g = { lo, hi, mirror };
  groups.set(key, g);
  return g;
}

/** The four groups of a class: White's men, White's kings, Black's men, Black's kings. */
const classGroups = (m: Material): Group[] => [
  group(m.wm, 8, 48),
  group(m.wk, 0, 64),
  group(m.bm, 8, 48),
  group(m.bk, 0, 64),
];

/** A group order: the four groups' positions from the outermost loop to the innermost (0 wm … 3 bk). */
export type GroupOrder = readonly [number, number, number, number];
/** The index's own order (White's men outermost, Black's kings innermost). */
export const INDEX_ORDER: GroupOrder = [0, 1, 2, 3];

const orderByte = (o: GroupOrder): number => o[0] | (o[1] << 2) | (o[2] << 4) | (o[3] << 6);
const byteOrder = (b: number): GroupOrder => [b & 3, (b >> 2) & 3, (b >> 4) & 3, (b >> 6) & 3];
const isOrder = (o: GroupOrder): boolean => [0, 1, 2, 3].every((g) => o.includes(g));

/**
 * The distinct orders of a class's positions: every order of its groups, where groups of one
 * placement (no piece of that kind) do not count.
 */
export function groupOrders(m: Material): GroupOrder[] {
  const sizes = groupSizes(m);
  const seen = new Set<string>();
  const out: GroupOrder[] = [];
  const perm = (p: number[]) => {
    if (p.length === 4) {
      const key = p.filter((g) => sizes[g] > 1).join('');
      if (!seen.has(key)) {
        seen.add(key);
        out.push([p[0], p[1], p[2], p[3]]);
      }
      return;
    }
    for (let g = 0; g < 4; g++) if (!p.includes(g)) perm([...p, g]);
  };
  perm([]);
  return out;
}

const DECODE = 0;
const ENCODE = 1;
const CHECK = 2;

/**
 * Walk every index of class `m`, with the groups' loops nested in `order`. Where pieces overlap
 * there is no position; a position whose mirror image came earlier in the walk (with `mirror`) has
 * its value; every other position is the next byte of `stream` (from `start`). DECODE fills
 * `values` from `stream`; ENCODE writes `stream` from `values` (-1 when an unused index holds a
 * value); CHECK only compares each position with its mirror image (-1 at the first difference).
 * Returns where the stream ends. One loop for the three, with no call per index: the largest class
 * has 9.4 M indices, and the worker decodes while a search waits.
 */
function walk(
  m: Material,
  order: GroupOrder,
  mirror: boolean,
  mode: number,
  values: Uint8Array,
  stream: Uint8Array,
  start: number,
): number {
  const all = classGroups(m);
  const n = groupSizes(m);
  const stride = [n[1] * n[2] * n[3], n[2] * n[3], n[3], 1];
  // Where a position comes in the walk: its ranks in mixed radix, outermost group first.
  const walkStride = [0, 0, 0, 0];
  walkStride[order[3]] = 1;
  walkStride[order[2]] = n[order[3]];
  walkStride[order[1]] = n[order[3]] * n[order[2]];
  walkStride[order[0]] = n[order[3]] * n[order[2]] * n[order[1]];
  const [a, b, c, d] = order.map((g) => all[g]);
  const [na, nb, nc, nd] = order.map((g) => n[g]);
  const [sa, sb, sc, sd] = order.map((g) => stride[g]);
  const [wa, wb, wc, wd] = order.map((g) => walkStride[g]);
  const dLo = d.lo,
    dHi = d.hi,
    dMirror = d.mirror;
  let at = 0;
  let pos = start;
  for (let ra = 0; ra < na; ra++) {
    const loA = a.lo[ra],
      hiA = a.hi[ra];
    const iA = ra * sa,
      jA = a.mirror[ra] * sa,
      kA = a.mirror[ra] * wa;
    for (let rb = 0; rb < nb; rb++) {
      const loB = b.lo[rb],
        hiB = b.hi[rb];
      const badB = (loA & loB) !== 0 || (hiA & hiB) !== 0;
      const iB = iA + rb * sb,
        jB = jA + b.mirror[rb] * sb,
        kB = kA + b.mirror[rb] * wb;
      const loAB = loA | loB,
        hiAB = hiA | hiB;
      for (let rc = 0; rc < nc; rc++) {
        const loC = c.lo[rc],
          hiC = c.hi[rc];
        const badC = badB || (loAB & loC) !== 0 || (hiAB & hiC) !== 0;
        const iC = iB + rc * sc,
          jC = jB + c.mirror[rc] * sc,
          kC = kB + c.mirror[rc] * wc;
        const lo = loAB | loC,
          hi = hiAB | hiC;
        for (let rd = 0; rd < nd; rd++, at++) {
          const i = iC + rd * sd;
          if (badC || (lo & dLo[rd]) !== 0 || (hi & dHi[rd]) !== 0) {
            if (mode === ENCODE && values[i] !== 0) return -1;
          } else if (mirror && kC + dMirror[rd] * wd < at) {
            const from = jC + dMirror[rd] * sd;
            if (mode === DECODE) values[i] = values[from];
            else if (mode === CHECK && values[i] !== values[from]) return -1;
          } else if (mode === DECODE) values[i] = stream[pos++];
          else if (mode === ENCODE) stream[pos++] = values[i];
        }
      }
    }
  }
  return pos;
}

/**
 * The uncompressed file contents of a table (version 2; gzip them for the file). `order` is the
 * order the positions are stored in; it changes only the size after compression (node.ts's
 * `compressTable` tries them all).
 */
export function encodeTable(m: Material, values: Uint8Array, order: GroupOrder = INDEX_ORDER): Uint8Array {
  if (values.length !== tableSize(m))
    throw new Error(`The table ${materialName(m)} has ${values.length} values, not ${tableSize(m)}.`);
  if (!isOrder(order)) throw new Error(`${order.join('')} is not an order of the four groups.`);
  const out = new Uint8Array(HEADER_2 + values.length);
  const mirror = walk(m, INDEX_ORDER, true, CHECK, values, out, 0) >= 0;
  out.set(TB_MAGIC, 0);
  out[3] = TB_VERSION;
  out[4] = m.wm;
  out[5] = m.wk;
  out[6] = m.bm;
  out[7] = m.bk;
  out[8] = mirror ? FLAG_MIRROR : 0;
  out[9] = orderByte(order);
  const end = walk(m, order, mirror, ENCODE, values, out, HEADER_2);
  if (end < 0) throw new Error(`The table ${materialName(m)} has a value where pieces overlap.`);
  return out.slice(0, end);
}

/** The file contents of version 1: every index's value byte after an 8-byte header (`DTB1`). */
export function encodeTableV1(m: Material, values: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + values.length);
  out.set(TB_MAGIC, 0);
  out[3] = TB_VERSION_1;
  out[4] = m.wm;
  out[5] = m.wk;
  out[6] = m.bm;
  out[7] = m.bk;
  out.set(values, 8);
  return out;
}

/** Version 2's values: every index of the class, from the stored positions' bytes. */
function decodeVersion2(m: Material, bytes: Uint8Array): Uint8Array {
  const damaged = () => new Error(`The table ${materialName(m)} is truncated or damaged.`);
  const order = byteOrder(bytes[9]);
  if (bytes.length < HEADER_2 || bytes[8] > FLAG_MIRROR || !isOrder(order)) throw damaged();
  const values = new Uint8Array(tableSize(m));
  if (walk(m, order, bytes[8] === FLAG_MIRROR, DECODE, values, bytes, HEADER_2) !== bytes.length)
    throw damaged();
  return values;
}

/** Read uncompressed file contents back (either version); throws with a clear message when they are not a table. */
export function decodeTable(
  bytes: Uint8Array,
  expected?: Material,
): { material: Material; values: Uint8Array } {
  const version = bytes[3];
  if (bytes.length < 8 || !isTableContents(bytes) || (version !== TB_VERSION && version !== TB_VERSION_1))
    throw new Error('Not a Dama tablebase file.');
  const material = { wm: bytes[4], wk: bytes[5], bm: bytes[6], bk: bytes[7] };
  if (!isTableMaterial(material)) throw new Error('The tablebase file names no valid material class.');
  if (expected && materialId(expected) !== materialId(material))
    throw new Error(`The file holds the class ${materialName(material)}, not ${materialName(expected)}.`);
  if (version === TB_VERSION) {
    return { material, values: decodeVersion2(material, bytes) };
  }
  const values = bytes.subarray(8);
  if (values.length !== tableSize(material))
    throw new Error(
      `The table ${materialName(material)} is truncated (${values.length} of ${tableSize(material)} values).`,
    );
  return { material, values };
}
