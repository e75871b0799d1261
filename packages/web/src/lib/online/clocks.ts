// The time controls a player may seek, their speeds, and the rating ranges offered. The server
// decides what it accepts (`OFFERED_TIME_CONTROLS` and `speedOf` in packages/server/src/rating.ts,
// which `@dama/server/wire` does not carry): these are its live ones, and the same speed bounds, so
// that the range is drawn around the rating the server will pair by. A seek at any other clock is
// refused by the server ('unsupported'). Correspondence: 1, 3 or 7 days a move (`{days}` seeks).
import type { ClockSetting, SeekClock } from '@dama/server/wire';
import type { Catalog } from '../i18n/index.ts';

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];

/** The live time controls, by the name the player sees ('5+0': minutes + seconds a move). */
export const LIVE_CLOCKS = [
  { key: '1+0', initial: 60_000, increment: 0 },
  { key: '3+2', initial: 180_000, increment: 2_000 },
  { key: '5+0', initial: 300_000, increment: 0 },
  { key: '10+0', initial: 600_000, increment: 0 },
  { key: '15+10', initial: 900_000, increment: 10_000 },
] as const;
/** The correspondence time controls: days a move ('3d': three days for each move). */
export const CORRESPONDENCE_CLOCKS = [
  { key: '1d', days: 1 },
  { key: '3d', days: 3 },
  { key: '7d', days: 7 },
] as const;
export type LiveKey = (typeof LIVE_CLOCKS)[number]['key'];
export type CorrespondenceKey = (typeof CORRESPONDENCE_CLOCKS)[number]['key'];
export type ClockKey = LiveKey | CorrespondenceKey;
export const CLOCK_KEYS: readonly ClockKey[] = [
  ...LIVE_CLOCKS.map((c) => c.key),
  ...CORRESPONDENCE_CLOCKS.map((c) => c.key),
];

const MINUTE = 60_000;

/** The speed a clock is rated in: initial + 40 × increment under 3 min bullet, 8 blitz, 25 rapid. */
export function speedOf(clock: ClockSetting): Speed {
  const estimate = clock.initial + 40 * clock.increment;
  if (estimate < 3 * MINUTE) return 'bullet';
  if (estimate < 8 * MINUTE) return 'blitz';
  if (estimate < 25 * MINUTE) return 'rapid';
  return 'classical';
}

/** The speed a seek's time control is rated in: a clock's, or correspondence for days a move. */
export const speedOfSeek = (clock: SeekClock): Speed => ('days' in clock ? 'correspondence' : speedOf(clock));

/** What a key is sent as: a clock in ms, or days a move. */
export function clockOf(key: ClockKey): SeekClock {
  const days = CORRESPONDENCE_CLOCKS.find((x) => x.key === key);
  if (days) return { days: days.days };
  const c = LIVE_CLOCKS.find((x) => x.key === key)!;
  return { initial: c.initial, increment: c.increment };
}

/** The key of an offered time control, or undefined for any other (one this client does not offer). */
export function keyOf(clock: SeekClock): ClockKey | undefined {
  if ('days' in clock) return CORRESPONDENCE_CLOCKS.find((c) => c.days === clock.days)?.key;
  return LIVE_CLOCKS.find((c) => c.initial === clock.initial && c.increment === clock.increment)?.key;
}

/** A time control as the player reads it: '5+0', or '3 days' ('3 gün'). */
export function clockLabel(t: Catalog, key: ClockKey): string {
  const days = CORRESPONDENCE_CLOCKS.find((x) => x.key === key);
  return days ? t.corrDays(days.days) : key;
}

/**
 * The time controls grouped by speed, fastest first: [['bullet', ['1+0']], ['blitz', ['3+2',
 * '5+0']], …, ['correspondence', ['1d', '3d', '7d']]].
 */
export const CLOCK_GROUPS: readonly [Speed, ClockKey[]][] = (() => {
  const groups: [Speed, ClockKey[]][] = [];
  for (const c of LIVE_CLOCKS) {
    const speed = speedOf(c);
    const g = groups.find(([s]) => s === speed);
    if (g) g[1].push(c.key);
    else groups.push([speed, [c.key]]);
  }
  groups.push(['correspondence', CORRESPONDENCE_CLOCKS.map((c) => c.key)]);
  return groups;
})();

/** The rating ranges offered: any, or this many points either side of the player's own rating. */
export const RANGES = [null, 100, 200, 300] as const;
export type RangeChoice = (typeof RANGES)[number];

/** The rating a player starts with in a speed they have not played (the server's `NEW_PLAYER`). */
export const START_RATING = 1500;
/** The bounds of a range the server accepts. */
const LOWEST = 0;
const HIGHEST = 4000;

/** The absolute range sent with a seek: `spread` points either side of `rating` (null: any). */
export function rangeAround(rating: number, spread: RangeChoice): { min: number; max: number } | null {
  if (spread === null) return null;
  const r = Math.round(rating);
  return { min: Math.max(LOWEST, r - spread), max: Math.min(HIGHEST, r + spread) };
}

/** A rating as shown: '1512', or '1500?' while provisional. */
export const ratingText = (r: { rating: number; provisional: boolean }): string =>
  `${r.rating}${r.provisional ? '?' : ''}`;
