/**
 * The device's side of the pooled puzzle ratings (the game server's `POST /api/puzzles/results`
 * and `GET /api/puzzles/ratings`): rated training results wait in a queue until the server is
 * reachable, and the pooled ratings it sends back are kept to pick puzzles with. The player's own
 * rating never comes from the server: offline solves moved it on the device when they were played.
 * Pure functions over one record; the app stores it and talks to the server.
 */
import { isObject } from '@dama/core';
import { puzzleRating, type Rating } from './rating.ts';

/** A rated result waiting to be sent: the puzzle, solved or not, and the player's rating before it. */
export interface PendingResult {
  puzzle: number;
  win: boolean;
  rating: number;
  rd: number;
  at: number;
}

/** A puzzle's pooled rating as last heard: rating, deviation, results it learned from. */
export type PooledEntry = [rating: number, rd: number, plays: number];

export interface PoolStore {
  version: 1;
  /** The device's random id (anonymous: it names no player). */
  device: string;
  /** Results not yet accepted by the server, oldest first (at most `MAX_PENDING`). */
  pending: PendingResult[];
  /** Pooled ratings by puzzle id. */
  ratings: Record<string, PooledEntry>;
  /** When the whole list was last fetched (ms), or null. */
  fetched: number | null;
}

/** Results kept waiting at most (a device offline for months keeps the newest). */
export const MAX_PENDING = 500;
/** Results one request carries (the server's `MAX_PUZZLE_RESULTS`). */
export const SYNC_BATCH = 100;
/** The server drops results older than this; the device does too. */
export const PENDING_MAX_AGE = 30 * 24 * 3600_000;
/** How often the whole list of pooled ratings is fetched again. */
export const REFRESH_RATINGS = 6 * 3600_000;
/**
 * A pooled rating is used once it has learned from this many results: before that the puzzle's
 * level says more than a few players' luck.
 */
export const MIN_POOLED_PLAYS = 8;

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new record with a random device id (22 characters of base64url from the bytes `fill` makes random). */
export function emptyPool(fill: (bytes: Uint8Array<ArrayBuffer>) => void): PoolStore {
  const bytes = new Uint8Array(22);
  fill(bytes);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let device = '';
  for (const b of bytes) device += abc[b & 63];
  return { version: 1, device, pending: [], ratings: {}, fetched: null };
}

/** The record with one more result waiting (a second result for a puzzle replaces nothing: the first counts). */
export function queueResult(store: PoolStore, result: PendingResult): PoolStore {
  if (store.pending.some((r) => r.puzzle === result.puzzle)) return store;
  return { ...store, pending: [...store.pending, result].slice(-MAX_PENDING) };
}

/** The results to send now: the oldest batch, without those too old for the server. */
export function nextBatch(store: PoolStore, now: number): PendingResult[] {
  return store.pending.filter((r) => r.at >= now - PENDING_MAX_AGE).slice(0, SYNC_BATCH);
}

/**
 * After the server answered a batch (each result counted, a duplicate or rejected: settled either
 * way): those leave the queue, with any too old to send, and the ratings it sent are kept.
 */
export function settleBatch(
  store: PoolStore,
  sent: readonly PendingResult[],
  ratings: readonly { puzzle: number; rating: number; rd: number; plays: number }[],
  now: number,
): PoolStore {
  const done = new Set(sent.map((r) => r.puzzle));
  return {
    ...store,
    pending: store.pending.filter((r) => !done.has(r.puzzle) && r.at >= now - PENDING_MAX_AGE),
    ratings: { ...store.ratings, ...entries(ratings) },
  };
}

/** The record with the whole list of pooled ratings, as fetched at `now`. */
export function withRatings(
  store: PoolStore,
  ratings: readonly { puzzle: number; rating: number; rd: number; plays: number }[],
  now: number,
): PoolStore {
  return { ...store, ratings: entries(ratings), fetched: now };
}

const entries = (list: readonly { puzzle: number; rating: number; rd: number; plays: number }[]) =>
  Object.fromEntries(list.map((r) => [String(r.puzzle), [r.rating, r.rd, r.plays] as PooledEntry]));

/** Whether the whole list is due to be fetched again. */
export const ratingsDue = (store: PoolStore, now: number): boolean =>
  store.fetched === null || now - store.fetched >= REFRESH_RATINGS || now < store.fetched;

/** The pooled ratings that have learned enough to be used (`MIN_POOLED_PLAYS`), by puzzle id. */
export function pooledRatings(store: PoolStore): Map<number, Rating> {
  const out = new Map<number, Rating>();
  for (const [id, [rating, rd, plays]] of Object.entries(store.ratings))
    if (plays >= MIN_POOLED_PLAYS) out.set(Number(id), { rating, rd, vol: puzzleRating(1).vol });
  return out;
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

const isPending = (x: unknown): x is PendingResult =>
  isObject(x) &&
  Number.isInteger(x.puzzle) &&
  (x.puzzle as number) > 0 &&
  typeof x.win === 'boolean' &&
  finite(x.rating) &&
  finite(x.rd) &&
  finite(x.at);

const isEntry = (x: unknown): x is PooledEntry =>
  Array.isArray(x) && x.length === 3 && x.every(finite) && (x[1] as number) > 0 && (x[2] as number) >= 0;

/**
 * Check and repair a stored record: what cannot be read is dropped (a result, a rating) and said;
 * a missing or broken device id makes a new one. Undefined only for something that is not a record
 * at all, which the caller sets aside and starts again from `emptyPool`.
 */
export function validatePool(raw: unknown): { store: PoolStore; problem?: string } | undefined {
  if (!isObject(raw) || raw.version !== 1) return undefined;
  if (typeof raw.device !== 'string' || !DEVICE_ID.test(raw.device)) return undefined;
  const problems: string[] = [];
  const pendingIn = Array.isArray(raw.pending) ? raw.pending : [];
  if (!Array.isArray(raw.pending)) problems.push('the queue was unreadable');
  const pending = pendingIn.filter(isPending).slice(-MAX_PENDING);
  if (pending.length < pendingIn.length) problems.push(`${pendingIn.length - pending.length} queued results`);
  const ratingsIn = isObject(raw.ratings) ? raw.ratings : {};
  const ratings: Record<string, PooledEntry> = {};
  for (const [k, v] of Object.entries(ratingsIn))
    if (/^[1-9]\d*$/.test(k) && isEntry(v)) ratings[k] = v;
    else problems.push(`the rating of ${k.slice(0, 10)}`);
  const fetched = finite(raw.fetched) ? raw.fetched : null;
  const store: PoolStore = { version: 1, device: raw.device, pending, ratings, fetched };
  return problems.length > 0 ? { store, problem: `dropped ${problems.join(', ')}` } : { store };
}
