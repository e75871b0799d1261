/**
 * Deterministic randomness for the cross-check tests: core's seeded PRNG and generators of random
 * but legal set-ups (as canonical FEN strings built with the reference, independent of `src/`).
 */
import {
  boardMoves,
  boardPlay,
  emptyBoard,
  refMakeFen,
  refParseFen,
  type Colour,
  type RefBoard,
} from './reference.ts';

export { makeRng } from '../src/random.ts';

export const randInt = (rng: () => number, lo: number, hi: number): number =>
  lo + Math.floor(rng() * (hi - lo + 1));

export interface SetupOptions {
  /** Inclusive range of kings per side. */
  kings: [number, number];
  /** Inclusive range of men per side. */
  men: [number, number];
  /** Allow men on rank 1 and 8 too (as docs/RULES.md's small cases do). */
  endRankMen?: boolean;
}

/**
 * A random legal set-up: kings anywhere, men on ranks 2–7 only (a man is never on rank 1 or 8),
 * at most 16 pieces per side, random side to move.
 */
export function randomSetup(rng: () => number, opts: SetupOptions): RefBoard {
  const board = emptyBoard(rng() < 0.5 ? 'white' : 'black');
  const free = (sq: number) => board.cells[sq] === null;
  for (const colour of ['white', 'black'] as Colour[]) {
    const kings = randInt(rng, opts.kings[0], opts.kings[1]);
    const men = Math.min(randInt(rng, opts.men[0], opts.men[1]), 16 - kings);
    for (let i = 0; i < kings; i++) {
      let sq: number;
      do sq = randInt(rng, 0, 63);
      while (!free(sq));
      board.cells[sq] = { colour, king: true };
    }
    for (let i = 0; i < men; i++) {
      let sq: number;
      do sq = opts.endRankMen ? randInt(rng, 0, 63) : randInt(rng, 8, 55);
      while (!free(sq));
      board.cells[sq] = { colour, king: false };
    }
  }
  return board;
}

/**
 * A random set-up around the promotion rank of the side to move: its men on the three ranks before
 * the far rank, enemy men and kings crowded near it, so that men reach the far rank mid-capture.
 */
export function randomPromotionSetup(rng: () => number): RefBoard {
  const turn: Colour = rng() < 0.5 ? 'white' : 'black';
  const enemy: Colour = turn === 'white' ? 'black' : 'white';
  const board = emptyBoard(turn);
  // Ranks counted from the mover's side: 0 is its own back rank, 7 the far rank.
  const toSquare = (file: number, rel: number) => (turn === 'white' ? rel : 7 - rel) * 8 + file;
  const put = (rels: [number, number], colour: Colour, king: boolean) => {
    for (let tries = 0; tries < 20; tries++) {
      const sq = toSquare(randInt(rng, 0, 7), randInt(rng, rels[0], rels[1]));
      if (board.cells[sq] === null) {
        board.cells[sq] = { colour, king };
        return;
      }
    }
  };
  for (let i = randInt(rng, 1, 5); i > 0; i--) put([5, 6], turn, false);
  for (let i = randInt(rng, 0, 1); i > 0; i--) put([0, 7], turn, true);
  for (let i = randInt(rng, 4, 12); i > 0; i--) put([1, 6], enemy, false);
  for (let i = randInt(rng, 1, 4); i > 0; i--) put([7, 7], enemy, true);
  return board;
}

/**
 * Positions (canonical FENs) met along a random game from `start`, driven by the reference
 * generator: `start` itself, then after each ply, for at most `maxPlies` plies or until the side to
 * move has no move.
 */
export function randomGame(rng: () => number, start: string, maxPlies: number): string[] {
  let board = refParseFen(start);
  const fens = [refMakeFen(board)];
  for (let ply = 0; ply < maxPlies; ply++) {
    const moves = boardMoves(board);
    if (moves.length === 0) break;
    board = boardPlay(board, moves[Math.floor(rng() * moves.length)]);
    fens.push(refMakeFen(board));
  }
  return fens;
}
