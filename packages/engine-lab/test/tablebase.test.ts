/**
 * The table builder (tbbuild.ts): every position up to three pieces against a deliberately simple
 * solver and against its own successors, the positions it counts per class, and the engine's test
 * tables (`packages/engine/test/tables/`, read by the engine's tests) as exactly what it builds.
 */
import { fileURLToPath } from 'node:url';
import { applyMove, generateMoves, MoveList, popcount } from '@dama/core';
import { materialName, parseMaterialName, tableMaterials } from '@dama/engine';
import { loadTablebase } from '@dama/engine/node';
import { describe, expect, it } from 'vitest';
import { buildTablebase, classStats, verifyClass } from '../src/index.ts';

// The tables up to three pieces, built once for the whole file (a few seconds).
const tb = buildTablebase(3);

/** The engine's test tables (written by `npx dama tablebase build --max 3 --out` that folder). */
const ENGINE_TEST_TABLES = fileURLToPath(new URL('../../engine/test/tables/', import.meta.url));

/**
 * A deliberately simple solver for up to three pieces, sharing nothing with the tablebase but the
 * rules' move generator: every position with both sides to move is a node of an explicit graph, keyed
 * by its pieces in square order; values are found by sweeping once per distance over the nodes with a
 * successor settled in the sweep before (won in n: a successor lost in n − 1; lost in n: every
 * successor won), and what never settles is a draw. No flipping, no index, no un-moves.
 */
function simpleSolve(): { value: Int16Array; boards: Int32Array } {
  const ids = new Int32Array(1 << 25).fill(-1);
  // A node key: up to three (square · 4 + kind + 1) bytes in square order, then the side to move.
  const keyOf = (b: ArrayLike<number>, turn: number): number => {
    let k = 0;
    for (let half = 0; half < 2; half++) {
      let occ = b[half] | b[2 + half];
      while (occ !== 0) {
        const bit = occ & -occ;
        occ ^= bit;
        const sq = 31 - Math.clz32(bit) + 32 * half;
        const black = (b[2 + half] & bit) !== 0;
        const king = (b[4 + half] & bit) !== 0;
        k = k * 256 + sq * 4 + (black ? 1 : 0) + (king ? 2 : 0) + 1;
      }
    }
    return k * 2 + turn;
  };
  // Every set of two or three squares, every kind on each (white man, black man, white king, black
  // king; men only on ranks 2–7), both colours present, both sides to move, one king each excepted.
  const boards: number[] = [];
  const b = [0, 0, 0, 0, 0, 0];
  const place = (squares: number[], i: number, white: boolean, black: boolean) => {
    if (i === squares.length) {
      // One king each is over at once (a draw), not a node.
      if (!white || !black || (squares.length === 2 && popcount(b[4]) + popcount(b[5]) === 2)) return;
      for (let turn = 0; turn < 2; turn++) {
        ids[keyOf(b, turn)] = boards.length / 7;
        boards.push(b[0], b[1], b[2], b[3], b[4], b[5], turn);
      }
      return;
    }
    const sq = squares[i];
    const lo = sq < 32 ? 1 << sq : 0;
    const hi = sq >= 32 ? 1 << (sq - 32) : 0;
    for (let kind = 0; kind < 4; kind++) {
      const king = kind >= 2;
      if (!king && (sq < 8 || sq >= 56)) continue;
      const c = kind & 1 ? 2 : 0;
      b[c] |= lo;
      b[c + 1] |= hi;
      if (king) {
        b[4] |= lo;
        b[5] |= hi;
      }
      place(squares, i + 1, white || c === 0, black || c === 2);
      b[c] &= ~lo;
      b[c + 1] &= ~hi;
      b[4] &= ~lo;
      b[5] &= ~hi;
    }
  };
  for (let s1 = 0; s1 < 64; s1++)
    for (let s2 = s1 + 1; s2 < 64; s2++) {
      place([s1, s2], 0, false, false);
      for (let s3 = s2 + 1; s3 < 64; s3++) place([s1, s2, s3], 0, false, false);
    }
  const count = boards.length / 7;
  const board = Int32Array.from(boards);
  // Successor lists; -1 stands for "the side to move has no pieces" (lost), -2 for one king each (drawn).
  const start = new Int32Array(count + 1);
  let succ = new Int32Array(count * 8);
  let edges = 0;
  const list = new MoveList(128);
  const c = new Int32Array(6);
  for (let v = 0; v < count; v++) {
    start[v] = edges;
    const o = v * 7;
    const turn = board[o + 6];
    const here = board.subarray(o, o + 6);
    generateMoves(here, turn, list);
    if (edges + list.count > succ.length) {
      const grown = new Int32Array(succ.length * 2);
      grown.set(succ);
      succ = grown;
    }
    for (let j = 0; j < list.count; j++) {
      applyMove(here, turn, list, j, c);
      const white = popcount(c[0]) + popcount(c[1]);
      const black = popcount(c[2]) + popcount(c[3]);
      const kings = popcount(c[4]) + popcount(c[5]);
      if ((turn === 0 ? black : white) === 0) succ[edges++] = -1;
      else if (white === 1 && black === 1 && kings === 2) succ[edges++] = -2;
      else succ[edges++] = ids[keyOf(c, 1 - turn)];
    }
  }
  start[count] = edges;
  // Predecessor lists, so that a sweep looks only at nodes with a successor settled in the last one.
  const rstart = new Int32Array(count + 1);
  for (let e = 0; e < edges; e++) if (succ[e] >= 0) rstart[succ[e] + 1]++;
  for (let v = 0; v < count; v++) rstart[v + 1] += rstart[v];
  const pred = new Int32Array(rstart[count]);
  const fill = rstart.slice(0, count);
  for (let v = 0; v < count; v++)
    for (let e = start[v]; e < start[v + 1]; e++) if (succ[e] >= 0) pred[fill[succ[e]]++] = v;
  // value: -1 unsettled, else plies to the end (odd: the side to move wins).
  const value = new Int16Array(count).fill(-1);
  const seen = new Int32Array(count).fill(-1);
  let last: number[] = [];
  let candidates: number[] = [];
  for (let v = 0; v < count; v++) {
    if (start[v] === start[v + 1]) {
      value[v] = 0;
      last.push(v);
    }
    // A successor without pieces to move (lost at 0) settles its predecessors in the first sweep.
    for (let e = start[v]; e < start[v + 1]; e++) if (succ[e] === -1) candidates.push(v);
  }
  for (let d = 1; last.length > 0 || candidates.length > 0; d++) {
    for (const u of last) for (let e = rstart[u]; e < rstart[u + 1]; e++) candidates.push(pred[e]);
    const settled: number[] = [];
    for (const v of candidates) {
      if (value[v] >= 0 || seen[v] === d) continue;
      seen[v] = d;
      let allWon = true;
      let won = false;
      for (let e = start[v]; e < start[v + 1]; e++) {
        const u = succ[e];
        const x = u === -1 ? 0 : u === -2 ? -1 : value[u];
        if (x >= 0 && x % 2 === 0) won = true;
        if (x < 0 || x % 2 === 0) allWon = false;
      }
      if (won || allWon) settled.push(v);
    }
    for (const v of settled) value[v] = d;
    last = settled;
    candidates = [];
  }
  return { value, boards: board };
}

describe('tablebase builder', () => {
  it('builds every class up to three pieces, one king each excluded', () => {
    const names = tableMaterials(3).map(materialName);
    expect(names).toHaveLength(15);
    expect(names).not.toContain('0101');
    expect(tb.maxPieces).toBe(3);
  });

  it(
    'agrees with a deliberately simple solver on every position up to three pieces',
    { timeout: 300_000 },
    () => {
      const { value, boards } = simpleSolve();
      let differences = 0;
      let compared = 0;
      for (let v = 0; v < value.length; v++) {
        const o = v * 7;
        const code = tb.probe(boards.subarray(o, o + 6), boards[o + 6]);
        const expected = value[v] < 0 ? 0 : value[v] + 1;
        compared++;
        if (code !== expected) differences++;
      }
      expect(compared).toBe(2 * 1_344_144);
      expect(differences).toBe(0);
    },
  );

  it('agrees with its own successors on every position up to three pieces', { timeout: 300_000 }, () => {
    let checked = 0;
    for (const m of tableMaterials(3)) {
      const r = verifyClass(m, tb);
      expect(r.mismatches, `${m.wm}${m.wk}${m.bm}${m.bk} at ${r.wrong.join(',')}`).toBe(0);
      checked += r.checked;
    }
    expect(checked).toBe(1_344_144);
  });

  it('counts its positions per class: overlapping squares are not positions', () => {
    const m = parseMaterialName('1020')!;
    // A white man on one of 48 squares, two black men on two of the other 47.
    expect(classStats(m, tb.table(m)!).positions).toBe(48 * 1128 - 48 * 47);
  });

  it('built the engine’s test tables: every class up to three pieces, value for value', () => {
    const files = loadTablebase(ENGINE_TEST_TABLES, 3);
    for (const m of tableMaterials(3)) {
      const built = tb.table(m)!;
      const read = files.table(m);
      expect(read, `${materialName(m)} in ${ENGINE_TEST_TABLES}`).toBeDefined();
      expect(read!.length).toBe(built.length);
      expect(
        read!.findIndex((v, i) => v !== built[i]),
        materialName(m),
      ).toBe(-1);
    }
  });
});
