import { describe, expect, it } from 'vitest';
import { parsePosition } from './fen.ts';
import { Game, nextCounters } from './game.ts';
import type { Position } from './position.ts';
import { unwrap } from './types.ts';

const pos = (fen: string): Position => unwrap(parsePosition(fen));
const game = (fen: string, drawRules = {}) => new Game(pos(fen), { drawRules });
const play = (g: Game, ...moves: string[]) => {
  for (const m of moves) expect(g.playNotation(m).ok, m).toBe(true);
};

// One test per rule of docs/RULES.md "End of the game", each on a position built for it.
describe('losing', () => {
  it('a player with no pieces at their turn loses', () => {
    const g = game('W:Wc3:Bc4');
    expect(g.outcome()).toBeUndefined();
    play(g, 'c3xc5');
    expect(g.outcome()).toEqual({ winner: 'white', reason: 'no-pieces' });
  });
  it('a player with no legal move at their turn loses (blocked)', () => {
    // The black man on a2 can neither move (a1, b2 taken) nor capture (c2 and the edge behind).
    expect(game('B:WKa1,Kb2,c2:Ba2').outcome()).toEqual({ winner: 'white', reason: 'blocked' });
    const g = game('W:WKb1,b2,c2:Ba2');
    expect(g.outcome()).toBeUndefined();
    play(g, 'b1-a1');
    expect(g.outcome()).toEqual({ winner: 'white', reason: 'blocked' });
  });
  it('the outcome follows the game through takebacks and other moves', () => {
    const g = game('W:WKb1,b2,c2:Ba2');
    play(g, 'b1-a1');
    expect(g.outcome()).toEqual({ winner: 'white', reason: 'blocked' });
    g.undo();
    expect(g.outcome()).toBeUndefined();
    // The same number of moves as before the takeback, another position: a2-a1 is free now.
    play(g, 'b1-c1');
    expect(g.outcome()).toBeUndefined();
    g.undo();
    play(g, 'b1-a1');
    expect(g.outcome()).toEqual({ winner: 'white', reason: 'blocked' });
    expect(g.clone().outcome()).toEqual({ winner: 'white', reason: 'blocked' });
  });
  it('resignation', () => {
    const g = new Game();
    expect(g.resign('white').ok).toBe(true);
    expect(g.outcome()).toEqual({ winner: 'black', reason: 'resignation' });
    expect(g.playNotation('c3-c4').ok).toBe(false);
  });
  it('running out of time', () => {
    const g = new Game();
    g.timeout('black');
    expect(g.outcome()).toEqual({ winner: 'white', reason: 'timeout' });
  });
  it('a finished game cannot end again; undo reopens it', () => {
    const g = new Game();
    g.resign('white');
    expect(g.agreeDraw().ok).toBe(false);
    g.undo();
    expect(g.outcome()).toBeUndefined();
  });
});

describe('draws of the default rule set', () => {
  it('agreement', () => {
    const g = new Game();
    g.agreeDraw();
    expect(g.outcome()).toEqual({ winner: undefined, reason: 'agreement' });
  });
  it('the same position for the third time', () => {
    const g = game('W:WKa1,c3:BKh8,f6');
    play(g, 'a1-a2', 'h8-h7', 'a2-a1', 'h7-h8');
    expect(g.repetitions()).toBe(2);
    expect(g.outcome()).toBeUndefined();
    play(g, 'a1-a2', 'h8-h7', 'a2-a1');
    expect(g.outcome()).toBeUndefined();
    play(g, 'h7-h8');
    expect(g.repetitions()).toBe(3);
    expect(g.outcome()).toEqual({ winner: undefined, reason: 'repetition' });
  });
  it('the same squares with the other side to move is not the same position', () => {
    const g = game('W:WKa1,c3:BKh8,f6');
    play(g, 'a1-a2', 'h8-h7', 'a2-a3', 'h7-h8', 'a3-a1', 'h8-h7', 'a1-a3', 'h7-h8');
    // Ka1/Kh8 occurred with White to move (start) and with Black to move (after a3-a1): once each.
    expect(g.outcome()).toBeUndefined();
  });
  it('one king against one king', () => {
    expect(game('W:WKa1:BKh8').outcome()).toEqual({ winner: undefined, reason: 'king-vs-king' });
    const g = game('W:WKa1:BKh8,a4');
    expect(g.outcome()).toBeUndefined();
    play(g, 'a1xa5');
    expect(g.outcome()).toEqual({ winner: undefined, reason: 'king-vs-king' });
  });
  it('25 moves each without a capture or a forward man move', () => {
    const g = new Game(pos('W:WKa1,c3:BKh8,f6'), { counters: { noProgress: 47, kingsOnly: 0 } });
    play(g, 'a1-a2', 'h8-h7');
    expect(g.outcome()).toBeUndefined();
    play(g, 'a2-b2');
    expect(g.counters.noProgress).toBe(50);
    expect(g.outcome()).toEqual({ winner: undefined, reason: 'no-progress' });
  });
  it('a sideways man move does not reset the count; a forward one and a capture do', () => {
    const p = pos('W:Wc3,Ka1:Bf6,Kh8');
    const sideways = p.legalMoves().find((m) => m.from === 18 && m.to === 19)!;
    const forward = p.legalMoves().find((m) => m.from === 18 && m.to === 26)!;
    const c = { noProgress: 10, kingsOnly: 4 };
    expect(nextCounters(p, sideways, c)).toEqual({ noProgress: 11, kingsOnly: 0 });
    expect(nextCounters(p, forward, c)).toEqual({ noProgress: 0, kingsOnly: 0 });
    const q = pos('W:Wc3:Bc4,h7');
    expect(nextCounters(q, q.legalMoves()[0], c).noProgress).toBe(0);
  });
  it('a draw rule that is switched off does not end the game', () => {
    expect(game('W:WKa1:BKh8', { kingVsKing: false }).outcome()).toBeUndefined();
  });
});

describe('optional draw rules', () => {
  it('one piece each, whatever their kind', () => {
    expect(game('W:Wc3:Bf6').outcome()).toBeUndefined();
    expect(game('W:Wc3:Bf6', { onePieceEach: true }).outcome()).toEqual({
      winner: undefined,
      reason: 'one-piece-each',
    });
    expect(game('W:WKc3:Bf6', { onePieceEach: true }).outcome()?.reason).toBe('one-piece-each');
  });
  it('one king against one man', () => {
    expect(game('W:WKa1:Bf6').outcome()).toBeUndefined();
    expect(game('W:WKa1:Bf6', { kingVsMan: true }).outcome()).toEqual({
      winner: undefined,
      reason: 'king-vs-man',
    });
    expect(game('B:Wc3:BKh8', { kingVsMan: true }).outcome()?.reason).toBe('king-vs-man');
    expect(game('W:WKa1,b2:Bf6', { kingVsMan: true }).outcome()).toBeUndefined();
  });
  it('30 moves each in which only kings move and nothing is captured', () => {
    const rules = { kingsOnly: true, noProgress: false };
    const g = new Game(pos('W:WKa1,c3:BKh8,f6'), {
      drawRules: rules,
      counters: { noProgress: 0, kingsOnly: 58 },
    });
    play(g, 'a1-a2');
    expect(g.outcome()).toBeUndefined();
    play(g, 'h8-h7');
    expect(g.outcome()).toEqual({ winner: undefined, reason: 'kings-only' });
    const h = new Game(pos('W:WKa1,c3:BKh8,f6'), {
      drawRules: rules,
      counters: { noProgress: 0, kingsOnly: 58 },
    });
    play(h, 'c3-d3', 'h8-h7');
    expect(h.outcome()).toBeUndefined();
    expect(h.counters.kingsOnly).toBe(1);
  });
  it('the kings-only rule, when on, replaces the no-progress rule (docs/RULES.md)', () => {
    // Kings only since 49 plies, the no-progress rule still switched on: 50 plies are not a draw.
    const g = new Game(pos('W:WKa1,Kc3:BKh8'), {
      drawRules: { kingsOnly: true },
      counters: { noProgress: 49, kingsOnly: 49 },
    });
    play(g, 'a1-a2');
    expect(g.counters).toEqual({ noProgress: 50, kingsOnly: 50 });
    expect(g.outcome()).toBeUndefined();
    // It ends at 60 plies of king moves.
    const h = new Game(pos('W:WKa1,Kc3:BKh8'), {
      drawRules: { kingsOnly: true, repetition: false },
      counters: { noProgress: 59, kingsOnly: 59 },
    });
    play(h, 'a1-a2');
    expect(h.outcome()).toEqual({ winner: undefined, reason: 'kings-only' });
    // Without the kings-only rule the same stretch ends at 50 plies.
    const n = new Game(pos('W:WKa1,Kc3:BKh8'), { counters: { noProgress: 49, kingsOnly: 49 } });
    play(n, 'a1-a2');
    expect(n.outcome()).toEqual({ winner: undefined, reason: 'no-progress' });
  });
});

describe('moves in a game', () => {
  it('an illegal move is refused and nothing changes', () => {
    const g = new Game();
    const before = g.position.key();
    expect(g.play({ from: 18, to: 34, captures: [] })).toMatchObject({
      ok: false,
      error: { code: 'illegal-move' },
    });
    expect(g.playNotation('c3-c5')).toMatchObject({ ok: false, error: { code: 'notation-illegal' } });
    expect(g.playNotation('zz')).toMatchObject({ ok: false, error: { code: 'notation-syntax' } });
    expect(g.position.key()).toBe(before);
    expect(g.plies).toBe(0);
  });
  it('undo takes back one move at a time', () => {
    const g = new Game();
    play(g, 'c3-c4', 'f6-f5');
    expect(g.undo()?.from).toBe(45);
    expect(g.plies).toBe(1);
    expect(g.position.turn).toBe('black');
    g.undo();
    expect(g.position.key()).toBe(g.initial.key());
    expect(g.undo()).toBeUndefined();
  });
  it('keeps the path the player chose when two paths are one move', () => {
    const g = game('W:WKa1:Ba3,c5,e3,h7');
    const paths = g.position.legalMovesAllPaths();
    expect(paths.length).toBeGreaterThan(0);
    const r = g.play(paths[paths.length - 1]);
    expect(r.ok && r.value.path).toEqual(paths[paths.length - 1].path);
  });
  it('finds a move by its route: every capture route of a position, and none off the board of moves', () => {
    const pos = game('W:WKa1:Ba3,c5,e3,Kc1').position;
    const paths = pos.legalMovesAllPaths();
    // two routes to one move exist here, so the route, not only the move, is what is found
    expect(new Set(paths.map((m) => `${m.from}-${m.to}-${[...m.captures].sort()}`)).size).toBeLessThan(
      paths.length,
    );
    for (const m of paths) expect(pos.findPath(m.from, m.path)?.path).toEqual(m.path);
    expect(pos.findPath(0, [paths[0].path[0]])).toBeUndefined(); // a route cut short
    expect(pos.findPath(7, paths[0].path)).toBeUndefined(); // from another square
    expect(new Game().position.findPath(18, [26])?.to).toBe(26); // c3-c4
  });
});
