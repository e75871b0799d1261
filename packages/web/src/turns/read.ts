// Reading `GET /api/players/me/playing` (the player's paired games being played, the "your turn"
// list) and a game's snapshot (`GET /api/games/:id`). Each answer is checked whole before use: a
// broken or hostile one is refused, and nothing of it is shown or kept.
import type { Color } from '@dama/core';
import type { Snapshot } from '@dama/server/wire';
import { isObject, oneOf } from '../lib/guards.ts';
import { readSnapshot, SEAT_TOKEN } from '../lib/online/read.ts';

const COLORS = ['white', 'black'] as const;
/** More games than a player can be playing at once (the server lists them all). */
const MAX_PLAYING = 200;

/** One game of the list: the player's colour, whether it is their move, their own seat, the game. */
export interface Playing {
  color: Color;
  yourTurn: boolean;
  token: string;
  game: Snapshot;
}

/**
 * The player's games being played. Each must be a paired game being played with this player in the
 * seat the entry names; one that is not refuses the whole answer.
 */
export function readPlaying(v: unknown, player: string): Playing[] | undefined {
  if (!isObject(v) || !Array.isArray(v.games) || v.games.length > MAX_PLAYING) return undefined;
  const out: Playing[] = [];
  for (const e of v.games) {
    if (!isObject(e) || !oneOf(COLORS, e.color) || typeof e.yourTurn !== 'boolean') return undefined;
    if (typeof e.token !== 'string' || !SEAT_TOKEN.test(e.token)) return undefined;
    const game = readSnapshot(e.game);
    if (!game || game.status !== 'playing' || game.players?.[e.color].id !== player) return undefined;
    if (out.some((x) => x.game.id === game.id)) return undefined;
    out.push({ color: e.color, yourTurn: e.yourTurn, token: e.token, game });
  }
  return out;
}

/** A game's snapshot, and only the game asked for. */
export const readGameOf =
  (id: string) =>
  (v: unknown): Snapshot | undefined => {
    const s = readSnapshot(v);
    return s?.id === id ? s : undefined;
  };

/** Whose move it is in a game from the start position (one move a ply, White first). */
export const turnOf = (s: Pick<Snapshot, 'moves'>): Color => (s.moves.length % 2 === 0 ? 'white' : 'black');
