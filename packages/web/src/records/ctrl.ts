// My games: the finished (and imported) games kept on this device, deleting them, and PDN import.
import { makePdn, parsePdn } from '@dama/core';
import type { AppCtrl } from '../app/ctrl.ts';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { addRecord, newId, readRecords, type GameRecord } from '../lib/record.ts';
import { KEYS } from '../lib/storage.ts';

/** How long the undo of a deletion is offered. */
export const UNDO_MS = 8000;

export class RecordsCtrl {
  records: GameRecord[] = [];
  /** why the last import failed */
  importError: string | undefined;
  /** the game just deleted and where it was in the list, while its undo is offered */
  deleted: { record: GameRecord; index: number } | undefined;
  private undoTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly root: AppCtrl) {
    this.reload();
  }

  get trans(): Catalog {
    return this.root.trans;
  }

  get lang(): Lang {
    return this.root.lang;
  }

  /** Read the list from the device (at start, and when another tab changed it). */
  reload(): void {
    const r = this.root.store.load(KEYS.records, readRecords);
    this.records = r.status === 'ok' ? r.value : [];
    if (r.status === 'corrupt') this.root.notify('corruptRecords');
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
    clearTimeout(this.undoTimer);
    this.undoTimer = setTimeout(() => this.forgetDeleted(), UNDO_MS);
    this.root.redraw();
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
    this.root.redraw();
  }

  /** The undo is no longer offered (its time is up, or the player left the list). */
  forgetDeleted(): void {
    clearTimeout(this.undoTimer);
    if (!this.deleted) return;
    this.deleted = undefined;
    this.root.redraw();
  }

  /** Read a PDN text; on success the games are added to the list and the first is shown. */
  importPdn(text: string): void {
    const parsed = parsePdn(text);
    this.importError = parsed.ok ? undefined : importMessage(this.trans, parsed.error);
    if (!parsed.ok) return this.root.redraw();
    const now = this.root.now();
    let first: string | undefined;
    for (const g of parsed.value) {
      const id = newId(now, this.root.random);
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
    this.save();
    if (first) this.root.navigate(`#/replay/${first}`);
  }

  private save(): void {
    this.root.store.save(KEYS.records, this.records);
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
