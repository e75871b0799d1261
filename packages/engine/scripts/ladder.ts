/**
 * The level ladder: each level against the next one up, every opening of the 3-ply suite (456; or N
 * of them, spread evenly) with both colours. Usage: npx tsx packages/engine/scripts/ladder.ts [N] [pair]
 * Easy, Medium and Hard play at their own caps (depth and nodes, so the result does not depend on the
 * machine); Master plays at 200 000 nodes per move here (about 0.1–0.15 s; the product gives it 3 s).
 * The same matches run through the CLI, e.g. `dama match --a level=hard --b level=medium --plies 3`.
 */
import type { Game } from '@dama/core';
import { makeRng } from '@dama/core';
import {
  EnginePlayer,
  openingSuite,
  pickOpenings,
  playMatch,
  type EngineConfig,
  type Player,
} from '../src/index.ts';

/** A player that knows only the rules: a uniformly random legal move. */
function randomPlayer(): Player {
  let rng = makeRng(1);
  return {
    name: 'random',
    newGame: (seed: number) => {
      rng = makeRng(seed + 1);
    },
    move: (game: Game) => {
      const legal = game.position.legalMoves();
      return legal[Math.floor(rng() * legal.length)];
    },
  };
}

const suite = openingSuite(3);
const n = Number(process.argv[2] ?? suite.length);
const only = process.argv[3];
const configs: Record<string, EngineConfig> = {
  easy: { level: 'easy', limits: { depth: 99 } },
  medium: { level: 'medium', limits: { depth: 99 } },
  hard: { level: 'hard', limits: { depth: 99 } },
  master: { level: 'master', limits: { nodes: 200_000 } },
};
const pairs = [
  ['easy', 'random'],
  ['medium', 'easy'],
  ['hard', 'medium'],
  ['master', 'hard'],
];
for (const [up, down] of pairs) {
  if (only && only !== `${up}-${down}`) continue;
  const t = performance.now();
  const lower = down === 'random' ? randomPlayer() : new EnginePlayer({ ...configs[down], name: down });
  const { stats } = await playMatch(new EnginePlayer({ ...configs[up], name: up }), lower, {
    openings: pickOpenings(suite, n),
  });
  console.log(
    `${up} vs ${down}: ${stats.games} games +${stats.wins} =${stats.draws} -${stats.losses} ` +
      `score ${(stats.score * 100).toFixed(1)}% Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)} ` +
      `(${((performance.now() - t) / 1000).toFixed(0)} s)`,
  );
}
