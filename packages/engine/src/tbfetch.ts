/**
 * Tablebase files over HTTP, for the browser's engine worker: `baseUrl + '1101.dtb.gz'` (tbformat.ts's
 * format). The web app serves them under `/tb/` (its service worker caches them at runtime,
 * CacheFirst, so a class fetched once is there offline). A file comes back gzip-compressed, unless a
 * server already decoded it. Which classes are fetched, and when, is tbqueue.ts's.
 */
import type { Material } from './tablebase.ts';
import { decodeTable, isTableContents, tableFileName } from './tbformat.ts';

/** The values of one class, or undefined when the server has no such file or it is damaged. */
export async function fetchTable(baseUrl: string, m: Material): Promise<Uint8Array | undefined> {
  try {
    const response = await fetch(new URL(tableFileName(m), baseUrl));
    if (!response.ok || response.body === null) return undefined;
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (!isTableContents(bytes)) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    return decodeTable(bytes, m).values;
  } catch {
    return undefined;
  }
}
