import { generateMoves, MoveList, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { makeRng, randomPosition } from '../src/testing.ts';
import { hasCapture, hasQuietMove } from '../src/threat.ts';

describe('threat', () => {
  it('agrees with the move generator on captures and quiet moves', () => {
    const rng = makeRng(11);
    const list = new MoveList();
    let captures = 0;
    for (let n = 0; n < 3000; n++) {
      const p = randomPosition(
        rng,
        [Math.floor(rng() * 14), Math.floor(rng() * 14)],
        [Math.floor(rng() * 3), Math.floor(rng() * 3)],
      );
      for (const side of [0, 1]) {
        generateMoves(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, side, list);
        const capture = hasCapture(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, side);
        expect(capture, p.key()).toBe(list.captures > 0);
        if (capture) captures++;
        else
          expect(hasQuietMove(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, side), p.key()).toBe(list.count > 0);
      }
    }
    expect(captures).toBeGreaterThan(100);
    // Random boards are rarely blocked; a fixed one: the black man on a7 cannot move.
    const p = unwrap(parsePosition('B:Wa5,Ka6,b7,c7:Ba7'));
    expect(hasCapture(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, 1)).toBe(false);
    expect(hasQuietMove(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, 1)).toBe(false);
  });
});
