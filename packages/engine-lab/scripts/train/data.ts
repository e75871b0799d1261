/**
 * The training records: one quiet position of a self-play game (no capture for the side to move),
 * the game's result and the search score of the move played there. 28 bytes each, little-endian:
 * six int32 board halves (wLo, wHi, bLo, bHi, kLo, kHi), the side to move (0 = White), the result
 * for White (0 loss, 1 draw, 2 win), and the search score for the side to move (int16, centi-men,
 * clamped to ±MAX_SCORE).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RECORD_BYTES = 28;
export const MAX_SCORE = 3000;

export interface Records {
  count: number;
  /** Six halves per record. */
  boards: Int32Array;
  turns: Uint8Array;
  /** The result for the side to move: 0, 0.5 or 1. */
  results: Float32Array;
  /** The search score for the side to move, in centi-men. */
  scores: Int16Array;
}

export function encodeRecord(
  view: DataView,
  offset: number,
  board: ArrayLike<number>,
  turn: number,
  whiteResult: number,
  score: number,
): void {
  for (let i = 0; i < 6; i++) view.setInt32(offset + i * 4, board[i], true);
  view.setUint8(offset + 24, turn);
  view.setUint8(offset + 25, whiteResult);
  view.setInt16(offset + 26, Math.max(-MAX_SCORE, Math.min(MAX_SCORE, Math.round(score))), true);
}

/** Every `*.bin` file of `dir`, concatenated (a torn last record of a file is ignored). */
export function loadRecords(dir: string): Records {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bin'))
    .sort();
  const buffers = files.map((f) => readFileSync(join(dir, f)));
  const count = buffers.reduce((n, b) => n + Math.floor(b.length / RECORD_BYTES), 0);
  const records: Records = {
    count,
    boards: new Int32Array(count * 6),
    turns: new Uint8Array(count),
    results: new Float32Array(count),
    scores: new Int16Array(count),
  };
  let n = 0;
  for (const buf of buffers) {
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    for (let off = 0; off + RECORD_BYTES <= buf.length; off += RECORD_BYTES, n++) {
      for (let i = 0; i < 6; i++) records.boards[n * 6 + i] = view.getInt32(off + i * 4, true);
      const turn = view.getUint8(off + 24);
      const white = view.getUint8(off + 25) / 2;
      records.turns[n] = turn;
      records.results[n] = turn === 0 ? white : 1 - white;
      records.scores[n] = view.getInt16(off + 26, true);
    }
  }
  return records;
}
