import { makeFen, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { examine, generateBank, nearDuplicateKey, randomSetup, selfPlayGame } from './generate.ts';
import { Random } from '@dama/core';

const pos = (fen: string) => unwrap(parsePosition(fen));

describe('examine', () => {
  it('refuses positions with fewer than three legal moves', () => {
    // White's only man is blocked on two sides: two legal moves.
    expect(examine(pos('W:Wa6:Ba7,b7'), 't')).toEqual({ rejected: 'few-moves' });
  });

  it('refuses a win in 1', () => {
    expect(examine(pos('W:WKa1,b2,c2:Ba5'), 't')).toEqual({ rejected: 'win-in-1' });
  });

  it('refuses a first capture that leaves the defender one piece (trivial)', () => {
    // The king on g8 must take g7 (capturing is compulsory) and may land on g6, g5 or g4; only g4 wins
    // (in 3: the lone man on h6 is then hunted down). A real, unique win, but the first move takes all
    // but the last piece.
    const p = pos('W:Wg3,Kg8:Bh6,g7');
    expect(p.legalMoves()).toHaveLength(3);
    expect(examine(p, 't')).toEqual({ rejected: 'trivial' });
  });

  it('refuses the mirror image and the colour-swapped image of a kept puzzle as near-duplicates', () => {
    const seen = new Set<string>();
    expect('puzzle' in examine(pos('W:Wg5,d7:Bh5,d6'), 't', seen)).toBe(true);
    // Mirrored across the d/e axis (a↔h, b↔g, …).
    expect(examine(pos('W:Wb5,e7:Ba5,e6'), 't', seen)).toEqual({ rejected: 'near-duplicate' });
    // Colours swapped and ranks flipped: Black to move, same puzzle.
    expect(examine(pos('B:Wh4,d3:Bg4,d2'), 't', seen)).toEqual({ rejected: 'near-duplicate' });
  });

  it('gives near-duplicate keys that ignore the symmetries', () => {
    const a = pos('W:Wg5,d7:Bh5,d6');
    const b = pos('B:Wa4,e3:Bb4,e2');
    const first = (p: typeof a) => p.legalMoves().find((m) => m.to >> 3 === 7 || m.to >> 3 === 0)!;
    expect(nearDuplicateKey(a, first(a))).toBe(nearDuplicateKey(b, first(b)));
  });

  it('tags a puzzle', () => {
    const r = examine(pos('W:Wg5,d7:Bh5,d6'), 't');
    if (!('puzzle' in r)) throw new Error(r.rejected);
    expect(r.puzzle.themes).toEqual(['sacrifice', 'king', 'promotion']);
    expect(r.puzzle.pieces).toEqual({ white: { men: 2, kings: 0 }, black: { men: 2, kings: 0 } });
    expect(r.puzzle.difficulty).toBeGreaterThanOrEqual(1);
    expect(r.puzzle.stats.legal).toBe(5);
  });
});

describe('candidates', () => {
  it('random set-ups are legal positions', () => {
    const random = new Random(5);
    for (let i = 0; i < 300; i++) {
      const p = randomSetup(random);
      if (!p) continue;
      expect(parsePosition(makeFen(p)).ok).toBe(true);
      expect(p.count('white')).toBeGreaterThan(0);
      expect(p.count('black')).toBeGreaterThan(0);
    }
  });

  it('self-play yields endgame positions', () => {
    const positions = selfPlayGame(new Random(3), 0, 1);
    expect(positions.length).toBeGreaterThan(0);
    for (const p of positions) expect(p.count('white') + p.count('black')).toBeLessThanOrEqual(14);
  });

  it('generation is deterministic for a seed', () => {
    const a = generateBank({ count: 6, seed: 11 });
    const b = generateBank({ count: 6, seed: 11 });
    expect(a.bank.puzzles).toHaveLength(6);
    expect(JSON.stringify(a.bank)).toBe(JSON.stringify(b.bank));
    expect(a.bank.puzzles.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
