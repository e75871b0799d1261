/**
 * Check the table file format on real tables: every class file in DIR (either version) is read,
 * written again in the present format (`@dama/engine/node`'s `compressTable`), read back, and its
 * values compared with the file's bit for bit. With OUT, the new files are written there (a conversion); DIR is not
 * changed. Exits with 1 when any class differs.
 *
 *   npx tsx packages/engine-lab/scripts/tbcheck.ts DIR [OUT]
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeTable, materialName, tableFileName, tableMaterials } from '@dama/engine';
import { compressTable, readTable } from '@dama/engine/node';

const [dir, out] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: tsx packages/engine-lab/scripts/tbcheck.ts DIR [OUT]\n');
  process.exit(2);
}
if (out) mkdirSync(out, { recursive: true });
let classes = 0;
let differ = 0;
let values = 0;
let before = 0;
let after = 0;
for (const m of tableMaterials()) {
  const old = readTable(dir, m);
  if (!old) continue;
  classes++;
  const file = compressTable(m, old);
  const back = decodeTable(gunzipSync(file), m).values;
  let diff = back.length === old.length ? 0 : Math.max(back.length, old.length);
  for (let i = 0; i < old.length && diff === 0; i++) if (back[i] !== old[i]) diff++;
  if (diff > 0) differ++;
  values += old.length;
  const size = readFileSync(join(dir, tableFileName(m))).length;
  before += size;
  after += file.length;
  if (out) {
    const path = join(out, tableFileName(m));
    writeFileSync(`${path}.part`, file);
    renameSync(`${path}.part`, path);
  }
  process.stdout.write(
    `${materialName(m)} values=${old.length} file=${size} now=${file.length} ${diff === 0 ? 'same' : 'DIFFERENT'}\n`,
  );
}
process.stdout.write(
  `${classes} classes, ${values} values: ${differ} differ; files ${before} bytes, in the present format ${after}\n`,
);
if (differ > 0 || classes === 0) process.exitCode = 1;
