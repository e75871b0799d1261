// An analysis as a link: the first position (FEN) and the moves since, in the URL hash, so that the
// same analysis opens on another device: #/analysis?fen=W:Wa3,b3:Bh7&moves=a3-a4+h7-h6&ply=1.
// Reading a link never throws: a bad FEN or an illegal move is an error value saying which part
// is wrong, and whatever was readable before it (the position, the legal moves) is kept.
import {
  Game,
  makeFen,
  makeNotation,
  parseFen,
  Position,
  START_FEN,
  type FenErrorCode,
  type Move,
  type PositionErrorCode,
} from '@dama/core';

export interface AnalysisLink {
  /** the first position, as a FEN */
  fen: string;
  /** the moves played from it, in notation: ['c3-c4', 'f6-f5'] */
  moves: string[];
  /** the ply shown (default: after the last move) */
  ply?: number;
}

export type LinkProblem =
  | { kind: 'fen'; code: FenErrorCode | PositionErrorCode; detail: string }
  | { kind: 'move'; index: number; text: string }
  | { kind: 'ply'; text: string };

export interface ReadLink {
  /** the game the link describes, as far as it is readable */
  game: Game;
  ply: number;
  /** set when part of the link could not be read */
  problem: LinkProblem | undefined;
}

/** At most this many moves are read from a link (a long game has about 150 plies). */
export const MAX_LINK_MOVES = 600;

export function makeLinkHash(link: AnalysisLink): string {
  const q = new URLSearchParams();
  if (link.fen !== START_FEN) q.set('fen', link.fen);
  if (link.moves.length > 0) q.set('moves', link.moves.join(' '));
  if (link.ply !== undefined && link.ply !== link.moves.length) q.set('ply', String(link.ply));
  const s = q.toString();
  return s === '' ? '#/analysis' : `#/analysis?${s}`;
}

/** The link of a game's position at `ply`. */
export function gameLinkHash(game: Game, ply = game.plies): string {
  return makeLinkHash({ fen: makeFen(game.initial), moves: game.moves.map(makeNotation), ply });
}

export function linkOfMoves(initial: Position, moves: readonly Move[], ply: number): string {
  return makeLinkHash({ fen: makeFen(initial), moves: moves.map(makeNotation), ply });
}

/** Read the query part of an analysis hash (what follows '?'). */
export function readLink(query: string): ReadLink {
  let q: URLSearchParams;
  try {
    q = new URLSearchParams(query);
  } catch {
    q = new URLSearchParams();
  }
  const fen = q.get('fen');
  let game = new Game();
  if (fen !== null) {
    const setup = parseFen(fen);
    if (!setup.ok) return broken({ kind: 'fen', code: setup.error.code, detail: setup.error.message });
    const pos = Position.fromSetup(setup.value);
    if (!pos.ok) return broken({ kind: 'fen', code: pos.error.code, detail: pos.error.message });
    game = new Game(pos.value);
  }
  const texts = (q.get('moves') ?? '').split(/[\s+]+/).filter((t) => t !== '');
  for (const [index, text] of texts.slice(0, MAX_LINK_MOVES).entries()) {
    const r = game.isOver() ? undefined : game.playNotation(text);
    if (!r?.ok) return { game, ply: game.plies, problem: { kind: 'move', index, text } };
  }
  const plyText = q.get('ply');
  if (plyText === null) return { game, ply: game.plies, problem: undefined };
  const ply = Number(plyText);
  if (!/^\d+$/.test(plyText) || ply > game.plies)
    return { game, ply: game.plies, problem: { kind: 'ply', text: plyText } };
  return { game, ply, problem: undefined };
}

const broken = (problem: LinkProblem): ReadLink => ({ game: new Game(), ply: 0, problem });
