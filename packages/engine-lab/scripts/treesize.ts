/**
 * Tree size at a fixed depth over many positions: a machine-independent first look at a change of
 * the move order (fewer nodes to the same depth), before a match decides. The positions come from
 * seeded self-play (4 random plies, then Master at 4 000 nodes a move with the shipped weights;
 * every third game ply from the 8th on), so every run sees the same ones. Each position is searched
 * by a fresh game of the same Master, to the depth, with the shipped weights and the given params.
 * Prints the total and the geometric mean of the nodes (the mean is not swamped by a few big trees).
 *
 * Usage: npx tsx packages/engine-lab/scripts/treesize.ts [--depth 10] [--games 10] [--params JSON]...
 * Each `--params` is one variant (default: the shipped settings only), measured on the same positions.
 */
import { parseArgs } from 'node:util';
import { Game, makeRng } from '@dama/core';
import { Engine, type SearchParams } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import { paramsOrExit } from './params.ts';

const { values } = parseArgs({
  options: {
    depth: { type: 'string', default: '10' },
    games: { type: 'string', default: '10' },
    params: { type: 'string', multiple: true },
  },
});
const depth = Number(values.depth);
const games = Number(values.games);
if (!(depth >= 1 && depth <= 30) || !(games >= 1)) {
  console.error('treesize: --depth must be 1–30 and --games at least 1');
  process.exit(2);
}
const variants: Partial<SearchParams>[] = (values.params ?? ['{}']).map(
  (p) => paramsOrExit('treesize', p) ?? {},
);
const patterns = loadWeightsFile();

/** The positions: Game objects after every third ply from the 8th, of seeded self-play games. */
function positions(): Game[] {
  const rng = makeRng(2026);
  const engine = new Engine({ level: 'master', patterns });
  const out: Game[] = [];
  for (let g = 0; g < games; g++) {
    const game = new Game();
    engine.newGame();
    while (!game.isOver() && game.plies < 110) {
      const legal = game.position.legalMoves();
      const m =
        game.plies < 4 ? legal[Math.floor(rng() * legal.length)] : engine.search(game, { nodes: 4000 }).move!;
      game.play(m);
      if (game.plies >= 8 && game.plies % 3 === 0 && !game.isOver()) out.push(new Game(game.position));
    }
  }
  return out;
}

const set = positions();
for (const params of variants) {
  const engine = new Engine({ level: 'master', hashMegabytes: 16, patterns, searchParams: params });
  let nodes = 0;
  let logs = 0;
  const start = performance.now();
  for (const g of set) {
    engine.newGame();
    const r = engine.search(g, { depth });
    nodes += r.nodes;
    logs += Math.log(r.nodes);
  }
  const geomean = Math.round(Math.exp(logs / set.length));
  const s = ((performance.now() - start) / 1000).toFixed(1);
  console.log(
    `${JSON.stringify(params)}: ${set.length} positions, depth ${depth}, nodes ${nodes}, geometric mean ${geomean}, ${s} s`,
  );
}
