import { DEFAULT_DRAW_RULES, makeNotation, parsePosition, Position, staticDraw, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { provenLine, randomSetup } from './mine.ts';
import {
  analyse,
  isKingVsKing,
  isLost,
  lossDistance,
  losesWithin,
  proveWinDistance,
  winningMoves,
  winsWithin,
} from './prover.ts';
import { Random } from '@dama/core';

const pos = (fen: string) => unwrap(parsePosition(fen));
const names = (moves: { from: number; path: number[]; captures: number[] }[]) => moves.map(makeNotation);

/**
 * Hand-built positions (all White to move, men only):
 *
 * WIN_IN_2 — White men g5, d7; Black men h5, d6. d7-d8 crowns a king. Black must capture (h5xf5,
 * taking g5; capturing is compulsory and it is Black's only capture), and the new king takes both
 * men at once: d8xd5 over d6, then a 90° turn over f5 to g5 or h5. No capture is available to White
 * at the start (a man never captures backward), so there is no win in 1; every other move lets
 * Black's men live on.
 *
 * WIN_IN_3 — White men f5, h7; Black men h5, h6. h7-h8 crowns. Black's longest defence is h6-g6
 * (h5-g5 loses to f5xh5xh7 and h5-h4 to h8xh5xh1 at once); the king then takes h5 along the h-file
 * (h8xh1 … h8xh4, any landing square), and the last man on g6 is caught wherever it goes: f6 by
 * f5xf7, g5 by f5xh5, h6 by the king along the file.
 *
 * TWO_WINNING_MOVES — White men a4, e5, h6; Black man f6: a zugzwang. Every Black move loses a man
 * (f5 to e5xg5, e6 to e5xe7, g6 to h6xf6), so White only needs to pass the move, and both waiting
 * moves a4-a5 and a4-b4 win in 2. Two solutions: not a puzzle.
 *
 * ESCAPE — WIN_IN_2 with one more Black man on d4. After the same d7-d8 h5xf5 the king can take only
 * two of the three men (the men on d6 and d4, or d6 and f5), and the survivor stays out of reach for
 * more than the moves left: no forced win within 3 (nor 4).
 */
const WIN_IN_2 = 'W:Wg5,d7:Bh5,d6';
const WIN_IN_3 = 'W:Wf5,h7:Bh5,h6';
const TWO_WINNING_MOVES = 'W:Wa4,e5,h6:Bf6';
const ESCAPE = 'W:Wg5,d7:Bh5,d6,d4';

describe('prover: hand-built positions', () => {
  it('proves a forced win in exactly 2 with a unique first move', () => {
    const p = pos(WIN_IN_2);
    expect(winsWithin(p, 1)).toBe(false);
    expect(winsWithin(p, 2)).toBe(true);
    expect(names(winningMoves(p, 2))).toEqual(['d7-d8']);
    expect(analyse(p, 3).moves).toBe(2);
    expect(provenLine(p, 2)).toEqual(['d7-d8', 'h5xf5', 'd8xd5xg5']);
  });

  it('proves a forced win in exactly 3 with a unique first move', () => {
    const p = pos(WIN_IN_3);
    expect(winsWithin(p, 2)).toBe(false);
    expect(winsWithin(p, 3)).toBe(true);
    expect(names(winningMoves(p, 3))).toEqual(['h7-h8']);
    expect(provenLine(p, 3).slice(0, 2)).toEqual(['h7-h8', 'h6-g6']);
  });

  it('rejects a position with a second winning first move', () => {
    const p = pos(TWO_WINNING_MOVES);
    expect(proveWinDistance(p, 3)).toBe(2);
    expect(names(winningMoves(p, 2))).toEqual(['a4-a5', 'a4-b4']);
  });

  it('rejects a position where the defender escapes', () => {
    const p = pos(ESCAPE);
    expect(winsWithin(p, 3)).toBe(false);
    expect(winsWithin(p, 4)).toBe(false);
    // The move that wins without the man on d4 is still legal, and no longer wins.
    expect(names(p.legalMoves())).toContain('d7-d8');
    expect(winningMoves(p, 3)).toEqual([]);
  });
});

describe('prover: what counts as a win', () => {
  it('a side with no pieces or no legal move has lost', () => {
    expect(isLost(pos('B:WKa1:B'))).toBe(true);
    // Blocked: the Black man on h2 cannot go forward to h1 (White king) nor sideways to g2, and
    // cannot take g2 because f2 behind it is occupied.
    expect(isLost(pos('B:WKh1,f2,g2:Bh2'))).toBe(true);
    expect(lossDistance(pos('B:WKh1,f2,g2:Bh2'), 3)).toBe(0);
    expect(isLost(pos('B:WKh1,g2:Bh2'))).toBe(false);
  });

  it('king against king is a draw, so reaching it is not a win', () => {
    expect(isKingVsKing(pos('W:WKa1:BKh8'))).toBe(true);
    expect(winsWithin(pos('W:WKa1:BKh8'), 3)).toBe(false);
    // Taking the man on a5 leaves one king each: a draw, not a win.
    expect(winsWithin(pos('W:WKa1:Ba5,Kh8'), 1)).toBe(false);
    // Without the Black king the same capture takes the last piece: a win in 1.
    expect(winsWithin(pos('W:WKa1:Ba5'), 1)).toBe(true);
  });

  it('losesWithin is the defender view of winsWithin', () => {
    const p = pos(WIN_IN_2);
    const after = p.play(winningMoves(p, 2)[0]);
    expect(losesWithin(after, 1)).toBe(true);
    expect(lossDistance(after, 3)).toBe(1);
  });
});

/**
 * The same question answered by a second, deliberately naive prover over the public `Position` API
 * and core's own `staticDraw`, on random endgames: a check that the fast low-level search has no
 * blind spot.
 */
function naiveLost(p: Position): boolean {
  return p.count(p.turn) === 0 || p.legalMoves().length === 0;
}
function naiveWins(p: Position, n: number): boolean {
  if (n === 0 || staticDraw(p, { noProgress: 0, kingsOnly: 0 }, DEFAULT_DRAW_RULES)) return false;
  return p.legalMoves().some((m) => naiveDefenderLost(p.play(m), n - 1));
}
function naiveDefenderLost(p: Position, k: number): boolean {
  if (naiveLost(p)) return true;
  if (k === 0 || staticDraw(p, { noProgress: 0, kingsOnly: 0 }, DEFAULT_DRAW_RULES)) return false;
  return p.legalMoves().every((m) => naiveWins(p.play(m), k));
}

describe('prover agrees with a naive prover', () => {
  it('on random endgames, within 1, 2 and 3 moves', () => {
    const random = new Random(2026);
    let checked = 0;
    let wins = 0;
    while (checked < 120) {
      const p = randomSetup(random);
      if (!p || p.count('white') + p.count('black') > 7) continue;
      checked++;
      for (const n of [1, 2, 3]) {
        const fast = winsWithin(p, n);
        expect(fast, `${n} ${p.key()}`).toBe(naiveWins(p, n));
        if (fast) wins++;
      }
    }
    expect(wins).toBeGreaterThan(10);
  }, 60_000);
});
