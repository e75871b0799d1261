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
 * cannot win). The weights live in `Weights`, chosen by self-play matches (README.md, "Tuning").
 */
import { popcount } from '@dama/core';

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

const FILE_A = 0x01010101;
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
const RAY = new Uint8Array(4 * 64);
for (let sq = 0; sq < 64; sq++) {
  RAY[sq] = 7 - (sq >> 3);
  RAY[64 + sq] = sq >> 3;
  RAY[128 + sq] = 7 - (sq & 7);
  RAY[192 + sq] = sq & 7;
}
const STEP = [8, -8, 1, -1];

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
  phase: number,
): number {
  let s = 0;
  // Advancement, blended by phase (256 = all men on the board).
  const mid = w.advanceMid;
  const end = w.advanceEnd;
  for (let r = 1; r < 4; r++) {
    const n = popcount(menLo & (RANK << (r * 8)));
    if (n !== 0) s += (n * (mid[r] * phase + end[r] * (256 - phase))) >> 8;
  }
  for (let r = 4; r < 7; r++) {
    const n = popcount(menHi & (RANK << ((r - 4) * 8)));
    if (n !== 0) s += (n * (mid[r] * phase + end[r] * (256 - phase))) >> 8;
  }
  if (enemyMen !== 0) s += w.guard * popcount(menLo & (RANK << 8));
  // Backed: a friendly piece on the square behind.
  s += w.backed * (popcount(menLo & (ownLo << 8)) + popcount(menHi & ((ownHi << 8) | (ownLo >>> 24))));
  // Side by side: a friendly man on the square to the left.
  s += w.sideBySide * (popcount(menLo & (menLo << 1) & ~FILE_A) + popcount(menHi & (menHi << 1) & ~FILE_A));
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
  // King mobility.
  if ((kingsLo | kingsHi) !== 0) {
    const occLo = ownLo | enLo;
    const occHi = ownHi | enHi;
    let mob = 0;
    let kl = kingsLo;
    let kh = kingsHi;
    while (kl !== 0 || kh !== 0) {
      let sq: number;
      if (kl !== 0) {
        sq = 31 - Math.clz32(kl & -kl);
        kl &= kl - 1;
      } else {
        sq = 63 - Math.clz32(kh & -kh);
        kh &= kh - 1;
      }
      for (let d = 0; d < 4; d++) {
        const step = STEP[d];
        let n = RAY[d * 64 + sq];
        let t = sq + step;
        while (n > 0 && ((t < 32 ? occLo >>> t : occHi >>> (t - 32)) & 1) === 0) {
          mob++;
          t += step;
          n--;
        }
      }
    }
    s += w.kingMobility * mob;
  }
  return s;
}

/** The evaluation of a board for the side to move (`turn` 0 = White). */
export function evaluate(
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  w: Weights = DEFAULT_WEIGHTS,
): number {
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

  const whiteMat = wm * w.man + wk * king;
  const blackMat = bm * w.man + bk * king;

  let score =
    whiteMat -
    blackMat +
    side(w, wmLo, wmHi, wkLo, wkHi, wLo, wHi, bLo, bHi, bm, bk, phase) -
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
      phase,
    );

  // Endgame knowledge: equal kings-only endings are drawish; a lone man cannot win.
  if (wm === 0 && bm === 0 && wk === bk) score = (score / 8) | 0;
  if (wk + wm === 1 && wk === 0 && score > 0) score = (score / 4) | 0;
  if (bk + bm === 1 && bk === 0 && score < 0) score = (score / 4) | 0;

  return (turn === 0 ? score : -score) + w.tempo;
}
