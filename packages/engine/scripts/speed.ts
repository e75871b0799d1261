/**
 * Speed figures for the README: nodes per second over the bench, and the depth reached in one second
 * from the start position. Usage: npx tsx packages/engine/scripts/speed.ts
 */
import { Game } from '@dama/core';
import { Engine, runBench } from '../src/index.ts';

const bench = runBench();
console.log(`bench: ${bench.nodes} nodes in ${(bench.time / 1000).toFixed(2)} s = ${bench.nps} nodes/s`);
for (const ms of [1000]) {
  const e = new Engine({ level: 'master' });
  let line = '';
  const r = e.search(
    new Game(),
    { movetime: ms },
    (i) => (line = `depth ${i.depth} at ${i.time} ms, ${i.nodes} nodes, ${i.nps} nodes/s`),
  );
  console.log(`start position, ${ms} ms: completed depth ${r.depth} (${line})`);
}
