// The board's accessible names in the player's language: the board, and each square as
// 'c3, white man, must capture'. Every screen with a board uses this one builder.
import type { BoardLabels, PieceKind } from '@dama/board';
import type { Catalog } from './i18n/index.ts';

export function boardLabels(t: Catalog): BoardLabels {
  const names: Record<PieceKind, string> = {
    'white-man': t.whiteMan,
    'white-king': t.whiteKing,
    'black-man': t.blackMan,
    'black-king': t.blackKing,
  };
  return {
    board: t.boardLabel,
    square: (i) =>
      [
        i.square,
        i.piece === undefined ? t.emptySquare : names[i.piece],
        ...(i.mustCapture ? [t.mustCaptureSq] : []),
        ...(i.taken ? [t.takenSq] : []),
        ...(i.destination ? [t.destSq] : []),
      ].join(', '),
  };
}
