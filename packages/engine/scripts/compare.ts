/**
 * A/B match of a search feature at equal nodes per move: the engine as it is (A) against the same
 * engine with one feature turned off (B: a `Searcher` switch, or the `SearchParams` value that
 * turns it off), both with the learned evaluation (the shipped weights).
 * Usage: npx tsx packages/engine/scripts/compare.ts FEATURE [openings] [nodes]
 * FEATURE: shallowPruning | probCut | threatReplies | iir | historyMalus | lmr (B: the old divisor
 * 2.2), or several joined by '+' (B has all of them off)
 */
import type { Game, Move } from '@dama/core';
import {
  Engine,
  openingSuite,
  pickOpenings,
  playMatch,
  type Player,
  type Searcher,
  type SearchParams,
} from '../src/index.ts';
import { loadWeightsFile } from '../src/node.ts';

type Feature = 'shallowPruning' | 'probCut' | 'threatReplies' | 'iir' | 'historyMalus' | 'lmr';
const feature = process.argv[2] ?? 'shallowPruning';
const features = feature.split('+') as Feature[];
const openings = Number(process.argv[3] ?? 32);
const nodes = Number(process.argv[4] ?? 30000);
const patterns = loadWeightsFile();

/** B's settings: the switches it turns off, and the margins that turn off the others. */
function player(name: string, on: boolean): Player {
  const searchParams: Partial<SearchParams> = {};
  // Master has no threat replies of its own: A gets them once along a line, B none.
  if (features.includes('threatReplies')) searchParams.threatReplyPlies = on ? 1 : 0;
  if (!on) {
    if (features.includes('iir')) searchParams.iirDepth = 0;
    if (features.includes('historyMalus')) searchParams.historyMalus = 0;
    if (features.includes('lmr')) searchParams.lmrDivisor = 2.2;
  }
  const engine = new Engine({ level: 'master', patterns, searchParams });
  const searcher = (engine as unknown as { searcher: Searcher }).searcher;
  for (const f of features) if (f === 'shallowPruning' || f === 'probCut') searcher[f] = on;
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
