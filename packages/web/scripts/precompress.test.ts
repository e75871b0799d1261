import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip copies beside the text files and the weights, which decode to the file', () => {
    dir = mkdtempSync(join(tmpdir(), 'dama-precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'engine'));
    const js = `export const s = ${JSON.stringify('dama '.repeat(1000))};`;
    const weights = Buffer.alloc(8000, 7);
    writeFileSync(join(dir, 'assets', 'app-1.js'), js);
    writeFileSync(join(dir, 'engine', 'eval.bin'), weights);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Dama</title>${'<p>taş</p>'.repeat(200)}`);

    const written = precompress(dir);

    expect(written.map((w) => w.file).sort()).toEqual(['assets/app-1.js', 'engine/eval.bin', 'index.html']);
    for (const { file, bytes, br, gz } of written) {
      const data = readFileSync(join(dir, file));
      expect(bytes).toBe(data.length);
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(data)).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(data)).toBe(true);
      expect(br).toBeLessThan(bytes);
      expect(gz).toBeLessThan(bytes);
    }
  });

  it('leaves alone small files, images, tablebases, and files that would not shrink', () => {
    dir = mkdtempSync(join(tmpdir(), 'dama-precompress-'));
    mkdirSync(join(dir, 'tb'));
    writeFileSync(join(dir, 'small.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(5000, 1));
    writeFileSync(join(dir, 'tb', '1101.dtb.gz'), Buffer.alloc(5000, 2));
    // random bytes do not compress: no copy is kept that is larger than the file
    const noise = randomBytes(4000);
    writeFileSync(join(dir, 'noise.bin'), noise);

    const written = precompress(dir);

    expect(written.map((w) => w.file)).toEqual(['noise.bin']);
    for (const f of ['small.js', 'icon.png', 'tb/1101.dtb.gz', 'noise.bin'])
      for (const ext of ['.br', '.gz']) expect(existsSync(join(dir, f + ext)), f + ext).toBe(false);
  });
});
