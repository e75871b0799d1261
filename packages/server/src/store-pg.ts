/**
 * The PostgreSQL store (`DATABASE_URL`): the same tables and the same version check as SQLite.
 * The database may restart under it: a pooled client that loses its connection is dropped (the
 * pool's `error` event, which would otherwise end the process), a query fails fast while the
 * database is away, and the pool connects again by itself when it returns.
 */
import pg from 'pg';
import type { PlayerName, PlayerRecord } from './players.ts';
import { upgrade, type GameRecord } from './record.ts';
import { FORGET_INSTANCES, type Store } from './store.ts';

export class PgStore implements Store {
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
    await pool.query(`CREATE TABLE IF NOT EXISTS transfers (
      code TEXT PRIMARY KEY,
      player TEXT NOT NULL,
      expires BIGINT NOT NULL,
      used BOOLEAN NOT NULL DEFAULT false
    )`);
    const store = new PgStore(pool);
    errors.handler = (e) => store.onError(e);
    return store;
  }

  async insert(rec: GameRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO games (id, version, status, address, active, ended, data) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [rec.id, rec.version, rec.status, rec.address, rec.active, rec.ended, JSON.stringify(rec)],
    );
  }

  async get(id: string): Promise<GameRecord | undefined> {
    const r = await this.pool.query('SELECT data FROM games WHERE id = $1', [id]);
    const data = r.rows[0]?.data as GameRecord | undefined;
    return data && upgrade(data);
  }

  async update(rec: GameRecord): Promise<boolean> {
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

  async expire(waitingBefore: number, finishedBefore: number): Promise<number> {
    const r = await this.pool.query(
      "DELETE FROM games WHERE (status IN ('waiting', 'aborted') AND active < $1) OR (status = 'over' AND ended < $2)",
      [waitingBefore, finishedBefore],
    );
    return r.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
