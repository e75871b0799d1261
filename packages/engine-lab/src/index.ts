/**
 * The engine's lab (private, never published): what measures and makes `@dama/engine` but does not
 * ship in it. The match harness (opening suite, referee, Elo ± error, SPRT, PDN), the ladder's fixed
 * anchors, the endgame table builder and checker, and the writer of the learned evaluation's
 * weights file. The scripts in `scripts/` (benchmarks, training, table tools) and `dama match` /
 * `dama tablebase` use them.
 *
 * @module @dama/engine-lab
 */
export type { Player, EngineConfig, MatchGame, MatchStats, SprtSettings, MatchOptions } from './match.ts';
export {
  EnginePlayer,
  describeConfig,
  openingSuite,
  pickOpeningIndices,
  pickOpenings,
  matchStats,
  playGame,
  playMatch,
  gamesToPdn,
  DEFAULT_SPRT,
  MAX_GAME_PLIES,
} from './match.ts';
export {
  RandomPlayer,
  GreedyPlayer,
  MaterialPlayer,
  materialBalance,
  capturedMaterial,
  ANCHOR_MAN,
  ANCHOR_KING,
} from './anchors.ts';
export type { BuildProgress, ClassStats } from './tbbuild.ts';
export { solvePair, buildTablebase, classStats, verifyClass } from './tbbuild.ts';
export { encodeWeights, classWeightsOf } from './weights.ts';
