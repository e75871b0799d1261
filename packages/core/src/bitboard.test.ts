import { describe, expect, it } from 'vitest';
import {
  bitAt,
  copyBoard,
  hasCapture,
  hasQuietMove,
  lowestBit,
  menCaptureMask,
  newBoard,
  pieceCount,
  popcount,
  RAY_LENGTH,
} from './bitboard.ts';
import { randomPosition } from './debug.ts';
import { parsePosition } from './fen.ts';
import { countMoves, generateMoves, MoveList } from './movegen.ts';
import { Position } from './position.ts';
import { Random } from './random.ts';
import { unwrap } from './types.ts';

describe('bit helpers', () => {
  it('popcount and lowestBit over both signs', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(-1)).toBe(32);
    expect(popcount(0x80000001 | 0)).toBe(2);
    expect(lowestBit(1 << 31)).toBe(31);
    expect(lowestBit(0b1000)).toBe(3);
  });
  it('bitAt reads both halves', () => {
    expect(bitAt(1 << 5, 0, 5)).toBe(1);
    expect(bitAt(0, 1 << 5, 37)).toBe(1);
    expect(bitAt(1 << 5, 0, 37)).toBe(0);
  });
  it('ray lengths reach the edge', () => {
    // d4 = 27: 4 squares north, 3 south, 4 east, 3 west.
    expect([0, 1, 2, 3].map((d) => RAY_LENGTH[d * 64 + 27])).toEqual([4, 3, 4, 3]);
  });
  it('copyBoard and pieceCount', () => {
    const b = Position.start().toBoard();
    const c = newBoard();
    copyBoard(b, c);
    expect([...c]).toEqual([...b]);
    expect(pieceCount(c, 0)).toBe(16);
    expect(pieceCount(c, 1)).toBe(16);
  });
});

describe('capture mask, hasCapture and hasQuietMove', () => {
  it('agree with the move generator on random positions', { timeout: 30_000 }, () => {
    const random = new Random(11);
    const list = new MoveList();
    const scratch = new MoveList();
    const mask = new Int32Array(2);
    let captures = 0;
    for (let n = 0; n < 3000; n++) {
      const p = randomPosition(
        () => random.float(),
        [random.int(14), random.int(14)],
        [random.int(3), random.int(3)],
      );
      const b = p.toBoard();
      for (const side of [0, 1]) {
        generateMoves(b, side, list);
        // The counter writes the capture test out too (movegen.ts): it must count what is listed.
        expect(countMoves(b, side, scratch, false), p.key()).toBe(list.count);
        const capture = hasCapture(b, side);
        expect(capture, p.key()).toBe(list.captures > 0);
        // Every man that starts a (maximum) capture is in the mask, and a man in the mask means a capture.
        menCaptureMask(b, side, mask);
        if ((mask[0] | mask[1]) !== 0) expect(list.captures, p.key()).toBeGreaterThan(0);
        for (let i = 0; i < list.count; i++)
          if (list.captures > 0 && bitAt(b[4], b[5], list.from[i]) === 0)
            expect(bitAt(mask[0], mask[1], list.from[i]), p.key()).toBe(1);
        if (capture) captures++;
        else expect(hasQuietMove(b, side), p.key()).toBe(list.count > 0);
      }
    }
    expect(captures).toBeGreaterThan(100);
  });
  it('a blocked side has neither', () => {
    // The black man on a7 cannot move.
    const b = unwrap(parsePosition('B:Wa5,Ka6,b7,c7:Ba7')).toBoard();
    expect(hasCapture(b, 1)).toBe(false);
    expect(hasQuietMove(b, 1)).toBe(false);
  });
});
