/**
 * An optional stage between generate and fit: search every record's position again, deeper than
 * self-play did, and write the record with the new search score (board, side and result kept).
 * The fit's search-score target (`--lambda` below 1) then learns from the deeper score.
 *
 * Each input file `games-<seed>.bin` becomes `<out>/games-<seed>.bin`. A run can be split over
 * processes with `part`/`parts` (record i goes to part i mod parts, into `games-<seed>.p<part>.bin`),
 * and an output file is its own checkpoint: a rerun skips the records it already holds.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DRAW_RULES } from '@dama/core';
import { patternEvaluate, Searcher, type PatternWeights, type Tablebase } from '@dama/engine';
import { encodeRecord, RECORD_BYTES } from './data.ts';

export interface RelabelOptions {
  input: string;
  out: string;
  nodes: number;
  /** The evaluation: learned weights, or the hand-weighted evaluation when absent (as `generate`). */
  patterns?: PatternWeights;
  tablebase?: Tablebase;
  part: number;
  parts: number;
  /** Stop after this many minutes (the output stays a valid checkpoint). */
  minutes: number;
  log?: (line: string) => void;
}

export function relabel(options: RelabelOptions): { records: number; done: boolean } {
  const { patterns, part, parts } = options;
  const searcher = new Searcher({
    hashMegabytes: 16,
    evaluator: patterns ? (b, turn) => patternEvaluate(patterns, b, turn) : undefined,
    tablebase: options.tablebase,
  });
  const end = Date.now() + options.minutes * 60_000;
  const board = new Int32Array(6);
  let written = 0;
  const files = readdirSync(options.input)
    .filter((f) => /^games-\d+\.bin$/.test(f))
    .sort();
  for (const f of files) {
    searcher.clear();
    const buf = readFileSync(join(options.input, f));
    const total = Math.floor(buf.length / RECORD_BYTES);
    const name = parts > 1 ? f.replace(/\.bin$/, `.p${part}.bin`) : f;
    const outFile = join(options.out, name);
    const have = existsSync(outFile) ? Math.floor(statSync(outFile).size / RECORD_BYTES) : 0;
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const chunk = new Uint8Array(256 * RECORD_BYTES);
    const chunkView = new DataView(chunk.buffer);
    let inChunk = 0;
    let mine = 0;
    const flush = () => {
      if (inChunk > 0) appendFileSync(outFile, chunk.subarray(0, inChunk * RECORD_BYTES));
      written += inChunk;
      inChunk = 0;
    };
    for (let r = part; r < total; r += parts, mine++) {
      if (mine < have) continue;
      if (Date.now() >= end) {
        flush();
        return { records: written, done: false };
      }
      const off = r * RECORD_BYTES;
      for (let i = 0; i < 6; i++) board[i] = view.getInt32(off + i * 4, true);
      const turn = view.getUint8(off + 24);
      const white = view.getUint8(off + 25);
      searcher.run(
        {
          board,
          turn,
          noProgress: 0,
          kingsOnly: 0,
          rules: DEFAULT_DRAW_RULES,
          history: new Int32Array(0),
        },
        { maxDepth: 64, maxNodes: options.nodes, softTime: Infinity, hardTime: Infinity },
      );
      encodeRecord(chunkView, inChunk * RECORD_BYTES, board, turn, white, searcher.bestScore);
      if (++inChunk === 256) {
        flush();
        if (written % 8192 === 0) options.log?.(`relabel: ${f} part ${part}: ${written} records this run`);
      }
    }
    flush();
  }
  return { records: written, done: true };
}
