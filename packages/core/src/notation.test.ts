import { describe, expect, it } from 'vitest';
import { makeFen, parseFen, parsePosition } from './fen.ts';
import { makeNotation, parseNotation } from './notation.ts';
import { Position } from './position.ts';
import { START_FEN } from './setup.ts';
import { sameMove, unwrap } from './types.ts';

const problem = (fen: string) => unwrap(parsePosition(fen, { allowEndRankMen: true }));

describe('notation', () => {
  it('writes quiet moves with - and captures with every landing square', () => {
    expect(Position.start().legalMoves().map(makeNotation).sort()).toContain('c3-c4');
    const pos = problem(
      'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4',
    );
    expect(makeNotation(pos.legalMoves()[0])).toBe('f3xf5xd5xd7xb7');
  });
  it('reads the full and the short form', () => {
    const pos = problem(
      'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4',
    );
    const full = unwrap(parseNotation(pos, 'f3xf5xd5xd7xb7'));
    expect(unwrap(parseNotation(pos, 'f3xb7'))).toEqual(full);
    expect(unwrap(parseNotation(pos, ' F3XB7 '))).toEqual(full);
    expect(full.captures).toEqual([29, 36, 43, 50]); // f4 e5 d6 c7
  });
  it('accepts either path of a merged move', () => {
    const pos = problem('W:WKa1:Ba3,c5,e3,c1');
    const one = unwrap(parseNotation(pos, 'a1xa5xe5xe1xa1'));
    const other = unwrap(parseNotation(pos, 'a1xe1xe5xa5xa1'));
    expect(one.to).toBe(0);
    expect(other.path).toEqual([4, 36, 32, 0]);
    // one move, two routes: the same move, the same position after it
    expect(sameMove(one, other)).toBe(true);
    expect(pos.play(one).equals(pos.play(other))).toBe(true);
    // the routes round the ring that stop on b1 and a2 take the same men but end elsewhere
    const [b1, a2] = ['a1xa5xe5xe1xb1', 'a1xe1xe5xa5xa2'].map((t) => unwrap(parseNotation(pos, t)));
    expect(sameMove(b1, a2)).toBe(false);
    expect(sameMove(b1, one)).toBe(false);
  });
  it.each(['', 'c3', 'c3-', 'c3-c9', 'i3-c4', 'c3--c4', 'c3-c4x', 'c3xc4-c5', 'hello', 'c3 c4'])(
    'rejects the malformed "%s"',
    (text) => {
      expect(parseNotation(Position.start(), text)).toMatchObject({
        ok: false,
        error: { code: 'notation-syntax' },
      });
    },
  );
  it('rejects an illegal move', () => {
    expect(parseNotation(Position.start(), 'c3-c5')).toMatchObject({
      ok: false,
      error: { code: 'notation-illegal' },
    });
    expect(parseNotation(Position.start(), 'c3xc5')).toMatchObject({
      ok: false,
      error: { code: 'notation-illegal' },
    });
  });
});

describe('FEN', () => {
  it('reads and writes the start position', () => {
    expect(makeFen(Position.start())).toBe(START_FEN);
    expect(makeFen(unwrap(parsePosition(START_FEN)))).toBe(START_FEN);
  });
  it('shows control bytes in its messages as escapes, never raw', () => {
    const r = parseFen('W:Wa2,\u0007\u001b[2J:Bb7');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toContain('\\u0007\\u001b[2J');
      expect(r.error.message).toSatisfy((m: string) => [...m].every((c) => c.charCodeAt(0) >= 32));
    }
  });
  it('reads kings, either section order, spaces, a trailing dot and quotes', () => {
    expect(makeFen(unwrap(parseFen(' "b:BKh8,a7 : Wd5,Ka2." ')))).toBe('B:WKa2,d5:Ba7,Kh8');
    expect(makeFen(unwrap(parseFen('W:W:Bc3')))).toBe('W:W:Bc3');
  });
  it.each([
    ['', 'fen-empty'],
    ['W', 'fen-empty'],
    ['W:', 'fen-empty'],
    ['W::', 'fen-empty'],
    ['B:W:B', 'fen-empty'],
    ['X:Wa2:Bb7', 'fen-turn'],
    ['W:Wa2:Bb7:Wc3', 'fen-section'],
    ['W:Xa2', 'fen-section'],
    ['W:Wa2:Wb2', 'fen-section'],
    ['W:Wa9', 'fen-square'],
    ['W:Wa2,,b2', 'fen-square'],
    ['W:WQa2', 'fen-square'],
    ['W:W12', 'fen-square'],
  ])('rejects %j with %s', (fen, code) => {
    expect(parseFen(fen)).toMatchObject({ ok: false, error: { code } });
  });
  it.each([
    ['W:Wa2,a2:B', 'overlap'],
    ['W:Wa2:Ba2', 'overlap'],
    ['W:Wa8:Bb7', 'man-on-end-rank'],
    ['W:Wa1:Bb7', 'man-on-end-rank'],
    ['W:Wa2:Bb1', 'man-on-end-rank'],
    ['W:Wa2:Bb8', 'man-on-end-rank'],
    ['W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:Bh7', 'too-many-pieces'],
  ])('refuses the impossible position %s (%s)', (fen, code) => {
    expect(parsePosition(fen)).toMatchObject({ ok: false, error: { code } });
  });
  it('accepts men on rank 1 or 8 when asked to (problems, rule examples)', () => {
    expect(parsePosition('W:Wa2:Bb8', { allowEndRankMen: true }).ok).toBe(true);
  });
  it('refuses a bad side to move in a hand-made set-up', () => {
    expect(Position.fromSetup({ turn: 'red' as 'white', pieces: [] })).toMatchObject({
      ok: false,
      error: { code: 'bad-turn' },
    });
  });
});
