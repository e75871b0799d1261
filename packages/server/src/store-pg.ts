/**
 * The PostgreSQL store (`DATABASE_URL`): the same tables and the same version check as SQLite.
 * The database may restart under it: a pooled client that loses its connection is dropped (the
 * pool's `error` event, which would otherwise end the process), a query fails fast while the
 * database is away, and the pool connects again by itself when it returns.
 */
import pg from 'pg';
import type { PlayerName, PlayerRecord } from './players.ts';
import { upgrade, type ServerGame } from './record.ts';
import type { Speed } from './rating.ts';
import { pointRating, type RatingPoint } from './results.ts';
import type { PuzzleResult } from './wire.ts';
import {
  FORGET_INSTANCES,
  nextBlocked,
  type GameStore,
  type InstanceCounts,
  type Leader,
  type LeaderQuery,
  type LiveGame,
  type PairPlan,
  type PushSubscriptionRecord,
  type Planner,
  type PuzzleRater,
  type StoredPuzzleRating,
  type SeekOutcome,
  type Settler,
  type StoredSeek,
} from './store.ts';

/** The advisory lock that makes pairing rounds one at a time across instances. */
const PAIRING_LOCK = 0x44616d61;
/** The advisory locks (with the puzzle's id) that make a puzzle's rating change one result at a time. */
const PUZZLE_LOCK = 0x50757a;

const puzzleRow = (r: StoredPuzzleRating & { updated: string | number }): StoredPuzzleRating => ({
  ...r,
  updated: Number(r.updated),
});

export class PgStore implements GameStore {
  private pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /** Errors of idle pooled clients (a restart of the database), for the logs. */
  onError: (e: Error) => void = () => undefined;

  static async open(url: string): Promise<PgStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A database that does not answer is a fault to report, not a wait: the hub refuses with `busy`.
      connectionTimeoutMillis: 3000,
      query_timeout: 5000,
      idleTimeoutMillis: 30_000,
    });
    const errors = { handler: (_e: Error) => undefined as void };
    pool.on('error', (e) => errors.handler(e));
    await pool.query(`CREATE TABLE IF NOT EXISTS games (
      id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      status TEXT NOT NULL,
      address TEXT NOT NULL,
      active BIGINT NOT NULL,
      ended BIGINT,
      data JSONB NOT NULL
    )`);
    await pool.query('CREATE INDEX IF NOT EXISTS games_address ON games (address, status)');
    await pool.query('CREATE INDEX IF NOT EXISTS games_status ON games (status, active)');
    await pool.query('CREATE TABLE IF NOT EXISTS instances (id TEXT PRIMARY KEY, seen BIGINT NOT NULL)');
    await pool.query('CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, data JSONB NOT NULL)');
    await pool.query(`CREATE TABLE IF NOT EXISTS puzzle_ratings (
      puzzle INTEGER PRIMARY KEY,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      plays INTEGER NOT NULL,
      updated BIGINT NOT NULL
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS puzzle_plays (
      device TEXT NOT NULL,
      puzzle INTEGER NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (device, puzzle)
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS transfers (
      code TEXT PRIMARY KEY,
      player TEXT NOT NULL,
      expires BIGINT NOT NULL,
      used BOOLEAN NOT NULL DEFAULT false
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS instance_counts (
      id TEXT PRIMARY KEY,
      online INTEGER NOT NULL,
      playing INTEGER NOT NULL
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS seeks (
      id TEXT PRIMARY KEY,
      created BIGINT NOT NULL,
      data JSONB NOT NULL,
      outcome JSONB
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS player_games (
      player TEXT NOT NULL,
      ended BIGINT NOT NULL,
      game TEXT NOT NULL,
      data JSONB NOT NULL,
      PRIMARY KEY (player, ended, game)
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS rating_history (
      player TEXT NOT NULL,
      at BIGINT NOT NULL,
      speed TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      game TEXT NOT NULL
    )`);
    await pool.query('CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, at)');
    await pool.query(`CREATE TABLE IF NOT EXISTS ratings (
      player TEXT NOT NULL,
      speed TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      deviation DOUBLE PRECISION NOT NULL,
      games INTEGER NOT NULL,
      updated BIGINT NOT NULL,
      PRIMARY KEY (player, speed)
    )`);
    await pool.query('CREATE INDEX IF NOT EXISTS ratings_speed ON ratings (speed, rating)');
    await pool.query('CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    await pool.query(`CREATE TABLE IF NOT EXISTS push_subscriptions (
      endpoint TEXT PRIMARY KEY,
      player TEXT NOT NULL,
      created BIGINT NOT NULL,
      data JSONB NOT NULL
    )`);
    await pool.query('CREATE INDEX IF NOT EXISTS push_player ON push_subscriptions (player, created)');
    await pool.query(`CREATE TABLE IF NOT EXISTS live (
      id TEXT PRIMARY KEY,
      rating DOUBLE PRECISION NOT NULL,
      started BIGINT NOT NULL,
      white TEXT NOT NULL,
      black TEXT NOT NULL
    )`);
    await pool.query('CREATE INDEX IF NOT EXISTS live_rating ON live (rating)');
    await pool.query('CREATE INDEX IF NOT EXISTS live_white ON live (white)');
    await pool.query('CREATE INDEX IF NOT EXISTS live_black ON live (black)');
    const store = new PgStore(pool);
    errors.handler = (e) => store.onError(e);
    return store;
  }

  async insert(rec: ServerGame): Promise<void> {
    if (rec.players) return this.transaction((c) => insertGame(c, rec));
    await this.pool.query(
      'INSERT INTO games (id, version, status, address, active, ended, data) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [rec.id, rec.version, rec.status, rec.address, rec.active, rec.ended, JSON.stringify(rec)],
    );
  }

  async get(id: string): Promise<ServerGame | undefined> {
    const r = await this.pool.query('SELECT data FROM games WHERE id = $1', [id]);
    const data = r.rows[0]?.data as ServerGame | undefined;
    return data && upgrade(data);
  }

  async update(rec: ServerGame): Promise<boolean> {
    const r = await this.pool.query(
      'UPDATE games SET version = $1, status = $2, active = $3, ended = $4, data = $5 WHERE id = $6 AND version = $7',
      [rec.version, rec.status, rec.active, rec.ended, JSON.stringify(rec), rec.id, rec.version - 1],
    );
    return r.rowCount === 1;
  }

  async openGamesOf(address: string): Promise<number> {
    const r = await this.pool.query(
      "SELECT count(*)::int AS n FROM games WHERE address = $1 AND status IN ('waiting', 'playing')",
      [address],
    );
    return r.rows[0].n as number;
  }

  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const r = await this.pool.query('SELECT id, version FROM games WHERE id = ANY($1)', [ids]);
    return new Map(r.rows.map((row: { id: string; version: number }) => [row.id, row.version]));
  }

  async idle(before: number): Promise<string[]> {
    const r = await this.pool.query("SELECT id FROM games WHERE status = 'playing' AND active < $1", [
      before,
    ]);
    return r.rows.map((row: { id: string }) => row.id);
  }

  async beat(instance: string, now: number): Promise<void> {
    await this.pool.query(
      'INSERT INTO instances (id, seen) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET seen = excluded.seen',
      [instance, now],
    );
    await this.pool.query('DELETE FROM instances WHERE seen < $1', [now - FORGET_INSTANCES]);
  }

  async instances(): Promise<Map<string, number>> {
    const r = await this.pool.query('SELECT id, seen FROM instances');
    return new Map(r.rows.map((row: { id: string; seen: string }) => [row.id, Number(row.seen)]));
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async insertPlayer(p: PlayerRecord): Promise<void> {
    await this.pool.query('INSERT INTO players (id, data) VALUES ($1, $2)', [p.id, JSON.stringify(p)]);
  }

  async getPlayer(id: string): Promise<PlayerRecord | undefined> {
    const r = await this.pool.query('SELECT data FROM players WHERE id = $1', [id]);
    return r.rows[0]?.data as PlayerRecord | undefined;
  }

  async renamePlayer(id: string, name: PlayerName): Promise<void> {
    await this.pool.query("UPDATE players SET data = jsonb_set(data, '{name}', $2::jsonb) WHERE id = $1", [
      id,
      JSON.stringify(name),
    ]);
  }

  async addPlayerSecret(id: string, hash: string, max: number): Promise<void> {
    // One statement: two transfers at once cannot lose a secret.
    await this.pool.query(
      `UPDATE players SET data = jsonb_set(data, '{secrets}',
         (SELECT coalesce(jsonb_agg(s ORDER BY n), '[]'::jsonb) FROM (
            SELECT s, n FROM jsonb_array_elements(data->'secrets' || to_jsonb($2::text)) WITH ORDINALITY AS e(s, n)
            ORDER BY n DESC LIMIT $3) kept))
       WHERE id = $1`,
      [id, hash, max],
    );
  }

  async insertTransfer(code: string, player: string, expires: number): Promise<void> {
    await this.pool.query('DELETE FROM transfers WHERE expires < $1', [expires - 24 * 3600_000]);
    await this.pool.query('INSERT INTO transfers (code, player, expires) VALUES ($1, $2, $3)', [
      code,
      player,
      expires,
    ]);
  }

  async takeTransfer(code: string, now: number): Promise<string | undefined> {
    const r = await this.pool.query(
      'UPDATE transfers SET used = true WHERE code = $1 AND NOT used AND expires > $2 RETURNING player',
      [code, now],
    );
    return r.rows[0]?.player as string | undefined;
  }

  /** Runs `f` in a transaction on one pooled client. */
  private async transaction<T>(f: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const out = await f(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }

  async finish(rec: ServerGame, settle: Settler): Promise<ServerGame | null> {
    const players = rec.players;
    if (!players) return null;
    return this.transaction(async (c) => {
      // The game's row first (locked until the end): a second instance settling the same end waits
      // here, then finds the version taken.
      const g = await c.query('SELECT version FROM games WHERE id = $1 FOR UPDATE', [rec.id]);
      if (g.rows[0]?.version !== rec.version - 1) return null;
      // Both players locked in one order, so two games ending at once cannot deadlock.
      const rows = await c.query('SELECT id, data FROM players WHERE id = ANY($1) ORDER BY id FOR UPDATE', [
        [players.white.id, players.black.id],
      ]);
      const byId = new Map(rows.rows.map((r: { id: string; data: PlayerRecord }) => [r.id, r.data]));
      const read = (id: string): PlayerRecord => {
        const p = byId.get(id);
        if (!p) throw new Error(`player ${id} of game ${rec.id} is not stored`);
        return p;
      };
      const done = settle(rec, read(players.white.id), read(players.black.id));
      const r = done.rec;
      const data = JSON.stringify(r);
      await c.query(
        'UPDATE games SET version = $1, status = $2, active = $3, ended = $4, data = $5 WHERE id = $6',
        [r.version, r.status, r.active, r.ended, data, r.id],
      );
      for (const p of [done.white, done.black]) {
        await c.query('UPDATE players SET data = $2 WHERE id = $1', [p.id, JSON.stringify(p)]);
        if (r.status === 'over')
          await c.query(
            'INSERT INTO player_games (player, ended, game, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
            [p.id, r.ended ?? r.active, r.id, data],
          );
      }
      for (const h of done.history) {
        await c.query(
          'INSERT INTO rating_history (player, at, speed, rating, game) VALUES ($1, $2, $3, $4, $5)',
          [h.player, h.at, h.speed, h.rating, h.game],
        );
        const x = pointRating(done, h);
        await c.query(
          `INSERT INTO ratings (player, speed, rating, deviation, games, updated) VALUES ($1, $2, $3, $4, $5, $6)
               ON CONFLICT (player, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
               games = excluded.games, updated = excluded.updated`,
          [h.player, h.speed, x.rating, x.deviation, x.games, x.updatedAt],
        );
      }
      await c.query('DELETE FROM live WHERE id = $1', [r.id]);
      return r;
    });
  }

  async leaders(speed: Speed, q: LeaderQuery): Promise<Leader[]> {
    const r = await this.pool.query(
      `SELECT r.player, r.rating, r.deviation, r.games, p.data->'name' AS name FROM ratings r
       JOIN players p ON p.id = r.player
       WHERE r.speed = $1 AND r.games >= $2 AND r.updated >= $3 AND r.deviation <= $4
       ORDER BY r.rating DESC LIMIT $5`,
      [speed, q.minGames, q.since, q.maxDeviation, q.limit],
    );
    return r.rows as Leader[];
  }

  async live(limit: number): Promise<LiveGame[]> {
    const r = await this.pool.query(
      'SELECT id, rating, started FROM live ORDER BY rating DESC, started LIMIT $1',
      [limit],
    );
    return r.rows.map((row: LiveGame & { started: string }) => ({ ...row, started: Number(row.started) }));
  }

  async gamesOf(player: string, before: number, limit: number): Promise<ServerGame[]> {
    const r = await this.pool.query(
      'SELECT data FROM player_games WHERE player = $1 AND ended < $2 ORDER BY ended DESC LIMIT $3',
      [player, before, limit],
    );
    return r.rows.map((row: { data: ServerGame }) => upgrade(row.data));
  }

  async ratingHistory(player: string): Promise<RatingPoint[]> {
    const r = await this.pool.query(
      'SELECT player, at, speed, rating, game FROM rating_history WHERE player = $1 ORDER BY at',
      [player],
    );
    return r.rows.map((row: RatingPoint & { at: string }) => ({ ...row, at: Number(row.at) }));
  }

  async initSetting(key: string, value: string): Promise<string> {
    await this.pool.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      key,
      value,
    ]);
    const r = await this.pool.query('SELECT value FROM settings WHERE key = $1', [key]);
    return r.rows[0].value as string;
  }

  async addPushSubscription(sub: PushSubscriptionRecord, max: number): Promise<void> {
    await this.transaction(async (c) => {
      await c.query(
        `INSERT INTO push_subscriptions (endpoint, player, created, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET player = excluded.player, created = excluded.created, data = excluded.data`,
        [sub.endpoint, sub.player, sub.created, JSON.stringify(sub)],
      );
      await c.query(
        `DELETE FROM push_subscriptions WHERE player = $1 AND endpoint NOT IN
         (SELECT endpoint FROM push_subscriptions WHERE player = $1 ORDER BY created DESC LIMIT $2)`,
        [sub.player, max],
      );
    });
  }

  async removePushSubscription(endpoint: string): Promise<void> {
    await this.pool.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  async pushSubscriptionsOf(player: string): Promise<PushSubscriptionRecord[]> {
    const r = await this.pool.query('SELECT data FROM push_subscriptions WHERE player = $1', [player]);
    return r.rows.map((row: { data: PushSubscriptionRecord }) => row.data);
  }

  async playingOf(player: string): Promise<string[]> {
    const r = await this.pool.query('SELECT id FROM live WHERE white = $1 OR black = $1', [player]);
    return r.rows.map((row: { id: string }) => row.id);
  }

  async setBlocked(id: string, other: string, blocked: boolean, max: number): Promise<void> {
    await this.transaction(async (c) => {
      const r = await c.query('SELECT data FROM players WHERE id = $1 FOR UPDATE', [id]);
      const p = r.rows[0]?.data as PlayerRecord | undefined;
      if (!p) return;
      await c.query('UPDATE players SET data = $2 WHERE id = $1', [
        id,
        JSON.stringify({ ...p, blocked: nextBlocked(p.blocked, other, blocked, max) }),
      ]);
    });
  }

  async addSeek(seek: StoredSeek): Promise<void> {
    await this.pool.query('INSERT INTO seeks (id, created, data) VALUES ($1, $2, $3)', [
      seek.id,
      seek.createdAt,
      JSON.stringify(seek),
    ]);
  }

  async removeSeeks(ids: readonly string[]): Promise<void> {
    if (ids.length > 0)
      await this.pool.query('DELETE FROM seeks WHERE id = ANY($1) AND outcome IS NULL', [ids]);
  }

  async openSeeks(): Promise<StoredSeek[]> {
    const r = await this.pool.query('SELECT data FROM seeks WHERE outcome IS NULL ORDER BY created, id');
    return r.rows.map((row: { data: StoredSeek }) => row.data);
  }

  async pairSeeks(plan: Planner): Promise<PairPlan> {
    return this.transaction(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [PAIRING_LOCK]);
      const open = await c.query('SELECT data FROM seeks WHERE outcome IS NULL ORDER BY created, id');
      const beats = await c.query('SELECT id, seen FROM instances');
      const p = plan(
        open.rows.map((row: { data: StoredSeek }) => row.data),
        new Map(beats.rows.map((row: { id: string; seen: string }) => [row.id, Number(row.seen)])),
      );
      for (const g of p.games) await insertGame(c, g);
      for (const { seek, outcome } of p.paired)
        await c.query('UPDATE seeks SET outcome = $2 WHERE id = $1 AND outcome IS NULL', [
          seek,
          JSON.stringify(outcome),
        ]);
      if (p.drop.length > 0) await c.query('DELETE FROM seeks WHERE id = ANY($1)', [p.drop]);
      return p;
    });
  }

  async takeOutcomes(ids: readonly string[]): Promise<Map<string, SeekOutcome>> {
    if (ids.length === 0) return new Map();
    const r = await this.pool.query(
      'DELETE FROM seeks WHERE id = ANY($1) AND outcome IS NOT NULL RETURNING id, outcome',
      [ids],
    );
    return new Map(r.rows.map((row: { id: string; outcome: SeekOutcome }) => [row.id, row.outcome]));
  }

  async count(instance: string, counts: InstanceCounts): Promise<void> {
    await this.pool.query(
      'INSERT INTO instance_counts (id, online, playing) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET online = excluded.online, playing = excluded.playing',
      [instance, counts.online, counts.playing],
    );
  }

  async counts(since: number): Promise<InstanceCounts> {
    const r = await this.pool.query(
      'SELECT coalesce(sum(c.online), 0)::int AS online, coalesce(sum(c.playing), 0)::int AS playing FROM instance_counts c JOIN instances i ON i.id = c.id WHERE i.seen >= $1',
      [since],
    );
    return r.rows[0] as InstanceCounts;
  }

  async puzzleResults(
    device: string,
    results: readonly PuzzleResult[],
    rate: PuzzleRater,
  ): Promise<{ accepted: number; ratings: StoredPuzzleRating[] }> {
    // Puzzles in ascending order: two requests lock them in the same order and cannot deadlock.
    const sorted = [...results].sort((a, b) => a.puzzle - b.puzzle);
    return this.transaction(async (c) => {
      let accepted = 0;
      const touched = new Map<number, StoredPuzzleRating | undefined>();
      for (const r of sorted) {
        await c.query('SELECT pg_advisory_xact_lock($1, $2)', [PUZZLE_LOCK, r.puzzle]);
        const row = await c.query(
          'SELECT puzzle, rating, rd, vol, plays, updated FROM puzzle_ratings WHERE puzzle = $1',
          [r.puzzle],
        );
        const current = row.rows[0] ? puzzleRow(row.rows[0]) : undefined;
        touched.set(r.puzzle, current);
        const play = await c.query(
          'INSERT INTO puzzle_plays (device, puzzle, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [device, r.puzzle, r.at],
        );
        if (play.rowCount !== 1) continue;
        const next = rate(current, r);
        await c.query(
          `INSERT INTO puzzle_ratings (puzzle, rating, rd, vol, plays, updated) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
           plays = excluded.plays, updated = excluded.updated`,
          [next.puzzle, next.rating, next.rd, next.vol, next.plays, next.updated],
        );
        touched.set(r.puzzle, next);
        accepted++;
      }
      return {
        accepted,
        ratings: [...touched.values()].filter((x): x is StoredPuzzleRating => x !== undefined),
      };
    });
  }

  async puzzleRatings(): Promise<StoredPuzzleRating[]> {
    const r = await this.pool.query(
      'SELECT puzzle, rating, rd, vol, plays, updated FROM puzzle_ratings ORDER BY puzzle',
    );
    return r.rows.map(puzzleRow);
  }

  async expire(waitingBefore: number, finishedBefore: number, invitesBefore: number): Promise<number> {
    const r = await this.pool.query(
      `DELETE FROM games WHERE (status = 'aborted' AND active < $1)
       OR (status = 'waiting' AND active < $1 AND (data->'days' IS NULL OR data->'days' = 'null'::jsonb))
       OR (status = 'waiting' AND active < $3) OR (status = 'over' AND ended < $2)`,
      [waitingBefore, finishedBefore, invitesBefore],
    );
    await this.pool.query("DELETE FROM live WHERE id NOT IN (SELECT id FROM games WHERE status = 'playing')");
    return r.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A new game, and a paired one in the list of live games. */
async function insertGame(c: pg.PoolClient, g: ServerGame): Promise<void> {
  await c.query(
    'INSERT INTO games (id, version, status, address, active, ended, data) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [g.id, g.version, g.status, g.address, g.active, g.ended, JSON.stringify(g)],
  );
  if (g.players && g.status === 'playing')
    await c.query(
      'INSERT INTO live (id, rating, started, white, black) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
      [
        g.id,
        (g.players.white.rating + g.players.black.rating) / 2,
        g.created,
        g.players.white.id,
        g.players.black.id,
      ],
    );
}
