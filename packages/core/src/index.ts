export type { Color, Role, Square, Piece, ByColor, Move, DamaError, Result } from './types.ts';
export {
  COLORS,
  ROLES,
  FILE_NAMES,
  RANK_NAMES,
  opposite,
  squareFile,
  squareRank,
  squareName,
  parseSquare,
  ok,
  err,
  unwrap,
} from './types.ts';
export type { Setup, Placement } from './setup.ts';
export { START_FEN, startSetup, placement } from './setup.ts';
export type { PositionErrorCode, MoveErrorCode, PositionOptions, PositionResult } from './position.ts';
export { Position } from './position.ts';
export type { FenErrorCode } from './fen.ts';
export { parseFen, makeFen, parsePosition } from './fen.ts';
export type { NotationErrorCode } from './notation.ts';
export { makeNotation, parseNotation } from './notation.ts';
export type { DrawRules, Outcome, OutcomeReason, Counters, GameOptions, GameErrorCode } from './game.ts';
export {
  Game,
  DEFAULT_DRAW_RULES,
  NO_PROGRESS_PLIES,
  KINGS_ONLY_PLIES,
  OUTCOME_REASONS,
  resultText,
  nextCounters,
  staticDraw,
} from './game.ts';
export type { PerftOptions } from './perft.ts';
export { perft, divide } from './perft.ts';
export {
  MoveList,
  generateMoves,
  countMoves,
  applyMove,
  popcount,
  lowestBit,
  WHITE,
  BLACK,
  MAX_CAPTURES,
} from './movegen.ts';
export type { PdnErrorCode, PdnRecord, PdnResult, PdnGame } from './pdn.ts';
export { parsePdn, parsePdnRecords, recordToGame, makePdn, GAME_TYPE } from './pdn.ts';
export { boardText } from './debug.ts';
