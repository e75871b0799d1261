import { describe, expect, it } from 'vitest';
import { Game, makeRng, parsePosition, unwrap } from '@dama/core';
import {
  NET_ACT,
  NET_INPUTS,
  NetEvaluator,
  netEvaluateReference,
  netFeature,
  netSided,
  type NetWeights,
} from '../src/eval/net.ts';
import { rootState } from '../src/engine.ts';
import { patternEvaluate } from '../src/eval/patterns.ts';
import { Searcher } from '../src/search.ts';
import { budget } from '../src/timeman.ts';
import { loadWeightsFile } from '../src/node.ts';
import { randomPositions } from './positions.ts';

const game = (fen: string) => new Game(unwrap(parsePosition(fen)));
const flipRanks = (x: number) => (x >>> 24) | ((x >>> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);

/** A random network; `sided`: with output weights for the side to move's view and the other's. */
function randomNet(seed: number, hidden = 8, sided = false): NetWeights {
  const rng = makeRng(seed);
  const w = Int16Array.from({ length: NET_INPUTS * hidden }, () => Math.round((rng() - 0.5) * 120));
  const bias = Int16Array.from({ length: hidden }, () => Math.round(rng() * NET_ACT));
  const out = Int16Array.from({ length: (sided ? 2 : 1) * hidden }, () => Math.round((rng() - 0.5) * 20000));
  return { hidden, w, bias, out };
}

describe.each([false, true])('network correction (sided: %s)', (sided) => {
  const randomNet_ = (seed: number, hidden?: number) => randomNet(seed, hidden, sided);

  it('is computed from the pieces as documented', () => {
    const net = randomNet_(1, 4);
    expect(netSided(net)).toBe(sided);
    for (const p of randomPositions(2, 100)) {
      // White's view: white pieces are own, Black's view: black pieces are own, ranks mirrored.
      const accW = Array.from(net.bias);
      const accB = Array.from(net.bias);
      for (let sq = 0; sq < 64; sq++) {
        const piece = p.pieceAt(sq);
        if (!piece) continue;
        const king = piece.role === 'king' ? 1 : 0;
        const own = piece.color === 'white';
        const fW = netFeature((own ? 0 : 2) + king, sq);
        const fB = netFeature((own ? 2 : 0) + king, sq ^ 56);
        for (let j = 0; j < 4; j++) {
          accW[j] += net.w[fW * 4 + j];
          accB[j] += net.w[fB * 4 + j];
        }
      }
      const clip = (x: number) => Math.min(NET_ACT, Math.max(0, x));
      const turn = p.turnIndex;
      if (!sided) {
        const sum = accW.reduce((s, a, j) => s + net.out[j] * (clip(a) - clip(accB[j])), 0);
        expect(netEvaluateReference(net, p.toBoard(), turn)).toBe(Math.trunc(sum / (NET_ACT * 64)));
      } else {
        // For the side to move: its own view's units, then the other view's; negated for White when Black moves.
        const own = turn === 0 ? accW : accB;
        const other = turn === 0 ? accB : accW;
        const sum = own.reduce((s, a, j) => s + net.out[j] * clip(a) + net.out[4 + j] * clip(other[j]), 0);
        const forMover = Math.trunc(sum / (NET_ACT * 64)) + 0;
        expect(netEvaluateReference(net, p.toBoard(), turn)).toBe(turn === 0 ? forMover : 0 - forMover);
      }
    }
  });

  it('is exactly negated for the board turned over with the colours swapped', () => {
    const net = randomNet_(3);
    const f = flipRanks;
    let nonzero = 0;
    let turnMatters = 0;
    for (const p of randomPositions(4, 300)) {
      const swapped = Int32Array.of(f(p.bHi), f(p.bLo), f(p.wHi), f(p.wLo), f(p.kHi), f(p.kLo));
      for (const turn of [0, 1]) {
        const a = netEvaluateReference(net, p.toBoard(), turn);
        expect(netEvaluateReference(net, swapped, 1 - turn)).toBe(0 - a);
        if (a !== 0) nonzero++;
      }
      if (netEvaluateReference(net, p.toBoard(), 0) !== netEvaluateReference(net, p.toBoard(), 1))
        turnMatters++;
    }
    expect(nonzero).toBeGreaterThan(400);
    // Only a sided network reads the side to move.
    if (sided) expect(turnMatters).toBeGreaterThan(250);
    else expect(turnMatters).toBe(0);
  });

  it('updates incrementally to the same value as computing from nothing', () => {
    const net = randomNet_(5, 16);
    const ev = new NetEvaluator(net);
    const rng = makeRng(6);
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      const game = new Game();
      while (!game.isOver() && game.plies < 120) {
        const board = game.position.toBoard();
        const turn = game.position.turnIndex;
        expect(ev.white(board, 0, turn)).toBe(netEvaluateReference(net, board, turn));
        checked++;
        const legal = game.position.legalMoves();
        game.play(legal[Math.floor(rng() * legal.length)]);
      }
      // A far board (the next game's start) between games.
    }
    for (const p of randomPositions(7, 200))
      expect(ev.white(p.toBoard(), 0, p.turnIndex)).toBe(netEvaluateReference(net, p.toBoard(), p.turnIndex));
    expect(checked).toBeGreaterThan(1000);
  });

  it('gives the same value at every ply of a search tree, whichever slot it starts from', () => {
    const net = randomNet_(10, 16);
    const ev = new NetEvaluator(net, 6);
    const rng = makeRng(11);
    let checked = 0;
    // A depth-first walk, as a search scores: a board at ply p after its parent at p - 1 and its siblings.
    const walk = (g: Game, ply: number) => {
      const board = g.position.toBoard();
      const turn = g.position.turnIndex;
      expect(ev.white(board, ply, turn)).toBe(netEvaluateReference(net, board, turn));
      checked++;
      if (ply === 8 || g.isOver()) return; // deeper than the slots: the last slot is shared
      const legal = g.position.legalMoves();
      for (let i = 0; i < 3 && legal.length > 0; i++) {
        const child = g.clone();
        child.play(legal.splice(Math.floor(rng() * legal.length), 1)[0]);
        walk(child, ply + 1);
      }
    };
    for (const p of randomPositions(12, 3)) walk(new Game(p), 0);
    walk(new Game(), 0);
    expect(checked).toBeGreaterThan(10000);
  });

  it('gives the same value when the plies between a board and its ancestor were not scored', () => {
    // As in quiescence after captures, or a main-search node that no pruning rule scores: the
    // nearest filled slot may be several plies up the line.
    const net = randomNet_(12, 16);
    const ev = new NetEvaluator(net, 12);
    const rng = makeRng(13);
    let checked = 0;
    const walk = (g: Game, ply: number) => {
      if (ply === 0 || rng() < 0.3) {
        const board = g.position.toBoard();
        const turn = g.position.turnIndex;
        expect(ev.white(board, ply, turn)).toBe(netEvaluateReference(net, board, turn));
        checked++;
      }
      if (ply === 11 || g.isOver()) return;
      const legal = g.position.legalMoves();
      for (let i = 0; i < 2 && legal.length > 0; i++) {
        const child = g.clone();
        child.play(legal.splice(Math.floor(rng() * legal.length), 1)[0]);
        walk(child, ply + 1);
      }
    };
    for (const p of randomPositions(14, 3)) walk(new Game(p), 0);
    walk(new Game(), 0);
    expect(checked).toBeGreaterThan(1000);
  });

  it('gives a plain search the same score for either colour of a mirrored position', () => {
    // A plain alpha-beta (no pruning or reductions, whose trees follow the generator's move order
    // and so differ between the colours) must find the same score: the network is antisymmetric.
    const patterns = loadWeightsFile();
    const net = randomNet_(9, 8);
    const g = game('W:Wa2,b3,c3,e2,f3,h4,Kd5:Bb6,c7,e6,f7,g6,h7,Ka8');
    const flipped = game('B:Wb3,c2,e3,f2,g3,h2,Ka1:Ba7,b6,c6,e7,f6,h5,Kd4');
    const score = (x: Game, withNet: boolean) => {
      const ev = new NetEvaluator(net);
      const s = new Searcher({
        plain: true,
        hashMegabytes: 1,
        evaluator: (b, turn, ply) => patternEvaluate(patterns, b, turn, withNet ? ev.white(b, ply, turn) : 0),
      });
      s.run(rootState(x), budget({ depth: 5 }));
      return s.bestScore;
    };
    const a = score(g, true);
    expect(score(flipped, true)).toBe(a);
    // The network changes the score here, so the equality above is not the patterns' alone.
    expect(a).not.toBe(score(g, false));
  });
});
