/**
 * What the endgame tables cost to download: `npm run bench:tb-size -- DIR` (a folder built by
 * `dama tablebase build`, in either file version). Prints
 * 1. per class: the file in version 1 (raw, gzip -9) and in the present format (raw, file), and the
 *    totals;
 * 2. one verdict: the bytes a search waits for before it reports the root's value, for positions of
 *    a few material kinds — before (every reachable class, version 1, all fetched first) and now (the
 *    root's class only), with what the background fetches afterwards;
 * 3. a whole game's ending: games played through the engine worker's service (Master, 20 000 nodes a
 *    move) from six or four pieces to the end, with every fetch counted. The fetches here are
 *    instant, so the background gets every class reachable from each position: an upper bound (on a
 *    slow connection a class the game can no longer reach is dropped from the queue).
 *
 * Numbers recorded in docs/tablebase-size.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Game, parsePosition, unwrap, type Position } from '@dama/core';
import {
  decodeTable,
  encodeTableV1,
  EngineService,
  flipMaterial,
  isTableMaterial,
  materialId,
  materialName,
  reachableMaterials,
  squarePath,
  tableFileName,
  tableMaterials,
  tablesByNeed,
  TB_VERSION,
  type EngineResponse,
  type Material,
} from '@dama/engine';
import { compressTable } from '@dama/engine/node';

/** The former service fetched every reachable class, all before the search, from six pieces down. */
const OLD_FETCH_FROM_PIECES = 6;

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: npm run bench:tb-size -- DIR   (a folder of built tables)\n');
  process.exit(2);
}

interface Sizes {
  raw1: number;
  gz1: number;
  raw2: number;
  gz2: number;
}
const sizes = new Map<number, Sizes>();
const files = new Map<number, Uint8Array>();
const out = (s: string) => process.stdout.write(`${s}\n`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// 1. Per class.
out('class        v1 raw     v1 gzip      v2 raw     v2 file   ratio');
const total: Sizes = { raw1: 0, gz1: 0, raw2: 0, gz2: 0 };
for (const m of tableMaterials()) {
  let file: Uint8Array;
  try {
    file = new Uint8Array(readFileSync(join(dir, tableFileName(m))));
  } catch {
    continue;
  }
  const contents = new Uint8Array(gunzipSync(file));
  const values = decodeTable(contents, m).values;
  const current = contents[3] === TB_VERSION ? file : compressTable(m, values);
  const s: Sizes = {
    raw1: values.length + 8,
    gz1: gzipSync(encodeTableV1(m, values), { level: 9 }).length,
    raw2: gunzipSync(current).length,
    gz2: current.length,
  };
  files.set(materialId(m), current);
  sizes.set(materialId(m), s);
  for (const k of ['raw1', 'gz1', 'raw2', 'gz2'] as const) total[k] += s[k];
  out(
    `${materialName(m)} ${[s.raw1, s.gz1, s.raw2, s.gz2].map((n) => String(n).padStart(11)).join(' ')}   ${(s.gz1 / s.gz2).toFixed(2)}`,
  );
}
out(
  `all  ${[total.raw1, total.gz1, total.raw2, total.gz2].map((n) => String(n).padStart(11)).join(' ')}   ${(total.gz1 / total.gz2).toFixed(2)}`,
);
if (sizes.size < tableMaterials().length)
  out(`(only ${sizes.size} of ${tableMaterials().length} classes in ${dir})`);

const gz1 = (m: Material) => sizes.get(materialId(m))?.gz1 ?? 0;
const gz2 = (m: Material) => sizes.get(materialId(m))?.gz2 ?? 0;
const sum = (ms: Material[], f: (m: Material) => number) => ms.reduce((a, m) => a + f(m), 0);
const byColour = (p: Position): Material => ({
  wm: p.count('white', 'man'),
  wk: p.count('white', 'king'),
  bm: p.count('black', 'man'),
  bk: p.count('black', 'king'),
});
const stored = (p: Position): Material => (p.turn === 'white' ? byColour(p) : flipMaterial(byColour(p)));

// 2. One verdict.
const VERDICTS: [string, string][] = [
  ['2 kings v king', 'W:WKa1,Kd4:BKh8'],
  ['king+man v king', 'W:Wa2,Kd4:BKh8'],
  ['2 men v man', 'W:Wa2,d4:Bh7'],
  ['king+man v king+man', 'W:Wa2,Kd4:Bh7,Kc7'],
  ['2 kings v 2 kings', 'W:WKa1,Kd4:BKh8,Kc7'],
  ['2 kings+man v king', 'W:Wa2,Ka1,Kd4:BKh8'],
  ['2 men v 2 men', 'W:Wa2,d4:Bh7,c7'],
  ['king+man v 2 men', 'B:Wa2,Kd4:Bh7,c7'],
];
out('\none verdict          class  before: files  bytes        now: waits for  then background');
for (const [name, fen] of VERDICTS) {
  const pos = unwrap(parsePosition(fen));
  const root = stored(pos);
  const before = reachableMaterials(byColour(pos));
  const after = tablesByNeed(root).filter((m) => materialId(m) !== materialId(root));
  out(
    `${name.padEnd(20)} ${materialName(root)}   ${String(before.length).padStart(10)} ${kb(sum(before, gz1)).padStart(10)}   ${kb(gz2(root)).padStart(16)}   ${after.length} files, ${kb(sum(after, gz2))}`,
  );
}

// 3. Whole endings, through the service.
const ENDINGS: [string, string][] = [
  ['3 men v 3 men', 'W:Wc3,e3,g3:Bb6,d6,f6'],
  ['2 men+king v 2 men+king', 'W:Wc3,e3,Kd1:Bb6,f6,Kh8'],
  ['3 men v 2 men', 'W:Wa3,c3,f3:Bd6,g6'],
  ['2 men v 2 men', 'W:Wb3,f3:Bc6,g6'],
  ['man+king v 2 men', 'W:Wd3,Ka1:Bc6,g6'],
];

interface Fetch {
  material: Material;
  bytes: number;
  /** A search was waiting for it. */
  waited: boolean;
}

async function playEnding(
  fen: string,
): Promise<{ plies: number; result: string; fetches: Fetch[]; old: Material[] }> {
  const fetches: Fetch[] = [];
  let root: Material | undefined;
  let resolveDone: (r: EngineResponse) => void = () => {};
  const service = new EngineService(
    (r) => {
      if (r.type === 'done' || r.type === 'error') resolveDone(r);
    },
    (task) => setTimeout(task, 0),
    async (_base, m) => {
      const file = files.get(materialId(m));
      fetches.push({
        material: m,
        bytes: file?.length ?? 0,
        waited: root !== undefined && materialId(m) === materialId(root),
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      return file ? decodeTable(gunzipSync(file), m).values : undefined;
    },
  );
  service.receive({ type: 'init', tablebaseUrl: 'https://example.test/tb/', hashMegabytes: 16 });
  const game = new Game(unwrap(parsePosition(fen)));
  const moves: number[][] = [];
  const old = new Map<number, Material>();
  while (!game.isOver() && moves.length < 300) {
    const p = game.position;
    const m = byColour(p);
    if (m.wm + m.wk + m.bm + m.bk <= OLD_FETCH_FROM_PIECES)
      for (const c of reachableMaterials(m)) old.set(materialId(c), c);
    const done = new Promise<EngineResponse>((resolve) => (resolveDone = resolve));
    // The search waits for its root's class exactly when that class is fetched now.
    root = isTableMaterial(stored(p)) ? stored(p) : undefined;
    service.receive({
      type: 'search',
      id: moves.length,
      fen,
      moves,
      level: 'master',
      limits: { nodes: 20_000 },
      seed: 1,
    });
    const r = await done;
    if (r.type !== 'done' || !r.move) throw new Error(`no move at ply ${moves.length}: ${JSON.stringify(r)}`);
    unwrap(game.play(r.move));
    moves.push(squarePath(r.move));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const o = game.outcome();
  return {
    plies: moves.length,
    result: o ? `${o.winner ?? 'draw'} (${o.reason})` : 'unfinished',
    fetches,
    old: [...old.values()],
  };
}

out(
  '\nwhole ending                 plies  result                        before: files  bytes    now: files  bytes  (waited for: files  bytes)',
);
for (const [name, fen] of ENDINGS) {
  const g = await playEnding(fen);
  const now = g.fetches.filter((f) => f.bytes > 0);
  const waited = g.fetches.filter((f) => f.waited);
  out(
    `${name.padEnd(28)} ${String(g.plies).padStart(5)}  ${g.result.padEnd(28)} ${String(g.old.length).padStart(14)} ${kb(sum(g.old, gz1)).padStart(10)} ${String(now.length).padStart(11)} ${kb(now.reduce((a, f) => a + f.bytes, 0)).padStart(10)}   ${String(waited.length).padStart(16)} ${kb(waited.reduce((a, f) => a + f.bytes, 0)).padStart(10)}`,
  );
}
