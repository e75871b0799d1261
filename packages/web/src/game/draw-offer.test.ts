import { describe, expect, it } from 'vitest';
import { computerAcceptsDraw, flipTb, OPENING_PLIES } from './draw-offer.ts';

const base = { plies: 40, pieces: 20, computerScore: 0, computerTb: undefined };

describe('the computer and a draw offer', () => {
  it('declines in the opening, even when it stands worse', () => {
    expect(computerAcceptsDraw({ ...base, plies: 0, pieces: 32, computerScore: -500 })).toBe(false);
    expect(computerAcceptsDraw({ ...base, plies: OPENING_PLIES - 1, pieces: 26, computerScore: -500 })).toBe(
      false,
    );
    // a game started from a position with few pieces is not in the opening
    expect(computerAcceptsDraw({ ...base, plies: 0, pieces: 7, computerScore: -500 })).toBe(true);
  });

  it('accepts only when clearly worse in the middle game', () => {
    expect(computerAcceptsDraw({ ...base, computerScore: 0 })).toBe(false);
    expect(computerAcceptsDraw({ ...base, computerScore: -100 })).toBe(false);
    expect(computerAcceptsDraw({ ...base, computerScore: -150 })).toBe(true);
    expect(computerAcceptsDraw({ ...base, computerScore: 300 })).toBe(false);
  });

  it('accepts a dead-drawn ending, and follows the tablebase where there is one', () => {
    expect(computerAcceptsDraw({ ...base, pieces: 3, computerScore: 10 })).toBe(true);
    expect(computerAcceptsDraw({ ...base, pieces: 3, computerScore: 200 })).toBe(false);
    expect(computerAcceptsDraw({ ...base, pieces: 3, computerScore: 0, computerTb: 'win' })).toBe(false);
    expect(computerAcceptsDraw({ ...base, pieces: 5, computerScore: 80, computerTb: 'draw' })).toBe(true);
    expect(computerAcceptsDraw({ ...base, plies: 4, pieces: 5, computerScore: 80, computerTb: 'loss' })).toBe(
      true,
    );
  });

  it('reads the tablebase verdict from the other side', () => {
    expect(flipTb('win')).toBe('loss');
    expect(flipTb('loss')).toBe('win');
    expect(flipTb('draw')).toBe('draw');
    expect(flipTb(undefined)).toBeUndefined();
  });
});
