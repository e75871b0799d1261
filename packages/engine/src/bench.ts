/**
 * The bench: fixed positions searched to a fixed depth from a fresh table. The total node count is a
 * signature of the search — any change to move generation, ordering, pruning or evaluation changes it
 * — so CI compares it with `BENCH_SIGNATURE` (bench.test.ts). Update the constant, with a reason,
 * whenever the search changes on purpose. The nodes per second are for people, not for CI.
 */
import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import { Engine } from './engine.ts';
import type { PatternWeights } from './eval/patterns.ts';

/** Start, middle games and endings from engine self-play (scripts/genfen.ts, seed 11). */
export const BENCH_POSITIONS: readonly string[] = [
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,c3,d3,f3,c4,f5:Ba4,h4,b6,c6,a7,b7,c7,d7,f7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,a3,c3,d3,e3,f3,d4,e4,f4,g4:Ba5,c5,d5,b6,c6,d6,e6,f6,a7,b7,c7,d7,e7,g7,h7',
  'W:Wc2,d2,e2,f2,g2,b3,d3,e3,f3,h3,d4,e4,f4,a5:Bc5,d5,e5,f5,h5,c6,d6,e6,f6,g6,a7,b7,d7,e7,f7',
  'W:Wa2,b2,c2,d2,e2,f2,h2,a3,b3,c3,d3,e3,h5,Kh6:Bb5,d5,e5,a6,c6,d6,e6,g6,a7,b7,c7',
  'W:Wb2,c2,d2,e2,a3,c3,d3,e3,e4,f4,a5:Bc5,d5,h5,d6,f6,a7,b7',
  'W:Wc2,d2,e2,f2,h2,c3,a4,c4,Kh8:BKa1,e4,c5,a6',
  'W:Wc2,d2,e2,c3,d3,a4,b4,a5,Kf8:Bg3,g4,c5,c6,b7',
  'W:WKh1,d2,e3:BKf6,b4,c5',
  'W:Wc2,e2,f2,h2,c3,d3,e3,f3,g3,b4,e4,f4:Bh4,c5,d5,e5,f5,g5,h5,b6,e6,f6,b7,d7,e7',
];

/** The depth every bench position is searched to. */
export const BENCH_DEPTH = 10;

/**
 * Total nodes of `runBench()` at `BENCH_DEPTH` with the shipped weights; bench.test.ts checks it.
 * Any change to the search, the evaluation or the weights that changes the tree changes it: update
 * it on purpose, and say why in the commit (the past values and their reasons are in
 * docs/engine/log.md).
 */
export const BENCH_SIGNATURE = 1781636;

/** One bench position's search: its FEN, nodes, time (ms), the move found and its score. */
export interface BenchLine {
  fen: string;
  nodes: number;
  time: number;
  move: string;
  score: number;
}

/** The whole bench: the node total (the signature), time (ms), nodes per second and each position's line. */
export interface BenchResult {
  /** The signature: total nodes over all positions. */
  nodes: number;
  time: number;
  nps: number;
  lines: BenchLine[];
}

/** `patterns`: the learned evaluation's weights (the CLI and the test pass the shipped ones). */
export function runBench(
  depth = BENCH_DEPTH,
  onLine?: (line: BenchLine) => void,
  patterns?: PatternWeights,
): BenchResult {
  const engine = new Engine({ level: 'master', hashMegabytes: 16, patterns });
  const lines: BenchLine[] = [];
  let nodes = 0;
  let time = 0;
  for (const fen of BENCH_POSITIONS) {
    engine.newGame();
    const game = new Game(unwrap(parsePosition(fen)));
    const start = performance.now();
    const r = engine.search(game, { depth });
    const ms = performance.now() - start;
    const from = r.move ? r.move : undefined;
    const line = {
      fen,
      nodes: r.nodes,
      time: ms,
      move: from ? makeNotation(from) : '-',
      score: r.score,
    };
    lines.push(line);
    onLine?.(line);
    nodes += r.nodes;
    time += ms;
  }
  return { nodes, time, nps: time > 0 ? Math.round((nodes * 1000) / time) : 0, lines };
}
