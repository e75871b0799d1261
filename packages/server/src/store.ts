/**
 * Where games are kept. One interface, two stores: an embedded SQLite file (the default, nothing to
 * install) and PostgreSQL (`DATABASE_URL`, shared by any number of instances). A record is written
 * only over the version it was read at (optimistic concurrency), so two instances changing one game
 * at once cannot both win: the loser reads again and retries.
 */
import Database from 'better-sqlite3';
import type { GameRecord } from './record.ts';

export interface Store {
  insert(rec: GameRecord): Promise<void>;
  get(id: string): Promise<GameRecord | undefined>;
  /** Writes `rec` if the stored version is still `rec.version - 1`; false when another write came first. */
  update(rec: GameRecord): Promise<boolean>;
  /** Games waiting or being played that `address` created. */
  openGamesOf(address: string): Promise<number>;
  /** Ids of games being played (their clocks and claims need watching after a restart). */
  playing(): Promise<string[]>;
  /** Deletes games idle since before `before` that are not being played, and those finished before `finishedBefore`. */
  expire(waitingBefore: number, finishedBefore: number): Promise<number>;
  close(): Promise<void>;
}

export class SqliteStore implements Store {
  private db: Database.Database;
  private stmts;

  constructor(file: string) {
    this.db = new Database(file);
    // WAL: a commit is in the file before it returns, so a killed process loses nothing it acknowledged.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS games (
      id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      status TEXT NOT NULL,
      address TEXT NOT NULL,
      active INTEGER NOT NULL,
      ended INTEGER,
      data TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS games_address ON games (address, status);
    CREATE INDEX IF NOT EXISTS games_status ON games (status, active);`);
    this.stmts = {
      insert: this.db.prepare(
        'INSERT INTO games (id, version, status, address, active, ended, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      get: this.db.prepare('SELECT data FROM games WHERE id = ?'),
      update: this.db.prepare(
        'UPDATE games SET version = ?, status = ?, active = ?, ended = ?, data = ? WHERE id = ? AND version = ?',
      ),
      open: this.db.prepare(
        "SELECT count(*) AS n FROM games WHERE address = ? AND status IN ('waiting', 'playing')",
      ),
      playing: this.db.prepare("SELECT id FROM games WHERE status = 'playing'"),
      expire: this.db.prepare(
        "DELETE FROM games WHERE (status IN ('waiting', 'aborted') AND active < ?) OR (status = 'over' AND ended < ?)",
      ),
    };
  }

  async insert(rec: GameRecord): Promise<void> {
    this.stmts.insert.run(
      rec.id,
      rec.version,
      rec.status,
      rec.address,
      rec.active,
      rec.ended,
      JSON.stringify(rec),
    );
  }

  async get(id: string): Promise<GameRecord | undefined> {
    const row = this.stmts.get.get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as GameRecord) : undefined;
  }

  async update(rec: GameRecord): Promise<boolean> {
    const r = this.stmts.update.run(
      rec.version,
      rec.status,
      rec.active,
      rec.ended,
      JSON.stringify(rec),
      rec.id,
      rec.version - 1,
    );
    return r.changes === 1;
  }

  async openGamesOf(address: string): Promise<number> {
    return (this.stmts.open.get(address) as { n: number }).n;
  }

  async playing(): Promise<string[]> {
    return (this.stmts.playing.all() as { id: string }[]).map((r) => r.id);
  }

  async expire(waitingBefore: number, finishedBefore: number): Promise<number> {
    return this.stmts.expire.run(waitingBefore, finishedBefore).changes;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
