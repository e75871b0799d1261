/**
 * Speed figures for the README: nodes per second over the bench, and the depth reached in one second
 * from the start position. Usage: npx tsx packages/engine/scripts/speed.ts [learned|hand]
 * (the evaluation: the shipped learned weights, or the hand-weighted terms)
 */
import { Game } from '@dama/core';
import { Engine, runBench } from '../src/index.ts';
import { loadWeightsFile } from './weights-file.ts';

const patterns = process.argv[2] === 'hand' ? undefined : loadWeightsFile();

const bench = runBench(undefined, undefined, patterns);
console.log(`bench: ${bench.nodes} nodes in ${(bench.time / 1000).toFixed(2)} s = ${bench.nps} nodes/s`);
for (const ms of [1000]) {
  const e = new Engine({ level: 'master', patterns });
  let line = '';
  const r = e.search(
    new Game(),
    { movetime: ms },
    (i) => (line = `depth ${i.depth} at ${i.time} ms, ${i.nodes} nodes, ${i.nps} nodes/s`),
  );
  console.log(`start position, ${ms} ms: completed depth ${r.depth} (${line})`);
}
