import { describe, expect, it } from 'vitest';
import { EngineService, type EngineResponse, type TableLoader } from '../src/service.ts';
import {
  materialName,
  parseMaterialName,
  reachableMaterials,
  tableSize,
  tbCode,
  type Material,
} from '../src/tablebase.ts';
import { tableDistance, tablesByNeed } from '../src/tbqueue.ts';

/** Let pending promises and zero-delay timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A table server in memory: every fetch is recorded and answered only when the test says so, with
 * a table whose every value is `code` (so the root's verdict shows which table answered), or
 * undefined for a class it lacks.
 */
function server(lacks: (m: Material) => boolean = () => false, code = tbCode(5)) {
  const calls: string[] = [];
  const open = new Map<string, () => void>();
  const loader: TableLoader = (base, m) => {
    expect(base).toBe('https://example.test/tb/');
    calls.push(materialName(m));
    return new Promise((resolve) =>
      open.set(materialName(m), () =>
        resolve(lacks(m) ? undefined : new Uint8Array(tableSize(m)).fill(code)),
      ),
    );
  };
  /** Answer the fetch of `name` (it must be under way), then let the service react. */
  const answer = async (name: string) => {
    const reply = open.get(name);
    expect(reply, `${name} was not asked for`).toBeDefined();
    open.delete(name);
    reply!();
    await settle();
  };
  /** Answer every fetch, the ones the answers start too, until none is left. */
  const drain = async () => {
    while (open.size > 0) await answer([...open.keys()][0]);
  };
  return { calls, open, loader, answer, drain };
}

function service(loader: TableLoader) {
  const out: EngineResponse[] = [];
  const s = new EngineService(
    (r) => out.push(r),
    (t) => t(),
    loader,
  );
  s.receive({ type: 'init', tablebaseUrl: 'https://example.test/tb/', hashMegabytes: 1 });
  const done = (id: number) => out.find((r) => r.type === 'done' && r.id === id);
  return { s, out, done };
}

// A white man and king against a black man and king, White to move: class 1111.
const FOUR = 'W:Wc3,Kd4:Bh7,Kc7';

describe('endgame tables in the engine worker (fetch order)', { timeout: 60_000 }, () => {
  it('orders a 4-piece class’s reachable tables by need: the class, then captures and promotions', () => {
    const root = parseMaterialName('1111')!;
    expect(tablesByNeed(root).map(materialName)).toEqual([
      '1111',
      '1011',
      '1110',
      '0111',
      '1101',
      '0211',
      '1102',
      '1010',
      '0110',
      '1001',
      '0210',
      '1002',
      '0102',
      '0201',
      '0202',
    ]);
    expect(tablesByNeed(root)).toHaveLength(reachableMaterials(root).length);
    // Black to move after White's quiet move: its flip; a white man promoted: 0211.
    expect(tableDistance(root, parseMaterialName('0211')!)).toBe(1);
    expect(tableDistance(root, parseMaterialName('2010')!)).toBe(Infinity);
  });

  it('lets the first search wait for exactly one file, its root’s class, and fetches the rest one at a time', async () => {
    const tb = server();
    const { s, done } = service(tb.loader);
    s.receive({ type: 'search', id: 1, fen: FOUR, limits: { depth: 2 } });
    expect(tb.calls).toEqual(['1111']);
    expect(done(1)).toBeUndefined();
    await tb.answer('1111');
    // The verdict comes from the root's table; the background has started on the next class only.
    expect(done(1)).toMatchObject({ cancelled: false, tb: { result: 'win', plies: 5 } });
    expect(tb.calls).toEqual(['1111', '1011']);
    await tb.drain();
    expect(tb.calls).toEqual(tablesByNeed(parseMaterialName('1111')!).map(materialName));
    expect(tb.calls).toHaveLength(15);
  });

  it('does not block later searches, and never fetches a class twice', async () => {
    const tb = server();
    const { s, done } = service(tb.loader);
    s.receive({ type: 'search', id: 1, fen: FOUR, limits: { depth: 1 } });
    await tb.answer('1111');
    expect(tb.calls).toEqual(['1111', '1011']);
    // Black to move after a quiet move: the same stored class, already in — runs at once.
    s.receive({ type: 'search', id: 2, fen: FOUR, moves: [[27, 35]], limits: { depth: 1 } }); // d4-d5
    expect(done(2)).toMatchObject({ cancelled: false, tb: { result: 'win', plies: 5 } });
    expect(tb.calls).toHaveLength(2);
    // A position of the class being fetched in the background waits for that fetch, not a new one.
    s.receive({ type: 'search', id: 3, fen: 'W:Wc3:Bh7,Kc7', limits: { depth: 1 } }); // 1011
    expect(done(3)).toBeUndefined();
    expect(tb.calls).toHaveLength(2);
    await tb.answer('1011');
    expect(done(3)).toMatchObject({ cancelled: false, tb: { result: 'win', plies: 5 } });
    expect(tb.calls).toHaveLength(3); // the background's next
    // A class still to come in the background, needed by a search now, is fetched at once.
    s.receive({ type: 'search', id: 4, fen: 'W:WKd4:Bh7,Kc7', limits: { depth: 1 } }); // 0111
    expect(tb.calls.at(-1)).toBe('0111');
    await tb.answer('0111');
    expect(done(4)).toMatchObject({ cancelled: false });
    await tb.drain();
    // Back to the first position: what 0111 could not reach comes now, nothing twice.
    s.receive({ type: 'search', id: 5, fen: FOUR, limits: { depth: 1 } });
    expect(done(5)).toMatchObject({ cancelled: false });
    await tb.drain();
    expect([...tb.calls].sort()).toEqual(
      reachableMaterials(parseMaterialName('1111')!).map(materialName).sort(),
    );
    const fetched = tb.calls.length;
    for (const [id, fen] of [
      [6, FOUR],
      [7, 'W:Wc3:Bh7,Kc7'],
      [8, 'W:WKd4:Bh7,Kc7'],
    ] as const) {
      s.receive({ type: 'search', id, fen, limits: { depth: 1 } });
      expect(done(id)).toMatchObject({ cancelled: false });
    }
    await settle();
    expect(tb.calls).toHaveLength(fetched);
  });

  it('asks for a class the server lacks once, and then fetches nothing else for it', async () => {
    const tb = server(() => true);
    const { s, done } = service(tb.loader);
    s.receive({ type: 'search', id: 1, fen: FOUR, limits: { depth: 1 } });
    expect(tb.calls).toEqual(['1111']);
    await tb.answer('1111');
    expect(done(1)).toMatchObject({ cancelled: false });
    expect(done(1)).not.toHaveProperty('tb');
    expect(tb.calls).toEqual(['1111']);
    s.receive({ type: 'search', id: 2, fen: FOUR, moves: [[27, 35]], limits: { depth: 1 } }); // d4-d5
    s.receive({ type: 'search', id: 3, fen: FOUR, limits: { depth: 1 } });
    expect(done(3)).toMatchObject({ cancelled: false });
    expect(tb.calls).toEqual(['1111']);
    // Another class costs its own single request; five pieces wait for nothing and fetch nothing more.
    s.receive({ type: 'search', id: 4, fen: 'W:Wc3,Kd4:Bh7', limits: { depth: 1 } });
    await tb.answer('1110');
    s.receive({ type: 'search', id: 5, fen: 'W:Wc3,e3,Kd4:Bh7,Kc7', limits: { depth: 1 } });
    expect(done(5)).toMatchObject({ cancelled: false });
    await settle();
    expect(tb.calls).toEqual(['1111', '1110']);
  });

  it('from five or six pieces fetches in the background and lets the search run at once', async () => {
    const tb = server();
    const { s, done } = service(tb.loader);
    s.receive({ type: 'search', id: 1, fen: 'W:Wc3,e3,Kd4:Bh7,Kc7', limits: { depth: 1 } }); // 2111
    expect(done(1)).toMatchObject({ cancelled: false });
    expect(tb.calls).toHaveLength(1);
    await tb.drain();
    const root = { wm: 2, wk: 1, bm: 1, bk: 1 };
    expect(tb.calls).toEqual(tablesByNeed(root).map(materialName));
    const distances = tb.calls.map((n) => tableDistance(root, parseMaterialName(n)!));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // More than six pieces: nothing.
    const none = server();
    const other = service(none.loader);
    other.s.receive({ type: 'search', id: 1, limits: { depth: 1 } });
    expect(other.done(1)).toMatchObject({ cancelled: false });
    expect(none.calls).toEqual([]);
  });
});
