import { describe, expect, it } from 'vitest';
import type { Puzzle } from './bank.ts';
import {
  emptyPool,
  MAX_PENDING,
  MIN_POOLED_PLAYS,
  nextBatch,
  PENDING_MAX_AGE,
  pooledRatings,
  queueResult,
  ratingsDue,
  REFRESH_RATINGS,
  settleBatch,
  SYNC_BATCH,
  validatePool,
  withRatings,
  type PendingResult,
} from './pool.ts';
import { puzzleRating, updateRating } from './rating.ts';
import { emptyTraining, nextPuzzle, recordTraining } from './training.ts';
import { testPuzzle } from './test-puzzle.ts';

const NOW = Date.UTC(2026, 11, 6, 12);
const bytes = (b: Uint8Array) => b.forEach((_, i) => (b[i] = i * 37 + 5));
const result = (puzzle: number, at = NOW - 1000, win = true): PendingResult => ({
  puzzle,
  win,
  rating: 1500,
  rd: 200,
  at,
});
const puzzle = (id: number, difficulty: 1 | 2 | 3 | 4 | 5): Puzzle =>
  testPuzzle(id, { fen: 'W:Wd4:Bd5', moves: 1, line: ['d4xd6'], difficulty });

describe('the pool queue', () => {
  it('makes a device id the server accepts', () => {
    const a = emptyPool(bytes);
    expect(a.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(emptyPool((b) => b.forEach((_, i) => (b[i] = 255 - i))).device).not.toBe(a.device);
  });

  it('queues a puzzle once, keeps the newest MAX_PENDING, and sends the oldest batch not too old', () => {
    let s = emptyPool(bytes);
    s = queueResult(s, result(7, NOW - 10));
    expect(queueResult(s, result(7, NOW, false)).pending).toEqual([result(7, NOW - 10)]);
    for (let i = 1; i <= MAX_PENDING + 20; i++) s = queueResult(s, result(1000 + i));
    expect(s.pending).toHaveLength(MAX_PENDING);
    expect(s.pending[0].puzzle).toBe(1021);
    const stale = queueResult(emptyPool(bytes), result(1, NOW - PENDING_MAX_AGE - 1));
    expect(nextBatch(stale, NOW)).toEqual([]);
    expect(nextBatch(s, NOW)).toHaveLength(SYNC_BATCH);
  });

  it('settles a batch the server answered, keeping what was not sent and the ratings it sent', () => {
    let s = emptyPool(bytes);
    for (const id of [1, 2, 3]) s = queueResult(s, result(id));
    s = queueResult(s, result(4, NOW - PENDING_MAX_AGE - 5));
    const sent = nextBatch(s, NOW).slice(0, 2);
    const after = settleBatch(s, sent, [{ puzzle: 1, rating: 1333, rd: 90, plays: 12 }], NOW);
    expect(after.pending.map((r) => r.puzzle)).toEqual([3]);
    expect(after.ratings['1']).toEqual([1333, 90, 12]);
  });

  it('uses a pooled rating once it has learned from enough results, for picking and for rating', () => {
    const pool = [puzzle(1, 1), puzzle(2, 5)];
    let s = withRatings(
      emptyPool(bytes),
      [
        { puzzle: 1, rating: 2000, rd: 60, plays: MIN_POOLED_PLAYS + 3 },
        { puzzle: 2, rating: 1500, rd: 60, plays: MIN_POOLED_PLAYS - 1 },
      ],
      NOW,
    );
    const pooled = pooledRatings(s);
    expect([...pooled.keys()]).toEqual([1]);
    const training = emptyTraining(); // a new player: 1500
    // By level, #1 (1200) is nearer 1500 than #2 (2000); pooled at 2400, #1 is further than #2.
    expect(nextPuzzle(pool, training)?.id).toBe(1);
    s = withRatings(s, [{ puzzle: 1, rating: 2400, rd: 60, plays: 40 }], NOW);
    expect(nextPuzzle(pool, training, {}, undefined, pooledRatings(s))?.id).toBe(2);
    // The player's rating moves against the pooled rating, not the level's.
    const rated = recordTraining(
      training,
      pool[0],
      { solved: true, hinted: false, solutionSeen: false },
      NOW,
      pooledRatings(s),
    );
    expect(rated.player.rating).toBeCloseTo(
      updateRating(training.player, pooledRatings(s).get(1)!, 1).rating,
      6,
    );
    expect(rated.player.rating).not.toBeCloseTo(updateRating(training.player, puzzleRating(1), 1).rating, 0);
  });

  it('fetches the whole list again after REFRESH_RATINGS, or when the clock went back', () => {
    const s = withRatings(emptyPool(bytes), [], NOW);
    expect(ratingsDue(emptyPool(bytes), NOW)).toBe(true);
    expect(ratingsDue(s, NOW + REFRESH_RATINGS - 1)).toBe(false);
    expect(ratingsDue(s, NOW + REFRESH_RATINGS)).toBe(true);
    expect(ratingsDue(s, NOW - 60_000)).toBe(true);
  });

  it('repairs a damaged record, and refuses what is not one', () => {
    const good = queueResult(
      withRatings(emptyPool(bytes), [{ puzzle: 3, rating: 1400, rd: 80, plays: 9 }], NOW),
      result(5),
    );
    expect(validatePool(JSON.parse(JSON.stringify(good)))).toEqual({ store: good });
    const damaged = {
      ...good,
      pending: [result(5), { puzzle: 'x' }, result(6)],
      ratings: { '3': [1400, 80, 9], '0': [1, 1, 1], '4': [1400, -1, 2], '5': 'no' },
    };
    const repaired = validatePool(damaged);
    expect(repaired?.store.pending.map((r) => r.puzzle)).toEqual([5, 6]);
    expect(Object.keys(repaired!.store.ratings)).toEqual(['3']);
    expect(repaired?.problem).toMatch(/1 queued results/);
    expect(validatePool(null)).toBeUndefined();
    expect(validatePool({ ...good, device: 'short' })).toBeUndefined();
    expect(validatePool({ ...good, version: 2 })).toBeUndefined();
  });
});
