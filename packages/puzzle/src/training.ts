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
import { SPREAD_RECENT, spread } from './spread.ts';

export interface TrainingPlay {
  id: number;
  solved: boolean;
  hinted: boolean;
  /** Whether the play moved the ratings (`unratedReason`). Records kept before the field existed
   * read as the rule of their time: every play but a hinted solve. */
  rated: boolean;
  /** Milliseconds since the epoch. */
  at: number;
  /** The puzzle's rating just before the play (`ratingOf`), rated or not. Absent from records kept
   * before the field existed. */
  puzzleRating?: number;
}

export interface TrainingStore {
  version: 1;
  player: Rating;
  /** Ratings of the puzzles played so far, rated or not (the others keep their first rating). */
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
  /** Puzzles this far above the player's rating (below when negative), rather than at it. */
  offset?: DifficultyOffset;
}

/** The choices of `TrainingFilter.offset`: much easier, easier, harder, much harder (rating points). */
export const DIFFICULTY_OFFSETS = [-400, -200, 200, 400] as const;
export type DifficultyOffset = (typeof DIFFICULTY_OFFSETS)[number];

/**
 * A puzzle's rating for this device: its own once played here, else the pooled one from every
 * device when there is one (`pooledRatings`), else its level's.
 */
export const ratingOf = (store: TrainingStore, p: Puzzle, pooled?: ReadonlyMap<number, Rating>): Rating =>
  store.puzzles[p.id] ?? pooled?.get(p.id) ?? puzzleRating(p.difficulty);

const matches = (p: Puzzle, f: TrainingFilter) =>
  (f.difficulty === undefined || p.difficulty === f.difficulty) &&
  (f.theme === undefined || p.themes.includes(f.theme));

/**
 * The next puzzle: among those of the filter not played yet (`skip` leaves one out, e.g. the one
 * just shown) that `spread` leaves after the last plays (themes and lopsided puzzles spread), the
 * one whose rating is nearest the player's plus the filter's `offset` (the first in pool order on a
 * tie). Undefined when the filter has nothing left.
 */
export function nextPuzzle(
  pool: readonly Puzzle[],
  store: TrainingStore,
  filter: TrainingFilter = {},
  skip?: number,
  pooled?: ReadonlyMap<number, Rating>,
): Puzzle | undefined {
  const played = new Set(store.history.map((h) => h.id));
  const byId = new Map(pool.map((p) => [p.id, p]));
  const recent = store.history
    .slice(-SPREAD_RECENT)
    .map((h) => byId.get(h.id))
    .filter((p): p is Puzzle => p !== undefined);
  const candidates = pool.filter((p) => p.id !== skip && !played.has(p.id) && matches(p, filter));
  const target = store.player.rating + (filter.offset ?? 0);
  let best: Puzzle | undefined;
  let gap = Infinity;
  for (const p of spread(candidates, recent)) {
    const d = Math.abs(ratingOf(store, p, pooled).rating - target);
    if (d < gap) {
      gap = d;
      best = p;
    }
  }
  return best;
}

/** What happened in one attempt at a training puzzle, as the screen saw it. */
export interface Attempt {
  solved: boolean;
  /** A hint was taken during the attempt. */
  hinted: boolean;
  /** The puzzle's solution was shown to the player before this attempt ended (a failure shows it). */
  solutionSeen: boolean;
}

/** Why an attempt does not move the ratings. */
export type UnratedReason = 'solution-seen' | 'hinted' | 'replay';

/** The puzzle already has a result on this device: a play in the history or a rating of its own. */
export const playedBefore = (store: TrainingStore, id: number): boolean =>
  store.puzzles[id] !== undefined || store.history.some((h) => h.id === id);

/**
 * Whether an attempt is rated: undefined when it is, else why not. Only a first attempt without
 * help is rated, so that no rating can be farmed:
 * - a solve after the solution was shown (a retry of a failed puzzle) proves only memory;
 * - a solve with a hint is half a solve for neither side;
 * - a replay (the puzzle has a result already, rated or hinted: picked again from the retry list or
 *   the history) is played knowing it. Its first result stands.
 * A failure after help is unrated too: the first result of the puzzle already counted.
 */
export function unratedReason(
  store: TrainingStore,
  puzzle: Pick<Puzzle, 'id'>,
  attempt: Attempt,
): UnratedReason | undefined {
  if (attempt.solutionSeen) return 'solution-seen';
  if (playedBefore(store, puzzle.id)) return 'replay';
  if (attempt.solved && attempt.hinted) return 'hinted';
  return undefined;
}

/**
 * Keep a result: both ratings move when the attempt is rated (`unratedReason`), the history grows
 * (the play marked rated or not, with the puzzle's rating before it), the retry list gains or loses
 * the puzzle.
 */
export function recordTraining(
  store: TrainingStore,
  puzzle: Puzzle,
  attempt: Attempt,
  at: number,
  pooled?: ReadonlyMap<number, Rating>,
): TrainingStore {
  const { solved, hinted } = attempt;
  const before = ratingOf(store, puzzle, pooled);
  const rated = unratedReason(store, puzzle, attempt) === undefined;
  const player = rated ? updateRating(store.player, before, solved ? 1 : 0) : store.player;
  const rating = rated ? updateRating(before, store.player, solved ? 0 : 1) : before;
  const failed = store.failed.filter((id) => id !== puzzle.id);
  if (!solved) failed.unshift(puzzle.id);
  const play: TrainingPlay = { id: puzzle.id, solved, hinted, rated, at, puzzleRating: before.rating };
  return {
    version: 1,
    player,
    puzzles: { ...store.puzzles, [puzzle.id]: rating },
    history: [...store.history, play].slice(-HISTORY),
    failed,
  };
}

const isRating = (x: unknown): x is Rating =>
  isObject(x) &&
  [x.rating, x.rd, x.vol].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  (x.rd as number) > 0 &&
  (x.vol as number) > 0;

/** Ratings far outside this are no Glicko-2 rating of a puzzle: a damaged record. */
const RATING_RANGE = { min: 0, max: 5000 };

const isPuzzleRating = (x: unknown): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x > RATING_RANGE.min && x < RATING_RANGE.max;

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
        (h.rated === undefined || typeof h.rated === 'boolean') &&
        typeof h.at === 'number' &&
        (h.puzzleRating === undefined || isPuzzleRating(h.puzzleRating))
      )
        history.push({
          id: h.id as number,
          solved: h.solved,
          hinted: h.hinted,
          // Kept before plays were marked: rated then unless a hinted solve.
          rated: typeof h.rated === 'boolean' ? h.rated : !(h.solved && h.hinted),
          at: h.at,
          // Kept before the puzzle's rating was: the dashboard takes its rating now.
          ...(h.puzzleRating === undefined ? {} : { puzzleRating: h.puzzleRating }),
        });
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
