// Brotli and gzip copies of the build's text files (and the engine's weights), written beside them
// at build time: the game server sends `x.js.br` for `x.js` to a browser that accepts brotli
// (@fastify/static's `preCompressed`), so no visitor's download is compressed on the fly, and each is
// compressed as hard as brotli goes, once.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files worth compressing: text, and the engine's weights (`.bin`). Tablebases are gzip already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|bin)$/;

/** Files smaller than this gain too little for a second request path. */
export const MIN_BYTES = 1024;

export interface Written {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file under `dir` of at least `MIN_BYTES`,
 * each only when it is smaller than the file. Returns what was written.
 */
export function precompress(dir: string): Written[] {
  const out: Written[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.test(name)) continue;
      const data = readFileSync(path);
      if (data.length < MIN_BYTES) continue;
      const br = brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      const gz = gzipSync(data, { level: 9 });
      if (br.length < data.length) writeFileSync(`${path}.br`, br);
      if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
      out.push({ file: path.slice(dir.length + 1), bytes: data.length, br: br.length, gz: gz.length });
    }
  };
  walk(dir);
  return out;
}
