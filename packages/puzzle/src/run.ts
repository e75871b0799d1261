/**
 * Runs of puzzles from the training pool, as lichess has them: the streak ("Seri": rising
 * difficulty, one mistake ends it, one skip a run) and the storm ("Fırtına": three minutes, a wrong
 * move costs time, a combo of good moves earns time). What is decided here, without a screen:
 * which puzzle comes next, the level at each point of a run, the storm's clock and combo, and the
 * device's bests (`validateRuns` repairs a damaged record, never inventing a score). Nothing here
 * touches the training ratings.
 */
import { isObject, type Random } from '@dama/core';
import type { Difficulty, Puzzle } from './bank.ts';
import { isDate } from './daily.ts';
import { spread } from './spread.ts';

// ---- which puzzle next

/**
 * How many puzzles each level lasts before the next (the last level lasts for ever). The streak
 * climbs by puzzles solved, the storm by puzzles shown (a miss moves it on too).
 */
export const STREAK_STEPS = [3, 5, 6, 8] as const;
export const STORM_STEPS = [4, 6, 8, 10] as const;

/** The level (1–5) after `n` puzzles, by `steps`. */
export function runLevel(steps: readonly number[], n: number): Difficulty {
  let level = 1;
  let end = 0;
  for (const s of steps) {
    end += s;
    if (n < end) return level as Difficulty;
    level++;
  }
  return level as Difficulty;
}

/**
 * The next puzzle of a run: never one of `played`; of `level`, or of the nearest level that has
 * puzzles left (the harder of two as near: a run only climbs); among those `spread` leaves after
 * `played` (themes and lopsided puzzles spread), one at random. Undefined when the pool is used up.
 */
export function pickRunPuzzle(
  pool: readonly Puzzle[],
  played: readonly Puzzle[],
  level: Difficulty,
  random: Random,
): Puzzle | undefined {
  const used = new Set(played.map((p) => p.id));
  const left = pool.filter((p) => !used.has(p.id));
  if (left.length === 0) return undefined;
  const levels = new Set<number>(left.map((p) => p.difficulty));
  let at = level as number;
  for (let d = 0; d < 5; d++) {
    if (levels.has(level + d)) {
      at = level + d;
      break;
    }
    if (levels.has(level - d)) {
      at = level - d;
      break;
    }
  }
  const candidates = left.filter((p) => p.difficulty === at);
  return random.pick(spread(candidates, played));
}

// ---- the storm's clock and combo

export const STORM = {
  /** The run's time (ms); the clock starts with the first move. */
  time: 180_000,
  /** Taken off the clock by a wrong move (ms). */
  penalty: 10_000,
  /** [good moves in a row, seconds added when the combo reaches it] (lichess's table). */
  combo: [
    [5, 3],
    [12, 5],
    [20, 7],
    [30, 10],
  ] as const,
  /** Past the last step, its bonus again every this many good moves (40, 50, …). */
  comboEvery: 10,
} as const;

/** Seconds added when the combo reaches `combo` (0 for most counts). */
export function comboBonus(combo: number): number {
  for (const [at, seconds] of STORM.combo) if (combo === at) return seconds;
  const [last, seconds] = STORM.combo[STORM.combo.length - 1];
  return combo > last && (combo - last) % STORM.comboEvery === 0 ? seconds : 0;
}

/**
 * The next bonus ahead of `combo`: at which combo, how many seconds, and the step it counts from
 * (the previous bonus's combo, 0 before the first), for a bar that fills between the two.
 */
export function nextComboBonus(combo: number): { from: number; at: number; seconds: number } {
  let from = 0;
  for (const [at, seconds] of STORM.combo) {
    if (combo < at) return { from, at, seconds };
    from = at;
  }
  const [last, seconds] = STORM.combo[STORM.combo.length - 1];
  const at = last + (Math.floor((combo - last) / STORM.comboEvery) + 1) * STORM.comboEvery;
  return { from: at - STORM.comboEvery, at, seconds };
}

/** A storm run's score so far. Plain data; every step returns a new one. */
export interface StormState {
  /** When the clock started (the first move judged), ms since the epoch; undefined before. */
  startedAt: number | undefined;
  /** Bonuses minus penalties so far (ms). */
  extra: number;
  /** Moves judged: good and wrong (a slower win is neither). */
  moves: number;
  /** Wrong moves (each also ends its puzzle). */
  errors: number;
  solved: number;
  /** Good moves in a row now, and the most of the run. */
  combo: number;
  bestCombo: number;
}

export const stormStart = (): StormState => ({
  startedAt: undefined,
  extra: 0,
  moves: 0,
  errors: 0,
  solved: 0,
  combo: 0,
  bestCombo: 0,
});

/** Milliseconds left at `now` (the whole time before the first move; never below 0). */
export function stormRemaining(s: StormState, now: number): number {
  if (s.startedAt === undefined) return STORM.time;
  return Math.max(0, STORM.time + s.extra - (now - s.startedAt));
}

/** The clock has run out. */
export const stormOver = (s: StormState, now: number): boolean =>
  s.startedAt !== undefined && stormRemaining(s, now) <= 0;

/**
 * A move judged at `now`: the first one starts the clock; a good one adds to the combo and perhaps
 * time (`bonus`, seconds), a wrong one ends the combo and takes `STORM.penalty` off. A move after
 * the clock ran out changes nothing.
 */
export function stormMove(s: StormState, good: boolean, now: number): { state: StormState; bonus: number } {
  if (stormOver(s, now)) return { state: s, bonus: 0 };
  const startedAt = s.startedAt ?? now;
  if (!good)
    return {
      state: {
        ...s,
        startedAt,
        moves: s.moves + 1,
        errors: s.errors + 1,
        combo: 0,
        extra: s.extra - STORM.penalty,
      },
      bonus: 0,
    };
  const combo = s.combo + 1;
  const bonus = comboBonus(combo);
  return {
    state: {
      ...s,
      startedAt,
      moves: s.moves + 1,
      combo,
      bestCombo: Math.max(s.bestCombo, combo),
      extra: s.extra + bonus * 1000,
    },
    bonus,
  };
}

/** A puzzle solved (its last move already judged by `stormMove`). */
export const stormSolved = (s: StormState): StormState => ({ ...s, solved: s.solved + 1 });

/** Good moves out of all judged, 0–100 (100 before any). */
export const stormAccuracy = (s: StormState): number =>
  s.moves === 0 ? 100 : (100 * (s.moves - s.errors)) / s.moves;

// ---- the bests on the device

export interface RunBests {
  version: 1;
  /** The longest streak run (puzzles solved). */
  streak: number;
  /** The best storm score (puzzles solved), of all time and of `stormDay`. */
  storm: number;
  /** The day (YYYY-MM-DD, Istanbul) of `stormToday`; undefined before any storm run. */
  stormDay: string | undefined;
  stormToday: number;
}

export const emptyRuns = (): RunBests => ({
  version: 1,
  streak: 0,
  storm: 0,
  stormDay: undefined,
  stormToday: 0,
});

/** Today's best storm score (0 when the record's day is another). */
export const stormTodayBest = (r: RunBests, today: string): number =>
  r.stormDay === today ? r.stormToday : 0;

/** A streak run ended with `score`: the record, and whether it is a new best (above 0). */
export function recordStreak(r: RunBests, score: number): { record: RunBests; newBest: boolean } {
  const newBest = score > r.streak;
  return { record: newBest ? { ...r, streak: score } : r, newBest };
}

/** A storm run ended with `score` on `today`: the record, and which bests it beat (above 0). */
export function recordStorm(
  r: RunBests,
  score: number,
  today: string,
): { record: RunBests; newBest: boolean; newDayBest: boolean } {
  const before = stormTodayBest(r, today);
  const newBest = score > r.storm;
  const newDayBest = score > before;
  return {
    record: {
      ...r,
      storm: Math.max(r.storm, score),
      stormDay: today,
      stormToday: Math.max(before, score),
    },
    newBest,
    newDayBest,
  };
}

const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

/** Check and repair a stored record of bests; `problem` says what was dropped. */
export function validateRuns(raw: unknown): { record: RunBests; problem?: string } {
  if (raw === undefined || raw === null) return { record: emptyRuns() };
  if (!isObject(raw) || raw.version !== 1)
    return { record: emptyRuns(), problem: 'The record of puzzle runs was unreadable; it was reset.' };
  let dropped = 0;
  const count = (x: unknown): number => (isCount(x) ? x : (dropped++, 0));
  const streak = count(raw.streak);
  const storm = count(raw.storm);
  let stormDay: string | undefined;
  let stormToday = 0;
  // no storm run yet: no day, and today's best absent or 0 (as `emptyRuns` is written)
  if (raw.stormDay !== undefined || (raw.stormToday !== undefined && raw.stormToday !== 0)) {
    if (typeof raw.stormDay === 'string' && isDate(raw.stormDay) && isCount(raw.stormToday)) {
      stormDay = raw.stormDay;
      stormToday = raw.stormToday;
    } else dropped++;
  }
  // Today's best cannot beat the best of all time: the larger stands for both.
  const record: RunBests = { version: 1, streak, storm: Math.max(storm, stormToday), stormDay, stormToday };
  return dropped === 0
    ? { record }
    : { record, problem: `${dropped} unreadable part(s) of the record of puzzle runs were left out.` };
}
