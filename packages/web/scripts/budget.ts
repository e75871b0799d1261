// The JavaScript budget: build the app and fail if the initial JavaScript (the entry chunk and the
// chunks it imports statically; not the engine worker, not lazy chunks) is over 120 KB gzip.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const BUDGET_KB = 120;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The files of the entry chunks and everything they import statically. */
export function initialFiles(manifest: Record<string, ManifestChunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen].filter((f) => f.endsWith('.js'));
}

async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = mkdtempSync(join(tmpdir(), 'dama-budget-'));
  try {
    await build({ root, logLevel: 'warn', build: { outDir, manifest: true, emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const files = initialFiles(manifest);
    let total = 0;
    for (const f of files) {
      const gz = gzipSync(readFileSync(join(outDir, f))).length;
      total += gz;
      console.log(`  ${f}: ${(gz / 1024).toFixed(1)} KB gzip`);
    }
    const kb = total / 1024;
    const line = `initial JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`;
    if (kb > BUDGET_KB) {
      console.error(`over budget: ${line}`);
      process.exitCode = 1;
    } else console.log(`within budget: ${line}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
