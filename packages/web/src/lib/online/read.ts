// Reading what the game server sends: every frame is checked against the wire format before the
// controller sees it, so that a broken or foreign message is dropped instead of breaking the page
// (the next full snapshot heals whatever it would have told).
import type { Color } from '@dama/core';
import { isObject, oneOf } from '../guards.ts';
import type {
  ErrorCode,
  OutcomeReason as OnlineReason,
  Presence,
  SeatPlayer,
  ServerMessage,
  Snapshot,
} from '@dama/server/wire';
import { REACTIONS } from '@dama/server/wire';

const COLORS = ['white', 'black'] as const;
const STATUSES = ['waiting', 'playing', 'over', 'aborted'] as const;
const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
const PRESENCE = ['online', 'away', 'offline'] as const;
/** A game id and a seat token, as the server makes them (seats.ts keeps the same rules). */
export const GAME_ID = /^[A-Za-z0-9]{8,16}$/;
export const SEAT_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
/** More plies than any game can have (the no-progress rule ends one long before). */
const MAX_PLIES = 2000;

const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const time = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const colorOrNull = (v: unknown): v is Color | null => v === null || oneOf(COLORS, v);
/** Absent counts as null: a field a server before it does not send. */
const optionalColor = (v: unknown): Color | null | undefined =>
  v === undefined ? null : colorOrNull(v) ? v : undefined;

function readPresence(v: unknown): Presence | undefined {
  return isObject(v) && oneOf(PRESENCE, v.state) && time(v.since)
    ? { state: v.state, since: v.since }
    : undefined;
}

const PLAYER_ID = /^[A-Za-z0-9]{12}$/;
const rating = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > -10_000 && v < 10_000;

function readSeatPlayer(v: unknown): SeatPlayer | undefined {
  if (!isObject(v) || typeof v.id !== 'string' || !PLAYER_ID.test(v.id)) return undefined;
  if (typeof v.name !== 'string' || v.name.length > 80 || !rating(v.rating)) return undefined;
  if (typeof v.provisional !== 'boolean' || (v.after !== null && !rating(v.after))) return undefined;
  return { id: v.id, name: v.name, rating: v.rating, provisional: v.provisional, after: v.after };
}

/** A snapshot's clocks (null: no clock), or undefined when they are not what the wire format says. */
function readClocks(c: unknown): Snapshot['clocks'] | undefined {
  if (c === null) return null;
  if (!isObject(c) || !time(c.white) || !time(c.black) || !colorOrNull(c.running)) return undefined;
  return { white: c.white, black: c.black, running: c.running };
}

/** A snapshot, or undefined when any part of it is not what the wire format says. */
export function readSnapshot(v: unknown): Snapshot | undefined {
  if (!isObject(v) || typeof v.id !== 'string' || !count(v.v) || !oneOf(STATUSES, v.status)) return undefined;
  if (!Array.isArray(v.moves) || v.moves.length > MAX_PLIES) return undefined;
  const moves: string[] = [];
  for (const m of v.moves) {
    if (typeof m !== 'string' || m.length > 200) return undefined;
    moves.push(m);
  }
  let clock: Snapshot['clock'] = null;
  if (v.clock !== null) {
    if (!isObject(v.clock) || !time(v.clock.initial) || !time(v.clock.increment)) return undefined;
    clock = { initial: v.clock.initial, increment: v.clock.increment };
  }
  const clocks = readClocks(v.clocks);
  if (clocks === undefined) return undefined;
  if (!time(v.now) || !time(v.claimAfter) || !isObject(v.seats) || !isObject(v.presence)) return undefined;
  const { white: ws, black: bs } = v.seats;
  const pw = readPresence(v.presence.white);
  const pb = readPresence(v.presence.black);
  if (typeof ws !== 'boolean' || typeof bs !== 'boolean' || !pw || !pb) return undefined;
  const drawOffer = optionalColor(v.drawOffer);
  const takebackOffer = optionalColor(v.takebackOffer);
  const rematchOffer = optionalColor(v.rematchOffer);
  if (drawOffer === undefined || takebackOffer === undefined || rematchOffer === undefined) return undefined;
  let drawOffers = { white: 0, black: 0 };
  if (v.drawOffers !== undefined) {
    const d = v.drawOffers;
    if (!isObject(d) || !count(d.white) || !count(d.black)) return undefined;
    drawOffers = { white: d.white, black: d.black };
  }
  const abortAt = v.abortAt ?? null;
  if (abortAt !== null && !time(abortAt)) return undefined;
  const rematch = v.rematch ?? null;
  if (rematch !== null && (typeof rematch !== 'string' || !GAME_ID.test(rematch))) return undefined;
  let outcome: Snapshot['outcome'] = null;
  if (v.outcome !== null && v.outcome !== undefined) {
    const o = v.outcome;
    if (!isObject(o) || typeof o.reason !== 'string') return undefined;
    // JSON has no undefined: a draw's winner comes absent (or null)
    const winner = o.winner ?? undefined;
    if (winner !== undefined && !oneOf(COLORS, winner)) return undefined;
    outcome = { winner: winner as Color | undefined, reason: o.reason as OnlineReason };
  }
  if (!oneOf(RESULTS, v.result)) return undefined;
  // Absent (a server before pairing) is a game by link.
  let players: Snapshot['players'] = null;
  if (v.players !== null && v.players !== undefined) {
    if (!isObject(v.players)) return undefined;
    const white = readSeatPlayer(v.players.white);
    const black = readSeatPlayer(v.players.black);
    if (!white || !black) return undefined;
    players = { white, black };
  }
  // Absent (a server before them): unknown, shown as no date.
  const created = v.created ?? 0;
  const ended = v.ended ?? null;
  if (!time(created) || (ended !== null && !time(ended))) return undefined;
  const rated = v.rated ?? false;
  if (typeof rated !== 'boolean') return undefined;
  // Absent (a server before correspondence games) is a live game.
  const days = v.days ?? null;
  if (days !== null && !(count(days) && days >= 1 && days <= 30)) return undefined;
  return {
    id: v.id,
    v: v.v,
    created,
    ended,
    status: v.status,
    clock,
    moves,
    clocks,
    now: v.now,
    seats: { white: ws, black: bs },
    presence: { white: pw, black: pb },
    claimAfter: v.claimAfter,
    drawOffer,
    drawOffers,
    takebackOffer,
    abortAt,
    rematchOffer,
    rematch,
    outcome,
    result: v.result,
    players,
    rated,
    days,
  };
}

/** One text frame from the game socket, or undefined when it is not a message of the wire format. */
export function readServerMessage(data: unknown): ServerMessage | undefined {
  if (typeof data !== 'string' || data.length > 1_000_000) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isObject(v)) return undefined;
  switch (v.t) {
    case 'hello':
      return colorOrNull(v.you) && count(v.v) ? { t: 'hello', you: v.you, v: v.v } : undefined;
    case 'game': {
      const game = readSnapshot(v.game);
      return game ? { t: 'game', game } : undefined;
    }
    case 'move': {
      if (typeof v.game !== 'string' || !GAME_ID.test(v.game) || !count(v.v) || !time(v.now))
        return undefined;
      if (typeof v.move !== 'string' || v.move.length > 200) return undefined;
      const clocks = readClocks(v.clocks);
      const abortAt = v.abortAt ?? null;
      const drawOffer = optionalColor(v.drawOffer);
      const takebackOffer = optionalColor(v.takebackOffer);
      if (clocks === undefined || (abortAt !== null && !time(abortAt))) return undefined;
      if (drawOffer === undefined || takebackOffer === undefined) return undefined;
      return {
        t: 'move',
        game: v.game,
        v: v.v,
        move: v.move,
        clocks,
        now: v.now,
        abortAt,
        drawOffer,
        takebackOffer,
      };
    }
    case 'ack':
      return typeof v.id === 'string' && count(v.v) ? { t: 'ack', id: v.id, v: v.v } : undefined;
    case 'seat':
      return typeof v.game === 'string' &&
        GAME_ID.test(v.game) &&
        oneOf(COLORS, v.color) &&
        typeof v.token === 'string' &&
        SEAT_TOKEN.test(v.token)
        ? { t: 'seat', game: v.game, color: v.color, token: v.token }
        : undefined;
    case 'react':
      return oneOf(COLORS, v.color) && oneOf(REACTIONS, v.reaction)
        ? { t: 'react', color: v.color, reaction: v.reaction }
        : undefined;
    case 'pong':
      return count(v.n) && time(v.now) ? { t: 'pong', n: v.n, now: v.now } : undefined;
    case 'error':
      if (typeof v.code !== 'string' || typeof v.message !== 'string') return undefined;
      if (v.ref !== undefined && typeof v.ref !== 'string') return undefined;
      if (v.id !== undefined && typeof v.id !== 'string') return undefined;
      return {
        t: 'error',
        code: v.code as ErrorCode,
        message: v.message,
        ...(v.ref !== undefined ? { ref: v.ref } : {}),
        ...(v.id !== undefined ? { id: v.id } : {}),
      };
    default:
      return undefined;
  }
}

/** The answer to `POST /api/games`: the new game's id, the maker's colour and seat token. */
export function readMadeGame(v: unknown): { id: string; color: Color; token: string } | undefined {
  if (!isObject(v) || typeof v.id !== 'string' || !GAME_ID.test(v.id) || !oneOf(COLORS, v.color))
    return undefined;
  if (typeof v.token !== 'string' || !SEAT_TOKEN.test(v.token)) return undefined;
  return { id: v.id, color: v.color, token: v.token };
}
