/**
 * The engine's Node-only entry (`@dama/engine/node`): the shipped weights of the learned evaluation
 * read from the package's own file, `assets/eval.bin`, for the CLI, the scripts and the tests. The
 * main entry runs in the browser too and reads no files; the browser's worker fetches the same bytes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PatternWeights } from './patterns.ts';
import { decodeWeights } from './weights.ts';

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
