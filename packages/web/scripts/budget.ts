// The JavaScript budget: fail if the initial JavaScript (what index.html loads before the app runs:
// its module script and the module preloads Vite lists for the chunks that script imports
// statically; not the engine worker, not lazy chunks) is over 120 KB gzip.
// `tsx scripts/budget.ts` builds the app into a temporary folder first; `--dist DIR` checks a build
// already made there (`npm run test:suites` checks the one its browser tests built).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const BUDGET_KB = 120;

/** The files (relative to the build's folder) of index.html's module scripts and module preloads. */
export function initialFiles(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const file = tag.startsWith('<script')
      ? attr('type') === 'module' && attr('src')
      : attr('rel') === 'modulepreload' && attr('href');
    if (file) files.push(file.replace(/^\.?\//, ''));
  }
  return files;
}

function check(dist: string): void {
  const files = initialFiles(readFileSync(join(dist, 'index.html'), 'utf8'));
  if (files.length === 0)
    throw new Error(`${dist}/index.html loads no module script: is it a build of the app?`);
  let total = 0;
  for (const f of files) {
    const gz = gzipSync(readFileSync(join(dist, f))).length;
    total += gz;
    console.log(`  ${f}: ${(gz / 1024).toFixed(1)} KB gzip`);
  }
  const kb = total / 1024;
  const line = `initial JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`;
  if (kb > BUDGET_KB) {
    console.error(`over budget: ${line}`);
    process.exitCode = 1;
  } else console.log(`within budget: ${line}`);
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--dist');
  if (at > 0) {
    const dist = process.argv[at + 1];
    if (!dist) throw new Error('--dist needs the folder of a build');
    return check(resolve(dist));
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = mkdtempSync(join(tmpdir(), 'dama-budget-'));
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    check(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
