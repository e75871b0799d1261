import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dailyPuzzle,
  emptyStore,
  parseBank,
  playMove,
  recordPlay,
  solutionMoves,
  startSession,
  streakSummary,
} from '@dama/puzzle';

// The web screen's path through the public API: load the bank, pick today's puzzle, play it,
// record the result.
describe('the public API, as the web screen uses it', () => {
  it('plays the puzzle of a day from the shipped bank and records a streak', () => {
    const text = readFileSync(new URL('../data/daily.tsv', import.meta.url), 'utf8');
    const bank = parseBank(text, 'daily');
    if (!bank.ok) throw new Error(bank.error);
    const pick = dailyPuzzle(new Date('2026-12-02T09:00:00Z'), bank.value);
    expect(pick.number).toBe(3);
    const puzzle = pick.puzzle!;
    let session = startSession(puzzle);
    for (const [i, move] of solutionMoves(puzzle).entries()) {
      if (i % 2 === 1) continue; // the defence is played by the session
      session = playMove(session, move).state;
    }
    expect(session.status).toBe('solved');
    const store = recordPlay(emptyStore(), pick.date, 'daily', {
      tries: session.tries,
      solved: true,
      failed: false,
    });
    expect(streakSummary(store, pick.date).current).toBe(1);
  });
});
