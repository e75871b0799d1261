/**
 * The training pipeline's relabel stage: every record comes back with its board, side and result
 * unchanged and a new search score; a run split over parts covers each record once; a rerun resumes
 * from what is already written; the same input gives the same bytes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Game, hasCapture, makeRng } from '@dama/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWeightsFile } from '@dama/engine/node';
import { encodeRecord, loadRecords, RECORD_BYTES } from '../scripts/train/data.ts';
import { relabel } from '../scripts/train/relabel.ts';

const SENTINEL = 2999;
const root = mkdtempSync(join(tmpdir(), 'dama-relabel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Quiet positions of a random game, each with the sentinel score and a result of its own. */
function writeInput(dir: string, count: number): void {
  const rng = makeRng(7);
  const game = new Game();
  const bytes = new Uint8Array(count * RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  const board = new Int32Array(6);
  let n = 0;
  while (n < count && !game.isOver()) {
    const pos = game.position;
    board.set([pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi]);
    if (!hasCapture(board, pos.turnIndex)) {
      encodeRecord(view, n * RECORD_BYTES, board, pos.turnIndex, n % 3, SENTINEL);
      n++;
    }
    const legal = pos.legalMoves();
    game.play(legal[Math.floor(rng() * legal.length)]);
  }
  expect(n).toBe(count);
  writeFileSync(join(dir, 'games-1.bin'), bytes);
}

describe('relabel', () => {
  const input = join(root, 'in');
  const patterns = loadWeightsFile();
  writeFileSync(join(root, '.keep'), '');
  rmSync(input, { recursive: true, force: true });
  const mk = (name: string) => {
    const d = join(root, name);
    rmSync(d, { recursive: true, force: true });
    return mkdtempSync(d);
  };

  it('keeps board, side and result, and replaces every score', () => {
    const inDir = mk('in-a');
    writeInput(inDir, 30);
    const out = mk('out-a');
    const r = relabel({ input: inDir, out, nodes: 300, patterns, part: 0, parts: 1, minutes: 60 });
    expect(r).toEqual({ records: 30, done: true });
    const a = readFileSync(join(inDir, 'games-1.bin'));
    const b = readFileSync(join(out, 'games-1.bin'));
    expect(b.length).toBe(a.length);
    for (let i = 0; i < 30; i++) {
      const off = i * RECORD_BYTES;
      expect(b.subarray(off, off + 26)).toEqual(a.subarray(off, off + 26));
      expect(b.readInt16LE(off + 26)).not.toBe(SENTINEL);
    }
    // The same input gives the same bytes.
    const again = mk('out-b');
    relabel({ input: inDir, out: again, nodes: 300, patterns, part: 0, parts: 1, minutes: 60 });
    expect(readFileSync(join(again, 'games-1.bin'))).toEqual(b);
  });

  it('splits over parts, covering each record once, and resumes', () => {
    const inDir = mk('in-c');
    writeInput(inDir, 25);
    const out = mk('out-c');
    const opts = { input: inDir, out, nodes: 200, patterns, parts: 2, minutes: 60 };
    expect(relabel({ ...opts, part: 0 }).records).toBe(13);
    expect(relabel({ ...opts, part: 1 }).records).toBe(12);
    // A rerun finds every record written and adds none.
    expect(relabel({ ...opts, part: 0 })).toEqual({ records: 0, done: true });
    expect(relabel({ ...opts, part: 1 })).toEqual({ records: 0, done: true });
    const records = loadRecords(out);
    expect(records.count).toBe(25);
    const original = loadRecords(inDir);
    const key = (r: typeof records, i: number) =>
      `${Array.from(r.boards.subarray(i * 6, i * 6 + 6)).join(',')}/${r.turns[i]}/${r.results[i]}`;
    const want = Array.from({ length: 25 }, (_, i) => key(original, i)).sort();
    const got = Array.from({ length: 25 }, (_, i) => key(records, i)).sort();
    expect(got).toEqual(want);
  });

  it('writes nothing when its time is up, and says it is not done', () => {
    const inDir = mk('in-d');
    writeInput(inDir, 5);
    const out = mk('out-d');
    const r = relabel({ input: inDir, out, nodes: 200, patterns, part: 0, parts: 1, minutes: 0 });
    expect(r).toEqual({ records: 0, done: false });
    expect(loadRecords(out).count).toBe(0);
  });
});
