// The only module that knows both the rules' moves (square numbers) and the board widget's
// (square names). Everything the board is told about legality comes from @dama/core through here.
import type { Move, Position } from '@dama/core';
import {
  squareFromIndex,
  squareToIndex,
  type Arrow,
  type Board,
  type MovePath,
  type Pieces,
  type SquareName,
} from '@dama/board';

export const toPath = (m: Pick<Move, 'from' | 'path' | 'captures'>): MovePath => ({
  from: squareFromIndex(m.from),
  path: m.path.map(squareFromIndex),
  captures: m.captures.map(squareFromIndex),
});

/** The board's move as the rules' move (path kept, so the chosen capture route is kept too). */
export const fromPath = (p: MovePath): Pick<Move, 'from' | 'to' | 'path' | 'captures'> => {
  const path = p.path.map(squareToIndex);
  return {
    from: squareToIndex(p.from),
    to: path[path.length - 1],
    path,
    captures: p.captures.map(squareToIndex),
  };
};

/** The rules' square number of a board square name: 'a1' → 0. */
export const indexOf = (name: SquareName): number => squareToIndex(name);

/** Every legal move of the side to move, each capture route separately (the board taps through them). */
export const boardMoves = (pos: Position): MovePath[] => pos.legalMovesAllPaths().map(toPath);

export function piecesOf(pos: Position): Pieces {
  const pieces: Pieces = {};
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.pieceAt(sq);
    if (p) pieces[squareFromIndex(sq)] = `${p.color}-${p.role}`;
  }
  return pieces;
}

/** Arrows along a move's route: one per jump or step. */
export function arrowsOf(m: Pick<Move, 'from' | 'path'>): Arrow[] {
  const squares = [m.from, ...m.path].map(squareFromIndex);
  return squares.slice(1).map((to, i) => ({ from: squares[i], to }));
}

/**
 * Slide `move`, played from `before`, on `board`, the piece drawn as it was before the move (a man
 * that promotes slides as a man). Resolves at once without a board.
 */
export function animateFrom(board: Board | undefined, before: Position, move: Move): Promise<void> {
  const piece = before.pieceAt(move.from);
  return board && piece ? board.animateMove(toPath(move), `${piece.color}-${piece.role}`) : Promise.resolve();
}
