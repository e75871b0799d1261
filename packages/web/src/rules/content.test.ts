import { describe, expect, it } from 'vitest';
import { makeNotation, parsePosition, type Position } from '@dama/core';
import { en } from '../lib/i18n/en.ts';
import { tr } from '../lib/i18n/tr.ts';
import { rulesContent } from './content.ts';

const position = (fen: string): Position => {
  const p = parsePosition(fen);
  if (!p.ok) throw new Error(`${fen}: ${p.error.message}`);
  return p.value;
};
const moves = (fen: string): string[] => position(fen).legalMoves().map(makeNotation);

describe('the rules page', () => {
  it('has the same sections and boards in both languages', () => {
    const shape = (lang: typeof en) =>
      rulesContent(lang).map((s) => [s.paragraphs?.length, s.list?.length, s.faq?.length, s.diagram?.fen]);
    expect(shape(tr)).toEqual(shape(en));
    expect(rulesContent(en)).toBe(rulesContent(en)); // the same diagrams on every redraw
  });

  it('shows on its boards what the captions say', () => {
    const fens = rulesContent(en).flatMap((s) => (s.diagram ? [s.diagram.fen] : []));
    expect(fens).toHaveLength(4);
    const [maxCapture, immediate, noUTurn, promoteEnd] = fens;
    // f3 takes two, c3 only one: the only legal move is f3xf5xf7.
    expect(moves(maxCapture)).toEqual(['f3xf5xf7']);
    expect(moves(immediate)).toContain('f3xf5xd5xd7xb7');
    // The king on d4 takes b4 or f4, never both.
    const king = position(noUTurn).legalMoves();
    expect(king.length).toBeGreaterThan(0);
    for (const m of king) expect(m.captures).toHaveLength(1);
    // b6 takes b7 and c8 and stops on d8, where it becomes a king.
    expect(moves(promoteEnd)).toEqual(['b6xb8xd8']);
    const after = position(promoteEnd).play(position(promoteEnd).legalMoves()[0]);
    expect(after.pieceAt(59 /* d8 */)).toEqual({ color: 'white', role: 'king' });
  });
});
