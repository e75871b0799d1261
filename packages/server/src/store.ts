/**
 * Where games are kept. One interface, two stores: an embedded SQLite file (the default, nothing to
 * install) and PostgreSQL (`DATABASE_URL`, shared by any number of instances). A record is written
 * only over the version it was read at (optimistic concurrency), so two instances changing one game
 * at once cannot both win: the loser reads again and retries.
 */
import Database from 'better-sqlite3';
import type { PlayerName, PlayerRecord } from './players.ts';
import { upgrade, type GameRecord } from './record.ts';

/**
 * Every method may reject when the database is away (PostgreSQL restarting, a full disk): the hub
 * then refuses with `busy` and nothing is half-written, since each write is one statement.
 */
export interface Store {
  insert(rec: GameRecord): Promise<void>;
  get(id: string): Promise<GameRecord | undefined>;
  /** Writes `rec` if the stored version is still `rec.version - 1`; false when another write came first. */
  update(rec: GameRecord): Promise<boolean>;
  /** The stored versions of these games (those that exist): how an instance without its bus finds changes. */
  versions(ids: readonly string[]): Promise<Map<string, number>>;
  /** Games waiting or being played that `address` created. */
  openGamesOf(address: string): Promise<number>;
  /** Ids of games being played that nobody has touched since `before`. */
  idle(before: number): Promise<string[]>;
  /** This instance is alive at `now` (its players' presence expires when it stops beating). */
  beat(instance: string, now: number): Promise<void>;
  /** The last beat of every instance seen lately. */
  instances(): Promise<Map<string, number>>;
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  insertPlayer(p: PlayerRecord): Promise<void>;
  getPlayer(id: string): Promise<PlayerRecord | undefined>;
  renamePlayer(id: string, name: PlayerName): Promise<void>;
  /** Adds a device's secret hash, keeping the newest `max`. */
  addPlayerSecret(id: string, hash: string, max: number): Promise<void>;
  /** A transfer code for `player`, valid until `expires`. */
  insertTransfer(code: string, player: string, expires: number): Promise<void>;
  /** The player of an unused, unexpired code, which is used up by this call (once, whoever asks). */
  takeTransfer(code: string, now: number): Promise<string | undefined>;
  /** Deletes games idle since before `before` that are not being played, and those finished before `finishedBefore`. */
  expire(waitingBefore: number, finishedBefore: number): Promise<number>;
  close(): Promise<void>;
}

/** Instances silent this long are forgotten (ms). */
export const FORGET_INSTANCES = 24 * 3600_000;

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
    CREATE INDEX IF NOT EXISTS games_status ON games (status, active);
    CREATE TABLE IF NOT EXISTS instances (id TEXT PRIMARY KEY, seen INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, data TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS transfers (
      code TEXT PRIMARY KEY,
      player TEXT NOT NULL,
      expires INTEGER NOT NULL,
      used INTEGER NOT NULL DEFAULT 0
    );`);
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
      idle: this.db.prepare("SELECT id FROM games WHERE status = 'playing' AND active < ?"),
      version: this.db.prepare('SELECT version FROM games WHERE id = ?'),
      beat: this.db.prepare(
        'INSERT INTO instances (id, seen) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seen = excluded.seen',
      ),
      instances: this.db.prepare('SELECT id, seen FROM instances'),
      forget: this.db.prepare('DELETE FROM instances WHERE seen < ?'),
      insertPlayer: this.db.prepare('INSERT INTO players (id, data) VALUES (?, ?)'),
      getPlayer: this.db.prepare('SELECT data FROM players WHERE id = ?'),
      setPlayer: this.db.prepare('UPDATE players SET data = ? WHERE id = ?'),
      insertTransfer: this.db.prepare('INSERT INTO transfers (code, player, expires) VALUES (?, ?, ?)'),
      takeTransfer: this.db.prepare(
        'UPDATE transfers SET used = 1 WHERE code = ? AND used = 0 AND expires > ? RETURNING player',
      ),
      forgetTransfers: this.db.prepare('DELETE FROM transfers WHERE expires < ?'),
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
    return row ? upgrade(JSON.parse(row.data) as GameRecord) : undefined;
  }

  /**
   * Writes wait for the end of the current turn of the event loop and go together, in one
   * transaction (group commit): one commit, one set of WAL frames for the pages they share, however
   * many games changed at once. Each is still checked against its own version.
   */
  update(rec: GameRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.batch.push({ rec, resolve, reject });
      if (this.batch.length === 1) setImmediate(() => this.flush());
    });
  }

  private batch: { rec: GameRecord; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] = [];

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    let written: boolean[];
    try {
      written = this.writeAll(batch.map((b) => b.rec));
    } catch (e) {
      for (const b of batch) b.reject(e);
      return;
    }
    batch.forEach((b, i) => b.resolve(written[i]));
  }

  private writeAll = (recs: GameRecord[]): boolean[] =>
    this.db.transaction(() =>
      recs.map(
        (rec) =>
          this.stmts.update.run(
            rec.version,
            rec.status,
            rec.active,
            rec.ended,
            JSON.stringify(rec),
            rec.id,
            rec.version - 1,
          ).changes === 1,
      ),
    )();

  async openGamesOf(address: string): Promise<number> {
    return (this.stmts.open.get(address) as { n: number }).n;
  }

  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const id of ids) {
      const row = this.stmts.version.get(id) as { version: number } | undefined;
      if (row) out.set(id, row.version);
    }
    return out;
  }

  async idle(before: number): Promise<string[]> {
    return (this.stmts.idle.all(before) as { id: string }[]).map((r) => r.id);
  }

  async beat(instance: string, now: number): Promise<void> {
    this.stmts.beat.run(instance, now);
    this.stmts.forget.run(now - FORGET_INSTANCES);
  }

  async instances(): Promise<Map<string, number>> {
    const rows = this.stmts.instances.all() as { id: string; seen: number }[];
    return new Map(rows.map((r) => [r.id, r.seen]));
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async insertPlayer(p: PlayerRecord): Promise<void> {
    this.stmts.insertPlayer.run(p.id, JSON.stringify(p));
  }

  async getPlayer(id: string): Promise<PlayerRecord | undefined> {
    const row = this.stmts.getPlayer.get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as PlayerRecord) : undefined;
  }

  async renamePlayer(id: string, name: PlayerName): Promise<void> {
    const row = this.stmts.getPlayer.get(id) as { data: string } | undefined;
    if (row)
      this.stmts.setPlayer.run(JSON.stringify({ ...(JSON.parse(row.data) as PlayerRecord), name }), id);
  }

  async addPlayerSecret(id: string, hash: string, max: number): Promise<void> {
    // Read and write with nothing between (synchronous), so two transfers cannot lose a secret.
    const row = this.stmts.getPlayer.get(id) as { data: string } | undefined;
    if (!row) return;
    const p = JSON.parse(row.data) as PlayerRecord;
    this.stmts.setPlayer.run(JSON.stringify({ ...p, secrets: [...p.secrets, hash].slice(-max) }), id);
  }

  async insertTransfer(code: string, player: string, expires: number): Promise<void> {
    this.stmts.forgetTransfers.run(expires - 24 * 3600_000);
    this.stmts.insertTransfer.run(code, player, expires);
  }

  async takeTransfer(code: string, now: number): Promise<string | undefined> {
    const row = this.stmts.takeTransfer.get(code, now) as { player: string } | undefined;
    return row?.player;
  }

  async expire(waitingBefore: number, finishedBefore: number): Promise<number> {
    return this.stmts.expire.run(waitingBefore, finishedBefore).changes;
  }

  async close(): Promise<void> {
    if (this.batch.length > 0) this.flush();
    this.db.close();
  }
}
