import { describe, expect, it } from 'vitest';
import type { Puzzle } from './bank.ts';
import { expectedScore, newPlayer, puzzleRating, updateRating } from './rating.ts';
import { emptyTraining, nextPuzzle, recordTraining, validateTraining } from './training.ts';

const puzzle = (id: number, difficulty: 1 | 2 | 3 | 4 | 5, themes: Puzzle['themes'] = []): Puzzle => ({
  id,
  date: undefined,
  fen: 'W:Wh2,b3,Ka5:Bc2,c4',
  moves: 2,
  line: ['b3-b4', 'c4xa4', 'a5xa2xd2'],
  themes,
  difficulty,
  source: 'test',
});
const pool = [puzzle(1, 1), puzzle(2, 2, ['decoy']), puzzle(3, 3), puzzle(4, 4, ['decoy']), puzzle(5, 5)];

describe('Glicko-2', () => {
  it('a win raises the rating, a loss lowers it, and either makes it surer', () => {
    const p = newPlayer();
    const won = updateRating(p, puzzleRating(3), 1);
    const lost = updateRating(p, puzzleRating(3), 0);
    expect(won.rating).toBeGreaterThan(p.rating);
    expect(lost.rating).toBeLessThan(p.rating);
    expect(won.rd).toBeLessThan(p.rd);
    expect(lost.rd).toBeLessThan(p.rd);
    // Beating a stronger opponent is worth more.
    expect(updateRating(p, puzzleRating(5), 1).rating).toBeGreaterThan(
      updateRating(p, puzzleRating(1), 1).rating,
    );
    expect(expectedScore(p, p)).toBeCloseTo(0.5);
  });

  it('matches the paper for one game (1500/200/0.06 beating 1400/30)', () => {
    // Glickman's example opponent 1; one game alone: mu' = mu + phi'^2 g (1 - E).
    const r = updateRating({ rating: 1500, rd: 200, vol: 0.06 }, { rating: 1400, rd: 30, vol: 0.06 }, 1);
    expect(r.rating).toBeCloseTo(1563.6, 0);
    expect(r.rd).toBeCloseTo(175.4, 0);
  });
});

describe('training', () => {
  it('offers the puzzle nearest the player rating, by difficulty and theme', () => {
    const s = emptyTraining();
    // 1500 lies between difficulty 2 (1400) and 3 (1600): the first of the two nearest.
    expect(nextPuzzle(pool, s)?.id).toBe(2);
    expect(nextPuzzle(pool, s, { theme: 'decoy' }, 2)?.id).toBe(4);
    expect(nextPuzzle(pool, s, { difficulty: 5 })?.id).toBe(5);
    expect(nextPuzzle(pool, s, { difficulty: 5, theme: 'decoy' })).toBeUndefined();
  });

  it('a solve and a failure move both ratings, and failures wait to be retried', () => {
    let s = emptyTraining();
    s = recordTraining(s, pool[2], true, false, 1);
    const afterSolve = s.player.rating;
    expect(afterSolve).toBeGreaterThan(1500);
    expect(s.puzzles[3].rating).toBeLessThan(1600);
    s = recordTraining(s, pool[3], false, false, 2);
    expect(s.player.rating).toBeLessThan(afterSolve);
    expect(s.puzzles[4].rating).toBeGreaterThan(1800);
    expect(s.failed).toEqual([4]);
    expect(nextPuzzle(pool, s)?.id).not.toBe(3);
    s = recordTraining(s, pool[3], true, false, 3);
    expect(s.failed).toEqual([]);
    expect(s.history.map((h) => h.id)).toEqual([3, 4, 4]);
  });

  it('repairs a damaged record without inventing anything', () => {
    expect(validateTraining(null).store).toEqual(emptyTraining());
    expect(validateTraining('x').problem).toMatch(/reset/);
    const r = validateTraining({
      version: 1,
      player: { rating: 1600, rd: 80, vol: 0.06 },
      puzzles: { 3: { rating: 'x' } },
      history: [{ id: 3, solved: true, hinted: false, at: 5 }, { id: 'bad' }],
      failed: [4, 'x'],
    });
    expect(r.store.player.rating).toBe(1600);
    expect(r.store.puzzles).toEqual({});
    expect(r.store.history).toHaveLength(1);
    expect(r.store.failed).toEqual([4]);
    expect(r.problem).toMatch(/2 unreadable/);
  });
});
