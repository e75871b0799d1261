import {
  DEFAULT_DRAW_RULES,
  Game,
  makeNotation,
  makeRng,
  parsePosition,
  parseSquare,
  Position,
  randomPosition,
  unwrap,
} from '@dama/core';
import { describe, expect, it } from 'vitest';
import { Engine, type EngineOptions } from '../src/engine.ts';
import { evaluate, kingReach } from '../src/eval/hand.ts';
import { loadWeightsFile } from '../src/node.ts';
import { WIN, WIN_BOUND, winDistance } from '../src/types.ts';

const game = (fen: string, options = {}) => new Game(unwrap(parsePosition(fen)), options);

/** Plain negamax to `depth` plies with only wins and losses scored (0 at the horizon). */
function solve(pos: Position, depth: number, ply = 0): number {
  const moves = pos.legalMoves();
  if (moves.length === 0) return -WIN + ply;
  if (
    pos.count('white') === 1 &&
    pos.count('black') === 1 &&
    pos.count('white', 'king') + pos.count('black', 'king') === 2
  )
    return 0;
  if (depth === 0) return 0;
  let best = -WIN;
  for (const m of moves) best = Math.max(best, -solve(pos.play(m), depth - 1, ply + 1));
  return best;
}

/** `solve`, remembered: the solver cases are shared by several search settings. */
const solved = new Map<string, number>();
function solveOnce(pos: Position, depth: number): number {
  const key = `${pos.key()} ${depth}`;
  let v = solved.get(key);
  if (v === undefined) solved.set(key, (v = solve(pos, depth)));
  return v;
}

describe('search', () => {
  it('finds the only move and a win by taking the last piece', () => {
    const r = new Engine().search(game('W:Wd4:Bd5'), { depth: 3 });
    expect(makeNotation(r.move!)).toBe('d4xd6');
    expect(r.score).toBe(WIN - 1);
  });

  it('gives no move when the side to move is blocked', () => {
    // The black man on a7 has a5 behind the white king on a6 and white men on b7 and c7 beside it.
    const r = new Engine().search(game('B:Wa5,Ka6,b7,c7:Ba7'), { depth: 2 });
    expect(r.move).toBeUndefined();
  });

  it('one king against one king is a draw', () => {
    const r = new Engine().search(game('W:WKa1,b4:BKh8'), { depth: 6 });
    expect(r.move).toBeDefined();
    const kk = new Engine().search(game('W:WKa1:BKh8'), { depth: 4 });
    expect(kk.move).toBeUndefined(); // the game is already over
  });

  // Master's search, and Hard's, whose quiescence answers capture threats (Master's does not).
  it.each<[string, EngineOptions]>([
    ['Master', {}],
    ['threat replies in quiescence (Hard)', { level: 'hard' }],
    ['threat replies twice along a line', { level: 'hard', searchParams: { threatReplyPlies: 2 } }],
  ])(
    'agrees with a plain solver on wins within four plies: %s',
    (_, options) => {
      const rng = makeRng(7);
      let wins = 0;
      for (let n = 0; n < 50; n++) {
        const pos = randomPosition(
          rng,
          [1 + Math.floor(rng() * 3), 1 + Math.floor(rng() * 3)],
          [Math.floor(rng() * 2), Math.floor(rng() * 2)],
        );
        const g = new Game(pos);
        if (g.isOver()) continue;
        const exact = solveOnce(pos, 4);
        const r = new Engine({ hashMegabytes: 1, ...options }).search(g, { depth: 5 });
        if (exact >= WIN_BOUND) {
          wins++;
          expect(winDistance(r.score), pos.key()).toBe(WIN - exact);
        }
        const d = winDistance(r.score);
        if (d !== undefined && Math.abs(d) <= 4)
          expect(solveOnce(pos, Math.abs(d))).toBe(d > 0 ? WIN - d : -WIN + -d);
      }
      expect(wins).toBeGreaterThan(5);
    },
    30_000,
  );

  it('sees a draw by repetition inside the search', () => {
    // White is a man down and can only hope for a repetition.
    const g = game('W:WKa1:BKh8,g6,h6');
    for (const m of ['a1-b1', 'h8-g8', 'b1-a1', 'g8-h8']) unwrap(g.playNotation(m));
    const r = new Engine().search(g, { depth: 1 });
    expect(makeNotation(r.move!)).toBe('a1-b1');
    expect(r.score).toBe(0);
    const off = new Game(g.initial, { drawRules: { repetition: false } });
    for (const m of ['a1-b1', 'h8-g8', 'b1-a1', 'g8-h8']) unwrap(off.playNotation(m));
    expect(new Engine().search(off, { depth: 1 }).score).toBeLessThan(0);
  });

  it('sees the no-progress draw coming', () => {
    const fen = 'W:WKa1,Kc3:BKh8';
    const fresh = new Engine().search(game(fen), { depth: 4 });
    expect(fresh.score).toBeGreaterThan(50);
    const late = new Engine().search(game(fen, { counters: { noProgress: 49, kingsOnly: 0 } }), { depth: 4 });
    expect(late.score).toBe(0);
    // With the kings-only rule on, it replaces the no-progress rule: 49 plies are far from a draw.
    const kingsOnly = new Engine().search(
      game(fen, { counters: { noProgress: 49, kingsOnly: 49 }, drawRules: { kingsOnly: true } }),
      { depth: 4 },
    );
    expect(kingsOnly.score).toBeGreaterThan(50);
  });

  it('takes its threat replies from the level unless the caller sets the count', () => {
    // A middle game where captures are threatened (threat replies change the tree); at a fixed
    // depth Hard and Master differ only by them (neither has noise, neither has tables here), as
    // long as the depth fits Hard's node budget (100 000; depth 6 takes about 56 000 with the replies).
    const g = new Game();
    for (const m of ['c3-c4', 'f6-f5', 'd3-d4', 'e6-e5']) unwrap(g.playNotation(m));
    const nodes = (options: EngineOptions) =>
      new Engine({ hashMegabytes: 1, ...options }).search(g, { depth: 6 }).nodes;
    const master = nodes({});
    const hard = nodes({ level: 'hard' });
    expect(hard).not.toBe(master);
    expect(nodes({ level: 'hard', searchParams: { threatReplyPlies: 0 } })).toBe(master);
    expect(nodes({ searchParams: { threatReplyPlies: 1 } })).toBe(hard);
    // A level chosen later keeps the caller's count.
    const engine = new Engine({ hashMegabytes: 1, searchParams: { threatReplyPlies: 0 } });
    engine.setLevel('hard');
    expect(engine.search(g, { depth: 6 }).nodes).toBe(master);
  }, 20_000);

  it('returns the same result for the same node budget', () => {
    const run = () => {
      const g = new Game();
      for (const m of ['c3-c4', 'f6-f5', 'd3-d4']) unwrap(g.playNotation(m));
      const r = new Engine().search(g, { nodes: 30_000 });
      return [makeNotation(r.move!), r.score, r.nodes, r.depth].join(' ');
    };
    expect(run()).toBe(run());
  });

  it('reports iterations with a legal principal variation', () => {
    const infos: number[] = [];
    const r = new Engine().search(new Game(), { depth: 6 }, (info) => {
      infos.push(info.depth);
      let p = Position.start();
      for (const m of info.pv) p = unwrap(p.playChecked(m));
    });
    expect(infos).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.depth).toBe(6);
    expect(Position.start().findLegal(r.move!)).toBeDefined();
  });

  it('stops on a move time', () => {
    const t = performance.now();
    const r = new Engine().search(new Game(), { movetime: 100 });
    expect(performance.now() - t).toBeLessThan(400);
    expect(r.move).toBeDefined();
  });

  it('stop() from the info callback ends the search', () => {
    const e = new Engine();
    const r = e.search(new Game(), { depth: 30 }, (info) => {
      if (info.depth === 3) e.stop();
    });
    expect(r.depth).toBe(3);
  });
  it('sees a combination that reduced and pruned sacrifices miss (unreduced, probed by quiescence)', () => {
    // From session 13's record against 945fa26: Master played b3-b4 here, and Black answered h6-g6,
    // a sacrifice (h4xh6xh8 is forced) that, with two more, opens the way to a man on a2.
    const fen =
      'W:Wb2,c2,d2,f2,h2,a3,b3,c3,d3,e3,f3,h3,a4,d4,g4,h4:Ba5,c5,d5,f5,h5,a6,c6,d6,e6,f6,h6,b7,c7,e7,f7,h7';
    const patterns = loadWeightsFile();
    // The depth where the pruning rule falls for it depends on the network: 6 with session 18's,
    // 7 with session 20's (at 6 it then plays f2-g2 by luck, at 8 d2-e2).
    const choice = (searchParams: EngineOptions['searchParams']) =>
      makeNotation(new Engine({ patterns, searchParams }).search(game(fen), { depth: 7 }).move!);
    expect(choice({ lmrSacrifice: 64, pruneSacrifice: 1 })).toBe('b3-b4');
    // (With session 13's network, pruning sacrifices alone, unreduced, also played b3-b4 at this
    // depth; with session 17's it plays d4-c4, so only the rule of sessions 12–13 is checked here.)
    expect(choice({})).not.toBe('b3-b4');
    // A quiescence probe of each sacrifice that pruning would drop is enough to see this one.
    expect(choice({ pruneSacrifice: 2 })).not.toBe('b3-b4');
    // And b3-b4 does lose a king's worth. In this line Black gives six men: h6-g6, a6-b6 and g6-g5
    // each hand White a capture, White's man crowns on h8 and its king takes two more. Then
    // Black's e6 man takes four pieces, the new king among them, and ends on a2, one step from
    // crowning, while White has no king. White ends a man up, which the network values below
    // Black's coming king (by how much differs between networks, so the line is checked by the
    // rules, not by a score).
    const after = game(fen);
    const line = 'b3-b4 h6-g6 h4xh6xh8 a6-b6 a4xa6 g6-g5 g4xg6 f6xh6 h8xh5xe5 e6xe4xc4xa4xa2';
    for (const m of line.split(' ')) unwrap(after.playNotation(m));
    const end = after.position;
    expect([end.count('white', 'man'), end.count('white', 'king'), end.count('black', 'man')]).toEqual([
      11, 0, 10,
    ]);
    expect(end.pieceAt(parseSquare('a2')!)).toEqual({ color: 'black', role: 'man' });
    // White, to move, is a man up against a man one step from crowning: the search prefers Black.
    const r = new Engine({ patterns }).search(after, { depth: 6 });
    expect(r.score).toBeLessThan(0);
  });
});

describe('evaluate', () => {
  it('counts king mobility by fills as walking each ray would', () => {
    const rng = makeRng(7);
    const bit = (lo: number, hi: number, sq: number) => (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1);
    for (let n = 0; n < 2000; n++) {
      const [kLo, kHi, oLo, oHi] = [0, 0, 0, 0].map(() => {
        let x = 0;
        for (let i = 0; i < 32; i++) if (rng() < 0.15) x |= 1 << i;
        return x;
      });
      const kingsLo = kLo & ~oLo;
      const kingsHi = kHi & ~oHi;
      const eLo = ~(oLo | kingsLo);
      const eHi = ~(oHi | kingsHi);
      let walked = 0;
      for (let sq = 0; sq < 64; sq++) {
        if (!bit(kingsLo, kingsHi, sq)) continue;
        for (const [df, dr] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          let f = (sq & 7) + df;
          let r = (sq >> 3) + dr;
          while (f >= 0 && f < 8 && r >= 0 && r < 8 && bit(eLo, eHi, r * 8 + f)) {
            walked++;
            f += df;
            r += dr;
          }
        }
      }
      expect(kingReach(kingsLo, kingsHi, eLo, eHi)).toBe(walked);
    }
  });

  it('is symmetric between the colours', () => {
    const rng = makeRng(3);
    const flip = (x: number) => (x >>> 24) | ((x >>> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
    for (let n = 0; n < 200; n++) {
      const p = randomPosition(
        rng,
        [Math.floor(rng() * 12), Math.floor(rng() * 12)],
        [Math.floor(rng() * 3), Math.floor(rng() * 3)],
      );
      const a = evaluate(p.toBoard(), p.turnIndex);
      const b = evaluate(
        Int32Array.of(flip(p.bHi), flip(p.bLo), flip(p.wHi), flip(p.wLo), flip(p.kHi), flip(p.kLo)),
        p.turnIndex ^ 1,
      );
      expect(b).toBe(a);
    }
  });

  it('likes material', () => {
    const p = unwrap(parsePosition('W:Wa3,b3,c3:Ba6,b6'));
    expect(evaluate(p.toBoard(), 0)).toBeGreaterThan(50);
    expect(DEFAULT_DRAW_RULES.repetition).toBe(true);
  });
});
