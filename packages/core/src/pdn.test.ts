import { describe, expect, it } from 'vitest';
import { makeFen, parsePosition } from './fen.ts';
import { Game } from './game.ts';
import { makePdn, parsePdn, parsePdnRecords } from './pdn.ts';
import { unwrap } from './types.ts';

/** A game of random legal moves, deterministic for a seed. */
function randomGame(seed: number, plies: number, fen?: string): Game {
  let s = seed;
  const rnd = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
  const g = new Game(fen ? unwrap(parsePosition(fen)) : undefined);
  for (let i = 0; i < plies && !g.isOver(); i++) {
    const moves = g.position.legalMovesAllPaths();
    g.play(moves[rnd(moves.length)]);
  }
  return g;
}

describe('PDN', () => {
  it('writes a game that reads back identically', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = randomGame(seed, 40 + seed * 5);
      const text = makePdn(g, { Event: 'Test "quoted"', White: 'Ayşe', Black: 'İsmail' });
      const [back] = unwrap(parsePdn(text));
      expect(back.game.notation()).toEqual(g.notation());
      expect(back.game.outcome()).toEqual(g.outcome());
      expect(makePdn(back.game, back.tags)).toBe(text);
      expect(back.tags).toContainEqual(['White', 'Ayşe']);
      expect(back.tags).toContainEqual(['Event', 'Test "quoted"']);
    }
  });
  it('writes the game type and the set-up of a game that does not start from the start', () => {
    const g = randomGame(5, 6, 'B:WKa1,c3,d3:Bf6,g6,Kh8');
    const text = makePdn(g);
    expect(text).toContain('[GameType "30"]');
    expect(text).toContain('[FEN "B:WKa1,c3,d3:Bf6,g6,Kh8"]');
    expect(text).toMatch(/\n1\.\.\. /);
    const [back] = unwrap(parsePdn(text));
    expect(makeFen(back.game.initial)).toBe('B:WKa1,c3,d3:Bf6,g6,Kh8');
    expect(back.game.notation()).toEqual(g.notation());
  });
  it('keeps resignation, timeout and agreement', () => {
    for (const end of ['resign', 'timeout', 'draw'] as const) {
      const g = randomGame(3, 10);
      if (end === 'resign') g.resign('black');
      else if (end === 'timeout') g.timeout('white');
      else g.agreeDraw();
      const [back] = unwrap(parsePdn(makePdn(g)));
      expect(back.game.outcome()).toEqual(g.outcome());
    }
  });
  it('skips comments, variations, glyphs and move numbers, and reads several games', () => {
    const text = `[Event "One"]
[GameType "30,W,8,8,A0,0"]
1. c3-c4 {a quiet start (really)} f6-f5 (1... b6-b5 2. b3-b4) 2.d3-d4! $1 ; a line comment
b6-b5?! 1/2-1/2

[Event "Two"]
1.c3-c4 f6-f5 *`;
    const games = unwrap(parsePdn(text));
    expect(games).toHaveLength(2);
    expect(games[0].game.notation()).toEqual(['c3-c4', 'f6-f5', 'd3-d4', 'b6-b5']);
    expect(games[0].game.outcome()).toEqual({ winner: undefined, reason: 'agreement' });
    expect(games[1].game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(games[1].result).toBe('*');
  });
  it('reads short capture notation', () => {
    const text =
      '[FEN "W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4"]\n1. f3xb7 *';
    expect(unwrap(parsePdn(text))[0].game.notation()).toEqual(['f3xf5xd5xd7xb7']);
  });
  it.each([
    ['', 'pdn-empty'],
    ['[Event "x"', 'pdn-syntax'],
    ['[Event x]', 'pdn-syntax'],
    ['1. c3-c4 {unclosed', 'pdn-syntax'],
    ['1. c3-c4 (f6-f5', 'pdn-syntax'],
    ['1. Nf3 *', 'pdn-syntax'],
    ['[GameType "20"]\n1. c3-c4 *', 'pdn-game-type'],
    ['[FEN "W:Wz9"]\n*', 'pdn-fen'],
    ['1. c3-c5 *', 'pdn-move'],
    ['1. c3-c4 c3-c4 *', 'pdn-move'],
    ['[FEN "W:WKa1:BKh8"]\n1-0', 'pdn-result'],
  ])('refuses %j (%s)', (text, code) => {
    expect(parsePdn(text)).toMatchObject({ ok: false, error: { code } });
  });
  it('says which move is wrong', () => {
    const r = parsePdn('1. c3-c4 f6-f5 2. c4-c6 *');
    expect(!r.ok && r.error.message).toMatch(/^Move 2 \(c4-c6\)/);
  });
  it('parses records without replaying them', () => {
    expect(unwrap(parsePdnRecords('[White "A"]\n1. c3-c4 1-0')).map((r) => r.result)).toEqual(['1-0']);
  });
});
