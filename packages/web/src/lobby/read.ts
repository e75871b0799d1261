// Reading what the lobby socket sends: every frame is checked against the wire format
// (`LobbyServerMessage` of `@dama/server/wire`) before the controller sees it. A broken or hostile
// message is dropped whole (the next list or answer heals what it would have told), and nothing
// of it reaches storage or the screen.
import type { Color } from '@dama/core';
import type { LobbySeek, LobbyServerMessage } from '@dama/server/wire';
import { MAX_LOBBY_SEEKS } from '@dama/server/wire';
import { isObject, oneOf } from '../lib/guards.ts';
import { GAME_ID, SEAT_TOKEN } from '../lib/online/read.ts';
import { isName, isRating, PLAYER_ID, readRatings } from '../lib/player/read.ts';

export type LobbyError = Extract<LobbyServerMessage, { t: 'error' }>;

const COLORS = ['white', 'black'] as const;
/** A seek id, as the server makes them (a game id's shape). */
const SEEK_ID = /^[A-Za-z0-9]{8,16}$/;
/** The longest frame read: a full list of seeks is about 25 KB. */
const MAX_FRAME = 256 * 1024;

const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const time = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function readRange(v: unknown): { min: number; max: number } | null | undefined {
  if (v === null) return null;
  if (!isObject(v) || !isRating(v.min) || !isRating(v.max) || v.min > v.max) return undefined;
  return { min: v.min, max: v.max };
}

function readSeekClock(v: unknown): LobbySeek['clock'] | undefined {
  if (!isObject(v)) return undefined;
  if (v.days !== undefined)
    return Number.isInteger(v.days) && (v.days as number) >= 1 && (v.days as number) <= 14
      ? { days: v.days as number }
      : undefined;
  return count(v.initial) && count(v.increment) ? { initial: v.initial, increment: v.increment } : undefined;
}

export function readSeek(v: unknown): LobbySeek | undefined {
  if (!isObject(v) || typeof v.id !== 'string' || !SEEK_ID.test(v.id)) return undefined;
  if (typeof v.player !== 'string' || !PLAYER_ID.test(v.player) || !isName(v.name)) return undefined;
  if (!isRating(v.rating) || typeof v.provisional !== 'boolean' || typeof v.rated !== 'boolean')
    return undefined;
  const clock = readSeekClock(v.clock);
  const range = readRange(v.range);
  if (!clock || range === undefined) return undefined;
  return {
    id: v.id,
    player: v.player,
    name: v.name,
    rating: v.rating,
    provisional: v.provisional,
    clock,
    rated: v.rated,
    range,
  };
}

/** One text frame from the lobby socket, or undefined when it is not a message of the wire format. */
export function readLobbyMessage(data: unknown): LobbyServerMessage | undefined {
  if (typeof data !== 'string' || data.length > MAX_FRAME) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isObject(v)) return undefined;
  switch (v.t) {
    case 'hello': {
      const p = v.player;
      if (!isObject(p) || typeof p.id !== 'string' || !PLAYER_ID.test(p.id) || !isName(p.name))
        return undefined;
      const ratings = readRatings(v.ratings);
      const paused = v.pausedUntil ?? null;
      if (!ratings || (paused !== null && !time(paused))) return undefined;
      // Absent (a server before them): none.
      const blocked = v.blocked ?? [];
      if (!Array.isArray(blocked) || blocked.length > 1000) return undefined;
      if (!blocked.every((b): b is string => typeof b === 'string' && PLAYER_ID.test(b))) return undefined;
      const games = v.games ?? [];
      if (!Array.isArray(games) || games.length > 100) return undefined;
      const seats: { game: string; color: Color; token: string }[] = [];
      for (const g of games) {
        if (!isObject(g) || typeof g.game !== 'string' || !GAME_ID.test(g.game) || !oneOf(COLORS, g.color))
          return undefined;
        if (typeof g.token !== 'string' || !SEAT_TOKEN.test(g.token)) return undefined;
        seats.push({ game: g.game, color: g.color as Color, token: g.token });
      }
      return {
        t: 'hello',
        player: { id: p.id, name: p.name },
        ratings,
        pausedUntil: paused,
        blocked,
        games: seats,
      };
    }
    case 'lobby': {
      if (!Array.isArray(v.seeks) || v.seeks.length > MAX_LOBBY_SEEKS) return undefined;
      if (!count(v.online) || !count(v.playing)) return undefined;
      const seeks: LobbySeek[] = [];
      for (const s of v.seeks) {
        const seek = readSeek(s);
        if (!seek) return undefined;
        seeks.push(seek);
      }
      return { t: 'lobby', seeks, online: v.online, playing: v.playing };
    }
    case 'seeking':
      if (v.seek !== null && (typeof v.seek !== 'string' || !SEEK_ID.test(v.seek))) return undefined;
      return { t: 'seeking', seek: v.seek };
    case 'paired':
      if (typeof v.game !== 'string' || !GAME_ID.test(v.game) || !oneOf(COLORS, v.color)) return undefined;
      if (typeof v.token !== 'string' || !SEAT_TOKEN.test(v.token)) return undefined;
      return { t: 'paired', game: v.game, color: v.color as Color, token: v.token };
    case 'pong':
      return count(v.n) && time(v.now) ? { t: 'pong', n: v.n, now: v.now } : undefined;
    case 'error': {
      if (typeof v.code !== 'string' || v.code.length > 40 || typeof v.message !== 'string') return undefined;
      if (v.until !== undefined && !time(v.until)) return undefined;
      return {
        t: 'error',
        code: v.code as LobbyError['code'],
        message: v.message.slice(0, 300),
        ...(v.until !== undefined ? { until: v.until } : {}),
      };
    }
    default:
      return undefined;
  }
}
