// Reading `GET /api/leaderboard/:speed`: the best players of a speed (at least 10 rated games, one in
// the last 30 days, a rating no longer provisional). Checked whole before use.
import { isObject } from '../lib/guards.ts';
import type { Speed } from '../lib/online/clocks.ts';
import { isName, isRating, PLAYER_ID } from '../lib/player/read.ts';

/** More rows than the server lists (its 50). */
const MAX_LEADERS = 200;

export interface Leader {
  id: string;
  name: string;
  rating: number;
  games: number;
}

/** The leaderboard of `speed`, best first, or undefined when it is not one. */
export function readLeaders(v: unknown, speed: Speed): Leader[] | undefined {
  if (!isObject(v) || v.speed !== speed || !Array.isArray(v.players) || v.players.length > MAX_LEADERS)
    return undefined;
  const out: Leader[] = [];
  for (const p of v.players) {
    if (!isObject(p) || typeof p.id !== 'string' || !PLAYER_ID.test(p.id) || !isName(p.name))
      return undefined;
    if (!isRating(p.rating) || typeof p.games !== 'number' || !Number.isSafeInteger(p.games) || p.games < 0)
      return undefined;
    if (out.some((x) => x.id === p.id)) return undefined;
    out.push({ id: p.id, name: p.name, rating: p.rating, games: p.games });
  }
  // best first, whatever order the answer came in
  return out.sort((a, b) => b.rating - a.rating);
}
