/**
 * A solver thread of `dama tablebase build`: solves the class pairs it is sent, reading the tables
 * they depend on from the output directory and writing the solved ones there.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { materialName, type Material } from '@dama/engine';
import { loadTablebase, writeTable } from '@dama/engine/node';
import { classStats, solvePair } from '@dama/engine-lab';

const port = parentPort;
const dir = workerData.dir as string;
if (port) {
  port.on('message', (m: Material) => {
    const start = performance.now();
    // Every table of fewer pieces, or of as many pieces with fewer men, is done by now.
    const tb = loadTablebase(dir, m.wm + m.wk + m.bm + m.bk);
    const solved = solvePair(m, tb, (p) => {
      if (p.phase === 'level' && p.plies % 10 === 0)
        port.postMessage({
          kind: 'progress',
          text: `${materialName(m)}: ${p.plies} plies, ${p.settled} settled`,
        });
    });
    const results = solved.map(({ material, values }) => ({
      stats: classStats(material, values),
      bytes: writeTable(dir, material, values),
      raw: values.length,
    }));
    port.postMessage({ kind: 'done', results, seconds: (performance.now() - start) / 1000 });
  });
}
