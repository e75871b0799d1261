// Pooled puzzle ratings over HTTP: a result moves its puzzle's rating the right way, counts once per
// device and puzzle (a retried sync or a replay is a duplicate), and what is malformed, unknown,
// stale, from the future or past a device's rate is refused without touching a rating.
import { afterEach, describe, expect, it } from 'vitest';
import { puzzleRating } from '@dama/puzzle';
import {
  buildServer,
  LocalBus,
  loadTrainingBank,
  SqliteStore,
  type DamaServer,
  type GameStore,
  type PuzzleResultsResponse,
  type PuzzleRatingsResponse,
  type ServerOptions,
} from '../src/index.ts';

const servers: DamaServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.app.close();
});

async function serve(opts: Partial<ServerOptions> = {}): Promise<DamaServer> {
  const server = await buildServer({ store: new SqliteStore(':memory:'), bus: new LocalBus(), ...opts });
  servers.push(server);
  return server;
}

const bank = loadTrainingBank();
const [first, second] = [...bank.values()];
const DEVICE = 'device-aaaaaaaaaaaaaaaa';
const OTHER = 'device-bbbbbbbbbbbbbbbb';

const result = (puzzle: number, win: boolean, extra: Record<string, unknown> = {}) => ({
  puzzle,
  win,
  rating: 1500,
  rd: 100,
  at: Date.now() - 60_000,
  ...extra,
});

async function send(server: DamaServer, body: unknown, ip = '127.0.0.1') {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/puzzles/results',
    payload: body as Record<string, unknown>,
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as PuzzleResultsResponse & { error?: { code: string } } };
}

const ratingOf = (r: PuzzleResultsResponse, puzzle: number) => r.ratings.find((x) => x.puzzle === puzzle);

describe('pooled puzzle ratings', () => {
  it('a solve lowers the puzzle, a failure raises it, from its level’s rating', async () => {
    const server = await serve();
    const seed = puzzleRating(first.difficulty).rating;
    const solved = await send(server, { device: DEVICE, results: [result(first.id, true)] });
    expect(solved.status).toBe(200);
    expect(solved.body).toMatchObject({ accepted: 1, duplicate: 0, rejected: 0 });
    const afterSolve = ratingOf(solved.body, first.id)!;
    expect(afterSolve.plays).toBe(1);
    // A 1500 player solving it: a loss for the puzzle, which goes down from its seed.
    expect(afterSolve.rating).toBeLessThan(seed);
    const failed = await send(server, { device: OTHER, results: [result(first.id, false)] });
    const afterFail = ratingOf(failed.body, first.id)!;
    expect(afterFail.plays).toBe(2);
    expect(afterFail.rating).toBeGreaterThan(afterSolve.rating);
    expect(afterFail.rd).toBeLessThan(puzzleRating(first.difficulty).rd);
  });

  it('counts a device’s result for a puzzle once: a retried sync and a replay are duplicates', async () => {
    const server = await serve();
    const once = await send(server, {
      device: DEVICE,
      results: [result(first.id, true), result(second.id, false)],
    });
    expect(once.body).toMatchObject({ accepted: 2, duplicate: 0 });
    const again = await send(server, {
      device: DEVICE,
      results: [result(first.id, true), result(second.id, true, { at: Date.now() })],
    });
    expect(again.body).toMatchObject({ accepted: 0, duplicate: 2, rejected: 0 });
    expect(ratingOf(again.body, first.id)).toEqual(ratingOf(once.body, first.id));
    expect(ratingOf(again.body, second.id)).toEqual(ratingOf(once.body, second.id));
    const list = await server.app.inject({ method: 'GET', url: '/api/puzzles/ratings' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=300');
    const ratings = (list.json() as PuzzleRatingsResponse).ratings;
    expect(ratings.map((r) => [r.puzzle, r.plays])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
  });

  it('refuses what is malformed, and rejects unknown, stale and future results without rating them', async () => {
    const server = await serve();
    for (const body of [
      { device: 'short', results: [result(first.id, true)] },
      { device: DEVICE, results: [] },
      { device: DEVICE, results: Array.from({ length: 101 }, () => result(first.id, true)) },
      { device: DEVICE, results: [{ ...result(first.id, true), player: 'x' }] },
      { device: DEVICE, results: [result(first.id, true, { rating: '1500' })] },
      { device: DEVICE, results: [result(1.5, true)] },
      { device: DEVICE, results: [result(first.id, true)], extra: 1 },
      [result(first.id, true)],
    ]) {
      const r = await send(server, body);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('bad-request');
    }
    const unknownId = Math.max(...bank.keys()) + 1;
    const mixed = await send(server, {
      device: DEVICE,
      results: [
        result(unknownId, true),
        result(first.id, true, { at: Date.now() - 31 * 24 * 3600_000 }),
        result(first.id, true, { at: Date.now() + 3600_000 }),
      ],
    });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject({ accepted: 0, duplicate: 0, rejected: 3, ratings: [] });
    // Nothing was counted: the device's first real result still counts.
    const real = await send(server, { device: DEVICE, results: [result(first.id, true)] });
    expect(real.body.accepted).toBe(1);
  });

  it('holds a claimed rating to a plausible range', async () => {
    const server = await serve();
    const wild = await send(server, {
      device: DEVICE,
      results: [result(first.id, false, { rating: 1e9, rd: 0 })],
    });
    const sane = await send(server, {
      device: OTHER,
      results: [result(second.id, false, { rating: 3000, rd: 45 })],
    });
    const gain = (r: PuzzleResultsResponse, p: typeof first) =>
      ratingOf(r, p.id)!.rating - puzzleRating(p.difficulty).rating;
    // A failure by a "1e9" player moves the puzzle as one by a 3000 player would, not without bound.
    expect(Math.abs(gain(wild.body, first) - gain(sane.body, second))).toBeLessThan(2);
  });

  it('limits the results a device sends, and an address for all its devices', async () => {
    const ids = [...bank.keys()].slice(0, 6);
    const server = await serve({
      poolLimits: { deviceBurst: 3, devicePerHour: 1, addressBurst: 5, addressPerHour: 1 },
    });
    const r = await send(server, { device: DEVICE, results: ids.slice(0, 4).map((id) => result(id, true)) });
    expect(r.body).toMatchObject({ accepted: 3, rejected: 1 });
    const limited = await send(server, { device: DEVICE, results: [result(ids[5], true)] });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('rate-limited');
    // Another device at the same address: the address has 2 left of its 5.
    const other = await send(server, {
      device: OTHER,
      results: ids.slice(0, 3).map((id) => result(id, false)),
    });
    expect(other.body).toMatchObject({ accepted: 2, rejected: 1 });
    // A device elsewhere is not limited by this address.
    const elsewhere = await send(
      server,
      { device: 'device-cccccccccccccccc', results: [result(ids[0], true)] },
      '127.0.0.9',
    );
    expect(elsewhere.body.accepted).toBe(1);
  });

  it('answers busy when the database is away, and nothing is counted', async () => {
    const inner = new SqliteStore(':memory:');
    let down = true;
    const store: GameStore = Object.create(inner, {
      puzzleResults: {
        value: (...args: Parameters<GameStore['puzzleResults']>) =>
          down ? Promise.reject(new Error('connection refused')) : inner.puzzleResults(...args),
      },
    }) as GameStore;
    const server = await serve({ store });
    const r = await send(server, { device: DEVICE, results: [result(first.id, true)] });
    expect(r.status).toBe(503);
    expect(r.body.error?.code).toBe('busy');
    expect(JSON.stringify(r.body)).not.toContain('connection refused');
    down = false;
    const back = await send(server, { device: DEVICE, results: [result(first.id, true)] });
    expect(back.body.accepted).toBe(1);
  });
});
