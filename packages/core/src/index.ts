/**
 * The rules of Turkish draughts (Türk daması): positions, legal moves, games with their draw rules,
 * FEN, move notation, PDN and perft, with the allocation-free bitboard generator the engine uses.
 *
 * @module @dama/core
 */
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
  isObject,
  printable,
  sameMove,
} from './types.ts';
export type { Board } from './bitboard.ts';
export {
  W_LO,
  W_HI,
  B_LO,
  B_HI,
  K_LO,
  K_HI,
  WHITE,
  BLACK,
  FILE_A,
  FILE_H,
  NOT_FILE_A,
  NOT_FILE_H,
  RANK_1_LO,
  RANK_8_HI,
  STEP,
  RAY_LENGTH,
  newBoard,
  copyBoard,
  popcount,
  lowestBit,
  bitAt,
  squaresOf,
  emptyRun,
  menCaptureMask,
  kingsCanCapture,
  hasCapture,
  hasQuietMove,
  pieceCount,
} from './bitboard.ts';
export type { DrawRules, Counters, MaterialDraw, CounterDraw } from './draw.ts';
export {
  DEFAULT_DRAW_RULES,
  NO_PROGRESS_PLIES,
  KINGS_ONLY_PLIES,
  hasMaterialRule,
  materialDraw,
  counterDraw,
} from './draw.ts';
export { Random, makeRng } from './random.ts';
export type { Setup, Placement } from './setup.ts';
export { START_FEN, startSetup, placement } from './setup.ts';
export type { PositionErrorCode, MoveErrorCode, PositionOptions, PositionResult } from './position.ts';
export { Position } from './position.ts';
export type { FenErrorCode } from './fen.ts';
export { parseFen, makeFen, parsePosition } from './fen.ts';
export type { NotationErrorCode } from './notation.ts';
export { makeNotation, parseNotation } from './notation.ts';
export type { Outcome, OutcomeReason, GameOptions, GameErrorCode } from './game.ts';
export { Game, OUTCOME_REASONS, RULE_DRAW_REASONS, resultText, nextCounters, staticDraw } from './game.ts';
export type { PerftOptions } from './perft.ts';
export { perft, divide, START_PERFT, START_PERFT_PATHS } from './perft.ts';
export { MoveList, PlyStack, generateMoves, countMoves, applyMove, MAX_CAPTURES } from './movegen.ts';
export type { PdnErrorCode, PdnError, PdnRecord, PdnResult, PdnGame } from './pdn.ts';
export {
  parsePdn,
  parsePdnRecords,
  recordToGame,
  makePdn,
  lineColumn,
  drawRulesTag,
  parseDrawRulesTag,
  GAME_TYPE,
} from './pdn.ts';
export { boardText, randomPosition } from './debug.ts';
