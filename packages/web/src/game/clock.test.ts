import { describe, expect, it } from 'vitest';
import {
  flagged,
  formatClock,
  lowTimeThreshold,
  newClock,
  pressClock,
  startClock,
  stopClock,
  timeLeft,
} from './clock.ts';

describe('clock', () => {
  it('runs for the side to move only, and adds the increment on a move', () => {
    let c = startClock(newClock(60_000), 'white', 1000);
    expect(timeLeft(c, 'white', 11_000)).toBe(50_000);
    expect(timeLeft(c, 'black', 11_000)).toBe(60_000);
    c = pressClock(c, 'white', 11_000, 2000);
    expect(timeLeft(c, 'white', 20_000)).toBe(52_000);
    expect(timeLeft(c, 'black', 20_000)).toBe(51_000);
    c = stopClock(c, 20_000);
    expect(timeLeft(c, 'black', 99_000)).toBe(51_000);
  });

  it('flags the side whose time ran out', () => {
    const c = startClock(newClock(5000), 'black', 0);
    expect(flagged(c, 4999)).toBeUndefined();
    expect(flagged(c, 5000)).toBe('black');
    expect(timeLeft(c, 'black', 9000)).toBe(0);
  });

  it('formats minutes and, under ten seconds, tenths', () => {
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(61_001)).toBe('1:02');
    expect(formatClock(9_950)).toBe('10.0');
    expect(formatClock(9_900)).toBe('9.9');
    expect(formatClock(0)).toBe('0.0');
  });

  it('warns at 10 s on the move timer and at most 20 s on clocks', () => {
    expect(lowTimeThreshold(40_000, true)).toBe(10_000);
    expect(lowTimeThreshold(180_000, false)).toBe(18_000);
    expect(lowTimeThreshold(2_700_000, false)).toBe(20_000);
  });
});
