import {
  applyMove,
  Game,
  generateMoves,
  makeRng,
  type Move,
  MoveList,
  parsePosition,
  popcount,
  Position,
  randomPosition,
  unwrap,
} from '@dama/core';
import { Engine } from '../src/engine.ts';
import { describe, expect, it } from 'vitest';
import {
  decodeValue,
  flipBoard,
  parseMaterialName,
  reachableMaterials,
  tableMaterials,
  tbScore,
} from '../src/tablebase.ts';
import { decodeTable, encodeTable } from '../src/tbformat.ts';
import { buildTablebase, classStats, verifyClass } from '../src/tbbuild.ts';
import { WIN } from '../src/types.ts';

// The tables up to three pieces, built once for the whole file (a few seconds).
const tb = buildTablebase(3);

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

  it('knows the basic endings', () => {
    const probe = (fen: string) => {
      const p = unwrap(parsePosition(fen));
      return decodeValue(tb.probe(p.toBoard(), p.turnIndex));
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
    expect(tb.probe(f, 1)).toBe(tb.probe(b, 0));
    const back = Position.fromBoard(f, 'black');
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

/** Three-piece material with long wins: two men against a man, man and king against a man or a king. */
const MIXES: [[number, number], [number, number]][] = [
  [
    [2, 1],
    [0, 0],
  ],
  [
    [1, 1],
    [1, 0],
  ],
  [
    [1, 0],
    [1, 1],
  ],
];

describe('tablebase in the search', () => {
  const probe = (p: Position) => tb.probe(p.toBoard(), p.turnIndex);
  /** The defender's move by the table: the loss that lasts longest (or any draw or win, if one exists). */
  const resist = (p: Position): Move => {
    let best: Move | undefined;
    let bestKey = -Infinity;
    for (const m of p.legalMoves()) {
      const v = decodeValue(probe(p.play(m)));
      const key = v.result === 'loss' ? 1000 : v.result === 'draw' ? 500 : v.plies;
      if (key > bestKey) {
        bestKey = key;
        best = m;
      }
    }
    return best!;
  };

  it(
    'wins won endings in exactly the tables’ number of plies against the longest defence',
    { timeout: 120_000 },
    () => {
      const rng = makeRng(11);
      let played = 0;
      for (let attempt = 0; attempt < 4000 && played < 40; attempt++) {
        const [men, kings] = MIXES[attempt % MIXES.length];
        const pos = randomPosition(rng, men, kings, 'white');
        const v = decodeValue(probe(pos));
        if (v.result !== 'win' || v.plies < 5) continue;
        played++;
        const game = new Game(pos);
        const engine = new Engine({ level: 'master', tablebase: tb, hashMegabytes: 1 });
        expect(engine.search(game, { nodes: 5000 }).tb).toEqual(v);
        let plies = 0;
        while (!game.isOver() && plies < 200) {
          const move =
            game.position.turn === 'white'
              ? engine.search(game, { nodes: 5000 }).move!
              : resist(game.position);
          unwrap(game.play(move));
          plies++;
        }
        expect(game.outcome()?.winner).toBe('white');
        expect(plies).toBe(v.plies);
      }
      expect(played).toBe(40);
    },
  );

  it('holds drawn endings and resists lost ones longest', { timeout: 120_000 }, () => {
    const rng = makeRng(12);
    let draws = 0;
    let losses = 0;
    for (let attempt = 0; attempt < 4000 && (draws < 20 || losses < 20); attempt++) {
      const pos = randomPosition(rng, [1, 1 + Math.floor(rng() * 2)], [0, 0], 'white');
      const v = decodeValue(probe(pos));
      if (v.result === 'win') continue;
      if (v.result === 'draw' ? draws >= 20 : losses >= 20) continue;
      const game = new Game(pos);
      const engine = new Engine({ level: 'master', tablebase: tb, hashMegabytes: 1 });
      const move = engine.search(game, { nodes: 5000 }).move!;
      const after = decodeValue(probe(pos.play(move)));
      if (v.result === 'draw') {
        draws++;
        expect(after.result).toBe('draw');
      } else {
        losses++;
        expect(after).toEqual({ result: 'win', plies: v.plies - 1 });
      }
    }
    expect(draws).toBe(20);
    expect(losses).toBe(20);
  });

  it('plays by the tables only under the rules they were built for', () => {
    const pos = unwrap(parsePosition('B:Wc3:Bd7,Kh8'));
    const engine = new Engine({ level: 'master', tablebase: tb });
    expect(engine.search(new Game(pos), { depth: 2 }).tb).toEqual({ result: 'win', plies: 9 });
    expect(engine.search(new Game(pos, { drawRules: { kingVsMan: true } }), { depth: 2 }).tb).toBeUndefined();
    // 44 plies without progress already: a win in 9 could run into the 50-ply limit.
    const late = new Game(pos, { counters: { noProgress: 44, kingsOnly: 0 } });
    expect(engine.search(late, { depth: 2 }).tb).toBeUndefined();
    expect(new Engine({ level: 'easy', tablebase: tb }).search(new Game(pos), { depth: 1 }).tb).toEqual({
      result: 'win',
      plies: 9,
    });
  });
});
