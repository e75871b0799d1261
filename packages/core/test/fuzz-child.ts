/**
 * Runs the PDN readers on a batch of inputs in a separate process, so that the fuzz tests can
 * stop it after a time limit: a parser stuck in a loop would otherwise block the test run forever.
 *
 * Usage: node --import tsx fuzz-child.ts INPUTS.json
 * INPUTS.json holds an array of strings. For input i the child writes `start i`, then one JSON line
 * `{"i":i,"ok":...,"code":...,"threw":...,"ms":...}`. Writes are synchronous, so the last `start`
 * without a result names the input that hung.
 */
import { readFileSync, writeSync } from 'node:fs';
import { parsePdn, parsePdnRecords } from '../src/index.ts';

const inputs = JSON.parse(readFileSync(process.argv[2], 'utf8')) as string[];

/** Write all of `text` to standard output, waiting out EAGAIN when the pipe to the parent is full. */
function out(text: string): void {
  const buf = Buffer.from(text);
  let offset = 0;
  while (offset < buf.length) {
    try {
      offset += writeSync(1, buf, offset);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    }
  }
}

function run(text: string): { ok: boolean; code?: string; message?: string } {
  const records = parsePdnRecords(text);
  const games = parsePdn(text);
  if (records.ok !== true && records.ok !== false) throw new Error('parsePdnRecords gave no result');
  if (games.ok) return { ok: true };
  if (typeof games.error.code !== 'string' || typeof games.error.message !== 'string')
    throw new Error('parsePdn gave an error without code and message');
  return { ok: false, code: games.error.code, message: games.error.message };
}

inputs.forEach((text, i) => {
  out(`start ${i}\n`);
  const t0 = performance.now();
  let line: object;
  try {
    line = { i, ...run(text), ms: performance.now() - t0 };
  } catch (e) {
    line = { i, ok: false, threw: String(e), ms: performance.now() - t0 };
  }
  out(JSON.stringify(line) + '\n');
});
out('done\n');
