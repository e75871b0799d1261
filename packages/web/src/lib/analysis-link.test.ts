import { Game, makeFen, makeNotation, START_FEN } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { gameLinkHash, makeLinkHash, readLink } from './analysis-link.ts';

const query = (hash: string) => hash.slice(hash.indexOf('?') + 1);

describe('analysis links', () => {
  it('round-trips a position and moves: the same position comes out', () => {
    const g = new Game();
    // four plies, each the last legal move, so that the line is not the generator's first choice
    for (let i = 0; i < 4; i++) {
      const legal = g.position.legalMoves();
      g.play(legal[legal.length - 1]);
    }
    const hash = gameLinkHash(g, 3);
    expect(hash.startsWith('#/analysis?')).toBe(true);
    const back = readLink(query(hash));
    expect(back.problem).toBeUndefined();
    expect(back.ply).toBe(3);
    expect(back.game.moves.map(makeNotation)).toEqual(g.moves.map(makeNotation));
    expect(back.game.positionAt(3).equals(g.positionAt(3))).toBe(true);
  });

  it('round-trips a composed position with kings and Black to move', () => {
    const fen = 'B:WKa1,c3,h2:Bd5,Ke8';
    const hash = makeLinkHash({ fen, moves: ['d5-d4'] });
    const back = readLink(query(hash));
    expect(back.problem).toBeUndefined();
    expect(back.game.initial.toSetup().turn).toBe('black');
    expect(back.game.initial.pieceAt(0)).toEqual({ color: 'white', role: 'king' });
    expect(back.game.initial.pieceAt(60)).toEqual({ color: 'black', role: 'king' });
    expect(makeLinkHash({ fen: makeFen(back.game.initial), moves: ['d5-d4'] })).toBe(
      makeLinkHash({ fen: makeFen(readLink(query(hash)).game.initial), moves: ['d5-d4'] }),
    );
    expect(back.game.plies).toBe(1);
  });

  it('the start position with no moves is the bare hash', () => {
    expect(makeLinkHash({ fen: START_FEN, moves: [] })).toBe('#/analysis');
    const back = readLink('');
    expect(back.problem).toBeUndefined();
    expect(back.game.position.equals(new Game().position)).toBe(true);
  });

  it('a malformed FEN is a problem with its code, and the start position is shown', () => {
    const r = readLink('fen=X:Wa2:Bh7');
    expect(r.problem).toMatchObject({ kind: 'fen', code: 'fen-turn' });
    expect(r.game.position.equals(new Game().position)).toBe(true);
    const s = readLink('fen=' + encodeURIComponent('W:Wz9:Bh7'));
    expect(s.problem).toMatchObject({ kind: 'fen', code: 'fen-square' });
  });

  it('an impossible set-up (a man on its last rank) is a problem with the set-up code', () => {
    const r = readLink('fen=' + encodeURIComponent('W:Wa8:Bh7'));
    expect(r.problem).toMatchObject({ kind: 'fen', code: 'man-on-end-rank' });
  });

  it('an illegal move keeps the moves before it and says which one', () => {
    const r = readLink('moves=c3-c4+a1-a2+f6-f5');
    expect(r.problem).toEqual({ kind: 'move', index: 1, text: 'a1-a2' });
    expect(r.game.moves.map(makeNotation)).toEqual(['c3-c4']);
    expect(r.ply).toBe(1);
  });

  it('a ply beyond the moves, or not a number, is a problem; the last position is shown', () => {
    expect(readLink('moves=c3-c4&ply=7').problem).toEqual({ kind: 'ply', text: '7' });
    expect(readLink('moves=c3-c4&ply=-1').problem).toEqual({ kind: 'ply', text: '-1' });
    expect(readLink('moves=c3-c4&ply=x').ply).toBe(1);
  });

  it('garbage never throws', () => {
    for (const q of ['%', 'fen=%E0%A4%A', 'moves=' + 'x'.repeat(5000), 'fen=&moves=&ply=', '&&&=']) {
      expect(() => readLink(q)).not.toThrow();
    }
  });
});
