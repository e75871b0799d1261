/**
 * The tablebase solver: retrograde analysis over the index of a material class (`@dama/engine`'s
 * tablebase.ts, whose `Tablebase` the search probes).
 *
 * A class and its flip are solved together, because a quiet move that does not promote keeps the
 * material but hands the move over (Black to move is stored as the flipped class, White to move).
 * Every other move leaves the pair: a capture lowers the piece count, a promotion lowers the number
 * of men. So the classes are solved in order of pieces, then men, and every move out of the pair
 * ("exit") is looked up in a table solved before.
 *
 * 1. Every position is visited once: no move is a loss now; a capture position takes its value from
 *    its exits; a quiet position records its best exit win, its longest exit loss, whether an exit
 *    draws, and the number of its moves inside the pair.
 * 2. Then by distance n = 1, 2, …: the positions lost in n − 1 make their predecessors (found by
 *    un-moving a king slide or a man's step) won in n; the positions won in n − 1 count down their
 *    predecessors' moves inside the pair, and a predecessor with none left whose exits are all lost is
 *    lost, in the longer of n and its longest exit loss. A position whose best exit win arrives at n
 *    is won in n unless it already was won sooner.
 * 3. What is left is a draw: every line stays in the pair and the winner cannot force the end.
 *
 * Pure TypeScript over `@dama/core`'s move generator, so the tests can build the small classes in
 * memory; `dama tablebase build` writes the files.
 */
import { applyMove, generateMoves, MoveList, popcount, type Board } from '@dama/core';
import {
  flipBoard,
  flipMaterial,
  groupSizes,
  materialId,
  materialName,
  tableIndex,
  tableMaterials,
  Tablebase,
  tableSize,
  TB_MAX_PIECES,
  type Material,
} from '@dama/engine';

const UNKNOWN = 255;
/** A position settled as a draw during the build (0 in the finished table). */
const SETTLED_DRAW = 254;
/** The longest distance the byte can hold while the build's two markers stay free. */
const MAX_PLIES = 252;

/** The placements of one group of pieces as (lo, hi) masks, by colex rank. */
interface GroupMasks {
  lo: Int32Array;
  hi: Int32Array;
}

/** Every combination of a group as (lo, hi) masks, by colex rank. */
function groupMasks(count: number, first: number, squares: number): GroupMasks {
  const lo: number[] = [];
  const hi: number[] = [];
  // Colex order: the combination with the smaller largest element first, recursively.
  const pick = (k: number, below: number, mLo: number, mHi: number) => {
    if (k === 0) {
      lo.push(mLo);
      hi.push(mHi);
      return;
    }
    for (let top = k - 1; top < below; top++) {
      const s = top + first;
      pick(k - 1, top, s < 32 ? mLo | (1 << s) : mLo, s >= 32 ? mHi | (1 << (s - 32)) : mHi);
    }
  };
  pick(count, squares, 0, 0);
  return { lo: Int32Array.from(lo), hi: Int32Array.from(hi) };
}

/** The four groups' placements of class `m`: White's men, White's kings, Black's men, Black's kings. */
const classMasks = (m: Material): GroupMasks[] => [
  groupMasks(m.wm, 8, 48),
  groupMasks(m.wk, 0, 64),
  groupMasks(m.bm, 8, 48),
  groupMasks(m.bk, 0, 64),
];

/**
 * The board of placement ranks `r0`–`r3` of the four groups into `out`, White to move; false when
 * two groups share a square (that index is not a position). `n` is the class's piece count.
 */
function placeBoard(
  masks: GroupMasks[],
  r0: number,
  r1: number,
  r2: number,
  r3: number,
  n: number,
  out: Board,
): boolean {
  const wm = masks[0],
    wk = masks[1],
    bm = masks[2],
    bk = masks[3];
  out[0] = wm.lo[r0] | wk.lo[r1];
  out[1] = wm.hi[r0] | wk.hi[r1];
  out[2] = bm.lo[r2] | bk.lo[r3];
  out[3] = bm.hi[r2] | bk.hi[r3];
  out[4] = wk.lo[r1] | bk.lo[r3];
  out[5] = wk.hi[r1] | bk.hi[r3];
  return popcount(out[0] | out[2]) + popcount(out[1] | out[3]) === n;
}

const STEP = [8, -8, 1, -1];
const RAY = new Uint8Array(4 * 64);
for (let sq = 0; sq < 64; sq++) {
  RAY[sq] = 7 - (sq >> 3);
  RAY[64 + sq] = sq >> 3;
  RAY[128 + sq] = 7 - (sq & 7);
  RAY[192 + sq] = sq & 7;
}

/** A report from the table builder, per pair of classes solved together. */
export interface BuildProgress {
  material: Material;
  /** 'start' before the first pass, 'level' after each distance, 'done' when the pair is solved. */
  phase: 'start' | 'level' | 'done';
  plies: number;
  /** Positions settled so far in the pair. */
  settled: number;
}

/** What a solved class holds: the count of real positions and of wins, losses and draws. */
export interface ClassStats {
  material: Material;
  positions: number;
  wins: number;
  losses: number;
  draws: number;
  /** The longest win or loss, in plies. */
  longest: number;
}

/** Count a solved class's real positions, wins, losses and draws, and its longest result. */
export function classStats(m: Material, values: Uint8Array): ClassStats {
  const g = groupSizes(m);
  const masks = classMasks(m);
  const n = m.wm + m.wk + m.bm + m.bk;
  const board = new Int32Array(6);
  let positions = 0,
    wins = 0,
    losses = 0,
    longest = 0;
  let i = 0;
  for (let r0 = 0; r0 < g[0]; r0++)
    for (let r1 = 0; r1 < g[1]; r1++)
      for (let r2 = 0; r2 < g[2]; r2++)
        for (let r3 = 0; r3 < g[3]; r3++, i++) {
          if (!placeBoard(masks, r0, r1, r2, r3, n, board)) continue;
          positions++;
          const v = values[i];
          if (v === 0) continue;
          if (((v - 1) & 1) === 1) wins++;
          else losses++;
          if (v - 1 > longest) longest = v - 1;
        }
  return { material: m, positions, wins, losses, draws: positions - wins - losses, longest };
}

/**
 * Solve a class and its flip. `tb` must hold every class that the pair's exits reach (all classes
 * of fewer pieces, and those of as many pieces with fewer men). Returns the tables (one when the
 * class is its own flip).
 */
export function solvePair(
  m: Material,
  tb: Tablebase,
  onProgress?: (p: BuildProgress) => void,
): { material: Material; values: Uint8Array }[] {
  const f = flipMaterial(m);
  const classes = materialId(f) === materialId(m) ? [m] : [m, f];
  const n = m.wm + m.wk + m.bm + m.bk;
  const state = classes.map((c) => {
    const size = tableSize(c);
    return {
      material: c,
      g: groupSizes(c),
      masks: classMasks(c),
      code: new Uint8Array(size).fill(UNKNOWN),
      count: new Uint8Array(size),
      exitWin: new Uint8Array(size),
      /** Longest exit loss (a value byte), or UNKNOWN when an exit draws. */
      exitLoss: new Uint8Array(size),
    };
  });
  // The class reached by a quiet move inside the pair (the other one, or itself).
  const other = (k: number) => (classes.length === 1 ? 0 : 1 - k);
  onProgress?.({ material: m, phase: 'start', plies: 0, settled: 0 });

  const list = new MoveList(128);
  const cur = new Int32Array(6);
  const child = new Int32Array(6);
  let settled = 0;
  let latest = 0;
  for (const s of state) {
    const { g, masks, code, count, exitWin, exitLoss } = s;
    let i = 0;
    for (let r0 = 0; r0 < g[0]; r0++)
      for (let r1 = 0; r1 < g[1]; r1++)
        for (let r2 = 0; r2 < g[2]; r2++)
          for (let r3 = 0; r3 < g[3]; r3++, i++) {
            if (!placeBoard(masks, r0, r1, r2, r3, n, cur)) {
              code[i] = SETTLED_DRAW; // not a position
              continue;
            }
            const kLo = cur[4],
              kHi = cur[5];
            generateMoves(cur, 0, list);
            if (list.count === 0) {
              code[i] = 1; // lost now
              settled++;
              continue;
            }
            let win = 0;
            let loss = 0;
            let draw = false;
            let inside = 0;
            const capture = list.captures > 0;
            for (let j = 0; j < list.count; j++) {
              const from = list.from[j];
              const to = list.to[j];
              const man = ((from < 32 ? kLo >>> from : kHi >>> (from - 32)) & 1) === 0;
              if (!capture && !(man && to >= 56)) {
                inside++;
                continue;
              }
              applyMove(cur, 0, list, j, child);
              const c = tb.probe(child, 1);
              if (c < 0)
                throw new Error(`The table for a successor of ${materialName(s.material)} is missing.`);
              if (c === 0) draw = true;
              else if (((c - 1) & 1) === 0) {
                if (win === 0 || c + 1 < win) win = c + 1;
              } else if (c + 1 > loss) loss = c + 1;
            }
            if (inside === 0) {
              code[i] = win !== 0 ? win : draw ? SETTLED_DRAW : loss;
              settled++;
              if (code[i] !== SETTLED_DRAW && code[i] > latest) latest = code[i];
            } else {
              count[i] = inside;
              exitWin[i] = win;
              exitLoss[i] = draw ? UNKNOWN : loss;
              if (win > latest) latest = win;
              if (!draw && loss > latest) latest = loss;
            }
          }
  }

  // Retrograde passes by distance.
  const real = new Int32Array(6);
  /** A predecessor of `real` (White's last move taken back). */
  const pred = new Int32Array(6);
  let lastActive = 0;
  for (let plies = 1; plies <= MAX_PLIES + 1; plies++) {
    if (plies > latest && plies > lastActive + 2) break;
    if (plies > MAX_PLIES) throw new Error(`A distance beyond ${MAX_PLIES} plies in ${materialName(m)}.`);
    // Positions settled at `plies - 1` hold the byte `plies`; their predecessors are settled at `plies`.
    const want = plies;
    const winning = (plies & 1) === 1; // predecessors of a loss are wins
    let found = 0;
    for (let k = 0; k < state.length; k++) {
      const q = state[k];
      const p = state[other(k)];
      const { g: qg, masks: qm, code: qcode } = q;
      const pg = p.g;
      const pcode = p.code;
      const pcount = p.count;
      let i = 0;
      for (let r0 = 0; r0 < qg[0]; r0++)
        for (let r1 = 0; r1 < qg[1]; r1++)
          for (let r2 = 0; r2 < qg[2]; r2++)
            for (let r3 = 0; r3 < qg[3]; r3++, i++) {
              if (qcode[i] !== want) continue;
              // The real position: Black to move; White (in the predecessor) made the last move.
              placeBoard(qm, r0, r1, r2, r3, n, child);
              flipBoard(child, real);
              const wLo = real[0],
                wHi = real[1],
                bLo = real[2],
                bHi = real[3],
                kLo = real[4],
                kHi = real[5];
              const emptyLo = ~(wLo | bLo);
              const emptyHi = ~(wHi | bHi);
              let piecesLo = wLo;
              let piecesHi = wHi;
              while (piecesLo !== 0 || piecesHi !== 0) {
                let s: number;
                if (piecesLo !== 0) {
                  s = 31 - Math.clz32(piecesLo & -piecesLo);
                  piecesLo &= piecesLo - 1;
                } else {
                  s = 63 - Math.clz32(piecesHi & -piecesHi);
                  piecesHi &= piecesHi - 1;
                }
                const king = ((s < 32 ? kLo >>> s : kHi >>> (s - 32)) & 1) !== 0;
                const sLo = s < 32 ? 1 << s : 0;
                const sHi = s >= 32 ? 1 << (s - 32) : 0;
                for (let dir = 0; dir < 4; dir++) {
                  // Men step back one square (down or sideways, never from rank 1); kings slide back.
                  if (!king && (dir === 0 || (dir === 1 && s < 16))) continue;
                  const step = STEP[dir];
                  let left = RAY[dir * 64 + s];
                  let t = s + step;
                  while (left > 0) {
                    const tLo = t < 32 ? 1 << t : 0;
                    const tHi = t >= 32 ? 1 << (t - 32) : 0;
                    if (((emptyLo & tLo) | (emptyHi & tHi)) === 0) break;
                    pred[0] = (wLo & ~sLo) | tLo;
                    pred[1] = (wHi & ~sHi) | tHi;
                    pred[2] = bLo;
                    pred[3] = bHi;
                    pred[4] = king ? (kLo & ~sLo) | tLo : kLo;
                    pred[5] = king ? (kHi & ~sHi) | tHi : kHi;
                    const pi = tableIndex(pred, pg);
                    if (pi >= 0 && pcode[pi] === UNKNOWN) {
                      if (winning) {
                        pcode[pi] = plies + 1;
                        found++;
                      } else if (--pcount[pi] === 0) {
                        if (p.exitWin[pi] !== 0) {
                          // won through an exit, settled when its distance comes
                        } else if (p.exitLoss[pi] === UNKNOWN) {
                          pcode[pi] = SETTLED_DRAW;
                          found++;
                        } else {
                          const v = Math.max(plies + 1, p.exitLoss[pi]);
                          pcode[pi] = v;
                          if (v > latest) latest = v;
                          found++;
                        }
                      }
                    }
                    if (!king) break;
                    t += step;
                    left--;
                  }
                }
              }
            }
    }
    if (winning) {
      // Wins through an exit that arrive at this distance.
      for (const s of state) {
        const { code, exitWin } = s;
        for (let i = 0; i < code.length; i++)
          if (exitWin[i] === plies + 1 && code[i] === UNKNOWN) {
            code[i] = plies + 1;
            found++;
          }
      }
    }
    settled += found;
    if (found > 0) lastActive = plies;
    onProgress?.({ material: m, phase: 'level', plies, settled });
  }
  for (const s of state) {
    const { code } = s;
    for (let i = 0; i < code.length; i++) if (code[i] === UNKNOWN || code[i] === SETTLED_DRAW) code[i] = 0;
  }
  onProgress?.({ material: m, phase: 'done', plies: 0, settled });
  return state.map((s) => ({ material: s.material, values: s.code }));
}

/**
 * Build every class up to `max` pieces in memory (the tests use it for up to three pieces), adding
 * each solved table to `tb`. `skip` says which classes are already in `tb` (e.g. loaded from files).
 */
export function buildTablebase(
  max = TB_MAX_PIECES,
  tb = new Tablebase(),
  onSolved?: (material: Material, values: Uint8Array) => void,
  onProgress?: (p: BuildProgress) => void,
): Tablebase {
  for (const m of tableMaterials(max)) {
    if (tb.has(m)) continue;
    for (const solved of solvePair(m, tb, onProgress)) {
      tb.add(solved.material, solved.values);
      onSolved?.(solved.material, solved.values);
    }
  }
  return tb;
}

/**
 * Check that every position of a class agrees with its successors: a win in `d` has a successor lost
 * in `d − 1` and none lost sooner; a loss in `d` has only successors won, the slowest in `d − 1` (0:
 * no move); a draw has no lost successor and a drawn one. Returns the indices that disagree (at most
 * `limit`), how many disagree, and the number of positions checked. `tb` must hold the class and every class it reaches.
 */
export function verifyClass(
  m: Material,
  tb: Tablebase,
  limit = 10,
): { checked: number; mismatches: number; wrong: number[] } {
  const values = tb.table(m);
  if (!values) throw new Error(`The table ${materialName(m)} is not loaded.`);
  const g = groupSizes(m);
  const masks = classMasks(m);
  const n = m.wm + m.wk + m.bm + m.bk;
  const list = new MoveList(128);
  const cur = new Int32Array(6);
  const child = new Int32Array(6);
  const wrong: number[] = [];
  let checked = 0;
  let mismatches = 0;
  const mismatch = (index: number) => {
    mismatches++;
    if (wrong.length < limit) wrong.push(index);
  };
  let i = 0;
  for (let r0 = 0; r0 < g[0]; r0++)
    for (let r1 = 0; r1 < g[1]; r1++)
      for (let r2 = 0; r2 < g[2]; r2++)
        for (let r3 = 0; r3 < g[3]; r3++, i++) {
          if (!placeBoard(masks, r0, r1, r2, r3, n, cur)) {
            if (values[i] !== 0) mismatch(i);
            continue;
          }
          checked++;
          generateMoves(cur, 0, list);
          let expected: number;
          if (list.count === 0) expected = 1;
          else {
            let win = 0;
            let loss = 0;
            let draw = false;
            for (let j = 0; j < list.count; j++) {
              applyMove(cur, 0, list, j, child);
              const c = tb.probe(child, 1);
              if (c < 0) throw new Error(`A successor of ${materialName(m)} has no table.`);
              if (c === 0) draw = true;
              else if (((c - 1) & 1) === 0) {
                if (win === 0 || c + 1 < win) win = c + 1;
              } else if (c + 1 > loss) loss = c + 1;
            }
            expected = win !== 0 ? win : draw ? 0 : loss;
          }
          if (values[i] !== expected) mismatch(i);
        }
  return { checked, mismatches, wrong };
}
