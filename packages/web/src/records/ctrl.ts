// My games: the finished (and imported) games kept on this device, deleting them, and PDN import.
import { makePdn, parsePdn } from '@dama/core';
import type { AppCtrl } from '../app/ctrl.ts';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { addRecord, newId, readRecords, type GameRecord } from '../lib/record.ts';
import { KEYS } from '../lib/storage.ts';

export class RecordsCtrl {
  records: GameRecord[] = [];
  /** why the last import failed */
  importError: string | undefined;

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

  delete(id: string): void {
    this.records = this.records.filter((r) => r.id !== id);
    this.save();
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
