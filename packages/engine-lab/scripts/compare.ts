/**
 * A/B match of a search feature at equal nodes per move: the engine as it is (A) against the same
 * engine with one feature turned off (B: the `SearchParams` value that turns it off), both with the
 * learned evaluation (the shipped weights).
 * Usage: npx tsx packages/engine-lab/scripts/compare.ts FEATURE [openings] [nodes]
 * FEATURE: shallowPruning (futility, move-count and static beta pruning) | threatReplies | iir |
 * historyMalus | lmr (B: the old divisor 2.2), or several joined by '+' (B has all of them off)
 */
import type { Game, Move } from '@dama/core';
import { Engine, type SearchParams } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import { openingSuite, pickOpenings, playMatch, type Player } from '../src/index.ts';

const FEATURES = ['shallowPruning', 'threatReplies', 'iir', 'historyMalus', 'lmr'] as const;
type Feature = (typeof FEATURES)[number];
const feature = process.argv[2] ?? 'shallowPruning';
const features = feature.split('+') as Feature[];
for (const f of features)
  if (!FEATURES.includes(f)) {
    console.error(`compare.ts: unknown feature ${f} (one of ${FEATURES.join(', ')}, joined by '+')`);
    process.exit(2);
  }
const openings = Number(process.argv[3] ?? 32);
const nodes = Number(process.argv[4] ?? 30000);
const patterns = loadWeightsFile();

/** B's settings: the margins that turn its features off. */
function player(name: string, on: boolean): Player {
  const searchParams: Partial<SearchParams> = {};
  // Master has no threat replies of its own: A gets them once along a line, B none.
  if (features.includes('threatReplies')) searchParams.threatReplyPlies = on ? 1 : 0;
  if (!on) {
    if (features.includes('shallowPruning')) searchParams.pruneDepth = 0;
    if (features.includes('iir')) searchParams.iirDepth = 0;
    if (features.includes('historyMalus')) searchParams.historyMalus = 0;
    if (features.includes('lmr')) searchParams.lmrDivisor = 2.2;
  }
  const engine = new Engine({ level: 'master', patterns, searchParams });
  return {
    name,
    newGame: () => engine.newGame(),
    move: (game: Game): Move | undefined => engine.search(game, { nodes }).move,
  };
}

const { stats } = await playMatch(player(`${feature} on`, true), player(`${feature} off`, false), {
  openings: pickOpenings(openingSuite(2), openings),
});
console.log(
  `${feature} on vs off at ${nodes} nodes: ${stats.games} games +${stats.wins} =${stats.draws} -${stats.losses} ` +
    `Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)} LLR ${stats.llr.toFixed(2)}`,
);
