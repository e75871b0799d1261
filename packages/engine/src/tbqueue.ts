/**
 * Which endgame tables the engine worker fetches, and when (the service's part; tbfetch.ts does one
 * fetch). A search waits for one file at most: the class of its root position (as stored, the side
 * to move as White), so the root's verdict comes as soon as that file is in. The classes the game
 * can reach from there (the flip, for the other side to move, then by captures and promotions) follow
 * in the background, one file at a time, in order of need: fewest captures and promotions first, the
 * smaller file first among equals. A later search re-orders what is still to come for its own
 * position and drops what it can no longer reach; it waits only when its own class is not in yet.
 * From five or six pieces (a capture or two away from the tables) the reachable classes are fetched
 * in the background, and nothing waits.
 *
 * Each class is asked for once. A class the server does not have costs one failed request: when the
 * root's class is missing nothing else is fetched for that position, and after any failed request
 * nothing more is fetched in the background (the server lacks tables), only a search's own class.
 */
import {
  flipMaterial,
  isTableMaterial,
  materialId,
  reachableMaterials,
  Tablebase,
  tableSize,
  TB_MAX_PIECES,
  type Material,
} from './tablebase.ts';

/** Fetches one class's table: its values, or undefined when it cannot be had (tbfetch.ts `fetchTable`). */
export type TableLoader = (baseUrl: string, m: Material) => Promise<Uint8Array | undefined>;

/** From this many pieces down, a search can reach the tables' positions. */
export const FETCH_FROM_PIECES = TB_MAX_PIECES + 2;

/**
 * The least number of captures and promotions that turn `from` (White to move) into stored class
 * `c` (either side to move), or Infinity when none does.
 */
export function tableDistance(from: Material, c: Material): number {
  const cost = (o: Material) => {
    if (o.wm > from.wm || o.bm > from.bm) return Infinity;
    const white = from.wm + from.wk - (o.wm + o.wk);
    const black = from.bm + from.bk - (o.bm + o.bk);
    if (white < 0 || black < 0) return Infinity;
    return white + black + Math.max(0, o.wk - from.wk) + Math.max(0, o.bk - from.bk);
  };
  return Math.min(cost(c), cost(flipMaterial(c)));
}

/**
 * The classes a game from `root` (White to move) can reach, nearest first (`tableDistance`), the
 * smaller table first among equals; `root` itself and its flip come first.
 */
export function tablesByNeed(root: Material): Material[] {
  const keyed = reachableMaterials(root).map((m) => ({
    m,
    d: tableDistance(root, m),
    size: tableSize(m),
  }));
  keyed.sort((a, b) => a.d - b.d || a.size - b.size || materialId(a.m) - materialId(b.m));
  return keyed.map((k) => k.m);
}

export class TableQueue {
  /** Classes asked for: true once answered (loaded or missing), else the fetch under way. */
  private asked = new Map<number, Promise<boolean> | true>();
  /** Classes the server did not have. */
  private missing = new Set<number>();
  /** The background's classes still to fetch, in order. */
  private waiting: Material[] = [];
  private busy = false;
  private baseUrl = '';

  constructor(
    private tablebase: Tablebase,
    private load: TableLoader,
  ) {}

  /**
   * Before a search of a position with `material` (by colour) and `turn` to move: a promise to wait
   * for when its own class is not in yet (fetched now), else undefined, with the classes it can
   * reach queued in the background.
   */
  prepare(baseUrl: string, material: Material, turn: 'white' | 'black'): Promise<void> | undefined {
    this.baseUrl = baseUrl;
    const pieces = material.wm + material.wk + material.bm + material.bk;
    if (pieces > FETCH_FROM_PIECES) {
      this.waiting = [];
      return undefined;
    }
    const root = turn === 'white' ? material : flipMaterial(material);
    if (isTableMaterial(root)) {
      const state = this.asked.get(materialId(root));
      if (state === undefined) return this.fetch(root).then(() => undefined);
      if (state !== true) return state.then(() => undefined);
      if (this.missing.has(materialId(root))) {
        this.waiting = [];
        return undefined;
      }
    }
    this.waiting =
      this.missing.size > 0 ? [] : tablesByNeed(root).filter((m) => !this.asked.has(materialId(m)));
    this.next();
    return undefined;
  }

  /** Fetch one class (true when it was loaded). */
  private fetch(m: Material): Promise<boolean> {
    const id = materialId(m);
    const done = this.load(this.baseUrl, m).then(
      (values) => {
        this.asked.set(id, true);
        if (values && values.length === tableSize(m)) {
          this.tablebase.add(m, values);
          return true;
        }
        this.missing.add(id);
        return false;
      },
      () => {
        this.asked.set(id, true);
        this.missing.add(id);
        return false;
      },
    );
    this.asked.set(id, done);
    return done;
  }

  /** Start the background's next fetch, unless one is under way. */
  private next(): void {
    if (this.busy) return;
    let m = this.waiting.shift();
    while (m !== undefined && this.asked.has(materialId(m))) m = this.waiting.shift();
    if (m === undefined) return;
    this.busy = true;
    void this.fetch(m).then((loaded) => {
      this.busy = false;
      if (!loaded) this.waiting = [];
      this.next();
    });
  }
}
