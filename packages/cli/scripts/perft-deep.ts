/**
 * Deep perft check against docs/RULES.md, too slow for the unit suite: distinct moves to depth 8 and
 * every capture path to depth 10 (about 17 billion nodes; a few minutes). `npm run perft:deep [MAX]`.
 */
import { perft, Position, START_PERFT, START_PERFT_PATHS } from '@dama/core';

const max = Number(process.argv[2] ?? 10);
const start = Position.start();
let failed = false;
for (const [mode, table] of [
  ['distinct', START_PERFT],
  ['paths', START_PERFT_PATHS],
] as const) {
  for (let d = 1; d <= Math.min(max, table.length); d++) {
    const t = performance.now();
    const nodes = perft(start, d, { paths: mode === 'paths' });
    const s = (performance.now() - t) / 1000;
    const okay = nodes === table[d - 1];
    failed ||= !okay;
    console.log(
      `${mode.padEnd(8)} ${d} ${String(nodes).padStart(12)} ${okay ? 'ok' : `EXPECTED ${table[d - 1]}`} ${s.toFixed(2)}s ${(nodes / s / 1e6).toFixed(1)}M nodes/s`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
