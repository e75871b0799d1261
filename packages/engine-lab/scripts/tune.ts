/**
 * Weight tuning by self-play on top of the learned evaluation: each candidate changes some of the
 * shipped weights' whole-board terms (the engine's eval/patterns.ts, `SCALARS`) and plays a match
 * against the shipped weights at equal nodes per move, from the 2-ply opening suite with both colours. A change worth
 * keeping is one that scores clearly better; it then goes into the trainer's starting point or the
 * weights file (docs/engine/log.md, "Hand-weighted evaluation: tuning rounds"; the rounds there tuned the hand-weighted
 * evaluation this one grew from).
 * Usage: npx tsx packages/engine-lab/scripts/tune.ts [openings] [nodes] [candidate names...]
 */
import { SCALARS, type PatternWeights } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import { EnginePlayer, openingSuite, pickOpenings, playMatch } from '../src/index.ts';

const openings = Number(process.argv[2] ?? 32);
const nodes = Number(process.argv[3] ?? 20000);
const only = process.argv.slice(4);
const shipped = loadWeightsFile();

type Term = (typeof SCALARS)[number];
/** The shipped weights with the middle-game and endgame weights of `terms` multiplied by `factor`. */
const scaled = (terms: readonly Term[], factor: number): PatternWeights => {
  const scalars = shipped.scalars.slice();
  for (const t of terms) {
    const i = SCALARS.indexOf(t);
    scalars[2 * i] = Math.round(scalars[2 * i] * factor);
    scalars[2 * i + 1] = Math.round(scalars[2 * i + 1] * factor);
  }
  return { table: shipped.table, scalars };
};
const advance: Term[] = ['advance2', 'advance3', 'advance4', 'advance5', 'advance6', 'advance7'];
const passed: Term[] = ['passed4', 'passed5', 'passed6', 'passed7', 'race4', 'race5', 'race6', 'race7'];

const candidates: Record<string, PatternWeights> = {
  'king+': scaled(['kings'], 1.15),
  'king-': scaled(['kings'], 0.85),
  'advance+': scaled(advance, 1.3),
  'advance-': scaled(advance, 0.7),
  'passed+': scaled(passed, 1.3),
  'passed-': scaled(passed, 0.7),
  'mobility+': scaled(['mobility'], 1.5),
  'structure+': scaled(['backed', 'sideBySide', 'guard'], 1.5),
  'tempo-': scaled(['tempo'], 0),
};

for (const [name, patterns] of Object.entries(candidates)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const t = performance.now();
  const { stats } = await playMatch(
    new EnginePlayer({ name, patterns, limits: { nodes } }),
    new EnginePlayer({ name: 'shipped', patterns: shipped, limits: { nodes } }),
    { openings: pickOpenings(openingSuite(2), openings) },
  );
  console.log(
    `${name} vs shipped at ${nodes} nodes: ${stats.games} games +${stats.wins} =${stats.draws} -${stats.losses} ` +
      `Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)} (${((performance.now() - t) / 1000).toFixed(0)} s)`,
  );
}
