import { Game } from '@dama/core';
import { Engine } from './packages/engine/src/index.ts';
import { fileTablebase, loadWeightsFile } from './packages/engine/src/node.ts';
const e = new Engine({ level: 'master', patterns: loadWeightsFile(), hashMegabytes: 16, tablebase: fileTablebase('/work/tb') });
let tn = 0, tt = 0;
for (let gi = 0; gi < 1; gi++) {
  const g = new Game();
  e.newGame();
  for (let i = 0; i < 80 && !g.isOver(); i++) {
    const r = e.search(g, { movetime: 100 });
    tn += r.nodes; tt += r.time;
    g.play(r.move!);
  }
}
console.log('nps', (tn / tt) * 1000);
console.log((globalThis as any).__st)
