/**
 * Nodes and time to reach each depth from the start position.
 * Usage: npx tsx packages/engine-lab/scripts/depth.ts [depth] [hash MB] [learned|hand]
 * (the evaluation: the shipped learned weights, or the hand-weighted terms)
 */
import { Game } from '@dama/core';
import { Engine } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';

const depth = Number(process.argv[2] ?? 14);
const hashMegabytes = Number(process.argv[3] ?? 16);
const patterns = process.argv[4] === 'hand' ? undefined : loadWeightsFile();
const e = new Engine({ level: 'master', hashMegabytes, patterns });
e.search(new Game(), { depth: 8 }); // warm up the JIT
e.newGame();
e.search(new Game(), { depth }, (i) => console.log(`depth ${i.depth} nodes ${i.nodes} time ${i.time} ms`));
