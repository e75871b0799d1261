/**
 * Speed figures: nodes per second over the bench, the depth reached in one second
 * from the start position, and the nodes and time to depth 14 from the start.
 *
 * Usage: npx tsx packages/engine-lab/scripts/speed.ts [--commit C] [--eval learned|hand|FILE] [--depth 14]
 * `--commit`: measure that commit's engine instead (extracted from git, scripts/git-tree.ts, with its
 * own shipped weights), e.g. `--commit 945fa26` for the baseline or `--commit main`. Without it: this
 * tree, with the shipped learned weights (or the hand-weighted terms with `--eval hand`, or the
 * weights file FILE, e.g. one with a network).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Game } from '@dama/core';
import { Engine, runBench, type SearchInfo } from '@dama/engine';
import { loadTree, type TreeEngine, type TreeGame } from './git-tree.ts';
import { loadWeightsFile } from '@dama/engine/node';

const { values } = parseArgs({
  options: {
    commit: { type: 'string' },
    eval: { type: 'string', default: 'learned' },
    depth: { type: 'string', default: '14' },
  },
});
const depth = Number(values.depth);

let makeEngine: () => TreeEngine;
let newGame: () => TreeGame;
let bench: () => { nodes: number; time: number; nps: number };
let name: string;
if (values.commit !== undefined) {
  const tree = await loadTree(values.commit);
  makeEngine = () => tree.engine(16);
  newGame = () => new tree.Game();
  bench = () => tree.runBench();
  name = values.commit;
} else {
  const patterns =
    values.eval === 'hand'
      ? undefined
      : values.eval === 'learned'
        ? loadWeightsFile()
        : loadWeightsFile(values.eval);
  makeEngine = () => new Engine({ level: 'master', hashMegabytes: 16, patterns }) as unknown as TreeEngine;
  newGame = () => new Game() as unknown as TreeGame;
  bench = () => runBench(undefined, undefined, patterns);
  name = `this tree (${values.eval})`;
}

console.log(
  `${name}; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const b = bench();
console.log(`bench: ${b.nodes} nodes in ${(b.time / 1000).toFixed(2)} s = ${b.nps} nodes/s`);

const e = makeEngine();
let line = '';
const r = e.search(newGame(), { movetime: 1000 }, (i: SearchInfo) => {
  line = `depth ${i.depth} at ${i.time} ms, ${i.nodes} nodes, ${i.nps} nodes/s`;
});
console.log(`start position, 1000 ms: completed depth ${r.depth} (${line})`);

const d = makeEngine();
d.search(newGame(), { depth: 8 }); // warm up the JIT
d.newGame();
const start = performance.now();
const cpu = process.cpuUsage();
let reached = '';
d.search(newGame(), { depth }, (i: SearchInfo) => {
  reached = `${i.nodes} nodes`;
});
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
console.log(
  `start position to depth ${depth}: ${(ms / 1000).toFixed(2)} s (${cpuSeconds.toFixed(2)} s of CPU), ${reached}`,
);
console.log(
  `load average after ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
