/**
 * The engine's Node-only entry (`@dama/engine/node`), for the CLI, the scripts and the tests: the
 * shipped weights of the learned evaluation read from the package's own file (`assets/eval.bin`),
 * and endgame table files (`<dir>/<class>.dtb.gz`, tbformat.ts's format, written by
 * `dama tablebase build`). The main entry runs in the browser too and reads no files; the browser's
 * worker fetches the same bytes.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { PatternWeights } from './eval/patterns.ts';
import { tableMaterials, Tablebase, type Material } from './tablebase.ts';
import { decodeTable, encodeTable, groupOrders, tableFileName } from './tbformat.ts';
import { decodeWeights } from './eval/weights.ts';

/** The shipped weights file (the same path from `src/` and from `dist/`). */
export const WEIGHTS_FILE = fileURLToPath(new URL('../assets/eval.bin', import.meta.url));

let shipped: PatternWeights | undefined;

/**
 * The weights in `file` (default: the shipped ones, read once); a missing or malformed file is an
 * Error that names it.
 */
export function loadWeightsFile(file: string = WEIGHTS_FILE): PatternWeights {
  if (file === WEIGHTS_FILE && shipped) return shipped;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    throw new Error(`cannot read the evaluation weights ${file}: ${(e as Error).message}`);
  }
  const decoded = decodeWeights(bytes);
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error.message}`);
  if (file === WEIGHTS_FILE) shipped = decoded.value;
  return decoded.value;
}

/** Read one class's table file from `dir`; undefined when it is missing, an Error when it is damaged. */
export function readTable(dir: string, m: Material): Uint8Array | undefined {
  const path = join(dir, tableFileName(m));
  if (!existsSync(path)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(readFileSync(path));
  } catch (e) {
    throw new Error(`${path} is damaged (${(e as Error).message}); delete it and build again.`);
  }
  return decodeTable(bytes, m).values;
}

/**
 * A class's file: the gzip (level 9) of its contents, stored in the order of positions that
 * compresses best (each order tried at zlib's default level; at most 24 orders, a few seconds for the
 * largest class).
 */
export function compressTable(m: Material, values: Uint8Array): Uint8Array {
  let best: Uint8Array | undefined;
  let bestSize = Infinity;
  for (const order of groupOrders(m)) {
    const contents = encodeTable(m, values, order);
    const size = gzipSync(contents).length;
    if (size < bestSize) {
      best = contents;
      bestSize = size;
    }
  }
  return gzipSync(best!, { level: 9 });
}

/** Write one class's file (through a temporary name, so a crash never leaves half a file); its size. */
export function writeTable(dir: string, m: Material, values: Uint8Array): number {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, tableFileName(m));
  const data = compressTable(m, values);
  writeFileSync(`${path}.part`, data);
  renameSync(`${path}.part`, path);
  return data.length;
}

/** Every class file found in `dir` (up to `max` pieces), loaded into `tb`; missing ones are left out. */
export function loadTablebase(dir: string, max = 4, tb = new Tablebase()): Tablebase {
  for (const m of tableMaterials(max)) {
    if (tb.has(m)) continue;
    const values = readTable(dir, m);
    if (values) tb.add(m, values);
  }
  return tb;
}

/**
 * Tables read from `dir` when a search first needs them. A missing file is simply not used; a damaged
 * one is an Error, or, with `onDamaged`, reported there and not used.
 */
export function fileTablebase(dir: string, onDamaged?: (e: Error) => void): Tablebase {
  return new Tablebase((m) => {
    if (!onDamaged) return readTable(dir, m);
    try {
      return readTable(dir, m);
    } catch (e) {
      onDamaged(e as Error);
      return undefined;
    }
  });
}
