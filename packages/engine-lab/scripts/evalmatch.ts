/**
 * Two evaluations at equal nodes per move (fast, and the result does not depend on the machine's
 * load): Master with the weights in FILE (A) against Master with the hand-weighted evaluation, or
 * with the weights in `--vs FILE2` (B), from the 3-ply opening suite with both colours.
 * Usage: npx tsx packages/engine-lab/scripts/evalmatch.ts FILE [openings] [nodes] [first opening] [--vs FILE2]
 * (`--vs packages/engine/assets/eval.bin`: a newly fitted file against the shipped one)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeWeights, type PatternWeights } from '@dama/engine';
import { EnginePlayer, openingSuite, playMatch } from '../src/index.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { vs: { type: 'string' } } });
const file = positionals[0];
const openings = Number(positionals[1] ?? 100);
const nodes = Number(positionals[2] ?? 20000);
const first = Number(positionals[3] ?? 0);
if (!file) {
  console.error('usage: evalmatch.ts FILE [openings] [nodes] [first opening] [--vs FILE2]');
  process.exit(2);
}
function load(path: string): PatternWeights {
  const decoded = decodeWeights(new Uint8Array(readFileSync(path)));
  if (!decoded.ok) {
    console.error(`evalmatch: ${path}: ${decoded.error.message}`);
    process.exit(1);
  }
  return decoded.value;
}
const a = load(file);
const b = values.vs !== undefined ? load(values.vs) : undefined;
const bName = b ? 'vs' : 'hand';
const suite = openingSuite(3);
// Every k-th opening, starting at `first`, so that two processes can share the suite.
const step = Math.max(1, Math.floor(suite.length / openings));
const picked = suite.filter((_, i) => i >= first && (i - first) % step === 0).slice(0, openings);
const t = performance.now();
const { stats } = await playMatch(
  new EnginePlayer({ name: 'learned', patterns: a, limits: { nodes } }),
  new EnginePlayer({ name: bName, patterns: b, limits: { nodes } }),
  {
    openings: picked,
    onGame: (g, s) =>
      process.stdout.write(
        `game ${g.round + 1} ${g.result} ${g.reason}  +${s.wins} =${s.draws} -${s.losses}\n`,
      ),
  },
);
console.log(
  `${file} vs ${values.vs ?? 'hand-weighted'} at ${nodes} nodes: ${stats.games} games ` +
    `+${stats.wins} =${stats.draws} -${stats.losses} ` +
    `score ${(stats.score * 100).toFixed(1)}% Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)} ` +
    `(${((performance.now() - t) / 1000).toFixed(0)} s)`,
);
