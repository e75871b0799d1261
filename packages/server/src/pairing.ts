/**
 * Playing people: the rules of the seek pool. A seek is a player asking for a game at a time
 * control, rated or casual, with the range of opponents' ratings they accept. `pair` decides which
 * seeks become games now, `chooseColors` who takes White, and `pauseUntil` how long a player who
 * keeps letting paired games abort must wait before seeking again.
 *
 * Pure: no I/O; time is a parameter (`now`, milliseconds since the epoch) and chance is injected.
 * The same pool pairs the same way on any instance.
 */
import type { Color } from '@dama/core';
import { inRange } from './rating.ts';
import type { RatingRange, TimeControl } from './rating.ts';

export interface Seek {
  id: string;
  player: string;
  /** The player's rating in the seek's speed. */
  rating: number;
  /**
   * Whether that rating is provisional. Carried for the client (shown "1500?"), not used by the
   * rules: it is still the best estimate there is, and refusing provisional players from seeks
   * with a range would leave new players no one to play.
   */
  provisional?: boolean;
  clock: TimeControl;
  rated: boolean;
  /** The opponents' ratings this seek accepts (absolute, bounds included), or null for any. */
  range: RatingRange | null;
  createdAt: number;
}

/** The players `player` has blocked. */
export type BlockList = (player: string) => ReadonlySet<string>;

/** Whether two time controls are the same: the same clock, or the same days per move. */
export function sameTimeControl(a: TimeControl, b: TimeControl): boolean {
  if ('days' in a || 'days' in b) return 'days' in a && 'days' in b && a.days === b.days;
  return a.initial === b.initial && a.increment === b.increment;
}

/**
 * Whether two seeks can make a game: the same time control and rated flag, two different
 * players, neither blocking the other, and each one's rating within the other's range.
 */
export function compatible(a: Seek, b: Seek, blockedBy: BlockList): boolean {
  return (
    a.player !== b.player &&
    a.rated === b.rated &&
    sameTimeControl(a.clock, b.clock) &&
    inRange(b.rating, a.range) &&
    inRange(a.rating, b.range) &&
    !blockedBy(a.player).has(b.player) &&
    !blockedBy(b.player).has(a.player)
  );
}

export interface Pairing<S extends Seek = Seek> {
  /** The games to start, each as [the older seek, the partner it chose]. */
  pairs: [S, S][];
  /** The seeks left in the pool, oldest first. */
  remaining: S[];
}

/**
 * The games to make now from the open seeks. Greedy, oldest first: each seek in turn, from the
 * oldest, takes among the seeks still free the compatible one closest in rating (equally close:
 * the older). A player is in at most one of the pairs, so one call never starts two games for one
 * player; their other seeks stay in the pool (the server withdraws them, or not, as it starts the
 * game). Deterministic: seeks are ordered by `createdAt`, then by their place in `pool`.
 *
 * What holds of the result (pairing.test.ts checks it on random pools):
 * - every pair is compatible, and no seek and no player is in two pairs;
 * - it is maximal: two remaining seeks are never compatible unless one of their players was
 *   paired by this call (so, with one seek per player, no two remaining seeks are compatible);
 * - oldest first: a paired seek's partner was, among the seeks still free when its turn came,
 *   a compatible one closest in rating to it.
 * It is not a maximum matching: taking the oldest seek's closest partner can leave two others
 * unpaired where another choice would have paired them. Waiting time matters more than that.
 *
 * Ranges are never widened, however long a seek waits: a range is the player's own choice, and a
 * pairing that ignored it would surprise them. Nor does a seek wait for a closer opponent that may
 * come: any compatible opponent now beats a closer one later. So the result does not depend on the
 * time, and a client that wants to widen a range seeks again with the wider one.
 */
export function pair<S extends Seek>(pool: readonly S[], blockedBy: BlockList): Pairing<S> {
  const seeks = pool
    .map((seek, at) => ({ seek, at }))
    .sort((x, y) => x.seek.createdAt - y.seek.createdAt || x.at - y.at)
    .map(({ seek }) => seek);
  // Only seeks at one time control and rated flag can pair: look for partners there alone.
  const groups = new Map<string, number[]>();
  seeks.forEach((seek, i) => {
    const key = `${groupKey(seek.clock)}|${seek.rated}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });

  const taken = new Array<boolean>(seeks.length).fill(false);
  const busy = new Set<string>();
  const pairs: [S, S][] = [];
  seeks.forEach((seek, i) => {
    if (taken[i] || busy.has(seek.player)) return;
    let best = -1;
    let bestGap = Infinity;
    for (const j of groups.get(`${groupKey(seek.clock)}|${seek.rated}`)!) {
      // Strictly closer only: among equals the first found, the older, stays.
      if (j === i || taken[j] || busy.has(seeks[j].player)) continue;
      const gap = Math.abs(seeks[j].rating - seek.rating);
      if (gap < bestGap && compatible(seek, seeks[j], blockedBy)) {
        best = j;
        bestGap = gap;
      }
    }
    if (best < 0) return;
    taken[i] = taken[best] = true;
    busy.add(seek.player).add(seeks[best].player);
    pairs.push([seek, seeks[best]]);
  });
  return { pairs, remaining: seeks.filter((_, i) => !taken[i]) };
}

const groupKey = (tc: TimeControl): string =>
  'days' in tc ? `d${tc.days}` : `${tc.initial}+${tc.increment}`;

// ——— Colours ———

/** How many of a player's last games count for the colour balance. */
export const COLOR_MEMORY = 10;

/**
 * The colours of a new pair, from each player's colours in their last games (oldest first): fair
 * to each over their recent games, as on lichess.
 * 1. The player who had Black more often in their last `COLOR_MEMORY` games takes White.
 * 2. Else the player who had Black in their latest game takes White (if the other did not too).
 * 3. Else chance: `random()` (in [0, 1)) below 0.5 gives the first player White.
 */
export function chooseColors(
  first: readonly Color[],
  second: readonly Color[],
  random: () => number,
): [first: Color, second: Color] {
  const firstWhite = whiteFirst(first, second) ?? random() < 0.5;
  return firstWhite ? ['white', 'black'] : ['black', 'white'];
}

function whiteFirst(first: readonly Color[], second: readonly Color[]): boolean | null {
  const a = balance(first);
  const b = balance(second);
  if (a !== b) return a < b;
  const lastA = first.at(-1);
  const lastB = second.at(-1);
  if (lastA === lastB) return null;
  if (lastA === 'black' || lastB === 'white') return true;
  return false;
}

/** Whites minus blacks over the last `COLOR_MEMORY` games. */
const balance = (colors: readonly Color[]): number =>
  colors.slice(-COLOR_MEMORY).reduce((sum, c) => sum + (c === 'white' ? 1 : -1), 0);

// ——— Aborts ———

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The pairing pause for letting paired games abort (no first move in time), after lichess's
 * playban for aborts and sitting. Each abort is the time of a paired game that did not start
 * through this player's fault.
 * - An abort is an offence when it is the `threshold`-th (3rd) or later within `window` (24 h),
 *   or when the player's level is above 0 (they were paused lately and have not had a clean day).
 * - Each offence raises the level by one and pauses pairing for `pauses[level − 1]` from that
 *   abort: 5 min, 15 min, 1 h, then 24 h for every offence after.
 * - Each clean day (24 h without an abort, counted from the end of the last pause) lowers the
 *   level by one.
 */
export const ABORT_RULES = {
  window: DAY,
  threshold: 3,
  pauses: [5 * MINUTE, 15 * MINUTE, HOUR, DAY],
  cleanDay: DAY,
} as const;

/**
 * Until when a player may not seek, from their aborts (times, any order) and `now`, or null if
 * they may. Aborts after `now` do not count yet.
 */
export function pauseUntil(aborts: readonly number[], now: number): number | null {
  const until = pauseEnd(aborts, now);
  return until > now ? until : null;
}

/**
 * Past any stretch of `FORGET_AFTER` (5 days) without an abort, the level is back to 0 and the
 * window empty, whatever came before: the earlier aborts no longer matter.
 */
export const FORGET_AFTER = Math.max(
  // The last pause ends, then a clean day for each level...
  Math.max(...ABORT_RULES.pauses) + ABORT_RULES.pauses.length * ABORT_RULES.cleanDay,
  // ...and no abort is left in the window.
  ABORT_RULES.window,
);

/**
 * The aborts that still matter at `now` (the rest may be deleted): those after the last stretch of
 * `FORGET_AFTER` without one, and any after `now`. `pauseUntil` of what is kept, with any later
 * aborts added, is the same as of the whole history, at `now` and at any later time.
 */
export function relevantAborts(aborts: readonly number[], now: number): number[] {
  const past = aborts.filter((t) => t <= now).sort((x, y) => x - y);
  let from = past.length;
  if (past.length > 0 && now - past[past.length - 1] < FORGET_AFTER) {
    from = past.length - 1;
    while (from > 0 && past[from] - past[from - 1] < FORGET_AFTER) from--;
  }
  return [...past.slice(from), ...aborts.filter((t) => t > now)];
}

/** The end of the last pause (or -∞), replaying the aborts up to `now` in order. */
function pauseEnd(aborts: readonly number[], now: number): number {
  const past = aborts.filter((t) => t <= now).sort((x, y) => x - y);
  const { window, threshold, pauses, cleanDay } = ABORT_RULES;
  let level = 0;
  let until = -Infinity;
  let cleanSince = -Infinity;
  let windowStart = 0; // the first abort within `window` of the current one
  past.forEach((t, i) => {
    // An abort during a pause (a game paired before it) comes after no clean time at all.
    const cleanDays = Math.floor(Math.max(0, t - cleanSince) / cleanDay);
    level = Math.max(0, level - cleanDays);
    while (past[windowStart] <= t - window) windowStart++;
    if (i - windowStart + 1 >= threshold || level > 0) {
      level = Math.min(level + 1, pauses.length);
      until = Math.max(until, t + pauses[level - 1]);
    }
    cleanSince = Math.max(t, until);
  });
  return until;
}
