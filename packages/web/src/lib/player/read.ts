// Reading what the player API answers and what this device keeps. Every value is checked before
// anything is shown or stored, so a broken or hostile answer is refused as a whole (the kept
// player stays as it was) instead of being half-written into storage. The shapes follow
// packages/server/src/players.ts (`PublicPlayer`, the transfer code) and player-api.ts.
import type { ShownRating, Snapshot } from '@dama/server/wire';
import { isObject } from '../guards.ts';
import { SPEEDS, type Speed } from '../online/clocks.ts';
import { readSnapshot } from '../online/read.ts';

/** A player id and a device's secret, as the server makes them. */
export const PLAYER_ID = /^[A-Za-z0-9]{12}$/;
export const PLAYER_SECRET = /^[A-Za-z0-9_-]{24}$/;

/** The transfer code's symbols: no look-alikes (no 0/O, 1/I/L), as the server draws them. */
const CODE_SYMBOLS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A transfer code as the server sends it: 'K7PX-3MQ2'. */
export const TRANSFER_CODE = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;
/** How long a transfer code lasts (the server's `TRANSFER_TTL`); a longer promise is not believed. */
export const TRANSFER_TTL = 10 * 60_000;

/** One word of a name: letters only ('Hızlı', 'Rüzgâr'). */
const WORD = /^\p{L}{1,24}$/u;
/** A whole name: words and a number ('Hızlı Kartal 417'). */
const NAME = /^[\p{L}\p{N}]+( [\p{L}\p{N}]+){0,3}$/u;
const MAX_NAME = 60;
/** More words than a list will ever hold. */
const MAX_WORDS = 500;

/** The words of a name and its number (1 to 999, so that two players with the same words differ). */
export interface PlayerWords {
  adjective: string;
  noun: string;
  number: number;
}

/** A player as anyone may see it (the server's `PublicPlayer`). */
export interface PublicPlayer {
  id: string;
  /** 'Hızlı Kartal 417' */
  name: string;
  words: PlayerWords;
  /** when the identity was made (ms since 1970, the server's clock) */
  created: number;
}

/** The player this device speaks for: the public part, and this device's own secret. */
export interface HeldPlayer extends PublicPlayer {
  secret: string;
}

/** The two word lists a name is chosen from (`GET /api/players/names`). */
export interface NameLists {
  adjectives: string[];
  nouns: string[];
}

/** A transfer code and until when the server keeps it (the server's clock). */
export interface TransferAnswer {
  code: string;
  expires: number;
}

const time = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const count = time;

/** A whole name as the server writes it ('Hızlı Kartal 417'). */
export const isName = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= MAX_NAME && NAME.test(v);

export function readWords(v: unknown): PlayerWords | undefined {
  if (!isObject(v)) return undefined;
  const { adjective, noun, number } = v;
  if (typeof adjective !== 'string' || !WORD.test(adjective)) return undefined;
  if (typeof noun !== 'string' || !WORD.test(noun)) return undefined;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 999) return undefined;
  return { adjective, noun, number };
}

/** A public player, or undefined when any part is not what the server's format says. */
export function readPublicPlayer(v: unknown): PublicPlayer | undefined {
  if (!isObject(v)) return undefined;
  const { id, name, created } = v;
  if (typeof id !== 'string' || !PLAYER_ID.test(id)) return undefined;
  if (typeof name !== 'string' || name.length > MAX_NAME || !NAME.test(name)) return undefined;
  const words = readWords(v.words);
  if (!words || !time(created)) return undefined;
  return { id, name, words, created };
}

/** A player with a secret: a new identity, one brought by a transfer code, or the one kept here. */
export function readHeldPlayer(v: unknown): HeldPlayer | undefined {
  const p = readPublicPlayer(v);
  if (!p || !isObject(v) || typeof v.secret !== 'string' || !PLAYER_SECRET.test(v.secret)) return undefined;
  return { ...p, secret: v.secret };
}

function readWordList(v: unknown): string[] | undefined {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_WORDS) return undefined;
  const out: string[] = [];
  for (const w of v) {
    if (typeof w !== 'string' || !WORD.test(w)) return undefined;
    if (!out.includes(w)) out.push(w);
  }
  return out;
}

export function readNameLists(v: unknown): NameLists | undefined {
  if (!isObject(v)) return undefined;
  const adjectives = readWordList(v.adjectives);
  const nouns = readWordList(v.nouns);
  return adjectives && nouns ? { adjectives, nouns } : undefined;
}

export function readTransfer(v: unknown): TransferAnswer | undefined {
  if (!isObject(v) || typeof v.code !== 'string' || !TRANSFER_CODE.test(v.code) || !time(v.expires))
    return undefined;
  return { code: v.code, expires: v.expires };
}

/** The error code of a refusal (`{error: {code, message}}`), if it has one. */
export function readErrorCode(v: unknown): string | undefined {
  return isObject(v) && isObject(v.error) && typeof v.error.code === 'string' && v.error.code.length < 40
    ? v.error.code
    : undefined;
}

/**
 * A code as typed (any case, spaces or dashes anywhere) in the server's form 'K7PX-3MQ2', or
 * undefined when it cannot be one (the server reads a typed code the same way).
 */
export function normalCode(typed: string): string | undefined {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== 8 || [...s].some((c) => !CODE_SYMBOLS.includes(c))) return undefined;
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

// ---- ratings, games and blocks (the server's lobby.ts, player-api.ts)

/** A player's ratings by speed: only the speeds they have played rated. */
export type Ratings = Partial<Record<Speed, ShownRating>>;

/** What `GET /api/players/me` says beside the player: ratings, the block list, a pairing pause. */
export interface Account {
  ratings: Ratings;
  /** the ids of the players this one blocked */
  blocked: string[];
  pausedUntil: number | null;
}

/** A player as anyone may look them up (`GET /api/players/:id`). */
export interface PlayerCard {
  id: string;
  name: string;
  created: number;
  ratings: Ratings;
}

/** One point of a rating history: the rating after a rated game (`GET /api/players/:id/history`). */
export interface RatingPoint {
  speed: Speed;
  at: number;
  rating: number;
  game: string;
}

/** Players one may block on the server (its `MAX_BLOCKED`); a longer list is not believed. */
const MAX_BLOCKED = 500;
/** More points than a history read here will hold (a game a minute for a year). */
const MAX_POINTS = 100_000;
/** The server's page of games. */
const MAX_GAMES = 50;
const GAME_ID = /^[A-Za-z0-9]{8,16}$/;

/** A rating as the server shows it: whole points, in the range a seek may name. */
export const isRating = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 4000;

export function readShownRating(v: unknown): ShownRating | undefined {
  if (!isObject(v) || !isRating(v.rating) || typeof v.provisional !== 'boolean' || !count(v.games))
    return undefined;
  return { rating: v.rating, provisional: v.provisional, games: v.games };
}

/** Ratings by speed; a speed this client does not know is passed over, a broken rating refuses the whole. */
export function readRatings(v: unknown): Ratings | undefined {
  if (!isObject(v) || Array.isArray(v)) return undefined;
  const out: Ratings = {};
  for (const speed of SPEEDS) {
    if (v[speed] === undefined) continue;
    const r = readShownRating(v[speed]);
    if (!r) return undefined;
    out[speed] = r;
  }
  return out;
}

/** The account part of `GET /api/players/me`; absent parts (a server before pairing) are empty. */
export function readAccount(v: unknown): Account | undefined {
  if (!isObject(v)) return undefined;
  const ratings = v.ratings === undefined ? {} : readRatings(v.ratings);
  const blockedIn = v.blocked ?? [];
  if (!ratings || !Array.isArray(blockedIn) || blockedIn.length > MAX_BLOCKED) return undefined;
  const blocked: string[] = [];
  for (const id of blockedIn) {
    if (typeof id !== 'string' || !PLAYER_ID.test(id)) return undefined;
    if (!blocked.includes(id)) blocked.push(id);
  }
  const paused = v.pausedUntil ?? null;
  if (paused !== null && !time(paused)) return undefined;
  return { ratings, blocked, pausedUntil: paused };
}

export function readPlayerCard(v: unknown): PlayerCard | undefined {
  if (!isObject(v) || typeof v.id !== 'string' || !PLAYER_ID.test(v.id) || !isName(v.name)) return undefined;
  const ratings = v.ratings === undefined ? {} : readRatings(v.ratings);
  if (!time(v.created) || !ratings) return undefined;
  return { id: v.id, name: v.name, created: v.created, ratings };
}

export function readHistory(v: unknown): RatingPoint[] | undefined {
  if (!isObject(v) || !Array.isArray(v.points) || v.points.length > MAX_POINTS) return undefined;
  const out: RatingPoint[] = [];
  for (const p of v.points) {
    if (!isObject(p) || !SPEEDS.includes(p.speed as Speed) || !time(p.at) || !isRating(p.rating))
      return undefined;
    if (typeof p.game !== 'string' || !GAME_ID.test(p.game)) return undefined;
    out.push({ speed: p.speed as Speed, at: p.at, rating: p.rating, game: p.game });
  }
  return out;
}

/**
 * A page of a player's finished paired games: each a snapshot as the game socket sends it (read by
 * the same reader), with both players named. A snapshot that is not one refuses the whole page.
 */
export function readGames(v: unknown, player: string): Snapshot[] | undefined {
  if (!isObject(v) || !Array.isArray(v.games) || v.games.length > MAX_GAMES) return undefined;
  const out: Snapshot[] = [];
  for (const g of v.games) {
    const snap = readSnapshot(g);
    const p = snap?.players;
    if (!snap || !p || (p.white.id !== player && p.black.id !== player)) return undefined;
    out.push(snap);
  }
  return out;
}
