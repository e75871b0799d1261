import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { Engine, rootState } from '../src/engine.ts';
import { DEFAULT_SEARCH_PARAMS, Searcher } from '../src/search.ts';
import { EngineService, type EngineResponse } from '../src/service.ts';
import { budget } from '../src/timeman.ts';
import { WIN, WIN_BOUND } from '../src/types.ts';
import { testTablebase } from './tables.ts';

const game = (fen: string) => new Game(unwrap(parsePosition(fen)));

describe('multi-PV', () => {
  it('never plays an excluded root move', () => {
    const g = new Game();
    const legal = g.position.legalMoves();
    const s = new Searcher();
    const excluded: number[] = [];
    for (let k = 0; k < 5; k++) {
      const best = s.run(rootState(g), { ...budget({ depth: 5 }), excludedRootMoves: excluded });
      expect(excluded).not.toContain(best);
      expect(best).toBeGreaterThanOrEqual(0);
      expect(best).toBeLessThan(legal.length);
      excluded.push(best);
    }
    const all = legal.map((_, i) => i);
    expect(s.run(rootState(g), { ...budget({ depth: 3 }), excludedRootMoves: all })).toBe(-1);
  });

  it('gives distinct moves, best first, each line starting with its move', () => {
    const r = new Engine().searchLines(new Game(), { depth: 6 }, 3);
    expect(r.lines).toHaveLength(3);
    expect(r.depth).toBe(6);
    const names = r.lines.map((l) => makeNotation(l.move));
    expect(new Set(names).size).toBe(3);
    for (let i = 1; i < r.lines.length; i++)
      expect(r.lines[i].score).toBeLessThanOrEqual(r.lines[i - 1].score);
    for (const l of r.lines) expect(makeNotation(l.pv[0])).toBe(makeNotation(l.move));
    expect(makeNotation(r.move!)).toBe(names[0]);
  });

  it('scores a move that loses at once as lost, and last', () => {
    // White's only man: d4-d5 is taken by d6 (a loss two plies on); c4 and e4 keep the game.
    const g = game('W:Wd4:Bd6,h7');
    const r = new Engine().searchLines(g, { depth: 8 }, 3);
    expect(r.lines.map((l) => makeNotation(l.move)).sort()).toEqual(['d4-c4', 'd4-d5', 'd4-e4']);
    const last = r.lines[2];
    expect(makeNotation(last.move)).toBe('d4-d5');
    expect(last.score).toBe(-(WIN - 2));
    expect(r.lines[0].score).toBeGreaterThan(-WIN_BOUND);
  });

  it('one line is the plain search', () => {
    const a = new Engine().searchLines(new Game(), { depth: 5 }, 1);
    const b = new Engine().search(new Game(), { depth: 5 });
    expect(a.lines).toHaveLength(1);
    expect(makeNotation(a.move!)).toBe(makeNotation(b.move!));
    expect(a.score).toBe(b.score);
  });

  it('no more lines than legal moves', () => {
    const g = game('W:Wd4:Bd5'); // one move: d4xd6
    const r = new Engine().searchLines(g, { depth: 3 }, 3);
    expect(r.lines.map((l) => makeNotation(l.move))).toEqual(['d4xd6']);
  });

  it('reports the lines through the worker messages', () => {
    const out: EngineResponse[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
    );
    service.receive({ type: 'search', id: 3, limits: { depth: 4 }, multiPv: 2 });
    const infos = out.filter((r) => r.type === 'info');
    expect(infos.length).toBe(4);
    for (const i of infos) expect(i.type === 'info' && i.lines?.length).toBe(2);
    const done = out.find((r) => r.type === 'done');
    expect(done?.type === 'done' && done.lines?.map((l) => l.pv[0])).toHaveLength(2);
  });

  it('passes the tablebase verdict with two lines or more, as the one-line search does', () => {
    // A white king against a black man it takes at once, landing on d6, d7 or d8 (three moves; the
    // ≤ 2-piece tables build in milliseconds).
    const g = game('W:WKd1:Bd5');
    const engine = new Engine({ level: 'master', tablebase: testTablebase(2), hashMegabytes: 1 });
    const verdict = engine.tbResult(g);
    expect(verdict).toEqual({ result: 'win', plies: 1 });
    const infos: unknown[] = [];
    const r = engine.searchLines(g, { depth: 3 }, 2, (info) => infos.push(info.tb));
    expect(r.lines).toHaveLength(2);
    expect(r.tb).toEqual(verdict);
    expect(infos.length).toBeGreaterThan(0);
    for (const tb of infos) expect(tb).toEqual(verdict);
    expect(engine.searchLines(g, { depth: 3 }, 1).tb).toEqual(verdict);
  });
});

describe('search margins (SearchParams)', () => {
  it('keeps the shipped margins unless told otherwise', () => {
    const s = new Searcher({ params: { futilityPerDepth: 70 } });
    expect(s.params).toEqual({ ...DEFAULT_SEARCH_PARAMS, futilityPerDepth: 70 });
  });
});
