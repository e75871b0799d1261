/**
 * The Turkish draughts engine: `Engine` (search at a level or with limits), the evaluation (the
 * learned one and its weights file reader, the hand-weighted fallback), the transposition table, the
 * endgame tables (probe, file format, fetch, the worker's queue), the levels and think times, the
 * text protocol, the Web Worker service and the bench. Matches, training, the weights writer and the
 * table builder are `@dama/engine-lab`'s (private, in the repository).
 *
 * @module @dama/engine
 */
export type { Limits, Level, SearchInfo, SearchLine, SearchResult, TbResult } from './types.ts';
export { LEVELS, MAX_PLY, WIN, WIN_BOUND, INFINITE, DRAW, isWinScore, winDistance } from './types.ts';
export type { Weights } from './eval/hand.ts';
export { evaluate, DEFAULT_WEIGHTS } from './eval/hand.ts';
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
export type { EngineRequest, EngineResponse, LineText, SquarePath } from './service.ts';
export { EngineService, squarePath } from './service.ts';
export type { Material, TbValue, TableSource } from './tablebase.ts';
export {
  Tablebase,
  TB_MAX_PIECES,
  tableMaterials,
  tableSize,
  tableIndex,
  groupSizes,
  flipBoard,
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
export {
  encodeTable,
  encodeTableV1,
  decodeTable,
  tableFileName,
  groupOrders,
  TB_VERSION,
} from './tbformat.ts';
export { fetchTable } from './tbfetch.ts';
export type { TableLoader } from './tbqueue.ts';
export { TableQueue, tablesByNeed, tableDistance } from './tbqueue.ts';
export type { PatternWeights } from './eval/patterns.ts';
export {
  patternEvaluate,
  patternEntries,
  scalarFeatures,
  phaseOf,
  SCALARS,
  SCALAR_COUNT,
  TEMPO,
  UNIT_SHIFT,
  WINDOWS,
  PATTERNS,
} from './eval/patterns.ts';
export type { SymmetryClasses, DecodeResult, WeightsErrorCode } from './eval/weights.ts';
export {
  decodeWeights,
  expandWeights,
  symmetryClasses,
  netSectionBytes,
  WEIGHTS_MAGIC,
  WEIGHTS_VERSION,
  WEIGHTS_HEADER_BYTES,
} from './eval/weights.ts';
export type { NetWeights } from './eval/net.ts';
export { NetEvaluator, netEvaluateReference, netSided, NET_INPUTS, NET_ACT, NET_OUT } from './eval/net.ts';
