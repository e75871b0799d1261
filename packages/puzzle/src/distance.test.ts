import { parsePosition, type Position } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { positionDistance, shapeDistance, shapeOf } from './distance.ts';

const pos = (fen: string): Position => {
  const r = parsePosition(fen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const d = (a: string, b: string) => positionDistance(pos(a), pos(b));

describe('the position distance', () => {
  const base = 'W:Wa2,c3,d4,Kh1:Bb6,e6,f7,Ka8';

  it('is 0 for the same position and for its a↔h mirror', () => {
    expect(d(base, base)).toBe(0);
    expect(d(base, 'W:Wh2,f3,e4,Ka1:Bg6,d6,c7,Kh8')).toBe(0);
  });

  it('counts one piece moved, added or removed as 1', () => {
    expect(d(base, 'W:Wa3,c3,d4,Kh1:Bb6,e6,f7,Ka8')).toBe(1);
    expect(d(base, 'W:Wa2,c3,d4,Kh1:Bb6,e6,f7,Ka8,Kh8')).toBe(1);
    expect(d(base, 'W:Wa2,c3,d4,Kh1:Bb6,e6,Ka8')).toBe(1);
    // A king moved anywhere along the board is one edit too.
    expect(d(base, 'W:Wa2,c3,d4,Kd8:Bb6,e6,f7,Ka8')).toBe(1);
  });

  it('counts a king instead of a man on the same square as 1, and a colour change as 2', () => {
    expect(d(base, 'W:Wa2,c3,Kd4,Kh1:Bb6,e6,f7,Ka8')).toBe(1);
    expect(d(base, 'W:Wa2,c3,d4,Kh1:Bb6,e6,Kf7,Ka8')).toBe(1);
    expect(d(base, 'W:Wa2,c3,Kh1:Bd4,b6,e6,f7,Ka8')).toBe(2);
  });

  it('pairs a man and a king by moves when that is cheaper than crowning in place', () => {
    // A man on d4 becomes a king, the king on h1 goes, a man appears on e4: moving the man d4–e4
    // and the king h1–d4 is 2 edits; crowning d4 in place would need 3.
    expect(d(base, 'W:Wa2,c3,e4,Kd4:Bb6,e6,f7,Ka8')).toBe(2);
  });

  it('compares the sides to move: the same puzzle for Black, turned over, is at 0', () => {
    // Black to move: the board turned over (a2 → a7) with the colours swapped.
    expect(d(base, 'B:Wb3,e3,f2,Ka1:Ba7,c6,d5,Kh8')).toBe(0);
    // …and the same pieces with the other side to move are far apart.
    expect(d(base, 'B:Wa2,c3,d4,Kh1:Bb6,e6,f7,Ka8')).toBeGreaterThan(4);
  });

  it('is large for unrelated positions and symmetric', () => {
    const other = 'W:Wb2,g3,Kc5,h4,e5:Bc7,Kd8,g6';
    expect(d(base, other)).toBeGreaterThanOrEqual(7);
    expect(d(base, other)).toBe(d(other, base));
    const a = shapeOf(pos(base));
    const b = shapeOf(pos(other));
    expect(shapeDistance(a, b)).toBe(shapeDistance(b, a));
  });
});
