// My games: the finished (and imported) games kept on this device, deleting them, and PDN import;
// with a player identity, also the finished games against people the server has for that player
// (played on another device too), merged in by game id: this device's record of a game wins.
import { makeFen, makeNotation, makePdn, parsePdn, type Game } from '@dama/core';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import type { Http } from '../lib/player/api.ts';
import { addRecord, newId, readRecords, restoreGame, type GameRecord } from '../lib/record.ts';
import { KEYS, type LocalStore } from '../lib/storage.ts';

/** How long the undo of a deletion is offered. */
export const UNDO_MS = 8000;
/** The server's list is asked again at most this often (each visit of My games). */
export const REMOTE_GAP = 30_000;

/** A game of the list: this device's record, or one the server has for the player (`remote`). */
export interface ListedRecord {
  record: GameRecord;
  remote: boolean;
}

/**
 * A game's identity in My games, for a PDN import: its first position (FEN), its moves (in notation)
 * and its result. Nothing else counts: not the PDN's tags (event, players, dates, which an export
 * adds), not the record's id or when it was kept. So a game exported from My games and read back in is
 * the same game; the same moves from another position, or ending with another result (a game left
 * unfinished, '*', and the same moves finished), are other games.
 */
export function gameKey(game: Game, result: string): string {
  return `${makeFen(game.initial)}|${game.moves.map(makeNotation).join(' ')}|${result}`;
}

/** What My games is given by the app. */
export interface RecordsEnv {
  /** where the list is kept (and the player identity, for the server's games) */
  store: LocalStore;
  trans(): Catalog;
  lang(): Lang;
  /** `fetch` against the game server beside the page (none: this device's games only) */
  http: Http | undefined;
  now(): number;
  random: () => number;
  redraw(): void;
  /** replace the URL hash (the app's route) */
  navigate(hash: string): void;
  /** the kept list did not read: a calm notice */
  corrupt(): void;
  /** continue an unfinished game of the list */
  resume(id: string): void;
}

export class RecordsCtrl {
  records: GameRecord[] = [];
  /** the player's finished paired games from the server that this device has no record of */
  remote: GameRecord[] = [];
  /** for whom `remote` was read, and when it was last asked */
  private remoteOf: string | undefined;
  private remoteAt = -Infinity;
  private remoteLoading = false;
  /** why the last import failed */
  importError: string | undefined;
  /** the game just deleted and where it was in the list, while its undo is offered */
  deleted: { record: GameRecord; index: number } | undefined;
  private undoTimer: ReturnType<typeof setTimeout> | undefined;
  /** an import that added nothing: its games were listed already (the first one's id, and how many) */
  duplicate: { id: string; count: number } | undefined;
  private duplicateTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly env: RecordsEnv) {
    this.reload();
  }

  get trans(): Catalog {
    return this.env.trans();
  }

  get lang(): Lang {
    return this.env.lang();
  }

  /** Read the list from the device (at start, and when another tab changed it). */
  reload(): void {
    const r = this.env.store.load(KEYS.records, readRecords);
    this.records = r.status === 'ok' ? r.value : [];
    if (r.status === 'corrupt') this.env.corrupt();
  }

  /** A game of the list by id: this device's record, else the server's. */
  find(id: string): GameRecord | undefined {
    return this.records.find((r) => r.id === id) ?? this.remote.find((r) => r.id === id);
  }

  /** The ids of every game listed (the analysis keeps the reviews of these). */
  ids(): string[] {
    return [...this.records, ...this.remote].map((r) => r.id);
  }

  /** The list shown: this device's records and the server's others, the newest first. */
  listed(): ListedRecord[] {
    const own = this.records.map((record) => ({ record, remote: false }));
    const others = this.remote
      .filter((r) => !this.records.some((x) => x.id === r.id))
      .map((record) => ({ record, remote: true }));
    if (others.length === 0) return own;
    return [...own, ...others].sort((a, b) => b.record.endedAt - a.record.endedAt);
  }

  /**
   * With a player on this device, the server's finished paired games of theirs (one page, the
   * newest 50). Without a network, or with a broken answer, the list stays as it was.
   */
  async loadRemote(force = false): Promise<void> {
    const http = this.env.http;
    // the player client is loaded with the first visit (out of the app's first download)
    const mod = http ? await import('./remote.ts').catch(() => undefined) : undefined;
    const id = http && mod ? mod.heldPlayer(this.env.store, http) : undefined;
    if (!http || !mod || !id) {
      this.remote = [];
      this.remoteOf = undefined;
      return;
    }
    const now = this.env.now();
    // another player on this device now (a transfer code): the last one's games are not theirs
    if (this.remoteOf !== id) this.remote = [];
    if (this.remoteLoading || (!force && this.remoteOf === id && now - this.remoteAt < REMOTE_GAP)) return;
    this.remoteLoading = true;
    this.remoteAt = now;
    const games = await mod.serverGames(http, id, this.trans);
    this.remoteLoading = false;
    // no network, or an answer refused whole: the list stays as it was
    if (!games) return;
    this.remote = games;
    this.remoteOf = id;
    this.env.redraw();
  }

  add(rec: GameRecord): void {
    this.records = addRecord(this.records, rec);
    this.save();
  }

  /** Take a game off the list (it is being continued, so it is no longer a record). */
  remove(id: string): void {
    this.records = this.records.filter((r) => r.id !== id);
    if (this.deleted?.record.id === id) this.deleted = undefined;
    this.save();
  }

  /** Delete a game; "Undo" on the snackbar puts it back, for UNDO_MS. */
  delete(id: string): void {
    const index = this.records.findIndex((r) => r.id === id);
    if (index < 0) return;
    this.deleted = { record: this.records[index], index };
    this.records = this.records.filter((r) => r.id !== id);
    this.save();
    this.forgetDuplicate();
    clearTimeout(this.undoTimer);
    this.undoTimer = setTimeout(() => this.expireDeleted(), UNDO_MS);
    this.env.redraw();
  }

  undoDelete(): void {
    const d = this.deleted;
    if (!d) return;
    clearTimeout(this.undoTimer);
    this.deleted = undefined;
    if (!this.records.some((r) => r.id === d.record.id)) {
      this.records = [...this.records.slice(0, d.index), d.record, ...this.records.slice(d.index)];
      this.save();
    }
    this.env.redraw();
  }

  /** Continue an unfinished game of the list (the one in progress takes its place there). */
  resume(id: string): void {
    this.env.resume(id);
  }

  /** The player left the list: the undo is no longer offered, and the import's notice goes. */
  forgetDeleted(): void {
    this.forgetDuplicate();
    this.expireDeleted();
  }

  /** The undo is no longer offered (its time is up). */
  private expireDeleted(): void {
    clearTimeout(this.undoTimer);
    if (!this.deleted) return;
    this.deleted = undefined;
    this.env.redraw();
  }

  /**
   * Read a PDN text; on success the games not yet listed (`gameKey`) are added and the first of them
   * is shown. When every game of the text is listed already, nothing is added and the player is told
   * so (`duplicate`, on the snackbar, with a way to the game).
   */
  importPdn(text: string): void {
    const parsed = parsePdn(text);
    this.importError = parsed.ok ? undefined : importMessage(this.trans, parsed.error);
    this.forgetDuplicate();
    if (!parsed.ok) return this.env.redraw();
    const now = this.env.now();
    const known = this.listedKeys();
    let first: string | undefined;
    const already: string[] = [];
    for (const g of parsed.value) {
      const key = gameKey(g.game, g.result);
      const listed = known.get(key);
      if (listed !== undefined) {
        already.push(listed);
        continue;
      }
      const id = this.freshId(now);
      known.set(key, id);
      first ??= id;
      const outcome = g.game.outcome();
      this.records = addRecord(this.records, {
        id,
        pdn: makePdn(g.game, g.tags),
        result: g.result,
        ...(outcome ? { reason: outcome.reason } : {}),
        plies: g.game.plies,
        endedAt: now,
      });
    }
    if (first) {
      this.save();
      this.env.navigate(`#/replay/${first}`);
      return;
    }
    this.duplicate = { id: already[0], count: already.length };
    this.duplicateTimer = setTimeout(() => this.forgetDuplicate(), UNDO_MS);
    this.env.redraw();
  }

  /** The "already in My games" notice goes (its time is up, another import, the list was left). */
  forgetDuplicate(): void {
    clearTimeout(this.duplicateTimer);
    if (!this.duplicate) return;
    this.duplicate = undefined;
    this.env.redraw();
  }

  /** A new record id that no game listed has (two games of one import are made in the same ms). */
  private freshId(now: number): string {
    const base = newId(now, this.env.random);
    const taken = (id: string) =>
      this.records.some((r) => r.id === id) || this.remote.some((r) => r.id === id);
    let id = base;
    for (let n = 2; taken(id); n++) id = `${base}-${n}`;
    return id;
  }

  /** The identity (`gameKey`) of every game listed, with its id; a record that does not read is left out. */
  private listedKeys(): Map<string, string> {
    const keys = new Map<string, string>();
    for (const { record } of this.listed()) {
      const game = restoreGame(record.pdn, record.setup);
      if (game) keys.set(gameKey(game, record.result), record.id);
    }
    return keys;
  }

  private save(): void {
    this.env.store.save(KEYS.records, this.records);
  }
}

/** Why a PDN text could not be read, in the player's language (core's messages are English). */
export function importMessage(t: Catalog, e: { code: string; message: string }): string {
  const move = /^(?:Game \d+: )?Move (\d+) \(([^)]*)\)/.exec(e.message);
  switch (e.code) {
    case 'pdn-empty':
      return t.importError_empty;
    case 'pdn-too-long':
      return t.importError_long;
    case 'pdn-syntax':
      return t.importError_syntax;
    case 'pdn-fen':
      return t.importError_fen;
    case 'pdn-move':
      return move ? t.importError_move(Number(move[1]), move[2].slice(0, 40)) : t.importError;
    default:
      return t.importError;
  }
}
