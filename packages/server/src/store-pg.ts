/** The PostgreSQL store (`DATABASE_URL`): the same table and the same version check as SQLite. */
import pg from 'pg';
import type { GameRecord } from './record.ts';
import type { Store } from './store.ts';

export class PgStore implements Store {
  private pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  static async open(url: string): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
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
    return new PgStore(pool);
  }

  async insert(rec: GameRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO games (id, version, status, address, active, ended, data) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [rec.id, rec.version, rec.status, rec.address, rec.active, rec.ended, JSON.stringify(rec)],
    );
  }

  async get(id: string): Promise<GameRecord | undefined> {
    const r = await this.pool.query('SELECT data FROM games WHERE id = $1', [id]);
    return r.rows[0]?.data as GameRecord | undefined;
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

  async playing(): Promise<string[]> {
    const r = await this.pool.query("SELECT id FROM games WHERE status = 'playing'");
    return r.rows.map((row: { id: string }) => row.id);
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
