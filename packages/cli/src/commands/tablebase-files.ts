/**
 * Tablebase files on disk: where they live, reading them into a `Tablebase`, writing one class.
 * The default directory is `packages/web/public/tb/`, so the web app serves the same files under
 * `/tb/` (see packages/engine/README.md); `--tb DIR` or `DAMA_TB` chooses another.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  decodeTable,
  encodeTable,
  tableFileName,
  tableMaterials,
  Tablebase,
  type Material,
} from '@dama/engine';

export const DEFAULT_TB_DIR = fileURLToPath(new URL('../../../web/public/tb/', import.meta.url));

/** The directory named by `--tb`, else `DAMA_TB`, else the default. */
export const tablebaseDir = (option?: string | true): string =>
  typeof option === 'string' ? option : (process.env.DAMA_TB ?? DEFAULT_TB_DIR);

/** Read one class's file; undefined when it is missing, an error when it is damaged. */
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

/** Write one class's file (through a temporary name, so a crash never leaves half a file). */
export function writeTable(dir: string, m: Material, values: Uint8Array): number {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, tableFileName(m));
  const data = gzipSync(encodeTable(m, values), { level: 9 });
  writeFileSync(`${path}.part`, data);
  renameSync(`${path}.part`, path);
  return data.length;
}

/** Every class file found in `dir` (up to `max` pieces), loaded; missing ones are left out. */
export function loadTablebase(dir: string, max = 4, tb = new Tablebase()): Tablebase {
  for (const m of tableMaterials(max)) {
    if (tb.has(m)) continue;
    const values = readTable(dir, m);
    if (values) tb.add(m, values);
  }
  return tb;
}
