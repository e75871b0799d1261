/**
 * A framework-free Turkish draughts board widget with no rules inside: `createBoard(el, config)`,
 * and the headless state functions it is built on.
 *
 * @module @dama/board
 */
export { createBoard } from './board.ts';
export type { Board } from './board.ts';
export { defaultSquareLabel } from './render.ts';
export {
  allSquares,
  colorOf,
  fileOf,
  isSquare,
  rankOf,
  roleOf,
  squareAt,
  squareFromIndex,
  squareToIndex,
} from './square.ts';
export {
  candidates,
  canSelect,
  captureDestinations,
  chainStops,
  configure,
  destinations,
  destOf,
  drop,
  glowSquares,
  initialState,
  isAction,
  sameMove,
  moveCursor,
  movePieces,
  mustCapture,
  nextStops,
  select,
  takenSquares,
  tap,
} from './state.ts';
export type { Direction, State, Transition } from './state.ts';
export { arrowBrushes, colors, files, pieceKinds, ranks, roles, themes } from './types.ts';
export type {
  Arrow,
  ArrowBrush,
  BoardCallbacks,
  BoardConfig,
  BoardLabels,
  BoardOptions,
  Color,
  File,
  Movable,
  MovableColor,
  MovePath,
  PieceKind,
  Pieces,
  Rank,
  Role,
  SquareInfo,
  SquareName,
  Theme,
} from './types.ts';
