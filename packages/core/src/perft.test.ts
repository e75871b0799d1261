import { describe, expect, it } from 'vitest';
import { parsePosition } from './fen.ts';
import { makeNotation } from './notation.ts';
import { divide, perft, START_PERFT, START_PERFT_PATHS } from './perft.ts';
import { Position } from './position.ts';
import { makeRng } from './random.ts';
import { sameMove, squareName, unwrap } from './types.ts';

// docs/RULES.md "Perft reference (start position)", to depth 7 here (deeper: `npm run perft:deep`).
const DISTINCT = START_PERFT.slice(0, 7);
const PATHS = START_PERFT_PATHS.slice(0, 7);

const problem = (fen: string) => unwrap(parsePosition(fen, { allowEndRankMen: true }));

describe('perft from the start position', () => {
  const start = Position.start();
  it.each(DISTINCT.map((n, i) => [i + 1, n]))('distinct moves, depth %i = %i', (depth, nodes) => {
    expect(perft(start, depth)).toBe(nodes);
  });
  it.each(PATHS.map((n, i) => [i + 1, n]))('every capture path, depth %i = %i', (depth, nodes) => {
    expect(perft(start, depth, { paths: true })).toBe(nodes);
  });
  it('depth 0 is one node', () => expect(perft(start, 0)).toBe(1));
  it('divide adds up to perft', () => {
    expect(divide(start, 4).reduce((s, d) => s + d.nodes, 0)).toBe(7538);
  });
});

describe('the small cases of docs/RULES.md', () => {
  const moves = (fen: string) => problem(fen).legalMoves().map(makeNotation).sort();

  it('a king may pass its own start square: 3 distinct moves, 4 paths', () => {
    const pos = problem('W:WKa1:Ba3,c5,e3,c1');
    expect(pos.legalMoves()).toHaveLength(3);
    expect(pos.legalMovesAllPaths()).toHaveLength(4);
    expect(perft(pos, 1)).toBe(3);
    expect(perft(pos, 1, { paths: true })).toBe(4);
    for (const m of pos.legalMoves()) expect(m.captures).toHaveLength(4);
  });

  it('only a king has two routes of one move: men never do (seeded random positions)', () => {
    const rng = makeRng(11);
    let chains = 0;
    for (let n = 0; n < 4000; n++) {
      // two or three white men among many black pieces, so that long chains are common
      const used = new Set<number>();
      const pick = (): number => {
        for (;;) {
          const sq = 8 + Math.floor(rng() * 48);
          if (!used.has(sq)) return (used.add(sq), sq);
        }
      };
      const white = [pick(), pick(), pick()].map(squareName);
      const black = Array.from({ length: 10 }, () => (rng() < 0.2 ? 'K' : '') + squareName(pick()));
      const pos = problem(`W:W${white.join(',')}:B${black.join(',')}`);
      const routes = pos.legalMovesAllPaths();
      if (routes[0]?.captures.length >= 2) chains++;
      for (const [i, a] of routes.entries())
        for (const b of routes.slice(i + 1)) expect(sameMove(a, b), makeNotation(a)).toBe(false);
      expect(pos.legalMoves()).toHaveLength(routes.length);
    }
    // the property was tried on chains, not only on single jumps
    expect(chains).toBeGreaterThan(300);
  });

  it('a man that promotes by capturing does not go on as a king', () => {
    expect(moves('W:Wb6:Bb7,d8')).toEqual(['b6xb8']);
    const [m] = problem('W:Wb6:Bb7,d8').legalMoves();
    expect(m.promotes).toBe(true);
    expect(problem('W:Wb6:Bb7,d8').play(m).pieceAt(57)).toEqual({ color: 'white', role: 'king' });
  });

  it('the 180° ban forbids taking both pieces', () => {
    expect(moves('W:WKd4:Bb4,f4')).toEqual(['d4xa4', 'd4xg4', 'd4xh4']);
  });

  it('immediate removal opens the path', () => {
    expect(
      moves('W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4'),
    ).toEqual(['f3xf5xd5xd7xb7']);
  });
});

describe('regressions and edge cases', () => {
  const moves = (fen: string) => problem(fen).legalMoves().map(makeNotation).sort();

  it('a man never captures backward', () => {
    expect(moves('W:Wd4:Bd3,h8')).toEqual(['d4-c4', 'd4-d5', 'd4-e4']);
  });
  it('black men move toward rank 1', () => {
    expect(moves('B:Wa2:Bd5')).toEqual(['d5-c5', 'd5-d4', 'd5-e5']);
  });
  it('two pieces in a row cannot be jumped', () => {
    expect(moves('W:Wd3:Bd4,d5,h8')).toEqual(['d3-c3', 'd3-e3']);
    expect(moves('W:WKd1:Bd4,d5,h8')).not.toContain('d1xd6');
  });
  it('a king lands on every empty square beyond the piece it takes', () => {
    expect(moves('W:WKa1:Bd1')).toEqual(['a1xe1', 'a1xf1', 'a1xg1', 'a1xh1']);
  });
  it('a king must go on capturing from where it can (maximum capture)', () => {
    expect(moves('W:WKa1:Bd1,f3')).toEqual(['a1xf1xf4', 'a1xf1xf5', 'a1xf1xf6', 'a1xf1xf7', 'a1xf1xf8']);
  });
  it('maximum capture counts pieces, kings and men alike', () => {
    // The man on c3 can take two men; the king on h1 one king, or, from h6, a second piece.
    expect(moves('W:Wc3,Kh1:Bc4,c6,Kg1')).toEqual(['c3xc5xc7']);
    expect(moves('W:Wc3,Kh1:Bc4,c6,Kh4')).toEqual(['c3xc5xc7', 'h1xh6xa6', 'h1xh6xb6']);
  });
  it('a man on the far rank mid-chain goes on sideways as a man', () => {
    expect(moves('W:Wc6:Bc7,d8,h1')).toEqual(['c6xc8xe8']);
    const pos = problem('W:Wc6:Bc7,d8,h1');
    expect(pos.play(pos.legalMoves()[0]).pieceAt(60)).toEqual({ color: 'white', role: 'king' });
  });
  it('a quiet move to the far rank promotes and ends the move', () => {
    const pos = problem('W:Wc7:Bh2');
    const m = pos.legalMoves().find((x) => makeNotation(x) === 'c7-c8')!;
    expect(m.promotes).toBe(true);
    expect(pos.play(m).pieceAt(58)).toEqual({ color: 'white', role: 'king' });
  });
  it('no moves for a side without pieces', () => {
    expect(moves('B:Wa2:B')).toEqual([]);
  });
});
