import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { Engine, LADDER, LEVEL_SETTINGS } from '@dama/engine';
import {
  EnginePlayer,
  GreedyPlayer,
  MaterialPlayer,
  materialBalance,
  openingSuite,
  playGame,
  RandomPlayer,
} from '../src/index.ts';

const game = (fen: string) => new Game(unwrap(parsePosition(fen)));
const seeds = Array.from({ length: 12 }, (_, i) => i);
/** One move of an anchor that answers at once (no engine, nothing to await). */
const play = (p: GreedyPlayer | MaterialPlayer, g: Game, seed: number) => {
  p.newGame(seed);
  const m = p.move(g);
  return m ? makeNotation(m) : '-';
};

describe('anchors', () => {
  it('the random mover plays only legal moves and is reproducible by its seed', async () => {
    const opening = openingSuite(3)[5];
    const a = await playGame(new RandomPlayer(), new RandomPlayer(), opening, 3);
    const b = await playGame(new RandomPlayer(), new RandomPlayer(), opening, 3);
    const c = await playGame(new RandomPlayer(), new RandomPlayer(), opening, 4);
    expect(a.reason).not.toBe('illegal move');
    expect(a.result).not.toBe('*');
    expect(a.moves.map(makeNotation)).toEqual(b.moves.map(makeNotation));
    expect(a.moves.map(makeNotation)).not.toEqual(c.moves.map(makeNotation));
  });

  it('the greedy player takes the most material: a king before a man', () => {
    // The man on d4 can take the man on d5 or the king on c4 (one piece each, so both are legal).
    const g = game('W:Wd4:Bd5,Kc4');
    expect(g.position.legalMoves()).toHaveLength(2);
    for (const s of seeds) expect(play(new GreedyPlayer(), g, s)).toBe('d4xb4');
  });

  it('the greedy player takes the chain of two when another piece could take one', () => {
    // a2 could take a3, but e2 takes e3 and e5: the maximum rule leaves only the chain.
    const g = game('W:Wa2,e2:Ba3,e3,e5');
    for (const s of seeds) expect(play(new GreedyPlayer(), g, s)).toBe('e2xe4xe6');
  });

  it('the greedy player moves at random when nothing can be taken, by its seed', () => {
    const g = new Game();
    const moves = new Set(seeds.map((s) => play(new GreedyPlayer(), g, s)));
    expect(moves.size).toBeGreaterThan(2);
    expect(play(new GreedyPlayer(), g, 7)).toBe(play(new GreedyPlayer(), g, 7));
  });

  it('counts material with men 1 and kings 3', () => {
    const p = unwrap(parsePosition('W:WKh1,a2,a3:BKa1,c7'));
    expect(materialBalance(p.toBoard(), 0)).toBe(1);
    expect(materialBalance(p.toBoard(), 1)).toBe(-1);
  });

  it('alpha-beta at depth 2 never steps a man into a capture', () => {
    // e4-e5 lets the man on e6 take it; every other move is safe.
    const g = game('W:Wa2,e4:Be6,h7');
    for (const s of seeds) expect(play(new MaterialPlayer(2), g, s)).not.toBe('e4-e5');
    // Depth 1 does not see the reply, so some seed plays it.
    expect(seeds.some((s) => play(new MaterialPlayer(1), g, s) === 'e4-e5')).toBe(true);
  });

  it('alpha-beta at depth 2 sees a win in two plies (the opponent left without a move)', () => {
    // Kh1-c1 leaves the black king on a1 nothing to move and nothing to take (two pieces in a row).
    const g = game('W:WKh1,Kb1,a2,a3:BKa1');
    for (const s of seeds) expect(play(new MaterialPlayer(2), g, s)).toBe('h1-c1');
  });

  it('alpha-beta is reproducible by its seed and varies its equal moves', () => {
    const g = new Game();
    expect(play(new MaterialPlayer(3), g, 5)).toBe(play(new MaterialPlayer(3), g, 5));
    expect(new Set(seeds.map((s) => play(new MaterialPlayer(3), g, s))).size).toBeGreaterThan(1);
  });
});

describe('ladder rungs', () => {
  it('has eight rungs, the top one Master', () => {
    expect(LADDER).toHaveLength(8);
    expect(LADDER[7]).toEqual(LEVEL_SETTINGS.master);
    expect(() => new Engine({ rung: 0 })).toThrow(RangeError);
    expect(() => new Engine({ rung: 9 })).toThrow(RangeError);
  });

  it('every rung plays legal moves, deterministically by its seed', async () => {
    const opening = openingSuite(3)[100];
    for (let rung = 1; rung <= 6; rung++) {
      const p = () =>
        new EnginePlayer({ rung, limits: { nodes: Math.min(LADDER[rung - 1].maxNodes, 3000) } });
      const a = await playGame(p(), new GreedyPlayer(), opening, 1);
      const b = await playGame(p(), new GreedyPlayer(), opening, 1);
      expect(a.reason).not.toBe('illegal move');
      expect(a.moves.map(makeNotation)).toEqual(b.moves.map(makeNotation));
    }
  });

  it('the lowest rung walks into a take that the rungs seeing the reply avoid', () => {
    // e4-e5 lets the man on e6 take it.
    const g = game('W:Wa2,e4:Be6,h7');
    const moves = (rung: number) =>
      seeds.map((s) => makeNotation(new Engine({ rung, seed: s }).search(g, { nodes: 5000 }).move!));
    expect(moves(1)).toContain('e4-e5');
    for (const rung of [5, 6, 7]) expect(moves(rung)).not.toContain('e4-e5');
  });

  it('the weakest rung, winning big, does not hand a piece away', () => {
    // Three kings against two men: rung 1's guard plays its search straight, so no king is left en prise.
    const g = game('W:WKa1,Kh1,Kd8:Bb6,g6');
    for (const s of seeds) {
      const e = new Engine({ rung: 1, seed: s });
      const m = e.search(g, { nodes: 5000 }).move!;
      const after = g.position.play(m);
      const replies = after.legalMoves();
      expect(replies.every((r) => r.captures.length === 0)).toBe(true);
    }
  });
});
