import { parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { mainLine, rankDefences, solutionTree } from './solution.ts';

const pos = (fen: string) => unwrap(parsePosition(fen));

describe('solution tree', () => {
  it('lists every accepted solver move and the longest-holding reply (win in 2)', () => {
    // See prover.test.ts: d7-d8, the forced h5xf5, then the king takes both men landing on g5 or h5.
    const tree = solutionTree(pos('W:Wg5,d7:Bh5,d6'), 2);
    expect(tree).toEqual({ 'd7-d8': { h5xf5: { d8xd5xg5: null, d8xd5xh5: null } } });
    expect(mainLine(tree)).toEqual(['d7-d8', 'h5xf5', 'd8xd5xg5']);
  });

  it('chooses the defence that holds out longest (win in 3)', () => {
    const after = pos('W:Wf5,h7:Bh5,h6').play(
      pos('W:Wf5,h7:Bh5,h6')
        .legalMoves()
        .find((m) => m.to === 63)!,
    );
    const ranked = rankDefences(after, 2);
    // h6-g6 holds for 2 more White moves; h5-g5 and h5-h4 lose at once.
    expect(ranked.map((d) => [d.notation, d.distance])).toEqual([
      ['h6-g6', 2],
      ['h5-g5', 1],
      ['h5-h4', 1],
    ]);
    const tree = solutionTree(pos('W:Wf5,h7:Bh5,h6'), 3);
    expect(Object.keys(tree)).toEqual(['h7-h8']);
    expect(Object.keys(tree['h7-h8']!)).toEqual(['h6-g6']);
    // Any landing square of the king's capture along the h-file still wins in the moves left.
    expect(Object.keys(tree['h7-h8']!['h6-g6'])).toEqual(['h8xh1', 'h8xh2', 'h8xh3', 'h8xh4']);
    expect(mainLine(tree)).toEqual(['h7-h8', 'h6-g6', 'h8xh1', 'g6-f6', 'f5xf7']);
  });

  it('can keep every defender reply, longest first', () => {
    const tree = solutionTree(pos('W:Wf5,h7:Bh5,h6'), 3, { allReplies: true });
    expect(Object.keys(tree['h7-h8']!)).toEqual(['h6-g6', 'h5-g5', 'h5-h4']);
    expect(tree['h7-h8']!['h5-g5']).toEqual({ f5xh5xh7: null });
  });
});
