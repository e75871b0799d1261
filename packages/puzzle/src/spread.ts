/**
 * Spreading the training puzzles served one after another, the same for the training tab
 * (`nextPuzzle`) and for runs (`pickRunPuzzle`): no theme combination again within `THEME_GAP`
 * puzzles, and a lopsided puzzle at most once in `LOPSIDED_GAP`. Each rule is let go only when no
 * candidate keeps it. The callers choose among what `spread` leaves in their own way (the nearest
 * rating, a level at random).
 */
import type { Puzzle } from './bank.ts';
import { isLopsided } from './mine.ts';
import { puzzlePosition } from './session.ts';

/** A puzzle's theme combination is not served again within this many puzzles. */
export const THEME_GAP = 3;
/** A lopsided puzzle (the solver far ahead, `isLopsided`) comes at most once in this many. */
export const LOPSIDED_GAP = 3;
/** The last puzzles the rules look at. */
export const SPREAD_RECENT = Math.max(THEME_GAP, LOPSIDED_GAP - 1);

const lopsidedCache = new WeakMap<Puzzle, boolean>();

/** The solver is far ahead in the puzzle's position (`isLopsided`); remembered per puzzle. */
export function lopsided(p: Puzzle): boolean {
  let v = lopsidedCache.get(p);
  if (v === undefined) {
    v = isLopsided(puzzlePosition(p));
    lopsidedCache.set(p, v);
  }
  return v;
}

/** A puzzle's theme combination, as the rules compare them. */
export const themeKey = (p: Puzzle): string => p.themes.join(',');

const last = <T>(xs: readonly T[], n: number): readonly T[] => xs.slice(Math.max(0, xs.length - n));

/** The rules a candidate breaks (`spreadBreaks`). */
export interface SpreadBreaks {
  /** Its theme combination is one of the last `THEME_GAP` puzzles'. */
  theme: boolean;
  /** It is lopsided, and so is one of the last `LOPSIDED_GAP` − 1 puzzles. */
  lopsided: boolean;
}

/** Which rules `candidate` breaks after `recent`, the puzzles just served, oldest first. */
export function spreadBreaks(recent: readonly Puzzle[], candidate: Puzzle): SpreadBreaks {
  const key = themeKey(candidate);
  return {
    theme: last(recent, THEME_GAP).some((p) => themeKey(p) === key),
    lopsided: last(recent, LOPSIDED_GAP - 1).some(lopsided) && lopsided(candidate),
  };
}

/**
 * The candidates to choose among after `recent`, in their order: those that break no rule; when
 * none keeps a rule it is let go, the lopsided rule kept first, then the theme rule among those
 * (a fair puzzle of a recent theme combination before a lopsided one of a new combination). Empty
 * only when `candidates` is.
 */
export function spread(candidates: readonly Puzzle[], recent: readonly Puzzle[]): Puzzle[] {
  const judged = candidates.map((p) => ({ p, breaks: spreadBreaks(recent, p) }));
  let kept = judged;
  for (const rule of ['lopsided', 'theme'] as const) {
    const keep = kept.filter((c) => !c.breaks[rule]);
    if (keep.length > 0) kept = keep;
  }
  return kept.map((c) => c.p);
}
