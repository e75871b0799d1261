/**
 * PDN FEN for Turkish draughts: `W:Wa2,b2,Kd5:Ba7,Kh8` — the side to move, then each colour's
 * pieces, `K` before a king. Parsing is forgiving about spaces, case, a trailing dot, the order of
 * the two colour sections, one empty section and surrounding quotes; anything else is an error, and
 * so is a FEN that lists no piece at all (`W`, `W:`, `W::`).
 */
import type { Placement, Setup } from './setup.ts';
import { Position, type PositionOptions } from './position.ts';
import type { Color, DamaError, Result } from './types.ts';
import { err, ok, parseSquare, printable, squareName } from './types.ts';

/** Why a FEN was refused. */
export type FenErrorCode = 'fen-empty' | 'fen-turn' | 'fen-section' | 'fen-square' | 'fen-too-long';

const MAX_FEN_LENGTH = 1000;

/**
 * Read a PDN FEN (`W:Wa3,Kb4:Bc7`; surrounding quotes and a final dot are accepted) into a `Setup`.
 * Only the syntax is checked; `parsePosition` also checks the position.
 */
export function parseFen(input: string): Result<Setup, DamaError<FenErrorCode>> {
  if (typeof input !== 'string') return err('fen-empty', 'The position (FEN) is not text.');
  if (input.length > MAX_FEN_LENGTH) return err('fen-too-long', 'The position (FEN) is too long.');
  let fen = input.trim();
  if (fen.startsWith('"') && fen.endsWith('"') && fen.length >= 2) fen = fen.slice(1, -1).trim();
  if (fen.endsWith('.')) fen = fen.slice(0, -1);
  fen = fen.replace(/\s+/g, '');
  if (fen === '') return err('fen-empty', 'The position (FEN) is empty.');
  const parts = fen.split(':');
  const turnText = parts[0].toUpperCase();
  if (turnText !== 'W' && turnText !== 'B')
    return err(
      'fen-turn',
      `The position must start with W or B (the side to move), not "${printable(parts[0])}".`,
    );
  const turn: Color = turnText === 'W' ? 'white' : 'black';
  if (parts.length > 3)
    return err('fen-section', 'The position has more than two piece sections (expected W:W...:B...).');
  const pieces: Placement[] = [];
  const seen = new Set<string>();
  for (const section of parts.slice(1)) {
    if (section === '') continue;
    const colorText = section[0].toUpperCase();
    if (colorText !== 'W' && colorText !== 'B')
      return err('fen-section', `A piece section must start with W or B, not "${printable(section[0])}".`);
    if (seen.has(colorText)) return err('fen-section', `The ${colorText} section appears twice.`);
    seen.add(colorText);
    const color: Color = colorText === 'W' ? 'white' : 'black';
    const body = section.slice(1);
    if (body === '') continue;
    for (const item of body.split(',')) {
      const king = item.length > 0 && item[0].toUpperCase() === 'K';
      const name = king ? item.slice(1) : item;
      const square = parseSquare(name);
      if (square === undefined)
        return err('fen-square', `"${printable(item)}" is not a square like c3 or Kd5.`);
      pieces.push({ square, color, role: king ? 'king' : 'man' });
    }
  }
  // `W`, `W:` and `W::` name no piece at all: a mistake, not an empty board.
  if (pieces.length === 0) return err('fen-empty', 'The position (FEN) lists no pieces.');
  return ok({ turn, pieces });
}

/** The PDN FEN of a setup or position, squares in order (`W:Wa2,b2:Bh7`). */
export function makeFen(x: Setup | Position): string {
  const setup: Setup = 'pieces' in x ? x : x.toSetup();
  const section = (color: Color) =>
    setup.pieces
      .filter((p) => p.color === color)
      .sort((a, b) => a.square - b.square)
      .map((p) => (p.role === 'king' ? 'K' : '') + squareName(p.square))
      .join(',');
  return `${setup.turn === 'white' ? 'W' : 'B'}:W${section('white')}:B${section('black')}`;
}

/** A FEN straight to a legal position: the FEN's own errors, then the position's. */
export function parsePosition(fen: string, options: PositionOptions = {}): Result<Position, DamaError> {
  const setup = parseFen(fen);
  if (!setup.ok) return setup;
  return Position.fromSetup(setup.value, options);
}
