import { applyMove, generateMoves, MoveList, parsePosition, popcount, Position, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import {
  decodeTable,
  decodeValue,
  encodeTable,
  flipBoard,
  parseMaterialName,
  reachableMaterials,
  tableMaterials,
  tbScore,
} from '../src/tablebase.ts';
import { buildTablebase, classStats, verifyClass } from '../src/tbbuild.ts';
import { WIN } from '../src/types.ts';

// The tables up to three pieces, built once for the whole file (a few seconds).
const tb = buildTablebase(3);

/**
 * A deliberately simple solver for up to three pieces, sharing nothing with the tablebase but the
 * rules' move generator: every position with both sides to move is a node of an explicit graph, keyed
 * by its pieces in square order; values are found by sweeping the unsettled nodes once per distance
 * (won in n: a successor lost in n − 1; lost in n: every successor won), and what never settles is a
 * draw. No flipping, no index, no un-moves.
 */
function simpleSolve(): { value: Int16Array; boards: Int32Array } {
  const ids = new Int32Array(1 << 25).fill(-1);
  // A node key: up to three (square · 4 + kind + 1) bytes in square order, then the side to move.
  const keyOf = (b: ArrayLike<number>, turn: number): number => {
    let k = 0;
    for (let sq = 0; sq < 64; sq++) {
      const lo = sq < 32;
      const bit = lo ? 1 << sq : 1 << (sq - 32);
      const w = ((lo ? b[0] : b[1]) & bit) !== 0;
      const bl = ((lo ? b[2] : b[3]) & bit) !== 0;
      if (!w && !bl) continue;
      const king = ((lo ? b[4] : b[5]) & bit) !== 0;
      k = k * 256 + sq * 4 + (bl ? 1 : 0) + (king ? 2 : 0) + 1;
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
    const b = board.subarray(o, o + 6);
    generateMoves(b, turn, list);
    if (edges + list.count > succ.length) {
      const grown = new Int32Array(succ.length * 2);
      grown.set(succ);
      succ = grown;
    }
    for (let j = 0; j < list.count; j++) {
      applyMove(b, turn, list, j, c);
      const white = popcount(c[0]) + popcount(c[1]);
      const black = popcount(c[2]) + popcount(c[3]);
      const kings = popcount(c[4]) + popcount(c[5]);
      if ((turn === 0 ? black : white) === 0) succ[edges++] = -1;
      else if (white === 1 && black === 1 && kings === 2) succ[edges++] = -2;
      else succ[edges++] = ids[keyOf(c, 1 - turn)];
    }
  }
  start[count] = edges;
  // value: -1 unsettled, else plies to the end (odd: the side to move wins).
  const value = new Int16Array(count).fill(-1);
  let open: number[] = [];
  for (let v = 0; v < count; v++) {
    if (start[v] === start[v + 1]) value[v] = 0;
    else open.push(v);
  }
  for (let d = 1; open.length > 0; d++) {
    const settled: number[] = [];
    const rest: number[] = [];
    for (const v of open) {
      let allWon = true;
      let won = false;
      for (let e = start[v]; e < start[v + 1]; e++) {
        const u = succ[e];
        const x = u === -1 ? 0 : u === -2 ? -1 : value[u];
        if (x >= 0 && x % 2 === 0) won = true;
        if (x < 0 || x % 2 === 0) allWon = false;
      }
      if (won || allWon) settled.push(v);
      else rest.push(v);
    }
    if (settled.length === 0) break;
    for (const v of settled) value[v] = d;
    open = rest;
  }
  return { value, boards: board };
}

describe('tablebase', () => {
  it('builds every class up to three pieces, one king each excluded', () => {
    const names = tableMaterials(3).map((m) => `${m.wm}${m.wk}${m.bm}${m.bk}`);
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
        const code = tb.probe(
          boards[o],
          boards[o + 1],
          boards[o + 2],
          boards[o + 3],
          boards[o + 4],
          boards[o + 5],
          boards[o + 6],
        );
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

  it('knows the basic endings', () => {
    const probe = (fen: string) => {
      const p = unwrap(parsePosition(fen));
      return decodeValue(tb.probe(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, p.turnIndex));
    };
    // Taking the last piece wins in one ply; the side without pieces has lost.
    expect(probe('W:Wd4:Bd5')).toEqual({ result: 'win', plies: 1 });
    expect(probe('B:Wd4:Bd5')).toEqual({ result: 'win', plies: 1 }); // d5xd3 the other way round
    // One king against one king is a draw whatever the squares (even when one could take the other).
    expect(probe('W:WKa1:BKa3')).toEqual({ result: 'draw', plies: 0 });
    // A king against a man far from promotion, the king to move and in line: it takes at once.
    expect(probe('W:WKa1:Ba5')).toEqual({ result: 'win', plies: 1 });
  });

  it('gives the same value to a position and its turned-over copy', () => {
    const pos = unwrap(parsePosition('W:Wc3,Kf6:Bd7'));
    const b = Int32Array.of(pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi);
    const f = new Int32Array(6);
    flipBoard(b, f);
    expect(tb.probe(f[0], f[1], f[2], f[3], f[4], f[5], 1)).toBe(
      tb.probe(b[0], b[1], b[2], b[3], b[4], b[5], 0),
    );
    const back = Position.fromRaw(f[0], f[1], f[2], f[3], f[4], f[5], 'black');
    expect(back.count('black', 'king')).toBe(1);
    expect(back.pieceAt(2 + 8 * 5)?.color).toBe('black'); // c3 turned over is c6, now Black's
  });

  it('scores a hit like the search, and refuses values the no-progress counter could spoil', () => {
    expect(tbScore(tbCodeOf(7), 3, 0)).toBe(WIN - 10);
    expect(tbScore(tbCodeOf(8), 3, 0)).toBe(-WIN + 11);
    expect(tbScore(0, 3, 49)).toBe(0);
    expect(tbScore(tbCodeOf(7), 3, 43)).toBe(WIN - 10);
    expect(tbScore(tbCodeOf(7), 3, 44)).toBeUndefined();
  });

  it('reads its own files back and refuses damaged ones', () => {
    const m = parseMaterialName('1020')!;
    const values = tb.table(m)!;
    const bytes = encodeTable(m, values);
    expect(decodeTable(bytes, m).values).toEqual(values);
    expect(() => decodeTable(bytes.subarray(0, 100), m)).toThrow(/truncated/);
    expect(() => decodeTable(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8), m)).toThrow(/Not a Dama tablebase/);
    expect(() => decodeTable(bytes, parseMaterialName('2010'))).toThrow(/not 2010/);
    expect(parseMaterialName('0101')).toBeUndefined();
    expect(parseMaterialName('22x0')).toBeUndefined();
  });

  it('lists the tables a game can reach, both colours to move', () => {
    const names = reachableMaterials({ wm: 1, wk: 0, bm: 1, bk: 1 }).map(
      (m) => `${m.wm}${m.wk}${m.bm}${m.bk}`,
    );
    expect(names).toEqual(
      expect.arrayContaining(['1011', '1110', '0111', '1101', '0102', '0201', '1001', '0110']),
    );
    expect(names).not.toContain('2001');
  });

  it('counts its positions per class: overlapping squares are not positions', () => {
    const m = parseMaterialName('1020')!;
    // A white man on one of 48 squares, two black men on two of the other 47.
    expect(classStats(m, tb.table(m)!).positions).toBe(48 * 1128 - 48 * 47);
  });
});

const tbCodeOf = (plies: number) => plies + 1;
