// The player's finished games against people as the server has them (`GET /api/players/:id/games`),
// as records of My games: loaded when My games is first shown with a player on the device, so that
// the player client stays out of the app's first download.
import type { Catalog } from '../lib/i18n/index.ts';
import { serverRecord } from '../lib/online-record.ts';
import type { GameRecord } from '../lib/record.ts';
import type { LocalStore } from '../lib/storage.ts';
import { PlayerApi, type Http } from '../lib/player/api.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { readGames } from '../lib/player/read.ts';

/** The player this device holds, if any (never made here). */
export function heldPlayer(store: LocalStore, http: Http): string | undefined {
  const h = new IdentityClient(store, new PlayerApi(http)).held();
  return h.status === 'ok' ? h.player.id : undefined;
}

/**
 * The first page (the newest 50) of `player`'s finished paired games as records, or undefined when
 * the server could not be asked or its answer was not one: a game that is not theirs, not over, or
 * does not replay through the rules refuses the whole page.
 */
export async function serverGames(http: Http, player: string, t: Catalog): Promise<GameRecord[] | undefined> {
  const r = await new PlayerApi(http).ask('GET', `api/players/${player}/games`, (v) => readGames(v, player));
  if (!r.ok) return undefined;
  const games = r.value.map((snap) => serverRecord(snap, player, t));
  return games.some((g) => g === undefined) ? undefined : (games as GameRecord[]);
}
