/**
 * The Turkish draughts engine: `Engine` (search at a level or with limits), the evaluation, the
 * endgame tables, the Web Worker service, the text protocol, the bench and the match harness.
 *
 * @module @dama/engine
 */
export type { Limits, Level, SearchInfo, SearchLine, SearchResult, TbResult } from './types.ts';
export { LEVELS, MAX_PLY, WIN, WIN_BOUND, INFINITE, DRAW, isWinScore, winDistance } from './types.ts';
export type { Weights } from './evaluate.ts';
export { evaluate, DEFAULT_WEIGHTS } from './evaluate.ts';
export type { SearchOptions, SearchParams, RootState, SearchControl, IterationInfo } from './search.ts';
export { Searcher, lmrTable, LMR_DIVISOR, tbRulesHold, DEFAULT_SEARCH_PARAMS } from './search.ts';
export { TranspositionTable } from './tt.ts';
export { budget } from './timeman.ts';
export type { LevelSettings } from './levels.ts';
export { LEVEL_SETTINGS, levelLimits } from './levels.ts';
export { FAST_THINK_MS, MIN_THINK_MS, thinkLimits, thinkTime } from './think.ts';
export type { ThinkClock } from './think.ts';
export { LADDER, rungSettings } from './levels.ts';
export type { EngineOptions } from './engine.ts';
export { Engine, pvMoves, rootState } from './engine.ts';
export type { BenchLine, BenchResult } from './bench.ts';
export { BENCH_POSITIONS, BENCH_DEPTH, BENCH_SIGNATURE, runBench } from './bench.ts';
export { HubProtocol, parseLine, formatInfo, ENGINE_NAME, ENGINE_VERSION } from './protocol.ts';
export type { EngineRequest, EngineResponse, LineText } from './service.ts';
export { EngineService } from './service.ts';
export type { Player, EngineConfig, GameRecord, MatchStats, SprtSettings, MatchOptions } from './match.ts';
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
export type { Material, TbValue, TableSource } from './tablebase.ts';
export {
  Tablebase,
  TB_MAX_PIECES,
  tableMaterials,
  tableSize,
  tableIndex,
  materialName,
  materialId,
  parseMaterialName,
  flipMaterial,
  isTableMaterial,
  reachableMaterials,
  decodeValue,
  tbScore,
} from './tablebase.ts';
export type { GroupOrder } from './tbformat.ts';
export { encodeTable, decodeTable, tableFileName, groupOrders } from './tbformat.ts';
export type { BuildProgress, ClassStats } from './tbbuild.ts';
export { solvePair, buildTablebase, classStats, verifyClass } from './tbbuild.ts';
export type { PatternWeights } from './patterns.ts';
export { patternEvaluate, SCALARS, WINDOWS, PATTERNS } from './patterns.ts';
export type { SymmetryClasses, DecodeResult, WeightsErrorCode } from './weights.ts';
export { decodeWeights, encodeWeights, expandWeights, symmetryClasses } from './weights.ts';
export type { NetWeights } from './net.ts';
export { NetEvaluator, netEvaluateReference, NET_INPUTS, NET_ACT, NET_OUT } from './net.ts';
