import { describe, expect, it } from 'vitest';
import { START_PERFT, START_PERFT_PATHS } from '../src/perft.ts';
import {
  START_FEN,
  canonicalFen,
  parseSquareName,
  refNotation,
  referenceDistinct,
  referenceMoves,
  referencePerft,
  referencePlay,
  squareName,
  type RefMove,
} from './reference.ts';

const notations = (moves: RefMove[]): string[] => moves.map(refNotation).sort();

/** Find a move by its notation (every landing square). */
function byNotation(fen: string, text: string): RefMove {
  const move = referenceMoves(fen).find((m) => refNotation(m) === text);
  if (move === undefined) throw new Error(`${text} is not legal in ${fen}`);
  return move;
}

describe('reference: squares and FEN', () => {
  it('names squares like chess with a1 = 0 and h8 = 63', () => {
    expect(parseSquareName('a1')).toBe(0);
    expect(parseSquareName('h1')).toBe(7);
    expect(parseSquareName('a2')).toBe(8);
    expect(parseSquareName('h8')).toBe(63);
    for (let sq = 0; sq < 64; sq++) expect(parseSquareName(squareName(sq))).toBe(sq);
  });

  it('parses the start position and writes it back unchanged', () => {
    expect(canonicalFen(START_FEN)).toBe(START_FEN);
  });

  it('handles empty colour sections and kings', () => {
    expect(canonicalFen('W:W:Bc3')).toBe('W:W:Bc3');
    expect(canonicalFen('B:W:BKh8')).toBe('B:W:BKh8');
    expect(canonicalFen('B:Bh7')).toBe('B:W:Bh7');
    expect(canonicalFen('W:WKd5,b2,a2:BKh8,a7')).toBe('W:Wa2,b2,Kd5:Ba7,Kh8');
  });
});

describe('reference: docs/RULES.md small cases', () => {
  it('W:WKa1:Ba3,c5,e3,c1 has 3 distinct moves and 4 paths', () => {
    const fen = 'W:WKa1:Ba3,c5,e3,c1';
    expect(referenceMoves(fen)).toHaveLength(4);
    expect(referenceDistinct(fen)).toHaveLength(3);
    // The king may pass over and land on its own start square.
    expect(notations(referenceMoves(fen))).toContain('a1xa5xe5xe1xa1');
    expect(notations(referenceMoves(fen))).toContain('a1xe1xe5xa5xa1');
    for (const m of referenceMoves(fen)) expect(m.captures).toHaveLength(4);
  });

  it('W:Wb6:Bb7,d8: a man promoting by capture does not go on as a king', () => {
    const fen = 'W:Wb6:Bb7,d8';
    expect(notations(referenceMoves(fen))).toEqual(['b6xb8']);
    expect(referencePlay(fen, byNotation(fen, 'b6xb8'))).toBe('B:WKb8:Bd8');
  });

  it('W:WKd4:Bb4,f4: the 180° ban forbids taking both', () => {
    expect(notations(referenceMoves('W:WKd4:Bb4,f4'))).toEqual(['d4xa4', 'd4xg4', 'd4xh4']);
  });

  it('immediate removal opens the path: exactly f3xf5xd5xd7xb7', () => {
    const fen = 'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4';
    expect(notations(referenceMoves(fen))).toEqual(['f3xf5xd5xd7xb7']);
    expect(notations(referenceDistinct(fen))).toEqual(['f3xf5xd5xd7xb7']);
  });
});

describe('reference: further hand-made cases', () => {
  it('men move one square forward or sideways, never backward or diagonally', () => {
    expect(notations(referenceMoves('W:Wd4:Bh8'))).toEqual(['d4-c4', 'd4-d5', 'd4-e4']);
    expect(notations(referenceMoves('B:Wa1:Bd5'))).toEqual(['d5-c5', 'd5-d4', 'd5-e5']);
    expect(notations(referenceMoves('W:Wa2:Bh8'))).toEqual(['a2-a3', 'a2-b2']);
  });

  it('men never capture backward', () => {
    expect(notations(referenceMoves('W:Wd4:Bd3'))).toEqual(['d4-c4', 'd4-d5', 'd4-e4']);
    expect(notations(referenceMoves('B:Wd8:Bd7'))).toEqual(['d7-c7', 'd7-d6', 'd7-e7']);
  });

  it('men capture forward and sideways', () => {
    expect(notations(referenceMoves('W:Wd4:Bd5,c4,e4'))).toEqual(['d4xb4', 'd4xd6', 'd4xf4']);
    expect(notations(referenceMoves('B:Wd4,c5,e5:Bd5'))).toEqual(['d5xb5', 'd5xd3', 'd5xf5']);
  });

  it('a king slides along ranks and files, over empty squares only', () => {
    expect(referenceMoves('W:WKd4:Bh8')).toHaveLength(14);
    // a1: only a2 (own pieces block). b1: b2..b8 and c1..h1. The man on a3: a4 and b3.
    const moves = notations(referenceMoves('W:WKa1,Kb1,a3:Bh8'));
    expect(moves).toHaveLength(1 + 13 + 2);
    expect(moves.filter((m) => m.startsWith('a1'))).toEqual(['a1-a2']);
    expect(moves.filter((m) => m.startsWith('a3'))).toEqual(['a3-a4', 'a3-b3']);
  });

  it('a king cannot jump two pieces in a row nor its own pieces', () => {
    const moves = referenceMoves('W:WKa1:Ba3,a4,c1,d1');
    expect(moves.every((m) => m.captures.length === 0)).toBe(true);
    expect(referenceMoves('W:WKa1,a2:Ba4').every((m) => m.captures.length === 0)).toBe(true);
  });

  it('a king captures at a distance and lands on any empty square beyond', () => {
    expect(notations(referenceMoves('W:WKa1:Ba5,a8'))).toEqual(['a1xa6', 'a1xa7']);
  });

  it('maximum capture over all pieces is compulsory', () => {
    // The man can take one; the king can take two, so only the king's moves are legal.
    const fen = 'W:WKa1,h4:Ba3,c6,h5';
    expect(notations(referenceMoves(fen))).toEqual([
      'a1xa6xd6',
      'a1xa6xe6',
      'a1xa6xf6',
      'a1xa6xg6',
      'a1xa6xh6',
    ]);
    // Kings and men count one each: two men outweigh one king.
    const fen2 = 'W:Wd4,Ka1:Bd5,c6,Kc1';
    expect(notations(referenceMoves(fen2))).toEqual(['d4xd6xb6']);
  });

  it('a started chain cannot be stopped early', () => {
    const fen = 'W:Wd2:Bd3,d5';
    expect(notations(referenceMoves(fen))).toEqual(['d2xd4xd6']);
  });

  it('a king may make a U-turn of two 90° turns but not a 180° turn', () => {
    // d1 up over d3 to d4..; from d5 right over f5; from g5 down over g3 ...
    const moves = referenceMoves('W:WKd1:Bd3,f5,g3');
    expect(Math.max(...moves.map((m) => m.captures.length))).toBe(3);
    expect(notations(referenceMoves('W:WKd1:Bd3,d6'))).toEqual([
      'd1xd4xd7',
      'd1xd4xd8',
      'd1xd5xd7',
      'd1xd5xd8',
    ]);
    // Same start, end and captured set: the same move.
    expect(referenceDistinct('W:WKd1:Bd3,d6')).toHaveLength(2);
    // Straight back over the square it came from is forbidden.
    expect(notations(referenceMoves('W:WKd4:Bd6,d2'))).toEqual(['d4xd1', 'd4xd7', 'd4xd8']);
  });

  it('a man reaching the far rank mid-capture continues as a man, then promotes', () => {
    const fen = 'W:Wa6:Ba7,b8';
    expect(notations(referenceMoves(fen))).toEqual(['a6xa8xc8']);
    expect(referencePlay(fen, byNotation(fen, 'a6xa8xc8'))).toBe('B:WKc8:B');
    // On the far rank it may not capture "backward" (downwards) although a king could.
    expect(notations(referenceMoves('W:Wa6:Ba7,b8,c6'))).toEqual(['a6xa8xc8']);
  });

  it('black men promote on rank 1', () => {
    const fen = 'B:Wd2:Bd3';
    expect(notations(referenceMoves(fen))).toEqual(['d3xd1']);
    expect(referencePlay(fen, byNotation(fen, 'd3xd1'))).toBe('W:W:BKd1');
  });

  it('a quiet move to the far rank promotes and ends the move', () => {
    const fen = 'W:Wd7:Bh1';
    expect(referencePlay(fen, byNotation(fen, 'd7-d8'))).toBe('B:WKd8:Bh1');
    expect(referencePlay(fen, byNotation(fen, 'd7-c7'))).toBe('B:Wc7:Bh1');
  });

  it('a side with no pieces or a blocked side has no moves', () => {
    expect(referenceMoves('W:W:Bc3')).toEqual([]);
    expect(referenceMoves('W:Wa7:Ba8,b7,c7')).toEqual([]);
  });
});

// The figures of docs/RULES.md (the table is data, shared with src; the generator here is not).
describe('reference: perft from the start position', { timeout: 60_000 }, () => {
  for (let depth = 1; depth <= 6; depth++) {
    it(`depth ${depth}: default ${START_PERFT[depth - 1]}`, () => {
      expect(referencePerft(START_FEN, depth, false)).toBe(START_PERFT[depth - 1]);
    });
    it(`depth ${depth}: paths ${START_PERFT_PATHS[depth - 1]}`, () => {
      expect(referencePerft(START_FEN, depth, true)).toBe(START_PERFT_PATHS[depth - 1]);
    });
  }
});

// Depth 7 is where the two modes part (10782308 distinct, 10782382 paths). It takes ~15 s, so it
// only runs on request: DAMA_SLOW=1 npx vitest run --project core
describe.skipIf(!process.env.DAMA_SLOW)('reference: perft depth 7 (slow)', () => {
  it(`default mode ${START_PERFT[6]}`, () => {
    expect(referencePerft(START_FEN, 7, false)).toBe(START_PERFT[6]);
  }, 120_000);
  it(`path mode ${START_PERFT_PATHS[6]}`, () => {
    expect(referencePerft(START_FEN, 7, true)).toBe(START_PERFT_PATHS[6]);
  }, 120_000);
});
