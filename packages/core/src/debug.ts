/** Text views of positions, for the command line and for test failures. */
import type { Position } from './position.ts';
import { FILE_NAMES } from './types.ts';

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
