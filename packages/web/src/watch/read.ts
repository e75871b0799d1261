// Reading `GET /api/live`: the paired games being played, the highest-rated first, and the featured
// one. The answer is checked whole before use: a broken or hostile one is refused.
import type { Snapshot } from '@dama/server/wire';
import { isObject } from '../lib/guards.ts';
import { GAME_ID, readSnapshot } from '../lib/online/read.ts';

/** More games than the server lists (its 20). */
const MAX_LIVE = 100;

export interface LiveGames {
  /** the highest-rated game being played, if any (one of `games`) */
  featured: string | null;
  /** paired games being played, each with both players named */
  games: Snapshot[];
}

export function readLive(v: unknown): LiveGames | undefined {
  if (!isObject(v) || !Array.isArray(v.games) || v.games.length > MAX_LIVE) return undefined;
  const games: Snapshot[] = [];
  for (const g of v.games) {
    const s = readSnapshot(g);
    if (!s || s.status !== 'playing' || !s.players || games.some((x) => x.id === s.id)) return undefined;
    games.push(s);
  }
  const featured = v.featured ?? null;
  if (featured !== null && (typeof featured !== 'string' || !GAME_ID.test(featured))) return undefined;
  if (featured !== null && !games.some((g) => g.id === featured)) return undefined;
  return { featured, games };
}
