/**
 * How long a level thinks over a move in a game against a person: its own cap (levels.ts), held
 * to the game's clock when there is one, and shorter still when the player asked for replies at
 * once. The host applies its own human pace on top (a reply shown no sooner than the level's beat),
 * so that a short think never reads as a snap.
 *
 * With a clock the think time is at most 1/40 of the time left plus the increment (so a level keeps
 * pace with a person's clock: about 7.5 s of 5:00, never a quarter of it in four moves) and never
 * more than a quarter of what is left (a big increment with little time left must not flag).
 */
import { LEVEL_SETTINGS, rungSettings } from './levels.ts';
import type { Level, Limits } from './types.ts';

/** With "the computer replies at once", no level thinks longer than this (ms). */
export const FAST_THINK_MS = 500;

/** The least a level is given to think (ms): enough for a shallow search on a slow phone. */
export const MIN_THINK_MS = 20;

/** A game clock at the engine's move: its time left and the increment per move (ms). */
export interface ThinkClock {
  left: number;
  increment: number;
}

/**
 * The think time of `level` for one move (ms): see the module comment. `level` is a named level or a
 * rung of the ladder (1 to `LADDER.length`, levels.ts).
 */
export function thinkTime(level: Level | number, clock?: ThinkClock, fast = false): number {
  const settings = typeof level === 'number' ? rungSettings(level) : LEVEL_SETTINGS[level];
  if (!settings) throw new RangeError(`no such level or rung: ${String(level)}`);
  const cap = settings.movetime;
  let t = fast ? Math.min(cap, FAST_THINK_MS) : cap;
  if (clock) {
    const left = Math.max(0, Number(clock.left) || 0);
    const increment = Math.max(0, Number(clock.increment) || 0);
    t = Math.min(t, left / 40 + increment, left / 4);
  }
  return Math.max(MIN_THINK_MS, Math.floor(t));
}

/** `thinkTime` as search limits (the level's node budget still applies on top). */
export const thinkLimits = (level: Level | number, clock?: ThinkClock, fast = false): Limits => ({
  movetime: thinkTime(level, clock, fast),
});
