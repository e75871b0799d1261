// When the computer accepts a draw offer. Never in the opening; otherwise only when it stands
// clearly worse, or when the ending is dead drawn (the tablebase says so, or too little is left
// on the board for either side to win and the search sees nothing). At most two offers a game, as
// in federation play.
import type { TbVerdict } from '../lib/engine/client.ts';

export const MAX_DRAW_OFFERS = 2;
/** the opening: the first 10 moves of each side, while most pieces are still on the board */
export const OPENING_PLIES = 20;
export const OPENING_PIECES = 24;
/** centi-men: a man and a half down is clearly worse */
export const CLEARLY_WORSE = 150;
/** at most this many pieces in all, with a score this close to level, is a dead-drawn ending */
export const DEAD_DRAW_PIECES = 4;
export const DEAD_DRAW_SCORE = 25;

export interface DrawOfferFacts {
  plies: number;
  /** pieces of both sides on the board */
  pieces: number;
  /** the computer's score in centi-men, from its own point of view */
  computerScore: number;
  /** the tablebase verdict for the computer, when there is one */
  computerTb: TbVerdict | undefined;
}

export function computerAcceptsDraw(f: DrawOfferFacts): boolean {
  if (f.computerTb !== undefined) return f.computerTb !== 'win';
  if (f.plies < OPENING_PLIES && f.pieces > OPENING_PIECES) return false;
  if (f.computerScore <= -CLEARLY_WORSE) return true;
  return f.pieces <= DEAD_DRAW_PIECES && Math.abs(f.computerScore) <= DEAD_DRAW_SCORE;
}

/** The side to move's verdict seen from the other side. */
export const flipTb = (tb: TbVerdict | undefined): TbVerdict | undefined =>
  tb === 'win' ? 'loss' : tb === 'loss' ? 'win' : tb;
