import { makeNotation, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { chasesLonePiece, isLopsided, judge, lineRuleBroken, precheck, winsWithinOneMore } from './mine.ts';
import { proveWinDistance, winningMoves } from './prover.ts';
import { lineThemes } from './tags.ts';

const pos = (fen: string) => unwrap(parsePosition(fen));

describe('the rules of a puzzle, on hand-built positions', () => {
  it('rejects a lone defender, even with a forced win', () => {
    // The first edition's puzzle of 2026-12-01: four pieces against one king, a win in 3.
    const p = pos('W:WKf2,d3,a7,b7:BKd7');
    expect(proveWinDistance(p, 4)).toBe(3);
    expect(judge(p, 'test')).toEqual({ rejected: 'lone-defender' });
  });

  it('rejects a position whose other first move wins one move later', () => {
    const p = pos('B:Wd3,e4:BKb2,h2,b3,g4,g5');
    const n = proveWinDistance(p, 4)!;
    // Exactly one first move wins in n (the first edition accepted this) …
    expect(winningMoves(p, n)).toHaveLength(1);
    // … but another wins in n + 1, so "does not win" would be a lie.
    expect(winsWithinOneMore(p, n).length).toBeGreaterThanOrEqual(2);
    expect(judge(p, 'test')).toEqual({ rejected: 'slower-second-win' });
  });

  it('rejects a capture give-away: the winning capture is one of 3 legal moves', () => {
    const p = pos('W:We2,g3,b4,Kb5,Kc6:Bf2,e3,g5,a6');
    const legal = p.legalMoves();
    expect(legal).toHaveLength(3);
    expect(legal.every((m) => m.captures.length > 0)).toBe(true);
    // It would otherwise be a sound win in 3 with a unique first move.
    expect(proveWinDistance(p, 4)).toBe(3);
    expect(winsWithinOneMore(p, 3)).toHaveLength(1);
    expect(precheck(p)).toBe('capture-few-moves');
    expect(judge(p, 'test')).toEqual({ rejected: 'capture-few-moves' });
  });

  it('rejects no win and a win in 1', () => {
    expect(judge(pos('W:Wa2,b2,c2:Ba7,b7,c7'), 'test')).toEqual({ rejected: 'no-win' });
    // White takes both black men at once (the king takes along the rank).
    const r = judge(pos('W:WKa4,h2,h3:Bc4,f4,a7'), 'test');
    expect('rejected' in r ? r.rejected : 'puzzle').not.toBe('puzzle');
  });

  it('accepts a real combination, with its line and themes', () => {
    // The decoy: b3-b4 forces c4xa4, and the king on a5 takes a4 and c2.
    const r = judge(pos('W:Wh2,b3,Ka5:Bc2,c4'), 'test');
    expect('candidate' in r).toBe(true);
    if (!('candidate' in r)) return;
    expect(r.candidate.moves).toBe(2);
    expect(r.candidate.line).toEqual(['b3-b4', 'c4xa4', 'a5xa2xd2']);
    expect(r.candidate.themes).toEqual(['decoy']);
    expect(makeNotation(winningMoves(pos(r.candidate.fen), 2)[0])).toBe('b3-b4');
  });
});

describe('the line rules (third edition)', () => {
  it('rejects a line that chases a lone piece: the combination was over before the last move', () => {
    // Training #34 of the second edition: after a1xa6 White has b4 alone, and three moves hunt it.
    const p = pos('B:Wa4,b4:Ba2,c3,f3,c5');
    const line = ['a2-a1', 'a4-a5', 'a1xa6', 'b4-c4', 'a6-e6', 'c4xc6', 'e6xa6'];
    expect(chasesLonePiece(p, line)).toBe(true);
    expect(lineRuleBroken(p, line)).toBe('lone-line');
    expect(judge(p, 'test')).toEqual({ rejected: 'lone-line' });
    // Published puzzles are judged without the line rules: it is otherwise a sound win in 4.
    const r = judge(p, 'test', Infinity, { lineRules: false });
    expect('candidate' in r && r.candidate.line).toEqual(line);
  });

  it('keeps a combination whose last move takes the last two pieces', () => {
    const p = pos('W:Wh2,b3,Ka5:Bc2,c4');
    const line = ['b3-b4', 'c4xa4', 'a5xa2xd2'];
    expect(chasesLonePiece(p, line)).toBe(false);
    expect(lineRuleBroken(p, line)).toBeUndefined();
  });

  it('rejects a reflex first move: the one move that gains at once, here the only crowning', () => {
    // Training #20 of the second edition: a2-a1 crowns, and the king then takes everything.
    const p = pos('B:Wa3,g7:Ba2,a4,e6');
    expect(lineRuleBroken(p, ['a2-a1', 'a3xa5', 'a1xa7xh7'])).toBe('reflex');
    expect(judge(p, 'test')).toEqual({ rejected: 'reflex' });
  });
});

describe('shares and themes', () => {
  it('calls lopsided 3+ pieces ahead, or a king against men only when not behind', () => {
    expect(isLopsided(pos('W:Wa2,b2,c2,d2,e2:Ba7,b7'))).toBe(true);
    expect(isLopsided(pos('W:Wa2,b2,c2,d2:Ba7,b7'))).toBe(false);
    expect(isLopsided(pos('W:WKa1,b2:Ba7,b7'))).toBe(true);
    expect(isLopsided(pos('W:WKa1:Ba7,b7'))).toBe(false);
    expect(isLopsided(pos('W:WKa1,b2:BKa7,b7'))).toBe(false);
  });

  it('detects themes from the line', () => {
    // Two pieces given: a sacrifice, ending in a multi-capture by the king.
    expect(
      lineThemes(pos('B:Wd2,d3,e3,g5:BKa2,b2,g2,c4,c6,d6,e6,e7,g7'), [
        'c4-d4',
        'd3xd5xd7xf7xh7',
        'b2-c2',
        'd2xb2',
        'a2xe2xe5xh5xh8',
      ]),
    ).toEqual(['sacrifice', 'multi-capture']);
  });

  it('calls a win that leaves the defender pieces but no move a blockade', () => {
    // Kc1-b1 closes the last door: no black man can step down or aside, nor take (every white piece
    // next to one has a piece or the edge behind it).
    const p = pos('W:WKa1,Kc1,c2,d2,b3,c3:Ba2,b2,a3');
    expect(p.legalMoves().length).toBeGreaterThan(0);
    expect(lineThemes(p, ['c1-b1'])).toEqual(['blockade', 'quiet', 'king']);
    // Taking the last piece is no blockade.
    expect(lineThemes(pos('W:Wb3,Ka5:Bb4'), ['b3xb5'])).not.toContain('blockade');
  });
});
