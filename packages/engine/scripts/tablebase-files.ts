/**
 * Endgame table files for the scripts (Node): a `Tablebase` that reads `<dir>/<class>.dtb.gz` when a
 * search first needs a class (the format is tablebase.ts's; `dama tablebase build` writes the files).
 * A missing file is simply not used; a damaged one is an Error that names it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeTable, tableFileName, Tablebase, type Material } from '../src/tablebase.ts';

export function readTableFile(dir: string, m: Material): Uint8Array | undefined {
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

export const fileTablebase = (dir: string): Tablebase => new Tablebase((m) => readTableFile(dir, m));
