import { describe, expect, it } from 'vitest';
import { parsePosition, unwrap } from '@dama/core';
import { arrowsOf, boardMoves, fromPath, piecesOf, toPath } from './adapter.ts';

describe('adapter', () => {
  it('converts moves both ways, keeping the capture route', () => {
    const pos = unwrap(parsePosition('W:WKa1:Ba3,c5,e3,c1', { allowEndRankMen: true }));
    const paths = boardMoves(pos);
    expect(paths).toHaveLength(4); // 3 distinct moves, 4 routes: the board taps through them
    expect(paths).toContainEqual({
      from: 'a1',
      path: ['a5', 'e5', 'e1', 'a1'],
      captures: ['a3', 'c5', 'e3', 'c1'],
    });
    for (const m of pos.legalMovesAllPaths()) {
      const back = fromPath(toPath(m));
      expect(back).toEqual({ from: m.from, to: m.to, path: m.path, captures: m.captures });
    }
  });

  it('lists the pieces by square name', () => {
    expect(piecesOf(unwrap(parsePosition('B:WKd4,a2:Bh7')))).toEqual({
      d4: 'white-king',
      a2: 'white-man',
      h7: 'black-man',
    });
  });

  it('draws one arrow per step of a route', () => {
    const [m] = unwrap(parsePosition('W:Wc3,f3:Bc4,f4,f6')).legalMoves();
    expect(arrowsOf(m)).toEqual([
      { from: 'f3', to: 'f5' },
      { from: 'f5', to: 'f7' },
    ]);
  });
});
