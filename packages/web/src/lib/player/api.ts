// The player API of the game server over HTTP (packages/server/src/player-api.ts): a new identity,
// who am I, a new name from the lists, and the transfer code. Every call ends in a `Result`: the
// value read and checked (read.ts), or one of a few error codes that the screen turns into a
// sentence. Nothing here throws and nothing waits forever (`TIMEOUT_MS`).
import type { Snapshot } from '@dama/server/wire';
import {
  PLAYER_ID,
  readAccount,
  readErrorCode,
  readGames,
  readHeldPlayer,
  readHistory,
  readNameLists,
  readPlayerCard,
  readPublicPlayer,
  readTransfer,
  TRANSFER_TTL,
  type Account,
  type HeldPlayer,
  type NameLists,
  type PlayerCard,
  type PublicPlayer,
  type RatingPoint,
} from './read.ts';

/** Why a call did not give its value. */
export const PLAYER_ERRORS = [
  /** no connection (the request never got an answer) */
  'offline',
  /** no answer within TIMEOUT_MS */
  'timeout',
  /** the server cannot reach its database just now (503) */
  'busy',
  /** too many tries from this address (429) */
  'rate-limited',
  /** this address has made enough players for now (429 on a new identity) */
  'too-many-players',
  /** the id and secret kept here are not a player the server knows (401) */
  'not-a-player',
  /** the transfer code is unknown, used or expired (404) */
  'unknown-code',
  /** there is no such game (404): it ended long ago, or never was */
  'unknown-game',
  /** the transfer code is not 8 letters and digits (400) */
  'bad-code',
  /** a word is not in the lists (400) */
  'bad-name',
  /** an answer that is not what the API says: nothing of it is used */
  'bad-answer',
  /** any other refusal */
  'server',
] as const;
export type PlayerError = (typeof PLAYER_ERRORS)[number];

export type Result<T> = { ok: true; value: T } | { ok: false; error: PlayerError };

/** The part of a `fetch` response used here. */
export interface HttpResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** `fetch` against the server's address (`path` like 'api/players/me'); a fake in unit tests. */
export type Http = (path: string, init: HttpRequest) => Promise<HttpResponse>;

/** How long a call may take before it is given up. */
export const TIMEOUT_MS = 10_000;
/** The longest answer read (a player is a few hundred bytes). */
const MAX_ANSWER = 64 * 1024;
/** The longest list read: a page of 50 games, or a long rating history. */
const MAX_LIST = 4 * 1024 * 1024;

/** A transfer code and how long it is valid from the moment its answer arrived. */
export interface TransferCode {
  code: string;
  validFor: number;
}

/** Who a request speaks for. */
export type Credentials = Pick<HeldPlayer, 'id' | 'secret'>;

const bearer = (c: Credentials): Record<string, string> => ({ authorization: `Bearer ${c.id}.${c.secret}` });
const JSON_BODY = { 'content-type': 'application/json' };

function refusal(status: number, code: string | undefined): PlayerError {
  if (status === 401) return 'not-a-player';
  if (status === 429) return code === 'too-many-players' ? 'too-many-players' : 'rate-limited';
  if (status === 503) return 'busy';
  if (status === 404 && code === 'unknown-code') return 'unknown-code';
  if (status === 404 && code === 'unknown-game') return 'unknown-game';
  if (status === 400 && code === 'bad-code') return 'bad-code';
  if (status === 400 && code === 'bad-name') return 'bad-name';
  return 'server';
}

/**
 * How long a code is valid, on this device's clock: the server's `expires` against the server's own
 * time (its `Date` header; the device's clock may be off by minutes), never more than the server's
 * ten minutes.
 */
export function validFor(expires: number, serverDate: string | null, now: number): number {
  const serverNow = serverDate ? Date.parse(serverDate) : NaN;
  const left = expires - (Number.isFinite(serverNow) ? serverNow : now);
  return Math.max(0, Math.min(TRANSFER_TTL, left));
}

export class PlayerApi {
  constructor(
    private readonly http: Http,
    private readonly now: () => number = Date.now,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /** A new identity: an id, a secret for this device and a generated name (`POST /api/players`). */
  create(): Promise<Result<HeldPlayer>> {
    return this.call('POST', 'api/players', {}, 201, readHeldPlayer);
  }

  /** The player these credentials speak for, as the server has it now, with their ratings and blocks. */
  me(c: Credentials): Promise<Result<{ player: PublicPlayer; account: Account }>> {
    return this.call('GET', 'api/players/me', bearer(c), 200, (v) => {
      const player = readPublicPlayer(v);
      const account = readAccount(v);
      return player && account && { player, account };
    });
  }

  /** Anyone's name and ratings (`GET /api/players/:id`). */
  card(id: string): Promise<Result<PlayerCard>> {
    if (!PLAYER_ID.test(id)) return Promise.resolve({ ok: false, error: 'server' });
    return this.call('GET', `api/players/${id}`, {}, 200, (v) => {
      const card = readPlayerCard(v);
      return card?.id === id ? card : undefined;
    });
  }

  /** A player's finished paired games, newest first (one page). */
  games(id: string): Promise<Result<Snapshot[]>> {
    if (!PLAYER_ID.test(id)) return Promise.resolve({ ok: false, error: 'server' });
    return this.call('GET', `api/players/${id}/games`, {}, 200, (v) => readGames(v, id), undefined, MAX_LIST);
  }

  /** A player's rating after each rated game, oldest first. */
  history(id: string): Promise<Result<RatingPoint[]>> {
    if (!PLAYER_ID.test(id)) return Promise.resolve({ ok: false, error: 'server' });
    return this.call('GET', `api/players/${id}/history`, {}, 200, readHistory, undefined, MAX_LIST);
  }

  /** Puts another player on this one's block list (never paired again), or takes them off. */
  block(c: Credentials, other: string, blocked: boolean): Promise<Result<true>> {
    if (!PLAYER_ID.test(other)) return Promise.resolve({ ok: false, error: 'server' });
    const method = blocked ? 'PUT' : 'DELETE';
    return this.call(method, `api/players/me/blocks/${other}`, bearer(c), 204, () => true);
  }

  /** A new name from the lists; the number is kept, so the player stays recognisable. */
  rename(c: Credentials, adjective: string, noun: string, number: number): Promise<Result<PublicPlayer>> {
    const body = JSON.stringify({ adjective, noun, number });
    return this.call(
      'PUT',
      'api/players/me/name',
      { ...bearer(c), ...JSON_BODY },
      200,
      readPublicPlayer,
      body,
    );
  }

  /** A one-time code that moves this identity to another device, valid a few minutes. */
  transferCode(c: Credentials): Promise<Result<TransferCode>> {
    return this.call('POST', 'api/players/me/transfer', bearer(c), 201, (v, headers) => {
      const t = readTransfer(v);
      return t && { code: t.code, validFor: validFor(t.expires, headers.get('date'), this.now()) };
    });
  }

  /** The identity a code stands for, with a secret of this device's own (`POST /api/players/transfer`). */
  claim(code: string): Promise<Result<HeldPlayer>> {
    const body = JSON.stringify({ code });
    return this.call('POST', 'api/players/transfer', JSON_BODY, 200, readHeldPlayer, body);
  }

  /** The word lists a name is chosen from. */
  names(): Promise<Result<NameLists>> {
    return this.call('GET', 'api/players/names', {}, 200, readNameLists);
  }

  /**
   * Any other route of the server's API, read by the caller's own reader (the "your turn" list, a
   * game's snapshot, the live games, a leaderboard, notifications): the same timeout, size limit
   * and error codes as every call here. `expected` is the success status (200, or 204 with no body).
   */
  ask<T>(
    method: HttpRequest['method'],
    path: string,
    read: (v: unknown) => T | undefined,
    opts: { credentials?: Credentials; body?: unknown; expected?: number; maxAnswer?: number } = {},
  ): Promise<Result<T>> {
    const headers = {
      ...(opts.credentials ? bearer(opts.credentials) : {}),
      ...(opts.body !== undefined ? JSON_BODY : {}),
    };
    const body = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
    return this.call(method, path, headers, opts.expected ?? 200, read, body, opts.maxAnswer ?? MAX_LIST);
  }

  private async call<T>(
    method: HttpRequest['method'],
    path: string,
    headers: Record<string, string>,
    expected: number,
    read: (v: unknown, headers: HttpResponse['headers']) => T | undefined,
    body?: string,
    maxAnswer = MAX_ANSWER,
  ): Promise<Result<T>> {
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, this.timeoutMs);
    try {
      const res = await this.http(path, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: abort.signal,
      });
      const text = await res.text();
      let value: unknown;
      try {
        value = text.length <= maxAnswer ? JSON.parse(text) : undefined;
      } catch {
        value = undefined;
      }
      if (res.status !== expected) return { ok: false, error: refusal(res.status, readErrorCode(value)) };
      const got = read(value, res.headers);
      return got === undefined ? { ok: false, error: 'bad-answer' } : { ok: true, value: got };
    } catch {
      return { ok: false, error: timedOut ? 'timeout' : 'offline' };
    } finally {
      clearTimeout(timer);
    }
  }
}
