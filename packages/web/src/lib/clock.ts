// Game clocks and the move timer as plain values and pure functions of the time `now` (ms), so the
// game controller stays small and tests need no fake timers.
import type { Color } from '@dama/core';
import type { Catalog } from './i18n/index.ts';

export interface ClockState {
  /** time left for each side when its clock last stopped (ms) */
  remaining: Record<Color, number>;
  /** whose clock is running, or null when both are stopped */
  running: Color | null;
  /** when the running clock was started (ms, same time base as `now`) */
  since: number;
}

export const newClock = (ms: number): ClockState => ({
  remaining: { white: ms, black: ms },
  running: null,
  since: 0,
});

/** Time left for `color` at `now` (never below 0). */
export function timeLeft(c: ClockState, color: Color, now: number): number {
  const base = c.remaining[color];
  return Math.max(0, c.running === color ? base - (now - c.since) : base);
}

export const startClock = (c: ClockState, color: Color, now: number): ClockState => ({
  remaining: { ...c.remaining },
  running: color,
  since: now,
});

export function stopClock(c: ClockState, now: number): ClockState {
  if (c.running === null) return c;
  return {
    remaining: { ...c.remaining, [c.running]: timeLeft(c, c.running, now) },
    running: null,
    since: now,
  };
}

/** `color` has moved: its clock stops and gains `increment`, the other side's starts. */
export function pressClock(c: ClockState, color: Color, now: number, increment: number): ClockState {
  const stopped = stopClock(c, now);
  const other: Color = color === 'white' ? 'black' : 'white';
  return startClock(
    { ...stopped, remaining: { ...stopped.remaining, [color]: stopped.remaining[color] + increment } },
    other,
    now,
  );
}

/** The side whose time has run out, if any. */
export function flagged(c: ClockState, now: number): Color | undefined {
  return c.running !== null && timeLeft(c, c.running, now) <= 0 ? c.running : undefined;
}

/** The move timer: a fresh allowance for `color`'s move. */
export const startMoveTimer = (seconds: number, color: Color, now: number): ClockState =>
  startClock(newClock(seconds * 1000), color, now);

/** 'm:ss', or 's.d' under ten seconds; rounded up so that 0:00 means time is out. */
export function formatClock(ms: number): string {
  if (ms < 10_000) {
    const tenths = Math.ceil(ms / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** When a clock counts as low: 10 s on the move timer, else a tenth of the start, at most 20 s. */
export const lowTimeThreshold = (initialMs: number, moveTimer: boolean): number =>
  moveTimer ? 10_000 : Math.min(20_000, initialMs / 10);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A correspondence move's time left as days, hours and minutes: whole days and hours, minutes only
 * under a day (whole ones; under an hour rounded up, so that '0' means time is out).
 */
export function dayParts(ms: number): { days: number; hours: number; minutes: number } {
  const left = Math.max(0, ms);
  if (left >= DAY)
    return { days: Math.floor(left / DAY), hours: Math.floor((left % DAY) / HOUR), minutes: 0 };
  if (left >= HOUR)
    return { days: 0, hours: Math.floor(left / HOUR), minutes: Math.floor((left % HOUR) / MINUTE) };
  return { days: 0, hours: 0, minutes: Math.min(59, Math.ceil(left / MINUTE)) };
}

/** A correspondence clock as people read it: '2 gün 5 sa', '2d 5h'; '5h 12m' under a day. */
export const formatDays = (t: Pick<Catalog, 'corrTime'>, ms: number): string => {
  const p = dayParts(ms);
  return t.corrTime(p.days, p.hours, p.minutes);
};
