/**
 * Where games are kept. One interface, two stores: an embedded SQLite file (the default, nothing to
 * install) and PostgreSQL (`DATABASE_URL`, shared by any number of instances). A record is written
 * only over the version it was read at (optimistic concurrency), so two instances changing one game
 * at once cannot both win: the loser reads again and retries.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Color } from '@dama/core';
import type { Seek } from './pairing.ts';
import type { PlayerName, PlayerRecord } from './players.ts';
import { upgrade, type ServerGame } from './record.ts';
import type { Speed } from './rating.ts';
import { pointRating, type RatingPoint, type Settled } from './results.ts';
import type { PuzzleResult } from './wire.ts';

/** A seek as the pool keeps it: the pairing rules' seek, and what pairing it needs of its player. */
export interface StoredSeek extends Seek {
  /** The player's name, shown in the lobby. */
  name: string;
  /** The instance holding the seeker's socket: a seek of an instance that stopped beating is dropped. */
  instance: string;
  /** Players the seeker has blocked (as when the seek was made). */
  blocked: string[];
  /** The seeker's colours in their last paired games (the colour balance). */
  colors: Color[];
}

/** What became of a seek that was paired: the game, and the seeker's seat in it. */
export interface SeekOutcome {
  game: string;
  color: Color;
  token: string;
}

/** What one pairing round does: the games it starts, the seeks it pairs, and the seeks it drops (dead instances). */
export interface PairPlan {
  games: ServerGame[];
  paired: { seek: string; outcome: SeekOutcome }[];
  drop: string[];
}

/** A pairing round: the open seeks oldest first, and the instances' last beats. */
export type Planner = (open: StoredSeek[], beats: Map<string, number>) => PairPlan;

/** Settles a paired game's end over its two players as stored (`results.ts`). */
export type Settler = (rec: ServerGame, white: PlayerRecord, black: PlayerRecord) => Settled;

/** A browser's Web Push subscription for a player, and the notices it wants. */
export interface PushSubscriptionRecord {
  player: string;
  endpoint: string;
  /** The browser's keys (base64url): its P-256 public key and the auth secret. */
  p256dh: string;
  auth: string;
  kinds: string[];
  /** The language the notices are shown in. */
  lang: 'tr' | 'en';
  created: number;
}

export interface LeaderQuery {
  minGames: number;
  since: number;
  maxDeviation: number;
  limit: number;
}

/** A player on a leaderboard. */
export interface Leader {
  player: string;
  name: PlayerName;
  rating: number;
  deviation: number;
  games: number;
}

/** A paired game being played, for the list of live games. */
export interface LiveGame {
  id: string;
  /** The mean of its players' ratings at the start. */
  rating: number;
  started: number;
}

/** A training puzzle's pooled rating as stored (`puzzle-pool.ts`). */
export interface StoredPuzzleRating {
  puzzle: number;
  rating: number;
  rd: number;
  vol: number;
  plays: number;
  updated: number;
}

/** A puzzle's rating after one result, from its rating as stored (undefined before its first). */
export type PuzzleRater = (
  current: StoredPuzzleRating | undefined,
  result: PuzzleResult,
) => StoredPuzzleRating;

/** What an instance reports of itself for the lobby's counts. */
export interface InstanceCounts {
  /** Sockets open (players in a game or in the lobby). */
  online: number;
  /** Games being played. */
  playing: number;
}

/**
 * Every method may reject when the database is away (PostgreSQL restarting, a full disk): the hub
 * then refuses with `busy` and nothing is half-written, since each write is one statement.
 */
export interface GameStore {
  insert(rec: ServerGame): Promise<void>;
  get(id: string): Promise<ServerGame | undefined>;
  /** Writes `rec` if the stored version is still `rec.version - 1`; false when another write came first. */
  update(rec: ServerGame): Promise<boolean>;
  /** The stored versions of these games (those that exist): how an instance without its bus finds changes. */
  versions(ids: readonly string[]): Promise<Map<string, number>>;
  /** Games waiting or being played that `address` created. */
  openGamesOf(address: string): Promise<number>;
  /**
   * Ids of games being played that nobody has touched since `before`, and perhaps some touched a
   * little later (the SQLite store's `ACTIVE_LAG`): the caller checks each record.
   */
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
  /**
   * The end of a paired game, in one transaction: `rec` is written if the stored version is still
   * `rec.version - 1`, with what `settle` makes of both players as stored (ratings, aborts,
   * colours), their rating history and their game lists. Returns the record as written, or null
   * when another write came first (then nothing is written).
   */
  finish(rec: ServerGame, settle: Settler): Promise<ServerGame | null>;
  /** A player's finished paired games, newest first: at most `limit`, ended before `before`. */
  gamesOf(player: string, before: number, limit: number): Promise<ServerGame[]>;
  /** A player's rating history, oldest first. */
  ratingHistory(player: string): Promise<RatingPoint[]>;
  /**
   * The best players in a speed: at least `minGames` rated games there, the last since `since`, and
   * a deviation (as stored) at most `maxDeviation`; best first, at most `limit`.
   */
  leaders(speed: Speed, q: LeaderQuery): Promise<Leader[]>;
  /** Paired games being played, the highest-rated first (their players' mean rating at the start). */
  live(limit: number): Promise<LiveGame[]>;
  /** A server setting stored once for all instances: the stored value, or `value` stored now if there was none. */
  initSetting(key: string, value: string): Promise<string>;
  /** Keeps a push subscription (by endpoint), the player's newest `max`. */
  addPushSubscription(sub: PushSubscriptionRecord, max: number): Promise<void>;
  removePushSubscription(endpoint: string): Promise<void>;
  pushSubscriptionsOf(player: string): Promise<PushSubscriptionRecord[]>;
  /** The paired games being played by `player` (ids). */
  playingOf(player: string): Promise<string[]>;
  /** Adds `other` to the player's block list (at most `max`, the oldest dropped), or takes it out. */
  setBlocked(id: string, other: string, blocked: boolean, max: number): Promise<void>;
  addSeek(seek: StoredSeek): Promise<void>;
  /** Withdraws open seeks (a paired one is left for its outcome to be read). */
  removeSeeks(ids: readonly string[]): Promise<void>;
  /** The open seeks, oldest first. */
  openSeeks(): Promise<StoredSeek[]>;
  /**
   * One pairing round, never two at once on any instance: `plan` over the open seeks, then its
   * games inserted, its paired seeks given their outcomes and its dropped seeks deleted, together.
   */
  pairSeeks(plan: Planner): Promise<PairPlan>;
  /** The outcomes of those of these seeks that were paired; each is read once (then deleted). */
  takeOutcomes(ids: readonly string[]): Promise<Map<string, SeekOutcome>>;
  /** Adds this instance's counts to its beat. */
  count(instance: string, counts: InstanceCounts): Promise<void>;
  /** The counts of the instances that beat since `since`, added up. */
  counts(since: number): Promise<InstanceCounts>;
  /**
   * A device's puzzle results, in one transaction and in order: a result counts only if the device
   * has sent none for that puzzle before; each that counts rates its puzzle (`rate`). Returns how
   * many counted and the ratings of the request's puzzles after it (those that have one).
   */
  puzzleResults(
    device: string,
    results: readonly PuzzleResult[],
    rate: PuzzleRater,
  ): Promise<{ accepted: number; ratings: StoredPuzzleRating[] }>;
  /** Every pooled puzzle rating. */
  puzzleRatings(): Promise<StoredPuzzleRating[]>;
  /** Deletes games idle since before `before` that are not being played, and those finished before `finishedBefore`. */
  expire(waitingBefore: number, finishedBefore: number, invitesBefore: number): Promise<number>;
  close(): Promise<void>;
}

/** A block list after blocking or unblocking `other`: no duplicates, the newest `max`. */
export function nextBlocked(
  list: readonly string[] = [],
  other: string,
  blocked: boolean,
  max: number,
): string[] {
  const rest = list.filter((p) => p !== other);
  return blocked ? [...rest, other].slice(-max) : rest;
}

/** The most game writes one commit takes (`SqliteStore.update`). */
export const MAX_BATCH = 200;

/**
 * How far the stored `active` column of a game being played may lag its record's (ms): it is written
 * again once it lags more (`SqliteStore.writeOne`). Far below the idle expiry, which is in days.
 */
export const ACTIVE_LAG = 3600_000;

/** Instances silent this long are forgotten (ms). */
export const FORGET_INSTANCES = 24 * 3600_000;

/** How often the checkpointer copies the WAL into the database file (ms). */
export const CHECKPOINT_EVERY = 1000;

/**
 * The checkpointer's code: a second connection to the same file, in a worker thread, that copies
 * committed WAL frames into the database file (`wal_checkpoint(PASSIVE)`: it never waits for the
 * writer, and the writer never waits for it). Plain CommonJS, so that it runs without a loader.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.every);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

export interface SqliteOptions {
  /** The checkpointer's period (ms); 0 leaves checkpoints to SQLite on the main thread. */
  checkpointEvery?: number;
}

export class SqliteStore implements GameStore {
  private db: Database.Database;
  private stmts;
  private checkpointer: Worker | undefined;

  constructor(file: string, options: SqliteOptions = {}) {
    this.db = new Database(file);
    // WAL: a commit is in the file before it returns, so a killed process loses nothing it acknowledged.
    const wal = this.db.pragma('journal_mode = WAL', { simple: true }) === 'wal';
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    const every = options.checkpointEvery ?? CHECKPOINT_EVERY;
    if (wal && every > 0) this.startCheckpointer(file, every);
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
    CREATE TABLE IF NOT EXISTS instance_counts (
      id TEXT PRIMARY KEY,
      online INTEGER NOT NULL,
      playing INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS seeks (
      id TEXT PRIMARY KEY,
      created INTEGER NOT NULL,
      data TEXT NOT NULL,
      outcome TEXT
    );
    CREATE TABLE IF NOT EXISTS player_games (
      player TEXT NOT NULL,
      ended INTEGER NOT NULL,
      game TEXT NOT NULL,
      data TEXT NOT NULL,
      PRIMARY KEY (player, ended, game)
    );
    CREATE TABLE IF NOT EXISTS rating_history (
      player TEXT NOT NULL,
      at INTEGER NOT NULL,
      speed TEXT NOT NULL,
      rating REAL NOT NULL,
      game TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, at);
    CREATE TABLE IF NOT EXISTS ratings (
      player TEXT NOT NULL,
      speed TEXT NOT NULL,
      rating REAL NOT NULL,
      deviation REAL NOT NULL,
      games INTEGER NOT NULL,
      updated INTEGER NOT NULL,
      PRIMARY KEY (player, speed)
    );
    CREATE INDEX IF NOT EXISTS ratings_speed ON ratings (speed, rating);
    CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS push_subscriptions (
      endpoint TEXT PRIMARY KEY,
      player TEXT NOT NULL,
      created INTEGER NOT NULL,
      data TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS push_player ON push_subscriptions (player, created);
    CREATE TABLE IF NOT EXISTS live (
      id TEXT PRIMARY KEY,
      rating REAL NOT NULL,
      started INTEGER NOT NULL,
      white TEXT NOT NULL,
      black TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS live_rating ON live (rating);
    CREATE INDEX IF NOT EXISTS live_white ON live (white);
    CREATE INDEX IF NOT EXISTS live_black ON live (black);
    CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, data TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS puzzle_ratings (
      puzzle INTEGER PRIMARY KEY,
      rating REAL NOT NULL,
      rd REAL NOT NULL,
      vol REAL NOT NULL,
      plays INTEGER NOT NULL,
      updated INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS puzzle_plays (
      device TEXT NOT NULL,
      puzzle INTEGER NOT NULL,
      at INTEGER NOT NULL,
      PRIMARY KEY (device, puzzle)
    );
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
      // A move of a game being played: no indexed column in the SET, so SQLite leaves both indexes
      // alone (see `writeOne`).
      updatePlaying: this.db.prepare(
        "UPDATE games SET version = ?, data = ? WHERE id = ? AND version = ? AND status = 'playing' AND active >= ?",
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
      addPlayerGame: this.db.prepare(
        'INSERT OR REPLACE INTO player_games (player, ended, game, data) VALUES (?, ?, ?, ?)',
      ),
      gamesOf: this.db.prepare(
        'SELECT data FROM player_games WHERE player = ? AND ended < ? ORDER BY ended DESC LIMIT ?',
      ),
      addPoint: this.db.prepare(
        'INSERT INTO rating_history (player, at, speed, rating, game) VALUES (?, ?, ?, ?, ?)',
      ),
      history: this.db.prepare(
        'SELECT player, at, speed, rating, game FROM rating_history WHERE player = ? ORDER BY at',
      ),
      setRating: this.db.prepare(
        'INSERT INTO ratings (player, speed, rating, deviation, games, updated) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (player, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, games = excluded.games, updated = excluded.updated',
      ),
      leaders: this.db.prepare(
        'SELECT r.player, r.rating, r.deviation, r.games, p.data FROM ratings r JOIN players p ON p.id = r.player WHERE r.speed = ? AND r.games >= ? AND r.updated >= ? AND r.deviation <= ? ORDER BY r.rating DESC LIMIT ?',
      ),
      addLive: this.db.prepare(
        'INSERT OR REPLACE INTO live (id, rating, started, white, black) VALUES (?, ?, ?, ?, ?)',
      ),
      playingOf: this.db.prepare(
        'SELECT id FROM live WHERE white = ? UNION SELECT id FROM live WHERE black = ?',
      ),
      endLive: this.db.prepare('DELETE FROM live WHERE id = ?'),
      forgetLive: this.db.prepare(
        "DELETE FROM live WHERE id NOT IN (SELECT id FROM games WHERE status = 'playing')",
      ),
      live: this.db.prepare('SELECT id, rating, started FROM live ORDER BY rating DESC, started LIMIT ?'),
      initSetting: this.db.prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
      ),
      setting: this.db.prepare('SELECT value FROM settings WHERE key = ?'),
      addPush: this.db.prepare(
        'INSERT INTO push_subscriptions (endpoint, player, created, data) VALUES (?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET player = excluded.player, created = excluded.created, data = excluded.data',
      ),
      trimPush: this.db.prepare(
        'DELETE FROM push_subscriptions WHERE player = ? AND endpoint NOT IN (SELECT endpoint FROM push_subscriptions WHERE player = ? ORDER BY created DESC LIMIT ?)',
      ),
      removePush: this.db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?'),
      pushOf: this.db.prepare('SELECT data FROM push_subscriptions WHERE player = ?'),
      addSeek: this.db.prepare('INSERT INTO seeks (id, created, data) VALUES (?, ?, ?)'),
      removeSeek: this.db.prepare('DELETE FROM seeks WHERE id = ? AND outcome IS NULL'),
      openSeeks: this.db.prepare('SELECT data FROM seeks WHERE outcome IS NULL ORDER BY created, id'),
      pairSeek: this.db.prepare('UPDATE seeks SET outcome = ? WHERE id = ? AND outcome IS NULL'),
      dropSeek: this.db.prepare('DELETE FROM seeks WHERE id = ?'),
      outcome: this.db.prepare('DELETE FROM seeks WHERE id = ? AND outcome IS NOT NULL RETURNING outcome'),
      count: this.db.prepare(
        'INSERT INTO instance_counts (id, online, playing) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET online = excluded.online, playing = excluded.playing',
      ),
      counts: this.db.prepare(
        'SELECT coalesce(sum(c.online), 0) AS online, coalesce(sum(c.playing), 0) AS playing FROM instance_counts c JOIN instances i ON i.id = c.id WHERE i.seen >= ?',
      ),
      addPlay: this.db.prepare(
        'INSERT INTO puzzle_plays (device, puzzle, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      ),
      puzzleRating: this.db.prepare(
        'SELECT puzzle, rating, rd, vol, plays, updated FROM puzzle_ratings WHERE puzzle = ?',
      ),
      setPuzzleRating: this.db.prepare(
        'INSERT INTO puzzle_ratings (puzzle, rating, rd, vol, plays, updated) VALUES (@puzzle, @rating, @rd, @vol, @plays, @updated) ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, plays = excluded.plays, updated = excluded.updated',
      ),
      puzzleRatings: this.db.prepare(
        'SELECT puzzle, rating, rd, vol, plays, updated FROM puzzle_ratings ORDER BY puzzle',
      ),
      expire: this.db.prepare(
        `DELETE FROM games WHERE (status = 'aborted' AND active < @waiting)
         OR (status = 'waiting' AND active < @waiting AND json_extract(data, '$.days') IS NULL)
         OR (status = 'waiting' AND active < @invites) OR (status = 'over' AND ended < @finished)`,
      ),
    };
  }

  /**
   * Checkpoints run in a worker thread: SQLite's own, every 1,000 WAL pages, would run inside a
   * commit on the main thread, and with the default `synchronous = NORMAL` a checkpoint waits for
   * the disk (fsync), stalling every socket meanwhile. Should the worker fail, SQLite's own
   * checkpoints come back.
   */
  private startCheckpointer(file: string, every: number): void {
    this.db.pragma('wal_autocheckpoint = 0');
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, every, sqlite } });
    worker.unref();
    const fallback = () => {
      if (this.checkpointer !== worker) return;
      this.checkpointer = undefined;
      if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
    };
    worker.on('error', fallback);
    worker.on('exit', fallback);
    this.checkpointer = worker;
  }

  /** Whether checkpoints run off the main thread (false after the worker failed). */
  get checkpointsInWorker(): boolean {
    return this.checkpointer !== undefined;
  }

  async insert(rec: ServerGame): Promise<void> {
    this.db.transaction(() => this.insertNow(rec))();
  }

  /** A new game, and a paired one in the list of live games. */
  private insertNow(g: ServerGame): void {
    this.stmts.insert.run(g.id, g.version, g.status, g.address, g.active, g.ended, JSON.stringify(g));
    if (g.players && g.status === 'playing')
      this.stmts.addLive.run(
        g.id,
        (g.players.white.rating + g.players.black.rating) / 2,
        g.created,
        g.players.white.id,
        g.players.black.id,
      );
  }

  async get(id: string): Promise<ServerGame | undefined> {
    const row = this.stmts.get.get(id) as { data: string } | undefined;
    return row ? upgrade(JSON.parse(row.data) as ServerGame) : undefined;
  }

  /**
   * Writes wait for the end of the current turn of the event loop and go together, in one
   * transaction (group commit): one commit, one set of WAL frames for the pages they share, however
   * many games changed at once. Each is still checked against its own version. A commit takes at
   * most `MAX_BATCH` writes, the rest wait for the next turn: after a pause the backlog is written
   * in slices, with the sockets heard between them, not in one long synchronous piece.
   */
  update(rec: ServerGame): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.batch.push({ rec, resolve, reject });
      this.flushSoon();
    });
  }

  private batch: { rec: ServerGame; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] = [];
  private flushing = false;

  private flushSoon(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      this.flush();
    });
  }

  /** Told of each group commit: the writes it took and how long it held the event loop (ms). */
  onCommit: ((writes: number, ms: number) => void) | undefined;

  /** Writes the oldest `MAX_BATCH` waiting writes in one transaction. */
  private flush(): void {
    const batch = this.batch.splice(0, MAX_BATCH);
    if (this.batch.length > 0) this.flushSoon();
    const start = performance.now();
    let written: boolean[];
    try {
      written = this.writeAll(batch.map((b) => b.rec));
    } catch (e) {
      for (const b of batch) b.reject(e);
      return;
    } finally {
      this.onCommit?.(batch.length, performance.now() - start);
    }
    batch.forEach((b, i) => b.resolve(written[i]));
  }

  /** Every waiting write, now (ahead of a write that must follow them, or the close). */
  private flushAll(): void {
    while (this.batch.length > 0) this.flush();
  }

  private writeAll = (recs: ServerGame[]): boolean[] =>
    this.db.transaction(() => recs.map((rec) => this.writeOne(rec)))();

  /**
   * One game's write, if the stored version is still the one before. A game that was being played
   * and still is, whose stored `active` column is at most `ACTIVE_LAG` older than its record, gets
   * its version and data only: its indexed columns stay as they are, and SQLite then does not touch
   * the indexes (about a third of a move's write, measured). So the `active` column of a game being
   * played may lag by up to `ACTIVE_LAG`, which only `idle` reads, and the sweep checks the record
   * itself. Any other write (a status change, a game not being played) writes every column.
   */
  private writeOne(rec: ServerGame): boolean {
    const data = JSON.stringify(rec);
    if (
      rec.status === 'playing' &&
      this.stmts.updatePlaying.run(rec.version, data, rec.id, rec.version - 1, rec.active - ACTIVE_LAG)
        .changes === 1
    )
      return true;
    return (
      this.stmts.update.run(rec.version, rec.status, rec.active, rec.ended, data, rec.id, rec.version - 1)
        .changes === 1
    );
  }

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

  async finish(rec: ServerGame, settle: Settler): Promise<ServerGame | null> {
    // Ahead of it, any writes still waiting (the group commit), in their order.
    this.flushAll();
    return this.db
      .transaction((): ServerGame | null => {
        const row = this.stmts.version.get(rec.id) as { version: number } | undefined;
        if (!row || row.version !== rec.version - 1 || !rec.players) return null;
        const read = (id: string): PlayerRecord => {
          const p = this.stmts.getPlayer.get(id) as { data: string } | undefined;
          if (!p) throw new Error(`player ${id} of game ${rec.id} is not stored`);
          return JSON.parse(p.data) as PlayerRecord;
        };
        const done = settle(rec, read(rec.players.white.id), read(rec.players.black.id));
        const r = done.rec;
        const data = JSON.stringify(r);
        this.stmts.update.run(r.version, r.status, r.active, r.ended, data, r.id, r.version - 1);
        for (const p of [done.white, done.black]) {
          this.stmts.setPlayer.run(JSON.stringify(p), p.id);
          if (r.status === 'over') this.stmts.addPlayerGame.run(p.id, r.ended ?? r.active, r.id, data);
        }
        for (const h of done.history) {
          this.stmts.addPoint.run(h.player, h.at, h.speed, h.rating, h.game);
          const x = pointRating(done, h);
          this.stmts.setRating.run(h.player, h.speed, x.rating, x.deviation, x.games, x.updatedAt);
        }
        this.stmts.endLive.run(r.id);
        return r;
      })
      .immediate();
  }

  async gamesOf(player: string, before: number, limit: number): Promise<ServerGame[]> {
    const rows = this.stmts.gamesOf.all(player, before, limit) as { data: string }[];
    return rows.map((r) => upgrade(JSON.parse(r.data) as ServerGame));
  }

  async ratingHistory(player: string): Promise<RatingPoint[]> {
    return this.stmts.history.all(player) as RatingPoint[];
  }

  async leaders(speed: Speed, q: LeaderQuery): Promise<Leader[]> {
    const rows = this.stmts.leaders.all(speed, q.minGames, q.since, q.maxDeviation, q.limit) as (Omit<
      Leader,
      'name'
    > & { data: string })[];
    return rows.map(({ data, ...r }) => ({ ...r, name: (JSON.parse(data) as PlayerRecord).name }));
  }

  async live(limit: number): Promise<LiveGame[]> {
    return this.stmts.live.all(limit) as LiveGame[];
  }

  async initSetting(key: string, value: string): Promise<string> {
    this.stmts.initSetting.run(key, value);
    return (this.stmts.setting.get(key) as { value: string }).value;
  }

  async addPushSubscription(sub: PushSubscriptionRecord, max: number): Promise<void> {
    this.db.transaction(() => {
      this.stmts.addPush.run(sub.endpoint, sub.player, sub.created, JSON.stringify(sub));
      this.stmts.trimPush.run(sub.player, sub.player, max);
    })();
  }

  async removePushSubscription(endpoint: string): Promise<void> {
    this.stmts.removePush.run(endpoint);
  }

  async pushSubscriptionsOf(player: string): Promise<PushSubscriptionRecord[]> {
    return (this.stmts.pushOf.all(player) as { data: string }[]).map(
      (r) => JSON.parse(r.data) as PushSubscriptionRecord,
    );
  }

  async playingOf(player: string): Promise<string[]> {
    return (this.stmts.playingOf.all(player, player) as { id: string }[]).map((r) => r.id);
  }

  async setBlocked(id: string, other: string, blocked: boolean, max: number): Promise<void> {
    // Read and write with nothing between (synchronous).
    const row = this.stmts.getPlayer.get(id) as { data: string } | undefined;
    if (!row) return;
    const p = JSON.parse(row.data) as PlayerRecord;
    this.stmts.setPlayer.run(
      JSON.stringify({ ...p, blocked: nextBlocked(p.blocked, other, blocked, max) }),
      id,
    );
  }

  async addSeek(seek: StoredSeek): Promise<void> {
    this.stmts.addSeek.run(seek.id, seek.createdAt, JSON.stringify(seek));
  }

  async removeSeeks(ids: readonly string[]): Promise<void> {
    this.db.transaction(() => ids.forEach((id) => this.stmts.removeSeek.run(id)))();
  }

  async openSeeks(): Promise<StoredSeek[]> {
    return (this.stmts.openSeeks.all() as { data: string }[]).map((r) => JSON.parse(r.data) as StoredSeek);
  }

  async pairSeeks(plan: Planner): Promise<PairPlan> {
    return this.db
      .transaction((): PairPlan => {
        const open = (this.stmts.openSeeks.all() as { data: string }[]).map(
          (r) => JSON.parse(r.data) as StoredSeek,
        );
        const beats = new Map(
          (this.stmts.instances.all() as { id: string; seen: number }[]).map((r) => [r.id, r.seen]),
        );
        const p = plan(open, beats);
        for (const g of p.games) this.insertNow(g);
        for (const { seek, outcome } of p.paired) this.stmts.pairSeek.run(JSON.stringify(outcome), seek);
        for (const id of p.drop) this.stmts.dropSeek.run(id);
        return p;
      })
      .immediate();
  }

  async takeOutcomes(ids: readonly string[]): Promise<Map<string, SeekOutcome>> {
    const out = new Map<string, SeekOutcome>();
    this.db.transaction(() => {
      for (const id of ids) {
        const row = this.stmts.outcome.get(id) as { outcome: string } | undefined;
        if (row) out.set(id, JSON.parse(row.outcome) as SeekOutcome);
      }
    })();
    return out;
  }

  async count(instance: string, counts: InstanceCounts): Promise<void> {
    this.stmts.count.run(instance, counts.online, counts.playing);
  }

  async counts(since: number): Promise<InstanceCounts> {
    return this.stmts.counts.get(since) as InstanceCounts;
  }

  async puzzleResults(
    device: string,
    results: readonly PuzzleResult[],
    rate: PuzzleRater,
  ): Promise<{ accepted: number; ratings: StoredPuzzleRating[] }> {
    return this.db.transaction(() => {
      let accepted = 0;
      const touched = new Map<number, StoredPuzzleRating | undefined>();
      for (const r of results) {
        const current = this.stmts.puzzleRating.get(r.puzzle) as StoredPuzzleRating | undefined;
        touched.set(r.puzzle, current);
        if (this.stmts.addPlay.run(device, r.puzzle, r.at).changes !== 1) continue;
        const next = rate(current, r);
        this.stmts.setPuzzleRating.run(next);
        touched.set(r.puzzle, next);
        accepted++;
      }
      const ratings = [...touched.values()].filter((x): x is StoredPuzzleRating => x !== undefined);
      return { accepted, ratings };
    })();
  }

  async puzzleRatings(): Promise<StoredPuzzleRating[]> {
    return this.stmts.puzzleRatings.all() as StoredPuzzleRating[];
  }

  async expire(waitingBefore: number, finishedBefore: number, invitesBefore: number): Promise<number> {
    const n = this.stmts.expire.run({
      waiting: waitingBefore,
      finished: finishedBefore,
      invites: invitesBefore,
    }).changes;
    this.stmts.forgetLive.run();
    return n;
  }

  async close(): Promise<void> {
    this.flushAll();
    const worker = this.checkpointer;
    this.checkpointer = undefined;
    if (worker) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    }
    this.db.close();
  }
}
