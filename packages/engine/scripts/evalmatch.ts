/**
 * The learned evaluation against the hand-weighted one at equal nodes per move (fast, and the result
 * does not depend on the machine's load): Master with the weights in FILE (A) against Master with
 * the old evaluation (B), from the 3-ply opening suite with both colours.
 * Usage: npx tsx packages/engine/scripts/evalmatch.ts FILE [openings] [nodes] [first opening]
 */
import { readFileSync } from 'node:fs';
import { EnginePlayer, openingSuite, playMatch } from '../src/index.ts';
import { decodeWeights } from '../src/weights.ts';

const file = process.argv[2];
const openings = Number(process.argv[3] ?? 100);
const nodes = Number(process.argv[4] ?? 20000);
const first = Number(process.argv[5] ?? 0);
if (!file) {
  console.error('usage: evalmatch.ts FILE [openings] [nodes] [first opening]');
  process.exit(2);
}
const decoded = decodeWeights(new Uint8Array(readFileSync(file)));
if (!decoded.ok) {
  console.error(`evalmatch: ${file}: ${decoded.error.message}`);
  process.exit(1);
}
const suite = openingSuite(3);
// Every k-th opening, starting at `first`, so that two processes can share the suite.
const step = Math.max(1, Math.floor(suite.length / openings));
const picked = suite.filter((_, i) => i >= first && (i - first) % step === 0).slice(0, openings);
const t = performance.now();
const { stats } = await playMatch(
  new EnginePlayer({ name: 'learned', patterns: decoded.value, limits: { nodes } }),
  new EnginePlayer({ name: 'old', limits: { nodes } }),
  {
    openings: picked,
    onGame: (g, s) =>
      process.stdout.write(
        `game ${g.round + 1} ${g.result} ${g.reason}  +${s.wins} =${s.draws} -${s.losses}\n`,
      ),
  },
);
console.log(
  `learned vs old at ${nodes} nodes: ${stats.games} games +${stats.wins} =${stats.draws} -${stats.losses} ` +
    `score ${(stats.score * 100).toFixed(1)}% Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)} ` +
    `(${((performance.now() - t) / 1000).toFixed(0)} s)`,
);
