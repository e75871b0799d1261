/**
 * Pooled puzzle ratings: each training puzzle's Glicko-2 rating learns from every device's results,
 * anonymously, as lichess's puzzle ratings do. A device sends its rated results when the server is
 * reachable (`POST /api/puzzles/results`, at once or later from its queue); the app reads the pooled
 * ratings (`GET /api/puzzles/ratings`) to pick puzzles near the player. The player's own rating
 * stays on the device: the server keeps no player here, only a random device id, so that a device's
 * result counts once per puzzle and its rate is limited.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_RD, MIN_RD, parseBank, puzzleRating, updateRating, type Puzzle } from '@dama/puzzle';
import { Buckets } from './bucket.ts';
import { describe } from './protocol.ts';
import type { GameStore, StoredPuzzleRating } from './store.ts';
import {
  DEVICE_ID,
  MAX_PUZZLE_RESULTS,
  PUZZLE_RESULT_MAX_AGE,
  type PooledPuzzleRating,
  type PuzzleResult,
  type PuzzleRatingsResponse,
  type PuzzleResultsResponse,
} from './wire.ts';

/** What a device may send: results an hour (a burst, then the rate), and an address for all its devices. */
export interface PoolLimits {
  deviceBurst: number;
  devicePerHour: number;
  addressBurst: number;
  addressPerHour: number;
}

/** About three storms an hour from a device; an address (a school, a family) ten times that. */
export const DEFAULT_POOL_LIMITS: PoolLimits = {
  deviceBurst: 200,
  devicePerHour: 300,
  addressBurst: 2000,
  addressPerHour: 3000,
};

/** The player's side of a result is the device's word: held to a plausible range. */
const PLAYER_RATING = { min: 400, max: 3000 };
/** A result may come this far ahead of the server's clock (a device's clock a little fast). */
const FUTURE_SLACK = 5 * 60_000;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A puzzle's rating before any result: its level's (`puzzleRating`). */
export function seedRating(p: Puzzle, now: number): StoredPuzzleRating {
  const r = puzzleRating(p.difficulty);
  return { puzzle: p.id, rating: r.rating, rd: r.rd, vol: r.vol, plays: 0, updated: now };
}

/** The puzzle's rating after one result: a solve is the puzzle's loss, a failure its win. */
export function rateResult(
  current: StoredPuzzleRating,
  result: PuzzleResult,
  now: number,
): StoredPuzzleRating {
  const player = {
    rating: clamp(result.rating, PLAYER_RATING.min, PLAYER_RATING.max),
    rd: clamp(result.rd, MIN_RD, MAX_RD),
    vol: 0.06,
  };
  const next = updateRating(current, player, result.win ? 0 : 1);
  return { ...current, ...next, plays: current.plays + 1, updated: now };
}

export const shown = (r: StoredPuzzleRating): PooledPuzzleRating => ({
  puzzle: r.puzzle,
  rating: Math.round(r.rating),
  rd: Math.round(r.rd),
  plays: r.plays,
});

/** The training pool the app ships (`@dama/puzzle/training.tsv`): the puzzles a result may name. */
export function loadTrainingBank(): Map<number, Puzzle> {
  const file = createRequire(import.meta.url).resolve('@dama/puzzle/training.tsv');
  const parsed = parseBank(readFileSync(file, 'utf8'), 'training');
  if (!parsed.ok) throw new Error(`training bank ${file}: ${parsed.error}`);
  return new Map(parsed.value.map((p) => [p.id, p]));
}

const ResultsBody = z
  .object({
    device: z.string().regex(DEVICE_ID),
    results: z
      .array(
        z
          .object({
            puzzle: z.number().int().min(1),
            win: z.boolean(),
            rating: z.number().finite(),
            rd: z.number().finite(),
            at: z.number().int().min(0),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_PUZZLE_RESULTS),
  })
  .strict();

const fail = (code: string, message: string) => ({ error: { code, message } });

/** How long the list of pooled ratings is kept before it is read again (ms). */
const LIST_TTL = 60_000;

export function puzzleRoutes(
  app: FastifyInstance,
  store: GameStore,
  bank: Map<number, Puzzle>,
  now: () => number,
  limits: PoolLimits = DEFAULT_POOL_LIMITS,
): void {
  const devices = new Buckets(limits.deviceBurst, limits.devicePerHour / 3600);
  const addresses = new Buckets(limits.addressBurst, limits.addressPerHour / 3600);
  let list: { at: number; body: PuzzleRatingsResponse } | undefined;

  // The API's bodies are 1 KB at most; a full list of results needs more (about 80 bytes each).
  app.post('/api/puzzles/results', { bodyLimit: 128 * MAX_PUZZLE_RESULTS + 1024 }, async (req, reply) => {
    const body = ResultsBody.safeParse(req.body);
    if (!body.success)
      return reply
        .status(400)
        .send(fail('bad-request', `Not a list of puzzle results: ${describe(body.error)}.`));
    const t = now();
    const { device, results } = body.data;
    let rejected = 0;
    const fresh: PuzzleResult[] = [];
    let limited = false;
    for (const r of results) {
      const ok = bank.has(r.puzzle) && r.at >= t - PUZZLE_RESULT_MAX_AGE && r.at <= t + FUTURE_SLACK;
      if (!ok) rejected++;
      else if (limited || !devices.take(device, t) || !addresses.take(req.ip, t)) {
        limited = true;
        rejected++;
      } else fresh.push(r);
    }
    if (fresh.length === 0 && limited)
      return reply.status(429).send(fail('rate-limited', 'This device has sent enough results for now.'));
    try {
      const out = await store.puzzleResults(device, fresh, (current, r) =>
        rateResult(current ?? seedRating(bank.get(r.puzzle)!, t), r, t),
      );
      const response: PuzzleResultsResponse = {
        accepted: out.accepted,
        duplicate: fresh.length - out.accepted,
        rejected,
        ratings: out.ratings.map(shown),
      };
      return response;
    } catch (e) {
      req.log.error({ err: e }, 'puzzle results failed');
      return reply
        .status(503)
        .send(fail('busy', 'The server cannot reach its database just now; try again in a moment.'));
    }
  });

  app.get('/api/puzzles/ratings', async (req, reply) => {
    const t = now();
    if (!list || t - list.at > LIST_TTL) {
      try {
        list = { at: t, body: { ratings: (await store.puzzleRatings()).map(shown) } };
      } catch (e) {
        req.log.error({ err: e }, 'puzzle ratings failed');
        if (!list)
          return reply
            .status(503)
            .send(fail('busy', 'The server cannot reach its database just now; try again in a moment.'));
      }
    }
    return reply.header('cache-control', 'public, max-age=300').send(list.body);
  });
}
