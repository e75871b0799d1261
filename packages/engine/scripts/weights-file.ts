/**
 * The shipped weights of the learned evaluation, read from the package's own file (`assets/eval.bin`),
 * for the scripts and the tests (Node; src/ runs in the browser too and reads no files — the CLI has
 * its own reader, packages/cli/src/commands/weights.ts, and the browser's worker fetches the same bytes).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PatternWeights } from '../src/patterns.ts';
import { decodeWeights } from '../src/weights.ts';

export const WEIGHTS_FILE = fileURLToPath(new URL('../assets/eval.bin', import.meta.url));

/** The weights in `file` (default: the shipped ones); a missing or malformed file is an Error that says which. */
export function loadWeightsFile(file: string = WEIGHTS_FILE): PatternWeights {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    throw new Error(`cannot read the evaluation weights ${file}: ${(e as Error).message}`);
  }
  const decoded = decodeWeights(bytes);
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error.message}`);
  return decoded.value;
}
