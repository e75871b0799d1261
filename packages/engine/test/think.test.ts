import { describe, expect, it } from 'vitest';
import { FAST_THINK_MS, LADDER, LEVEL_SETTINGS, MIN_THINK_MS, thinkLimits, thinkTime } from '../src/index.ts';

const min = 60_000;
const sec = 1000;

describe('think time', () => {
  it('without a clock: the level’s own cap; "replies at once" holds every level to FAST_THINK_MS', () => {
    expect(thinkTime('master')).toBe(LEVEL_SETTINGS.master.movetime);
    expect(thinkTime('master', undefined, true)).toBe(FAST_THINK_MS);
    for (const level of ['easy', 'medium', 'hard', 'master'] as const)
      expect(thinkTime(level, undefined, true)).toBeLessThanOrEqual(FAST_THINK_MS);
    expect(thinkLimits('hard')).toEqual({ movetime: LEVEL_SETTINGS.hard.movetime });
  });

  it('a rung of the ladder thinks by its own cap; a rung that does not exist is refused', () => {
    for (let rung = 1; rung <= LADDER.length; rung++) {
      expect(thinkTime(rung)).toBe(LADDER[rung - 1].movetime);
      expect(thinkTime(rung, { left: 1 * min, increment: 0 })).toBe(
        Math.min(LADDER[rung - 1].movetime, 1500),
      );
    }
    expect(thinkTime(LADDER.length)).toBe(LEVEL_SETTINGS.master.movetime);
    expect(() => thinkTime(0)).toThrow(RangeError);
    expect(() => thinkTime(LADDER.length + 1)).toThrow(RangeError);
    expect(() => thinkTime(2.5)).toThrow(RangeError);
  });

  it('1+0: a fortieth of the minute at the start, less as the minute runs down', () => {
    expect(thinkTime('master', { left: 1 * min, increment: 0 })).toBe(1500);
    expect(thinkTime('master', { left: 20 * sec, increment: 0 })).toBe(500);
    expect(thinkTime('master', { left: 2 * sec, increment: 0 })).toBe(50);
    // a whole game of 40 moves at this rule spends well under the minute
    let left = 1 * min;
    for (let i = 0; i < 40; i++) left -= thinkTime('master', { left, increment: 0 });
    expect(left).toBeGreaterThan(20 * sec);
  });

  it('5+0: Master keeps to its cap (never 6.5–8.9 s a move), four moves take 10 s, not a quarter of the clock', () => {
    expect(thinkTime('master', { left: 5 * min, increment: 0 })).toBe(2500);
    let left = 5 * min;
    for (let i = 0; i < 4; i++) left -= thinkTime('master', { left, increment: 0 });
    expect(5 * min - left).toBe(10 * sec);
    // a weaker level keeps its own (shorter) cap
    expect(thinkTime('easy', { left: 5 * min, increment: 0 })).toBe(LEVEL_SETTINGS.easy.movetime);
    // "replies at once" still applies under a clock
    expect(thinkTime('master', { left: 5 * min, increment: 0 }, true)).toBe(FAST_THINK_MS);
  });

  it('15+10: the increment counts, the cap holds, and a big increment never flags a short clock', () => {
    expect(thinkTime('master', { left: 15 * min, increment: 10 * sec })).toBe(2500);
    // 10 s left and 10 s a move: 10.25 s by the fortieth rule, held to the cap
    expect(thinkTime('master', { left: 10 * sec, increment: 10 * sec })).toBe(2500);
    // 2 s left: never more than a quarter of it, whatever the increment
    expect(thinkTime('master', { left: 2 * sec, increment: 10 * sec })).toBe(500);
  });

  it('never below the minimum, even with the flag about to fall or a broken clock', () => {
    expect(thinkTime('master', { left: 0, increment: 0 })).toBe(MIN_THINK_MS);
    expect(thinkTime('master', { left: Number.NaN, increment: -5 })).toBe(MIN_THINK_MS);
  });
});
