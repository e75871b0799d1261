import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBank, type Puzzle } from './bank.ts';
import { expectedScore, newPlayer, puzzleRating, updateRating } from './rating.ts';
import { LOPSIDED_GAP, THEME_GAP, lopsided, themeKey } from './spread.ts';
import {
  emptyTraining,
  nextPuzzle,
  ratingOf,
  recordTraining,
  unratedReason,
  validateTraining,
  type Attempt,
  type TrainingStore,
} from './training.ts';
import { testPuzzle } from './test-puzzle.ts';

const puzzle = (id: number, difficulty: 1 | 2 | 3 | 4 | 5, themes: Puzzle['themes'] = []): Puzzle =>
  testPuzzle(id, { difficulty, themes });
const solve: Attempt = { solved: true, hinted: false, solutionSeen: false };
const fail: Attempt = { solved: false, hinted: false, solutionSeen: false };
const pool = [puzzle(1, 1), puzzle(2, 2, ['decoy']), puzzle(3, 3), puzzle(4, 4, ['decoy']), puzzle(5, 5)];

/** The unplayed puzzle nearest the player's rating, with no spreading rule. */
const nearest = (from: readonly Puzzle[], s: TrainingStore): Puzzle => {
  const played = new Set(s.history.map((h) => h.id));
  const gap = (p: Puzzle) => Math.abs(ratingOf(s, p).rating - s.player.rating);
  return from.filter((p) => !played.has(p.id)).reduce((a, b) => (gap(b) < gap(a) ? b : a));
};

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

  it('aims above or below the player with the offset', () => {
    const s = emptyTraining(); // 1500: level 2 (1400) and 3 (1600) are as near; the first wins
    expect(nextPuzzle(pool, s)?.id).toBe(2);
    expect(nextPuzzle(pool, s, { offset: 200 })?.id).toBe(3); // 1700: level 3 (1600)
    expect(nextPuzzle(pool, s, { offset: 400 })?.id).toBe(4); // 1900: level 4 (1800)
    expect(nextPuzzle(pool, s, { offset: -400 })?.id).toBe(1); // 1100: level 1 (1200)
  });

  it('spreads themes over the last plays, unless nothing else is left', () => {
    const themed = [
      puzzle(1, 3, ['decoy']),
      puzzle(2, 3, ['decoy']),
      puzzle(3, 2, ['sacrifice']),
      puzzle(4, 3, ['decoy']),
    ];
    let s = recordTraining(emptyTraining(), themed[0], solve, 1);
    // #2 is nearest in rating but the same combination as the last play: #3 comes first.
    expect(nextPuzzle(themed, s, {}, undefined)?.id).toBe(3);
    // With a theme chosen, every candidate repeats it: the nearest is served.
    expect(nextPuzzle(themed, s, { theme: 'decoy' })?.id).toBe(2);
    s = recordTraining(s, themed[2], solve, 2);
    // The last two plays are decoy and sacrifice: both remaining decoys repeat, so the nearest.
    expect([2, 4]).toContain(nextPuzzle(themed, s)?.id);
  });

  it('over a long sequence of the shipped pool: themes spread and no lopsided runs, as in a run', () => {
    const bank = parseBank(
      readFileSync(new URL('../data/training.tsv', import.meta.url), 'utf8'),
      'training',
    );
    if (!bank.ok) throw new Error(bank.error);
    const shipped = bank.value;
    let s = emptyTraining();
    const served: Puzzle[] = [];
    let moved = 0;
    for (let n = 0; n < 120; n++) {
      const p = nextPuzzle(shipped, s)!;
      // the nearest in rating, rules aside: the rules are what made the pick differ
      const unspread = nearest(shipped, s);
      if (p.id !== unspread.id) moved++;
      served.push(p);
      s = recordTraining(s, p, n % 3 === 2 ? fail : solve, n);
    }
    expect(new Set(served.map((p) => p.id)).size).toBe(served.length);
    for (let i = 1; i < served.length; i++) {
      const recent = served.slice(Math.max(0, i - THEME_GAP), i).map(themeKey);
      expect(recent, `play ${i}`).not.toContain(themeKey(served[i]));
      if (lopsided(served[i]))
        expect(served.slice(Math.max(0, i - LOPSIDED_GAP + 1), i).some(lopsided), `play ${i}`).toBe(false);
    }
    // the rules space lopsided puzzles, they do not ban them, and they did change picks
    expect(served.some(lopsided)).toBe(true);
    expect(moved).toBeGreaterThan(0);
  });

  it('serves a fair puzzle of a recent theme combination before a lopsided one of a new one', () => {
    // As in a run: the lopsided rule is let go last. The shared FEN is lopsided.
    const fair = { ...puzzle(3, 5, ['decoy']), fen: 'W:Wa2,b2:Bg7,h7' };
    const three = [puzzle(1, 2, ['decoy']), puzzle(2, 2, ['promotion']), fair];
    const s = recordTraining(emptyTraining(), three[0], solve, 1);
    // #2 is nearest in rating and of a new combination, but lopsided after a lopsided play
    expect(nextPuzzle(three, s)?.id).toBe(3);
  });

  it('does not serve two lopsided puzzles in a row while a balanced one is left', () => {
    // The shared FEN is lopsided (a king against men only); this one is two men against two.
    const balanced = { ...puzzle(3, 5, ['sacrifice']), fen: 'W:Wa2,b2:Bg7,h7' };
    const mixed = [puzzle(1, 2, ['decoy']), puzzle(2, 2, ['promotion']), balanced];
    const s = recordTraining(emptyTraining(), mixed[0], solve, 1);
    expect(nextPuzzle(mixed, s)?.id).toBe(3);
    expect(nextPuzzle(mixed, emptyTraining(), {}, 1)?.id).toBe(2);
  });

  it('a solve and a failure move both ratings, and failures wait to be retried', () => {
    let s = emptyTraining();
    s = recordTraining(s, pool[2], solve, 1);
    const afterSolve = s.player.rating;
    expect(afterSolve).toBeGreaterThan(1500);
    expect(s.puzzles[3].rating).toBeLessThan(1600);
    s = recordTraining(s, pool[3], fail, 2);
    expect(s.player.rating).toBeLessThan(afterSolve);
    expect(s.puzzles[4].rating).toBeGreaterThan(1800);
    expect(s.failed).toEqual([4]);
    expect(nextPuzzle(pool, s)?.id).not.toBe(3);
    s = recordTraining(s, pool[3], solve, 3);
    expect(s.failed).toEqual([]);
    expect(s.history.map((h) => h.id)).toEqual([3, 4, 4]);
    expect(s.history.map((h) => h.rated)).toEqual([true, true, false]);
  });

  it('rates a first solve without help', () => {
    const s = emptyTraining();
    expect(unratedReason(s, pool[2], solve)).toBeUndefined();
    const after = recordTraining(s, pool[2], solve, 1);
    expect(after.player.rating).toBeGreaterThan(1500);
    expect(after.puzzles[3].rating).toBeLessThan(1600);
    expect(after.history).toEqual([
      { id: 3, solved: true, hinted: false, rated: true, at: 1, puzzleRating: 1600 },
    ]);
  });

  it('cannot be farmed: a retry after the solution was shown moves neither rating', () => {
    // The farm of the issue: fail (rated), see the solution, retry the hard puzzle and solve it.
    const failed = recordTraining(emptyTraining(), pool[4], fail, 1);
    expect(failed.player.rating).toBeLessThan(1500);
    expect(failed.history[0].rated).toBe(true);
    const retry: Attempt = { ...solve, solutionSeen: true };
    expect(unratedReason(failed, pool[4], retry)).toBe('solution-seen');
    const retried = recordTraining(failed, pool[4], retry, 2);
    expect(retried.player).toEqual(failed.player);
    expect(retried.puzzles[5]).toEqual(failed.puzzles[5]);
    expect(retried.history[1]).toEqual({
      id: 5,
      solved: true,
      hinted: false,
      rated: false,
      at: 2,
      puzzleRating: failed.puzzles[5].rating,
    });
    expect(retried.failed).toEqual([]);
    // The stored record alone says as much (the screen may not have seen the failure itself).
    expect(unratedReason(failed, pool[4], solve)).toBe('replay');
    expect(recordTraining(failed, pool[4], solve, 2).player).toEqual(failed.player);
    // A fresh page on another device, told only that the solution was shown, does not rate it either.
    expect(unratedReason(emptyTraining(), pool[4], retry)).toBe('solution-seen');
  });

  it('does not rate a replay, a hinted solve, or a failure of a replay', () => {
    const solved = recordTraining(emptyTraining(), pool[2], solve, 1);
    // Picked again from the history: played knowing it.
    expect(unratedReason(solved, pool[2], solve)).toBe('replay');
    const replayed = recordTraining(solved, pool[2], fail, 2);
    expect(replayed.player).toEqual(solved.player);
    expect(replayed.puzzles[3]).toEqual(solved.puzzles[3]);
    expect(replayed.history.map((h) => h.rated)).toEqual([true, false]);
    expect(replayed.failed).toEqual([3]);
    // A hinted solve is unrated, and the puzzle stays unrated after it.
    const hinted: Attempt = { ...solve, hinted: true };
    expect(unratedReason(emptyTraining(), pool[1], hinted)).toBe('hinted');
    const h = recordTraining(emptyTraining(), pool[1], hinted, 3);
    expect(h.player).toEqual(emptyTraining().player);
    expect(h.history[0].rated).toBe(false);
    expect(unratedReason(h, pool[1], solve)).toBe('replay');
    // A hinted failure of a first attempt still counts as a failure.
    expect(unratedReason(emptyTraining(), pool[1], { ...fail, hinted: true })).toBeUndefined();
    // The played puzzle is known even when it has left the history.
    expect(unratedReason({ ...solved, history: [] }, pool[2], solve)).toBe('replay');
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

  it("keeps each play's puzzle rating from just before it, rated or not", () => {
    let s = recordTraining(emptyTraining(), pool[2], fail, 1);
    expect(s.history[0].puzzleRating).toBe(1600);
    const afterFailure = s.puzzles[3].rating;
    expect(afterFailure).toBeGreaterThan(1600);
    s = recordTraining(s, pool[2], solve, 2);
    expect(s.history[1]).toMatchObject({ rated: false, puzzleRating: afterFailure });
    // a pooled rating, when the puzzle has none of its own yet
    const pooled = new Map([[4, { rating: 1950, rd: 60, vol: 0.06 }]]);
    s = recordTraining(s, pool[3], solve, 3, pooled);
    expect(s.history[2].puzzleRating).toBe(1950);
    expect(validateTraining(JSON.parse(JSON.stringify(s)))).toEqual({ store: s });
  });

  it('drops a play whose puzzle rating is malformed, as any unreadable play, and reads one without it', () => {
    const play = { id: 3, solved: true, hinted: false, rated: true, at: 5 };
    const r = validateTraining({
      version: 1,
      player: { rating: 1600, rd: 80, vol: 0.06 },
      puzzles: {},
      history: [
        { ...play, puzzleRating: 1712.5 },
        { ...play, id: 4 },
        { ...play, id: 5, puzzleRating: '1700' },
        { ...play, id: 6, puzzleRating: null },
        { ...play, id: 7, puzzleRating: -20 },
        { ...play, id: 8, puzzleRating: 1e9 },
      ],
      failed: [],
    });
    expect(r.store.history).toEqual([
      { ...play, puzzleRating: 1712.5 },
      { ...play, id: 4 },
    ]);
    expect('puzzleRating' in r.store.history[1]).toBe(false);
    expect(r.problem).toMatch(/4 unreadable/);
  });

  it('reads records kept before plays were marked rated or not', () => {
    const r = validateTraining({
      version: 1,
      player: { rating: 1600, rd: 80, vol: 0.06 },
      puzzles: {},
      history: [
        { id: 3, solved: true, hinted: false, at: 5 },
        { id: 4, solved: true, hinted: true, at: 6 },
        { id: 5, solved: false, hinted: true, at: 7 },
        { id: 6, solved: true, hinted: false, rated: false, at: 8 },
        { id: 7, solved: true, hinted: false, rated: 'yes', at: 9 },
      ],
      failed: [5],
    });
    expect(r.store.history.map((h) => [h.id, h.rated])).toEqual([
      [3, true],
      [4, false],
      [5, true],
      [6, false],
    ]);
    expect(r.problem).toMatch(/1 unreadable/);
  });
});
