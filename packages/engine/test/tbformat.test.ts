import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressTable } from '../src/node.ts';
import { materialName, parseMaterialName, tableMaterials } from '../src/tablebase.ts';
import { decodeTable, encodeTable, encodeTableV1, groupOrders, isTableContents } from '../src/tbformat.ts';
import { fetchTable } from '../src/tbfetch.ts';
import { testTablebase } from './tables.ts';

// Every class up to three pieces, from the test tables.
const tb = testTablebase(3);

/** The index of the first value that differs, or -1 when `a` and `b` are the same bit for bit. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('tablebase file format', () => {
  it(
    'gives back every value of every class up to three pieces, in every storing order',
    { timeout: 120_000 },
    () => {
      let orders = 0;
      for (const m of tableMaterials(3)) {
        const values = tb.table(m)!;
        for (const order of groupOrders(m)) {
          const contents = encodeTable(m, values, order);
          expect(contents[8], `${materialName(m)} is mirror-symmetric`).toBe(1);
          const back = decodeTable(contents, m);
          expect(back.material).toEqual(m);
          expect(firstDifference(back.values, values), `${materialName(m)} ${order.join('')}`).toBe(-1);
          orders++;
        }
        // The files as written (gzip, the best order) and version 1 too.
        expect(firstDifference(decodeTable(gunzipSync(compressTable(m, values)), m).values, values)).toBe(-1);
        expect(firstDifference(decodeTable(encodeTableV1(m, values), m).values, values)).toBe(-1);
      }
      expect(orders).toBeGreaterThan(tableMaterials(3).length);
    },
  );

  it('stores a class without the mirror when its values are not symmetric', () => {
    const m = parseMaterialName('1020')!;
    const values = tb.table(m)!.slice();
    const i = values.findIndex((v) => v !== 0);
    values[i] = values[i] === 2 ? 3 : 2; // no longer its mirror image's value
    const contents = encodeTable(m, values);
    expect(contents[8]).toBe(0);
    expect(firstDifference(decodeTable(contents, m).values, values)).toBe(-1);
  });

  it('is smaller than version 1: overlaps and mirror images are not stored', () => {
    const m = parseMaterialName('1020')!;
    const values = tb.table(m)!;
    const v2 = encodeTable(m, values);
    // 48 · C(47, 2) positions; none is its own mirror image (a lone white man has no partner), so
    // exactly half of them are stored.
    expect(v2.length - 12).toBe((48 * 1081) / 2);
    expect(compressTable(m, values).length).toBeLessThan(
      gzipSync(encodeTableV1(m, values), { level: 9 }).length,
    );
  });

  it('refuses damaged contents with a clear error', () => {
    const m = parseMaterialName('1110')!;
    const contents = encodeTable(m, tb.table(m)!);
    expect(isTableContents(contents)).toBe(true);
    expect(() => decodeTable(contents.subarray(0, contents.length - 1), m)).toThrow(/truncated or damaged/);
    expect(() => decodeTable(Uint8Array.from([...contents, 0]), m)).toThrow(/truncated or damaged/);
    expect(() => decodeTable(contents.subarray(0, 10), m)).toThrow(/truncated or damaged/);
    const badOrder = contents.slice();
    badOrder[9] = 0; // every loop the same group
    expect(() => decodeTable(badOrder, m)).toThrow(/truncated or damaged/);
    const version9 = contents.slice();
    version9[3] = 0x39;
    expect(() => decodeTable(version9, m)).toThrow(/Not a Dama tablebase/);
    expect(() => decodeTable(contents, parseMaterialName('1011'))).toThrow(/not 1011/);
    expect(() => encodeTable(m, tb.table(m)!, [0, 0, 1, 2])).toThrow(/not an order/);
  });
});

describe('tablebase files over HTTP (the worker’s fetch)', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const m = parseMaterialName('1011')!;
  const serve = (body: Uint8Array | undefined) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      asked.push(String(url));
      return body ? new Response(new Blob([body.slice()])) : new Response('not found', { status: 404 });
    });
    return asked;
  };

  it('reads a gzip file through DecompressionStream, and one a server already decoded', async () => {
    const values = tb.table(m)!;
    const asked = serve(compressTable(m, values));
    expect(firstDifference((await fetchTable('https://example.test/tb/', m))!, values)).toBe(-1);
    expect(asked).toEqual(['https://example.test/tb/1011.dtb.gz']);
    serve(encodeTable(m, values));
    expect(firstDifference((await fetchTable('https://example.test/tb/', m))!, values)).toBe(-1);
    serve(gzipSync(encodeTableV1(m, values)));
    expect(firstDifference((await fetchTable('https://example.test/tb/', m))!, values)).toBe(-1);
  });

  it('gives nothing for a missing or damaged file', async () => {
    serve(undefined);
    expect(await fetchTable('https://example.test/tb/', m)).toBeUndefined();
    const file = compressTable(m, tb.table(m)!);
    serve(file.subarray(0, file.length - 9));
    expect(await fetchTable('https://example.test/tb/', m)).toBeUndefined();
  });
});
