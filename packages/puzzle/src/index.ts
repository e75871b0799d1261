export type { Bank, Puzzle, PuzzleStats, Material, Theme, Difficulty } from './bank.ts';
export { THEMES, DIFFICULTIES, parseBank, puzzleProblem, prettyJson } from './bank.ts';
export type { Analysis } from './prover.ts';
export {
  MAX_PROOF_MOVES,
  isLost,
  isKingVsKing,
  winsWithin,
  losesWithin,
  winDistance,
  lossDistance,
  winningMoves,
  analyse,
  proverNodes,
} from './prover.ts';
export type { SolutionTree, Defence, TreeOptions } from './solution.ts';
export { rankDefences, solutionTree, mainLine } from './solution.ts';
export type { SearchResult, SearchEffort } from './search.ts';
export { searchFixed, searchEffort } from './search.ts';
export { playLine, material, themes, measure, difficulty } from './tags.ts';
export type { Rejection, GenerateOptions, GenerateReport } from './generate.ts';
export {
  MIN_LEGAL_MOVES,
  SELF_PLAY_LEVELS,
  SELF_PLAY_MAX_PIECES,
  examine,
  isTrivial,
  nearDuplicateKey,
  randomSetup,
  selfPlayGame,
  generateBank,
} from './generate.ts';
export type { VerifyOptions, VerifyReport } from './verify.ts';
export { verifyPuzzle, verifyBank } from './verify.ts';
export type { DailyPick } from './daily.ts';
export {
  LAUNCH_DATE,
  TIME_ZONE,
  istanbulDate,
  dayNumber,
  isDate,
  addDays,
  puzzleNumber,
  puzzleIndexForDate,
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
  refutation,
  playMove,
} from './session.ts';
export { Random } from '@dama/core';
