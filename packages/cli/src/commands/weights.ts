/**
 * The learned evaluation's shipped weights (packages/engine/assets/eval.bin), read once for the
 * commands that search. A missing or malformed file stops the command with a message naming it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeWeights, type PatternWeights } from '@dama/engine';

let cached: PatternWeights | undefined;

export function loadWeightsFile(): PatternWeights {
  if (cached) return cached;
  const file = fileURLToPath(new URL('../assets/eval.bin', import.meta.resolve('@dama/engine')));
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    throw new Error(`cannot read the evaluation weights ${file}: ${(e as Error).message}`);
  }
  const decoded = decodeWeights(bytes);
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error.message}`);
  cached = decoded.value;
  return cached;
}
