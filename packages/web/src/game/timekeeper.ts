// The time control of one game: off, a move timer (when it runs out, the engine moves for the
// player) or game clocks (running out loses). It holds clock values only; the game controller asks
// it what happened at each tick.
import type { Color } from '@dama/core';
import type { TimeControl } from '../lib/setup.ts';
import {
  flagged,
  lowTimeThreshold,
  newClock,
  pressClock,
  startClock,
  startMoveTimer,
  stopClock,
  timeLeft,
  type ClockState,
} from '../lib/clock.ts';

export type TimeEvent =
  { kind: 'flag'; color: Color } | { kind: 'move-timeout'; color: Color } | { kind: 'low'; color: Color };

export class Timekeeper {
  private clock: ClockState;
  private warned: Record<Color, boolean> = { white: false, black: false };
  readonly initialMs: number;

  constructor(
    readonly control: TimeControl,
    remaining?: Record<Color, number>,
  ) {
    this.initialMs =
      control.kind === 'clock'
        ? control.minutes * 60_000
        : control.kind === 'move'
          ? control.seconds * 1000
          : 0;
    this.clock = newClock(this.initialMs);
    if (remaining && control.kind === 'clock') this.clock = { ...this.clock, remaining: { ...remaining } };
  }

  get enabled(): boolean {
    return this.control.kind !== 'off';
  }

  get running(): Color | null {
    return this.clock.running;
  }

  /** `color`'s time starts (a new game, a game back from storage, a move taken back). */
  start(color: Color, now: number): void {
    if (this.control.kind === 'off') return;
    this.warned[color] = false;
    this.clock =
      this.control.kind === 'move'
        ? startMoveTimer(this.control.seconds, color, now)
        : startClock(stopClock(this.clock, now), color, now);
  }

  /** `color` has just moved. */
  moved(color: Color, now: number): void {
    const other: Color = color === 'white' ? 'black' : 'white';
    this.warned[color] = false;
    if (this.control.kind === 'clock')
      this.clock = pressClock(this.clock, color, now, this.control.increment * 1000);
    else if (this.control.kind === 'move') this.clock = startMoveTimer(this.control.seconds, other, now);
  }

  /** Both clocks stop (the end of the game, a dialog the player must answer). */
  stop(now: number): void {
    this.clock = stopClock(this.clock, now);
  }

  left(color: Color, now: number): number {
    return timeLeft(this.clock, color, now);
  }

  /** Game clock times to keep with the saved game. */
  snapshot(now: number): Record<Color, number> | undefined {
    if (this.control.kind !== 'clock') return undefined;
    return { white: this.left('white', now), black: this.left('black', now) };
  }

  isLow(color: Color, now: number): boolean {
    return (
      this.enabled && this.left(color, now) <= lowTimeThreshold(this.initialMs, this.control.kind === 'move')
    );
  }

  /** What happened by `now`: a flag, the move timer running out, or a first low-time warning. */
  check(now: number): TimeEvent | undefined {
    const out = flagged(this.clock, now);
    if (out) {
      this.clock = stopClock(this.clock, now);
      return this.control.kind === 'move'
        ? { kind: 'move-timeout', color: out }
        : { kind: 'flag', color: out };
    }
    const running = this.clock.running;
    if (running && !this.warned[running] && this.isLow(running, now)) {
      this.warned[running] = true;
      return { kind: 'low', color: running };
    }
    return undefined;
  }
}
