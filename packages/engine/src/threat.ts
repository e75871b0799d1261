/**
 * Does a side have a capture? Answered with shifts for men and ray walks for kings, without listing
 * moves. The quiescence search uses it to notice a threat against the side to move: when the
 * opponent could capture if it were their turn, standing pat would be an illusion.
 */
const NOT_FILE_A = ~0x01010101;
const NOT_FILE_H = ~(0x80808080 | 0);

const RAY = new Uint8Array(4 * 64);
for (let sq = 0; sq < 64; sq++) {
  RAY[sq] = 7 - (sq >> 3);
  RAY[64 + sq] = sq >> 3;
  RAY[128 + sq] = 7 - (sq & 7);
  RAY[192 + sq] = sq & 7;
}
const STEP = [8, -8, 1, -1];

const bitAt = (lo: number, hi: number, sq: number): number =>
  sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;

/** True when `side` (0 = White) has at least one capture on this board. */
export function hasCapture(
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  side: number,
): boolean {
  const white = side === 0;
  const ownLo = white ? wLo : bLo;
  const ownHi = white ? wHi : bHi;
  const enLo = white ? bLo : wLo;
  const enHi = white ? bHi : wHi;
  const eLo = ~(wLo | bLo);
  const eHi = ~(wHi | bHi);
  const menLo = ownLo & ~kLo;
  const menHi = ownHi & ~kHi;
  let any =
    (menLo & (((enLo & ((eLo << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A)) |
    (menHi & (((enHi & ((eHi << 1) & NOT_FILE_A)) << 1) & NOT_FILE_A)) |
    (menLo & (((enLo & ((eLo >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H)) |
    (menHi & (((enHi & ((eHi >>> 1) & NOT_FILE_H)) >>> 1) & NOT_FILE_H));
  if (white) {
    const xLo = enLo & ((eLo >>> 8) | (eHi << 24));
    const xHi = enHi & (eHi >>> 8);
    any |= (menLo & ((xLo >>> 8) | (xHi << 24))) | (menHi & (xHi >>> 8));
  } else {
    const xLo = enLo & (eLo << 8);
    const xHi = enHi & ((eHi << 8) | (eLo >>> 24));
    any |= (menLo & (xLo << 8)) | (menHi & ((xHi << 8) | (xLo >>> 24)));
  }
  if (any !== 0) return true;
  let kl = ownLo & kLo;
  let kh = ownHi & kHi;
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
      let s = sq + step;
      while (n > 0 && bitAt(eLo, eHi, s) !== 0) {
        s += step;
        n--;
      }
      if (n >= 2 && bitAt(enLo, enHi, s) !== 0 && bitAt(eLo, eHi, s + step) !== 0) return true;
    }
  }
  return false;
}

/** True when `side` has a move that is not a capture (a man step forward or sideways, a king step). */
export function hasQuietMove(
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  side: number,
): boolean {
  const white = side === 0;
  const ownLo = white ? wLo : bLo;
  const ownHi = white ? wHi : bHi;
  const eLo = ~(wLo | bLo);
  const eHi = ~(wHi | bHi);
  const menLo = ownLo & ~kLo;
  const menHi = ownHi & ~kHi;
  const kingsLo = ownLo & kLo;
  const kingsHi = ownHi & kHi;
  // Sideways, for men and kings alike.
  const pLo = menLo | kingsLo;
  const pHi = menHi | kingsHi;
  if ((((pLo >>> 1) & NOT_FILE_H & eLo) | ((pHi >>> 1) & NOT_FILE_H & eHi)) !== 0) return true;
  if ((((pLo << 1) & NOT_FILE_A & eLo) | ((pHi << 1) & NOT_FILE_A & eHi)) !== 0) return true;
  // Forward for men; both ways for kings.
  const upLo = white ? menLo | kingsLo : kingsLo;
  const upHi = white ? menHi | kingsHi : kingsHi;
  if ((((upLo << 8) & eLo) | (((upHi << 8) | (upLo >>> 24)) & eHi)) !== 0) return true;
  const downLo = white ? kingsLo : menLo | kingsLo;
  const downHi = white ? kingsHi : menHi | kingsHi;
  return ((((downLo >>> 8) | (downHi << 24)) & eLo) | ((downHi >>> 8) & eHi)) !== 0;
}
