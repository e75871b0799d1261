/**
 * The endgame tables as the engine uses them: probes of known endings, the turned-over copy, the
 * search's scores and its play by the tables. The tables are the test tables (tables.ts); the lab's
 * tests check that its builder makes exactly those.
 */
import { Game, makeRng, type Move, parsePosition, Position, randomPosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import {
  decodeValue,
  flipBoard,
  parseMaterialName,
  reachableMaterials,
  tableMaterials,
  tbScore,
} from '../src/tablebase.ts';
import { decodeTable, encodeTable } from '../src/tbformat.ts';
import { WIN } from '../src/types.ts';
import { testTablebase } from './tables.ts';

// The tables up to three pieces, read once for the whole file.
const tb = testTablebase(3);

describe('tablebase', () => {
  it('has every class up to three pieces, one king each excluded', () => {
    const names = tableMaterials(3).map((m) => `${m.wm}${m.wk}${m.bm}${m.bk}`);
    expect(names).toHaveLength(15);
    expect(names).not.toContain('0101');
    expect(tb.maxPieces).toBe(3);
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
