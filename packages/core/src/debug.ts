/** Text views of positions, for the command line and for test failures; random positions for tests. */
import { Position } from './position.ts';
import type { Placement } from './setup.ts';
import { FILE_NAMES, unwrap, type Color, type Role } from './types.ts';

const SYMBOL = { white: { man: 'w', king: 'W' }, black: { man: 'b', king: 'B' } } as const;

/** The board as text, rank 8 at the top: `w`/`b` men, `W`/`B` kings, `.` empty. */
export function boardText(pos: Position): string {
  const lines = ['  +-----------------+'];
  for (let rank = 7; rank >= 0; rank--) {
    const cells: string[] = [];
    for (let file = 0; file < 8; file++) {
      const p = pos.pieceAt(rank * 8 + file);
      cells.push(p ? SYMBOL[p.color][p.role] : '.');
    }
    lines.push(`${rank + 1} | ${cells.join(' ')} |`);
  }
  lines.push('  +-----------------+', `    ${FILE_NAMES.join(' ')}`);
  lines.push(`${pos.turn === 'white' ? 'White' : 'Black'} to move`);
  return lines.join('\n');
}

/**
 * A random legal position, for tests and scripts: `men` and `kings` per side (White, then Black), men
 * on ranks 2–7. `rng` gives floats in [0, 1) (`makeRng(seed)`, or `() => random.float()`); the side to
 * move is drawn first unless `turn` is given.
 */
export function randomPosition(
  rng: () => number,
  men: [number, number],
  kings: [number, number],
  turn: Color = rng() < 0.5 ? 'white' : 'black',
): Position {
  const used = new Set<number>();
  const pieces: Placement[] = [];
  const put = (color: Color, role: Role) => {
    let sq: number;
    do sq = role === 'man' ? 8 + Math.floor(rng() * 48) : Math.floor(rng() * 64);
    while (used.has(sq));
    used.add(sq);
    pieces.push({ square: sq, color, role });
  };
  for (let i = 0; i < men[0]; i++) put('white', 'man');
  for (let i = 0; i < men[1]; i++) put('black', 'man');
  for (let i = 0; i < kings[0]; i++) put('white', 'king');
  for (let i = 0; i < kings[1]; i++) put('black', 'king');
  return unwrap(Position.fromSetup({ turn, pieces }));
}
