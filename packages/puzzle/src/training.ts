/**
 * Training, beyond the daily puzzle: the training pool served by difficulty and theme, the next
 * puzzle picked by rating (Glicko-2, rating.ts), and the failed puzzles kept to retry. Everything is
 * kept on the device in one record; `validateTraining` repairs a damaged one (dropping what it cannot
 * read, never inventing a solve) and says so.
 */
import { isObject } from '@dama/core';
import type { Difficulty, Puzzle, Theme } from './bank.ts';
import { DIFFICULTIES, THEMES } from './bank.ts';
import { newPlayer, puzzleRating, updateRating, type Rating } from './rating.ts';

export interface TrainingPlay {
  id: number;
  solved: boolean;
  hinted: boolean;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface TrainingStore {
  version: 1;
  player: Rating;
  /** Ratings of the puzzles played so far (the others keep their first rating). */
  puzzles: Record<string, Rating>;
  /** Every play, oldest first (at most `HISTORY`). */
  history: TrainingPlay[];
  /** Puzzles failed and not solved since, to retry; newest first. */
  failed: number[];
}

export const HISTORY = 500;

export const emptyTraining = (): TrainingStore => ({
  version: 1,
  player: newPlayer(),
  puzzles: {},
  history: [],
  failed: [],
});

export interface TrainingFilter {
  difficulty?: Difficulty;
  theme?: Theme;
}

export const ratingOf = (store: TrainingStore, p: Puzzle): Rating =>
  store.puzzles[p.id] ?? puzzleRating(p.difficulty);

const matches = (p: Puzzle, f: TrainingFilter) =>
  (f.difficulty === undefined || p.difficulty === f.difficulty) &&
  (f.theme === undefined || p.themes.includes(f.theme));

/**
 * The next puzzle: among those of the filter not played yet, the one whose rating is nearest the
 * player's (the first in pool order on a tie; `skip` leaves one out, e.g. the one just shown).
 * Undefined when the filter has nothing left.
 */
export function nextPuzzle(
  pool: readonly Puzzle[],
  store: TrainingStore,
  filter: TrainingFilter = {},
  skip?: number,
): Puzzle | undefined {
  const played = new Set(store.history.map((h) => h.id));
  let best: Puzzle | undefined;
  let gap = Infinity;
  for (const p of pool) {
    if (p.id === skip || played.has(p.id) || !matches(p, filter)) continue;
    const d = Math.abs(ratingOf(store, p).rating - store.player.rating);
    if (d < gap) {
      gap = d;
      best = p;
    }
  }
  return best;
}

/** Keep a result: both ratings move, the history grows, the retry list gains or loses the puzzle. */
export function recordTraining(
  store: TrainingStore,
  puzzle: Puzzle,
  solved: boolean,
  hinted: boolean,
  at: number,
): TrainingStore {
  const before = ratingOf(store, puzzle);
  // A solve with a hint counts as half a solve for neither side: it is not rated.
  const rated = !(solved && hinted);
  const player = rated ? updateRating(store.player, before, solved ? 1 : 0) : store.player;
  const rating = rated ? updateRating(before, store.player, solved ? 0 : 1) : before;
  const failed = store.failed.filter((id) => id !== puzzle.id);
  if (!solved) failed.unshift(puzzle.id);
  return {
    version: 1,
    player,
    puzzles: { ...store.puzzles, [puzzle.id]: rating },
    history: [...store.history, { id: puzzle.id, solved, hinted, at }].slice(-HISTORY),
    failed,
  };
}

const isRating = (x: unknown): x is Rating =>
  isObject(x) &&
  [x.rating, x.rd, x.vol].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  (x.rd as number) > 0 &&
  (x.vol as number) > 0;

/** Check and repair a stored training record; `problem` says what was dropped. */
export function validateTraining(raw: unknown): { store: TrainingStore; problem?: string } {
  if (raw === undefined || raw === null) return { store: emptyTraining() };
  if (!isObject(raw) || raw.version !== 1)
    return { store: emptyTraining(), problem: 'The training record was unreadable; it was reset.' };
  let dropped = 0;
  const player = isRating(raw.player) ? raw.player : (dropped++, newPlayer());
  const puzzles: Record<string, Rating> = {};
  if (isObject(raw.puzzles))
    for (const [id, r] of Object.entries(raw.puzzles))
      if (/^\d+$/.test(id) && isRating(r)) puzzles[id] = r;
      else dropped++;
  const history: TrainingPlay[] = [];
  if (Array.isArray(raw.history))
    for (const h of raw.history)
      if (
        isObject(h) &&
        Number.isInteger(h.id) &&
        typeof h.solved === 'boolean' &&
        typeof h.hinted === 'boolean' &&
        typeof h.at === 'number'
      )
        history.push({ id: h.id as number, solved: h.solved, hinted: h.hinted, at: h.at });
      else dropped++;
  const failed = Array.isArray(raw.failed)
    ? raw.failed.filter((id): id is number => Number.isInteger(id))
    : [];
  const store: TrainingStore = { version: 1, player, puzzles, history: history.slice(-HISTORY), failed };
  return dropped === 0
    ? { store }
    : { store, problem: `${dropped} unreadable part(s) of the training record were left out.` };
}

/** How many puzzles of the pool each difficulty and theme offers (for the choices on the screen). */
export function poolCounts(pool: readonly Puzzle[]): {
  difficulty: Record<number, number>;
  theme: Record<string, number>;
} {
  const difficulty: Record<number, number> = Object.fromEntries(DIFFICULTIES.map((d) => [d, 0]));
  const theme: Record<string, number> = Object.fromEntries(THEMES.map((t) => [t, 0]));
  for (const p of pool) {
    difficulty[p.difficulty]++;
    for (const t of p.themes) theme[t]++;
  }
  return { difficulty, theme };
}
