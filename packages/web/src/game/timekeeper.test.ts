import { describe, expect, it } from 'vitest';
import { Timekeeper } from './timekeeper.ts';

describe('Timekeeper', () => {
  it('move timer: a fresh 40 s for every move, and a timeout for the side that lets it run out', () => {
    const t = new Timekeeper({ kind: 'move', seconds: 40 });
    t.start('white', 0);
    expect(t.check(29_000)).toBeUndefined();
    expect(t.check(30_000)).toEqual({ kind: 'low', color: 'white' });
    expect(t.check(31_000)).toBeUndefined();
    t.moved('white', 35_000);
    expect(t.left('black', 35_000)).toBe(40_000);
    expect(t.check(75_000)).toEqual({ kind: 'move-timeout', color: 'black' });
    expect(t.running).toBeNull();
  });

  it('game clock: increments, snapshots, and a flag', () => {
    const t = new Timekeeper({ kind: 'clock', minutes: 3, increment: 2 });
    t.start('white', 0);
    t.moved('white', 10_000);
    expect(t.snapshot(10_000)).toEqual({ white: 172_000, black: 180_000 });
    expect(t.check(10_000 + 180_000)).toEqual({ kind: 'flag', color: 'black' });
  });

  it('resumes from saved times', () => {
    const t = new Timekeeper({ kind: 'clock', minutes: 5, increment: 0 }, { white: 1000, black: 2000 });
    t.start('black', 0);
    expect(t.left('black', 500)).toBe(1500);
    expect(t.left('white', 500)).toBe(1000);
  });

  it('does nothing when off', () => {
    const t = new Timekeeper({ kind: 'off' });
    t.start('white', 0);
    expect(t.check(1e9)).toBeUndefined();
    expect(t.enabled).toBe(false);
  });
});
