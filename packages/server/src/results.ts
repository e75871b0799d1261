/**
 * What the end of a paired game does to its two players. The store calls `settle` inside the
 * transaction that writes the result, between reading both players and writing everything back, so
 * a result and the ratings it moves are written together or not at all, and once: a second instance
 * settling the same end finds the game's version taken and writes nothing.
 *
 * - A rated game that is over moves both ratings in its speed (Glicko-2, `rating.ts`), and the
 *   record keeps each side's rating after it.
 * - A paired game aborted before both sides moved counts an abort against the side that did not
 *   move: repeated aborts pause that player's pairing (`pairing.ts`, `pauseUntil`).
 * - A paired game that was played adds each player's colour to their recent colours (the colour
 *   balance of their next pairings).
 *
 * Pure: no I/O.
 */
import type { Color } from '@dama/core';
import { COLOR_MEMORY, FORGET_AFTER } from './pairing.ts';
import type { PlayerRecord } from './players.ts';
import { newRating, rateGame, speedOf, type Rating, type Score, type Speed } from './rating.ts';
import { turnOf, type ServerGame } from './record.ts';

/** A point of a player's rating history: their rating in `speed` after `game`. */
export interface RatingPoint {
  player: string;
  speed: Speed;
  at: number;
  rating: number;
  game: string;
}

export interface Settled {
  rec: ServerGame;
  white: PlayerRecord;
  black: PlayerRecord;
  history: RatingPoint[];
}

/** A player's rating in a speed: the stored one, or a new player's. */
export const ratingIn = (p: PlayerRecord, speed: Speed, now: number): Rating =>
  p.ratings?.[speed] ?? newRating(now);

/** The score of White in a finished game. */
const whiteScore = (winner: Color | undefined): Score =>
  winner === 'white' ? 1 : winner === 'black' ? 0 : 0.5;

export function settle(rec: ServerGame, white: PlayerRecord, black: PlayerRecord): Settled {
  const now = rec.ended ?? rec.active;
  const players = { white, black };
  if (!rec.players) return { rec, ...players, history: [] };
  if (rec.status === 'aborted') {
    if (rec.moves.length >= 2) return { rec, ...players, history: [] };
    const late = turnOf(rec);
    const p = players[late];
    // Aborts older than the pause rules remember are dropped, so the list stays short.
    const aborts = [...(p.aborts ?? []).filter((t) => t > now - FORGET_AFTER), now];
    return { rec, ...players, [late]: { ...p, aborts }, history: [] };
  }
  if (rec.status !== 'over') return { rec, ...players, history: [] };
  const withColor = (p: PlayerRecord, c: Color): PlayerRecord => ({
    ...p,
    colors: [...(p.colors ?? []), c].slice(-COLOR_MEMORY),
  });
  let w = withColor(white, 'white');
  let b = withColor(black, 'black');
  if (!rec.rated || !rec.outcome) return { rec, white: w, black: b, history: [] };
  const speed = speedOf(rec.days ? { days: rec.days } : (rec.clock ?? { days: 1 }));
  const next = rateGame(
    ratingIn(w, speed, now),
    ratingIn(b, speed, now),
    whiteScore(rec.outcome.winner),
    now,
  );
  w = { ...w, ratings: { ...w.ratings, [speed]: next.white } };
  b = { ...b, ratings: { ...b.ratings, [speed]: next.black } };
  const seat = (c: Color) => ({ ...rec.players![c], after: Math.round(next[c].rating) });
  return {
    rec: { ...rec, players: { white: seat('white'), black: seat('black') } },
    white: w,
    black: b,
    history: (['white', 'black'] as const).map((c) => ({
      player: rec.players![c].id,
      speed,
      at: now,
      rating: next[c].rating,
      game: rec.id,
    })),
  };
}

/** The rating a history point was taken from: its player's in its speed, after the game. */
export const pointRating = (s: Settled, h: RatingPoint): Rating =>
  (h.player === s.white.id ? s.white : s.black).ratings![h.speed]!;

/** Whether writing `next` over `stored` ends a paired game (so its players are settled with it). */
export const endsPairedGame = (stored: ServerGame, next: ServerGame): boolean =>
  next.players !== null &&
  (stored.status === 'playing' || stored.status === 'waiting') &&
  (next.status === 'over' || next.status === 'aborted');
