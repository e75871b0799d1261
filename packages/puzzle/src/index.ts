export type { Puzzle, PuzzleStats, Material, Theme, Difficulty, BankKind } from './bank.ts';
export {
  THEMES,
  DIFFICULTIES,
  EDITION_1,
  COLUMNS,
  parseBank,
  parseLine,
  formatLine,
  formatBank,
  exportLine,
} from './bank.ts';
export type { ScheduleEntry } from './schedule.ts';
export { parseSchedule, scheduleProblems, extendSchedule, replaceFuture, scheduleLine } from './schedule.ts';
export type { Moved, Dropped, RespaceOptions, RespaceReport, PruneReport } from './respace.ts';
export { respaceDaily, pruneTraining } from './respace.ts';
export type { RefreshOptions, RefreshReport } from './refresh.ts';
export { refreshBanks, dailyLevelSteps, quantileSteps, TRAINING_LEVEL_SHARES } from './refresh.ts';
export type { MinedRecord, Entry, BuildOptions, BuildReport, ShareRules } from './build.ts';
export {
  BANK_RULES,
  TRAINING_RULES,
  FIRST_TRAINING,
  buildBanks,
  describeEntry,
  fromMined,
  totalPieces,
  Shares,
} from './build.ts';
export type { Analysis } from './prover.ts';
export {
  MAX_PROOF_MOVES,
  isLost,
  isKingVsKing,
  winsWithin,
  losesWithin,
  proveWinDistance,
  lossDistance,
  winningMoves,
  analyse,
  proverNodes,
  withNodeLimit,
  setProverTable,
  ProofLimit,
} from './prover.ts';
export type { Candidate, Rejection as JudgeRejection, LineRule } from './mine.ts';
export {
  judge,
  lineRuleBroken,
  chasesLonePiece,
  precheck,
  REJECTIONS,
  isLopsided,
  provenLine,
  winsWithinOneMore,
  CAPTURE_MIN_LEGAL,
  MIN_DEFENDER_PIECES,
  MAX_MOVES,
  MIN_LEGAL_MOVES,
  isTrivial,
  nearDuplicateKey,
  randomSetup,
  firstIsGift,
} from './mine.ts';
export type { SolutionTree, Defence, TreeOptions } from './solution.ts';
export { rankDefences, solutionTree, mainLine } from './solution.ts';
export type { FixedSearchResult, SearchEffort } from './search.ts';
export { searchFixed, searchEffort, rootScores } from './search.ts';
export type { Hardness, FirstKind } from './hardness.ts';
export {
  measureHardness,
  hardnessPoints,
  hardnessLevel,
  HARDNESS_STEPS,
  DAILY_HARDNESS_STEPS,
  materialPoints,
  levelOf,
  dailyLevelOf,
  relevelPool,
} from './hardness.ts';
export {
  playLine,
  material,
  lineThemes,
  measure,
  difficulty,
  difficultyPoints,
  DIFFICULTY_STEPS,
} from './tags.ts';
export type { VerifyOptions, VerifyReport } from './verify.ts';
export type {
  BankCounts,
  GuessReport,
  LevelFigures,
  LineRuleReport,
  NearPair,
  NearReport,
} from './verify.ts';
export {
  verifyPuzzle,
  lineRuleReport,
  lineRuleProblems,
  hardnessLevelled,
  THIRD_EDITION_DATE,
  verifyBanks,
  countBank,
  shareProblems,
  duplicateProblems,
  pct,
  MIN_DAILY,
  MIN_TRAINING,
  nearDuplicates,
  nearProblems,
  guessProblems,
  levelFigures,
  levelLopsidedProblems,
  guessablePuzzles,
  NEAR_DISTANCE,
  NEAR_SPACING_DAYS,
  GUESS_MIN_CHOICES,
} from './verify.ts';
export type { Shape } from './distance.ts';
export { shapeOf, shapeDistance, positionDistance } from './distance.ts';
export type { DailyPick } from './daily.ts';
export {
  LAUNCH_DATE,
  TIME_ZONE,
  istanbulDate,
  dayNumber,
  isDate,
  addDays,
  puzzleNumber,
  dateOfNumber,
  puzzleForDate,
  dailyPuzzle,
  archiveDates,
} from './daily.ts';
export type { DayRecord, StreakStore, PlayMode, StreakSummary } from './streak.ts';
export {
  MAX_TRIES,
  emptyStore,
  validateStore,
  parseStore,
  serializeStore,
  recordPlay,
  mergeStores,
  solvedDates,
  currentStreak,
  bestStreak,
  streakSummary,
} from './streak.ts';
export type { SessionStatus, SessionState, PlayResult } from './session.ts';
export {
  puzzlePosition,
  startSession,
  solutionMoves,
  acceptedMoves,
  hintMove,
  takeHint,
  slowerWin,
  SLOWER_EXTRA,
  SLOWER_NODES,
  refutation,
  playMove,
} from './session.ts';
export { Random } from '@dama/core';
export type { Rating } from './rating.ts';
export { newPlayer, puzzleRating, expectedScore, updateRating, MIN_RD, MAX_RD } from './rating.ts';
export type { PoolStore, PendingResult, PooledEntry } from './pool.ts';
export {
  emptyPool,
  queueResult,
  nextBatch,
  settleBatch,
  withRatings,
  ratingsDue,
  pooledRatings,
  validatePool,
  MAX_PENDING,
  SYNC_BATCH,
  PENDING_MAX_AGE,
  REFRESH_RATINGS,
  MIN_POOLED_PLAYS,
} from './pool.ts';
export type {
  Attempt,
  TrainingPlay,
  TrainingStore,
  TrainingFilter,
  UnratedReason,
  DifficultyOffset,
} from './training.ts';
export {
  HISTORY,
  DIFFICULTY_OFFSETS,
  emptyTraining,
  ratingOf,
  nextPuzzle,
  recordTraining,
  unratedReason,
  playedBefore,
  validateTraining,
  poolCounts,
} from './training.ts';
export type { Dashboard, DashboardWindow, Figures, ThemeFigures } from './dashboard.ts';
export {
  DAY_MS,
  DASHBOARD_WINDOWS,
  MIN_THEME_PLAYS,
  WEAKEST_OFFERED,
  PERFORMANCE_SPREAD,
  puzzleDashboard,
} from './dashboard.ts';
export type { SpreadBreaks } from './spread.ts';
export {
  THEME_GAP,
  LOPSIDED_GAP,
  SPREAD_RECENT,
  lopsided,
  themeKey,
  spreadBreaks,
  spread,
} from './spread.ts';
export type { RunBests, StormState } from './run.ts';
export {
  STREAK_STEPS,
  STORM_STEPS,
  STORM,
  runLevel,
  pickRunPuzzle,
  comboBonus,
  nextComboBonus,
  stormStart,
  stormRemaining,
  stormOver,
  stormMove,
  stormSolved,
  stormAccuracy,
  emptyRuns,
  stormTodayBest,
  recordStreak,
  recordStorm,
  validateRuns,
} from './run.ts';
