/**
 * The static evaluation, in centi-men from the side to move's point of view. Both colours are scored
 * by one function that sees its own men moving up the board: Black's board is mirrored top to bottom
 * first (the halves swap and each byte-swaps), so every term is written once.
 *
 * Terms: material (a king's worth grows as the board empties), advancement by rank blended between
 * middle game and endgame, the back-rank guard, men that cannot be taken (backed from behind, side by
 * side), centre files, passed men (nothing of the enemy's ahead on their own or neighbouring files)
 * with a larger race bonus when the enemy has no king to stop them, king mobility along ranks and
 * files, the move (tempo) and endgame knowledge (equal kings-only endings are drawish, a lone piece
 * cannot win). The weights live in `Weights`, chosen by self-play matches (docs/engine/log.md, "Hand-weighted evaluation: tuning rounds").
 */
import { NOT_FILE_A, NOT_FILE_H, popcount, type Board } from '@dama/core';

/** The terms of the hand-weighted evaluation, in centi-men (a man is `man`). */
export interface Weights {
  man: number;
  /** A king with the board full ... */
  kingFull: number;
  /** ... and with the board empty; linear in between. */
  kingEmpty: number;
  /** Advancement by relative rank (index 0–7) in the middle game and in the endgame. */
  advanceMid: readonly number[];
  advanceEnd: readonly number[];
  /** A man on its second rank, while the enemy still has men (guards the promotion squares). */
  guard: number;
  /** A man with a friendly piece directly behind it (it cannot be jumped from the front). */
  backed: number;
  /** Two friendly men side by side (neither can be jumped along the rank from that side). */
  sideBySide: number;
  /** A man on the c–f files. */
  centre: number;
  /** A passed man by relative rank. */
  passed: readonly number[];
  /** Extra for a passed man when the enemy has no king. */
  race: number;
  /** Each empty square a king reaches along its rank and file. */
  kingMobility: number;
  /** The side to move. */
  tempo: number;
}

/** The hand-weighted evaluation's shipped terms (the fallback when no learned weights are loaded). */
export const DEFAULT_WEIGHTS: Weights = {
  man: 100,
  kingFull: 260,
  kingEmpty: 380,
  advanceMid: [0, 0, 5, 12, 21, 32, 50, 0],
  advanceEnd: [0, 0, 14, 32, 54, 86, 135, 0],
  guard: 6,
  backed: 2,
  sideBySide: 1,
  centre: 2,
  passed: [0, 0, 0, 9, 18, 33, 60, 0],
  race: 60,
  kingMobility: 2,
  tempo: 4,
};

const CENTRE = 0x3c3c3c3c;
const RANK = 0xff;

/** Mirror a half top to bottom within 32 bits (reverses the order of its four ranks). */
const swapBytes = (x: number): number =>
  (x >>> 24) | ((x >>> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);

// For each square, the squares of ranks 5–8 ahead of it (toward rank 8) on its own and the two neighbouring files.
const SPAN_HI = new Int32Array(64);
for (let sq = 0; sq < 64; sq++) {
  const file = sq & 7;
  let hi = 0;
  for (let r = (sq >> 3) + 1; r < 8; r++) {
    for (let f = Math.max(0, file - 1); f <= Math.min(7, file + 1); f++) {
      const s = r * 8 + f;
      if (s >= 32) hi |= 1 << (s - 32);
    }
  }
  SPAN_HI[sq] = hi;
}

/**
 * The number of empty squares reached by sliding from the kings `kLo`/`kHi` along ranks and files
 * (`eLo`/`eHi`: the empty squares): one occluded fill (Kogge–Stone) per direction.
 */
export function kingReach(kLo: number, kHi: number, eLo: number, eHi: number): number {
  // East (toward the h-file) and west, within each half: ranks never cross halves.
  let pLo = eLo & NOT_FILE_A;
  let pHi = eHi & NOT_FILE_A;
  let gLo = kLo;
  let gHi = kHi;
  gLo |= pLo & (gLo << 1);
  gHi |= pHi & (gHi << 1);
  pLo &= pLo << 1;
  pHi &= pHi << 1;
  gLo |= pLo & (gLo << 2);
  gHi |= pHi & (gHi << 2);
  pLo &= pLo << 2;
  pHi &= pHi << 2;
  gLo |= pLo & (gLo << 4);
  gHi |= pHi & (gHi << 4);
  let n = popcount((gLo << 1) & eLo & NOT_FILE_A) + popcount((gHi << 1) & eHi & NOT_FILE_A);
  pLo = eLo & NOT_FILE_H;
  pHi = eHi & NOT_FILE_H;
  gLo = kLo;
  gHi = kHi;
  gLo |= pLo & (gLo >>> 1);
  gHi |= pHi & (gHi >>> 1);
  pLo &= pLo >>> 1;
  pHi &= pHi >>> 1;
  gLo |= pLo & (gLo >>> 2);
  gHi |= pHi & (gHi >>> 2);
  pLo &= pLo >>> 2;
  pHi &= pHi >>> 2;
  gLo |= pLo & (gLo >>> 4);
  gHi |= pHi & (gHi >>> 4);
  n += popcount((gLo >>> 1) & eLo & NOT_FILE_H) + popcount((gHi >>> 1) & eHi & NOT_FILE_H);
  // North (+8) across the halves: shifts by 8 and 16 carry from the low half; by 32 moves it whole.
  pLo = eLo;
  pHi = eHi;
  gLo = kLo;
  gHi = kHi;
  gHi |= pHi & ((gHi << 8) | (gLo >>> 24));
  gLo |= pLo & (gLo << 8);
  let qHi = pHi & ((pHi << 8) | (pLo >>> 24));
  let qLo = pLo & (pLo << 8);
  gHi |= qHi & ((gHi << 16) | (gLo >>> 16));
  gLo |= qLo & (gLo << 16);
  qHi &= (qHi << 16) | (qLo >>> 16);
  gHi |= qHi & gLo;
  n += popcount((gLo << 8) & eLo) + popcount(((gHi << 8) | (gLo >>> 24)) & eHi);
  // South (−8).
  gLo = kLo;
  gHi = kHi;
  gLo |= pLo & ((gLo >>> 8) | (gHi << 24));
  gHi |= pHi & (gHi >>> 8);
  qLo = pLo & ((pLo >>> 8) | (pHi << 24));
  qHi = pHi & (pHi >>> 8);
  gLo |= qLo & ((gLo >>> 16) | (gHi << 16));
  gHi |= qHi & (gHi >>> 16);
  qLo &= (qLo >>> 16) | (qHi << 16);
  gLo |= qLo & gHi;
  n += popcount(((gLo >>> 8) | (gHi << 24)) & eLo) + popcount((gHi >>> 8) & eHi);
  return n;
}

/** Advancement by relative rank at the current phase, times 256 (set once per evaluation). */
const ADVANCE = new Int32Array(8);

/**
 * Positional score of one side (not material), its men moving up. `own`, `enemy`: all pieces;
 * `men`: own men; `kings`: own kings.
 */
function side(
  w: Weights,
  menLo: number,
  menHi: number,
  kingsLo: number,
  kingsHi: number,
  ownLo: number,
  ownHi: number,
  enLo: number,
  enHi: number,
  enemyMen: number,
  enemyKings: number,
): number {
  let s = 0;
  // Advancement, blended by phase (`ADVANCE`, filled by `evaluate`).
  if ((menLo & (RANK << 8)) !== 0) s += (popcount(menLo & (RANK << 8)) * ADVANCE[1]) >> 8;
  if ((menLo & (RANK << 16)) !== 0) s += (popcount(menLo & (RANK << 16)) * ADVANCE[2]) >> 8;
  if ((menLo & (RANK << 24)) !== 0) s += (popcount(menLo & (RANK << 24)) * ADVANCE[3]) >> 8;
  if ((menHi & RANK) !== 0) s += (popcount(menHi & RANK) * ADVANCE[4]) >> 8;
  if ((menHi & (RANK << 8)) !== 0) s += (popcount(menHi & (RANK << 8)) * ADVANCE[5]) >> 8;
  if ((menHi & (RANK << 16)) !== 0) s += (popcount(menHi & (RANK << 16)) * ADVANCE[6]) >> 8;
  if (enemyMen !== 0) s += w.guard * popcount(menLo & (RANK << 8));
  // Backed: a friendly piece on the square behind.
  s += w.backed * (popcount(menLo & (ownLo << 8)) + popcount(menHi & ((ownHi << 8) | (ownLo >>> 24))));
  // Side by side: a friendly man on the square to the left.
  s +=
    w.sideBySide *
    (popcount(menLo & (menLo << 1) & NOT_FILE_A) + popcount(menHi & (menHi << 1) & NOT_FILE_A));
  s += w.centre * (popcount(menLo & CENTRE) + popcount(menHi & CENTRE));
  // Passed men (relative ranks 4–7): nothing of the enemy ahead on their file or the next ones.
  let adv = menHi;
  while (adv !== 0) {
    const sq = 63 - Math.clz32(adv & -adv);
    adv &= adv - 1;
    if ((SPAN_HI[sq] & enHi) === 0) {
      const r = sq >> 3;
      s += w.passed[r];
      if (enemyKings === 0) s += w.race + (r - 3) * (w.race >> 1);
    }
  }
  let r4 = menLo & (RANK << 24);
  while (r4 !== 0) {
    const sq = 31 - Math.clz32(r4 & -r4);
    r4 &= r4 - 1;
    if ((SPAN_HI[sq] & enHi) === 0) {
      s += w.passed[3];
      if (enemyKings === 0) s += w.race;
    }
  }
  // King mobility: the empty squares each king reaches along its rank and file. Rays of one
  // direction from different kings never overlap (a ray stops at the first piece), so a fill of all
  // kings at once per direction counts the same squares as walking each ray.
  if ((kingsLo | kingsHi) !== 0) {
    const eLo = ~(ownLo | enLo);
    const eHi = ~(ownHi | enHi);
    s += w.kingMobility * kingReach(kingsLo, kingsHi, eLo, eHi);
  }
  return s;
}

/** The evaluation of a board for the side to move (`turn` 0 = White). */
export function evaluate(board: Board, turn: number, w: Weights = DEFAULT_WEIGHTS): number {
  const wLo = board[0],
    wHi = board[1],
    bLo = board[2],
    bHi = board[3],
    kLo = board[4],
    kHi = board[5];
  const wkLo = wLo & kLo;
  const wkHi = wHi & kHi;
  const bkLo = bLo & kLo;
  const bkHi = bHi & kHi;
  const wmLo = wLo & ~kLo;
  const wmHi = wHi & ~kHi;
  const bmLo = bLo & ~kLo;
  const bmHi = bHi & ~kHi;
  const wm = popcount(wmLo) + popcount(wmHi);
  const bm = popcount(bmLo) + popcount(bmHi);
  const wk = popcount(wkLo) + popcount(wkHi);
  const bk = popcount(bkLo) + popcount(bkHi);
  const total = wm + bm + wk + bk;
  // Phase from the men on the board: 256 with all 32, 0 with none.
  const phase = (wm + bm) * 8;
  const king = w.kingEmpty + (((w.kingFull - w.kingEmpty) * total) >> 5);

  const mid = w.advanceMid;
  const end = w.advanceEnd;
  for (let r = 1; r < 7; r++) ADVANCE[r] = mid[r] * phase + end[r] * (256 - phase);

  const whiteMat = wm * w.man + wk * king;
  const blackMat = bm * w.man + bk * king;

  let score =
    whiteMat -
    blackMat +
    side(w, wmLo, wmHi, wkLo, wkHi, wLo, wHi, bLo, bHi, bm, bk) -
    side(
      w,
      swapBytes(bmHi),
      swapBytes(bmLo),
      swapBytes(bkHi),
      swapBytes(bkLo),
      swapBytes(bHi),
      swapBytes(bLo),
      swapBytes(wHi),
      swapBytes(wLo),
      wm,
      wk,
    );

  // Endgame knowledge: equal kings-only endings are drawish; a lone man cannot win.
  if (wm === 0 && bm === 0 && wk === bk) score = (score / 8) | 0;
  if (wk + wm === 1 && wk === 0 && score > 0) score = (score / 4) | 0;
  if (bk + bm === 1 && bk === 0 && score < 0) score = (score / 4) | 0;

  return (turn === 0 ? score : -score) + w.tempo;
}
