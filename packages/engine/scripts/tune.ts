/**
 * Weight tuning by self-play: each candidate change of `DEFAULT_WEIGHTS` plays a match against the
 * current weights at equal nodes per move, from the 2-ply opening suite with both colours. A change
 * is adopted when it scores clearly better (README.md, "Evaluation weights and tuning").
 * Usage: npx tsx packages/engine/scripts/tune.ts [openings] [nodes] [candidate names...]
 */
import {
  DEFAULT_WEIGHTS,
  EnginePlayer,
  openingSuite,
  pickOpenings,
  playMatch,
  type Weights,
} from '../src/index.ts';

const openings = Number(process.argv[2] ?? 32);
const nodes = Number(process.argv[3] ?? 20000);
const only = process.argv.slice(4);
const scale = (xs: readonly number[], f: number): number[] => xs.map((x) => Math.round(x * f));
const w = DEFAULT_WEIGHTS;

/** The weights of earlier rounds, to confirm that each round gained (README.md, "Tuning"). */
const ROUND_0: Partial<Weights> = {
  kingFull: 220,
  kingEmpty: 330,
  advanceMid: [0, 0, 2, 5, 9, 14, 22, 0],
  advanceEnd: [0, 0, 6, 14, 24, 38, 60, 0],
  passed: [0, 0, 0, 6, 12, 22, 40, 0],
  race: 40,
  backed: 4,
  sideBySide: 3,
};
const ROUND_1: Partial<Weights> = {
  kingFull: 220,
  kingEmpty: 330,
  advanceMid: [0, 0, 3, 8, 14, 21, 33, 0],
  advanceEnd: [0, 0, 9, 21, 36, 57, 90, 0],
  backed: 4,
  sideBySide: 3,
};

const candidates: Record<string, Partial<Weights>> = {
  'round-0': ROUND_0,
  'round-1': ROUND_1,
  'king+': { kingFull: w.kingFull + 40, kingEmpty: w.kingEmpty + 50 },
  'king-': { kingFull: w.kingFull - 40, kingEmpty: w.kingEmpty - 50 },
  'advance+': { advanceMid: scale(w.advanceMid, 1.5), advanceEnd: scale(w.advanceEnd, 1.5) },
  'advance-': { advanceMid: scale(w.advanceMid, 0.6), advanceEnd: scale(w.advanceEnd, 0.6) },
  'passed+': { passed: scale(w.passed, 1.5), race: Math.round(w.race * 1.5) },
  'structure+': { backed: w.backed * 2, sideBySide: w.sideBySide * 2 },
  'structure-': { backed: w.backed >> 1, sideBySide: w.sideBySide >> 1 },
  'guard+': { guard: w.guard * 2 },
  'mobility+': { kingMobility: w.kingMobility * 2 },
};

for (const [name, change] of Object.entries(candidates)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const t = performance.now();
  const { stats } = await playMatch(
    new EnginePlayer({ name, weights: { ...w, ...change }, limits: { nodes } }),
    new EnginePlayer({ name: 'current', limits: { nodes } }),
    { openings: pickOpenings(openingSuite(2), openings) },
  );
  console.log(
    `${name} vs current at ${nodes} nodes: ${stats.games} games +${stats.wins} =${stats.draws} -${stats.losses} ` +
      `Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)} (${((performance.now() - t) / 1000).toFixed(0)} s)`,
  );
}
