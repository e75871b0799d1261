/**
 * Node only: the shipped weights of the learned evaluation, read from the package's own file
 * (`assets/eval.bin`). The CLI, the scripts and the tests use this; the browser's worker fetches the
 * same bytes (service.ts, `weightsUrl`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PatternWeights } from './patterns.ts';
import { decodeWeights } from './weights.ts';

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
