/**
 * The learned evaluation: pattern tables over small windows of the board, Scan-style, plus a few
 * whole-board terms, all with a middle-game and an endgame weight blended by the number of men. The
 * weights are fitted to self-play results by `npm run train` (scripts/train/) and ship as a small
 * binary asset (weights.ts reads and writes it).
 *
 * Windows: two ranks by four files, at every rank pair (7) and at files a–d, c–f and e–h (3): 21
 * windows that cover every square, each square in two to four of them. A window's pattern is the
 * state of its eight squares — empty, white man, black man — read as a base-3 number (6 561 patterns).
 * Kings are left to the whole-board terms: material, "has a king", mobility along ranks and files.
 * Whole-board terms are counted for White minus Black: men, kings, has a king, king mobility, passed
 * men by rank (nothing of the enemy ahead on the man's file or the next ones) and the same passed men
 * again when the enemy has no king (a race), men by relative rank, men guarding their second rank
 * while the enemy has men, men backed by a piece behind, men side by side, men on the c–f files. A
 * tempo term goes to the side to move. The whole-board terms are those of the hand-weighted
 * evaluation (evaluate.ts), and the trainer starts from its weights: with little data the patterns
 * only correct it where the games give evidence.
 *
 * The board has two symmetries that the weights keep exactly: mirroring the files (a↔h) changes
 * nothing, and turning the board over with the colours swapped negates the score. The trainer fits
 * one parameter per class of patterns under these (weights.ts, `symmetryClasses`), so the table read
 * here is symmetric by construction and the evaluation is the same for either colour.
 *
 * Speed: one pass reads the eight rank bytes of each colour's men, then 21 table reads; no allocation.
 */
import { NOT_FILE_A, NOT_FILE_H, popcount, type Board } from '@dama/core';
import { kingReach } from './hand.ts';
import type { NetWeights } from './net.ts';

export const WINDOW_RANKS = 7;
export const WINDOW_FILES = [0, 2, 4] as const;
/** The number of windows: 21 (7 rank pairs × 3 file spans). */
export const WINDOWS = WINDOW_RANKS * WINDOW_FILES.length;
/** The patterns of one window: each of its 8 squares empty, white man or black man (3^8). */
export const PATTERNS = 6561;
/** Whole-board terms, in the order of the weights (each with a middle-game and an endgame weight). */
export const SCALARS = [
  'men',
  'kings',
  'hasKing',
  'mobility',
  'passed4',
  'passed5',
  'passed6',
  'passed7',
  'race4',
  'race5',
  'race6',
  'race7',
  'advance2',
  'advance3',
  'advance4',
  'advance5',
  'advance6',
  'advance7',
  'guard',
  'backed',
  'sideBySide',
  'centre',
  'tempo',
] as const;
export const SCALAR_COUNT = SCALARS.length;
/** The tempo term (the last scalar) is not a White-minus-Black count: it belongs to the side to move. */
export const TEMPO = SCALAR_COUNT - 1;
/** Weights are stored and summed in eighths of a centi-man. */
export const UNIT_SHIFT = 3;

/** Eight bits → the base-3 number with those digits set to 1. */
export const TERN = new Int32Array(256);
for (let bits = 0; bits < 256; bits++) {
  let v = 0;
  for (let i = 7; i >= 0; i--) v = v * 3 + ((bits >> i) & 1);
  TERN[bits] = v;
}

/** The window at rank pair `r` (ranks r and r+1, 0-based) and file offset `f` is number r·3 + f/2. */
export const windowIndex = (r: number, f: number): number => r * 3 + (f >> 1);

/**
 * The weights in the form the evaluation reads: for entry `window · 6561 + pattern`, the middle-game
 * weight at `2·entry` and the endgame weight at `2·entry + 1`; then the scalars (middle, end).
 */
export interface PatternWeights {
  /** Int16: every weight fits (the file stores 16 bits), and half the bytes keep more of it in cache. */
  readonly table: Int16Array;
  readonly scalars: Int32Array;
  /** A network's correction on top of the patterns (net.ts), when the file has one. */
  readonly net?: NetWeights;
}

const SPAN_HI = new Int32Array(64);
for (let sq = 0; sq < 64; sq++) {
  const file = sq & 7;
  let hi = 0;
  for (let r = (sq >> 3) + 1; r < 8; r++)
    for (let f = Math.max(0, file - 1); f <= Math.min(7, file + 1); f++) {
      const s = r * 8 + f;
      if (s >= 32) hi |= 1 << (s - 32);
    }
  SPAN_HI[sq] = hi;
}

const swapBytes = (x: number): number =>
  (x >>> 24) | ((x >>> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);

/** Passed men of one side (its men moving up) by relative rank 4–7, into `out[base + 0..3]`. */
function passedMen(menLo: number, menHi: number, enHi: number, out: Int32Array, base: number): void {
  out[base] = out[base + 1] = out[base + 2] = out[base + 3] = 0;
  let adv = menHi & 0xffffff;
  while (adv !== 0) {
    const sq = 63 - Math.clz32(adv & -adv);
    adv &= adv - 1;
    if ((SPAN_HI[sq] & enHi) === 0) out[base + (sq >> 3) - 3]++;
  }
  let r4 = menLo & 0xff000000;
  while (r4 !== 0) {
    const sq = 31 - Math.clz32(r4 & -r4);
    r4 &= r4 - 1;
    if ((SPAN_HI[sq] & enHi) === 0) out[base]++;
  }
}

const PASSED = new Int32Array(8);

/**
 * `passedMen` without a loop over the men: the enemy's upper-half pieces spread a file each way, then
 * filled down rank by rank, give every square whose forward cone holds one; the men outside count.
 */
function passedFast(menLo: number, menHi: number, enHi: number, out: Int32Array, base: number): void {
  const e = enHi | ((enHi << 1) & NOT_FILE_A) | ((enHi >>> 1) & NOT_FILE_H);
  const below = (e >>> 8) | (e >>> 16) | (e >>> 24);
  const free = menHi & ~below;
  out[base] = popcount(menLo & 0xff000000 & ~((below | e) << 24));
  out[base + 1] = popcount(free & 0xff);
  out[base + 2] = popcount(free & 0xff00);
  out[base + 3] = popcount(free & 0xff0000);
}
const CENTRE = 0x3c3c3c3c;
/** Set bits of each byte: `patternEvaluate` counts men by rank with one read instead of a popcount call. */
const BITS8 = new Uint8Array(256);
for (let i = 1; i < 256; i++) BITS8[i] = (i & 1) + BITS8[i >> 1];
const STRUCTURE = new Int32Array(20);

/** One side's men (moving up) by relative rank 2–7, on rank 2, backed, side by side, in the centre. */
function structure(
  menLo: number,
  menHi: number,
  ownLo: number,
  ownHi: number,
  out: Int32Array,
  base: number,
): void {
  out[base] = popcount(menLo & 0xff00);
  out[base + 1] = popcount(menLo & 0xff0000);
  out[base + 2] = popcount(menLo & 0xff000000);
  out[base + 3] = popcount(menHi & 0xff);
  out[base + 4] = popcount(menHi & 0xff00);
  out[base + 5] = popcount(menHi & 0xff0000);
  out[base + 6] = out[base];
  out[base + 7] = popcount(menLo & (ownLo << 8)) + popcount(menHi & ((ownHi << 8) | (ownLo >>> 24)));
  out[base + 8] = popcount(menLo & (menLo << 1) & NOT_FILE_A) + popcount(menHi & (menHi << 1) & NOT_FILE_A);
  out[base + 9] = popcount(menLo & CENTRE) + popcount(menHi & CENTRE);
}

/**
 * The whole-board terms for White minus Black (tempo: 1), into `out` (length SCALAR_COUNT). The
 * trainer and the evaluation share this.
 */
export function scalarFeatures(
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  out: Int32Array,
): void {
  const wmLo = wLo & ~kLo;
  const wmHi = wHi & ~kHi;
  const bmLo = bLo & ~kLo;
  const bmHi = bHi & ~kHi;
  const wk = popcount(wLo & kLo) + popcount(wHi & kHi);
  const bk = popcount(bLo & kLo) + popcount(bHi & kHi);
  out[0] = popcount(wmLo) + popcount(wmHi) - popcount(bmLo) - popcount(bmHi);
  out[1] = wk - bk;
  out[2] = (wk > 0 ? 1 : 0) - (bk > 0 ? 1 : 0);
  const eLo = ~(wLo | bLo);
  const eHi = ~(wHi | bHi);
  out[3] =
    (wk > 0 ? kingReach(wLo & kLo, wHi & kHi, eLo, eHi) : 0) -
    (bk > 0 ? kingReach(bLo & kLo, bHi & kHi, eLo, eHi) : 0);
  passedMen(wmLo, wmHi, bHi, PASSED, 0);
  passedMen(swapBytes(bmHi), swapBytes(bmLo), swapBytes(wLo), PASSED, 4);
  for (let i = 0; i < 4; i++) {
    out[4 + i] = PASSED[i] - PASSED[4 + i];
    out[8 + i] = (bk === 0 ? PASSED[i] : 0) - (wk === 0 ? PASSED[4 + i] : 0);
  }
  structure(wmLo, wmHi, wLo, wHi, STRUCTURE, 0);
  structure(swapBytes(bmHi), swapBytes(bmLo), swapBytes(bHi), swapBytes(bLo), STRUCTURE, 10);
  for (let i = 0; i < 10; i++) out[12 + i] = STRUCTURE[i] - STRUCTURE[10 + i];
  // The guard counts only while the enemy has men.
  const whiteMen = (wmLo | wmHi) !== 0;
  const blackMen = (bmLo | bmHi) !== 0;
  out[18] = (blackMen ? STRUCTURE[6] : 0) - (whiteMen ? STRUCTURE[16] : 0);
  out[TEMPO] = 1;
}

/** The 21 table entries (window · 6561 + pattern) of a board's men, into `out`. */
export function patternEntries(
  wmLo: number,
  wmHi: number,
  bmLo: number,
  bmHi: number,
  out: Int32Array,
): void {
  let prevW = wmLo & 0xff;
  let prevB = bmLo & 0xff;
  for (let r = 0; r < WINDOW_RANKS; r++) {
    const rank = r + 1;
    const nextW = (rank < 4 ? wmLo >>> (rank * 8) : wmHi >>> ((rank - 4) * 8)) & 0xff;
    const nextB = (rank < 4 ? bmLo >>> (rank * 8) : bmHi >>> ((rank - 4) * 8)) & 0xff;
    const w = prevW | (nextW << 8);
    const b = prevB | (nextB << 8);
    for (let i = 0; i < 3; i++) {
      const f = i * 2;
      const w8 = ((w >>> f) & 15) | ((w >>> (f + 4)) & 0xf0);
      const b8 = ((b >>> f) & 15) | ((b >>> (f + 4)) & 0xf0);
      out[r * 3 + i] = (r * 3 + i) * PATTERNS + TERN[w8] + 2 * TERN[b8];
    }
    prevW = nextW;
    prevB = nextB;
  }
}

/** The phase: 256 with all 32 men on the board, 0 with none. */
export const phaseOf = (men: number): number => men * 8;

/**
 * The learned evaluation of a board for the side to move (`turn` 0 = White), in centi-men: the
 * weights of `patternEntries` and `scalarFeatures` summed (`patternEvaluateReference` is that sum
 * written plainly, and a test holds the two equal), computed in one pass with no array written.
 */
export function patternEvaluate(pw: PatternWeights, board: Board, turn: number, extra = 0): number {
  const wLo = board[0],
    wHi = board[1],
    bLo = board[2],
    bHi = board[3],
    kLo = board[4],
    kHi = board[5];
  const wmLo = wLo & ~kLo;
  const wmHi = wHi & ~kHi;
  const bmLo = bLo & ~kLo;
  const bmHi = bHi & ~kHi;
  const table = pw.table;
  const sc = pw.scalars;
  let mid = 0;
  let end = 0;

  // The 21 windows (as patternEntries).
  let prevW = wmLo & 0xff;
  let prevB = bmLo & 0xff;
  for (let r = 0; r < WINDOW_RANKS; r++) {
    const rank = r + 1;
    const nextW = (rank < 4 ? wmLo >>> (rank * 8) : wmHi >>> ((rank - 4) * 8)) & 0xff;
    const nextB = (rank < 4 ? bmLo >>> (rank * 8) : bmHi >>> ((rank - 4) * 8)) & 0xff;
    const w = prevW | (nextW << 8);
    const b = prevB | (nextB << 8);
    const base = r * 3 * PATTERNS;
    let e = (base + TERN[(w & 15) | ((w >>> 4) & 0xf0)] + 2 * TERN[(b & 15) | ((b >>> 4) & 0xf0)]) << 1;
    mid += table[e];
    end += table[e + 1];
    e =
      (base +
        PATTERNS +
        TERN[((w >>> 2) & 15) | ((w >>> 6) & 0xf0)] +
        2 * TERN[((b >>> 2) & 15) | ((b >>> 6) & 0xf0)]) <<
      1;
    mid += table[e];
    end += table[e + 1];
    e =
      (base +
        2 * PATTERNS +
        TERN[((w >>> 4) & 15) | ((w >>> 8) & 0xf0)] +
        2 * TERN[((b >>> 4) & 15) | ((b >>> 8) & 0xf0)]) <<
      1;
    mid += table[e];
    end += table[e + 1];
    prevW = nextW;
    prevB = nextB;
  }

  // The whole-board terms (as scalarFeatures), each added as soon as it is known.
  const wm = popcount(wmLo) + popcount(wmHi);
  const bm = popcount(bmLo) + popcount(bmHi);
  const wk = popcount(wLo & kLo) + popcount(wHi & kHi);
  const bk = popcount(bLo & kLo) + popcount(bHi & kHi);
  let x = wm - bm;
  mid += x * sc[0];
  end += x * sc[1];
  x = wk - bk;
  mid += x * sc[2];
  end += x * sc[3];
  x = (wk > 0 ? 1 : 0) - (bk > 0 ? 1 : 0);
  mid += x * sc[4];
  end += x * sc[5];
  if (wk + bk > 0) {
    const eLo = ~(wLo | bLo);
    const eHi = ~(wHi | bHi);
    x =
      (wk > 0 ? kingReach(wLo & kLo, wHi & kHi, eLo, eHi) : 0) -
      (bk > 0 ? kingReach(bLo & kLo, bHi & kHi, eLo, eHi) : 0);
    mid += x * sc[6];
    end += x * sc[7];
  }
  // Passed men by relative rank 4–7 (index 0–3), and the race terms (no enemy king).
  const sBmHi = swapBytes(bmHi);
  const sBmLo = swapBytes(bmLo);
  passedFast(wmLo, wmHi, bHi, PASSED, 0);
  passedFast(sBmHi, sBmLo, swapBytes(wLo), PASSED, 4);
  for (let i = 0; i < 4; i++) {
    const pw0 = PASSED[i];
    const pb0 = PASSED[4 + i];
    x = pw0 - pb0;
    if (x !== 0) {
      mid += x * sc[8 + 2 * i];
      end += x * sc[9 + 2 * i];
    }
    x = (bk === 0 ? pw0 : 0) - (wk === 0 ? pb0 : 0);
    if (x !== 0) {
      mid += x * sc[16 + 2 * i];
      end += x * sc[17 + 2 * i];
    }
  }
  // Structure: men by relative rank 2–7, guard (while the enemy has men), backed, side by side, centre.
  const sbLo = swapBytes(bHi);
  const sbHi = swapBytes(bLo);
  x = BITS8[(wmLo >>> 8) & 0xff] - BITS8[(sBmHi >>> 8) & 0xff];
  mid += x * sc[24];
  end += x * sc[25];
  const guardW = x + BITS8[(sBmHi >>> 8) & 0xff];
  const guardB = guardW - x;
  x = BITS8[(wmLo >>> 16) & 0xff] - BITS8[(sBmHi >>> 16) & 0xff];
  mid += x * sc[26];
  end += x * sc[27];
  x = BITS8[wmLo >>> 24] - BITS8[sBmHi >>> 24];
  mid += x * sc[28];
  end += x * sc[29];
  x = BITS8[wmHi & 0xff] - BITS8[sBmLo & 0xff];
  mid += x * sc[30];
  end += x * sc[31];
  x = BITS8[(wmHi >>> 8) & 0xff] - BITS8[(sBmLo >>> 8) & 0xff];
  mid += x * sc[32];
  end += x * sc[33];
  x = BITS8[(wmHi >>> 16) & 0xff] - BITS8[(sBmLo >>> 16) & 0xff];
  mid += x * sc[34];
  end += x * sc[35];
  x = (bm > 0 ? guardW : 0) - (wm > 0 ? guardB : 0);
  mid += x * sc[36];
  end += x * sc[37];
  x =
    popcount(wmLo & (wLo << 8)) +
    popcount(wmHi & ((wHi << 8) | (wLo >>> 24))) -
    popcount(sBmHi & (sbLo << 8)) -
    popcount(sBmLo & ((sbHi << 8) | (sbLo >>> 24)));
  mid += x * sc[38];
  end += x * sc[39];
  x =
    popcount(wmLo & (wmLo << 1) & NOT_FILE_A) +
    popcount(wmHi & (wmHi << 1) & NOT_FILE_A) -
    popcount(bmLo & (bmLo << 1) & NOT_FILE_A) -
    popcount(bmHi & (bmHi << 1) & NOT_FILE_A);
  mid += x * sc[40];
  end += x * sc[41];
  x = popcount(wmLo & CENTRE) + popcount(wmHi & CENTRE) - popcount(bmLo & CENTRE) - popcount(bmHi & CENTRE);
  mid += x * sc[42];
  end += x * sc[43];

  return finish(mid, end, wm, bm, wk, bk, sc, turn, extra);
}

/**
 * Blend the phases, add `extra` (a correction for White in centi-men, e.g. the network's), apply the
 * endgame rules, turn to the side to move and add the tempo.
 */
function finish(
  mid: number,
  end: number,
  wm: number,
  bm: number,
  wk: number,
  bk: number,
  sc: Int32Array,
  turn: number,
  extra: number,
): number {
  const phase = phaseOf(wm + bm);
  // Rounded toward 0, so that the colours' scores are exact negatives.
  const blend = mid * phase + end * (256 - phase);
  let score = (blend >= 0 ? blend >> (8 + UNIT_SHIFT) : -(-blend >> (8 + UNIT_SHIFT))) + extra;

  // Knowledge the data cannot teach reliably: equal kings-only endings are drawish; a lone man cannot win.
  if (wm === 0 && bm === 0 && wk === bk) score = (score / 8) | 0;
  if (wk + wm === 1 && wk === 0 && score > 0) score = (score / 4) | 0;
  if (bk + bm === 1 && bk === 0 && score < 0) score = (score / 4) | 0;

  const tempo = (sc[2 * TEMPO] * phase + sc[2 * TEMPO + 1] * (256 - phase)) >> (8 + UNIT_SHIFT);
  return (turn === 0 ? score : -score) + tempo;
}

const ENTRIES = new Int32Array(WINDOWS);
const FEATURES = new Int32Array(SCALAR_COUNT);

/**
 * The same evaluation written plainly from the features the trainer fits (`patternEntries`,
 * `scalarFeatures`): the definition `patternEvaluate` must equal (tested on many positions).
 */
export function patternEvaluateReference(pw: PatternWeights, board: Board, turn: number, extra = 0): number {
  const wLo = board[0],
    wHi = board[1],
    bLo = board[2],
    bHi = board[3],
    kLo = board[4],
    kHi = board[5];
  const wmLo = wLo & ~kLo;
  const wmHi = wHi & ~kHi;
  const bmLo = bLo & ~kLo;
  const bmHi = bHi & ~kHi;
  patternEntries(wmLo, wmHi, bmLo, bmHi, ENTRIES);
  let mid = 0;
  let end = 0;
  for (let i = 0; i < WINDOWS; i++) {
    mid += pw.table[ENTRIES[i] * 2];
    end += pw.table[ENTRIES[i] * 2 + 1];
  }
  scalarFeatures(wLo, wHi, bLo, bHi, kLo, kHi, FEATURES);
  for (let i = 0; i < TEMPO; i++) {
    mid += FEATURES[i] * pw.scalars[2 * i];
    end += FEATURES[i] * pw.scalars[2 * i + 1];
  }
  const wm = popcount(wmLo) + popcount(wmHi);
  const bm = popcount(bmLo) + popcount(bmHi);
  const wk = popcount(wLo & kLo) + popcount(wHi & kHi);
  const bk = popcount(bLo & kLo) + popcount(bHi & kHi);
  return finish(mid, end, wm, bm, wk, bk, pw.scalars, turn, extra);
}
