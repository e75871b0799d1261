/**
 * A `Setup` is any arrangement of pieces with a side to move, as read from a FEN or built by hand;
 * it may be impossible (two pieces on one square, a man on its own back rank ...). `Position.fromSetup`
 * checks it and is the only way to get a `Position`.
 */
import type { Color, Piece, Role, Square } from './types.ts';

/** A piece on a square. */
export interface Placement extends Piece {
  square: Square;
}

/** A position as data, not yet checked: the side to move and the pieces (`Position.fromSetup` checks it). */
export interface Setup {
  turn: Color;
  pieces: Placement[];
}

/** The start position in PDN FEN: White's men on ranks 2 and 3, Black's on ranks 6 and 7, White to move. */
export const START_FEN =
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';

/** The start position as a `Setup`. */
export function startSetup(): Setup {
  const pieces: Placement[] = [];
  for (let sq = 8; sq < 24; sq++) pieces.push({ square: sq, color: 'white', role: 'man' });
  for (let sq = 40; sq < 56; sq++) pieces.push({ square: sq, color: 'black', role: 'man' });
  return { turn: 'white', pieces };
}

/** A `Placement` (a man unless `role` says otherwise). */
export const placement = (square: Square, color: Color, role: Role = 'man'): Placement => ({
  square,
  color,
  role,
});
