/**
 * The puzzle dashboard: what the training history of the device says about the last days. For a
 * window of days (7 or 30, ending at `now`): the plays, the share solved, and per theme the plays,
 * the share solved and a performance figure, the themes sorted weakest first. Pure: the screen
 * passes the record, the pool (which gives each puzzle's themes) and the time.
 *
 * - A play is solved when it was solved without a hint: a hinted solve is a play, not a solve (it
 *   does not move the rating either).
 * - A puzzle counts for each of its themes. A play of a puzzle no longer in the pool counts in the
 *   totals' plays and solves only (it has no themes and no rating).
 * - Performance: the average rating of the puzzles played in the theme, plus 400 × (solved − not
 *   solved) / plays (the linear performance rating of chess: all solved is the average + 400, none
 *   − 400). It says what solved % alone does not: solving hard puzzles is worth more than easy ones.
 *   A puzzle's rating is the one it had just before the play (`TrainingPlay.puzzleRating`), so
 *   that a rating moved since changes no past figure; a play recorded before that was kept takes
 *   the puzzle's rating on this device now (`ratingOf`).
 * - Weakest first: the themes with at least `MIN_THEME_PLAYS` plays, lowest share solved first (then
 *   the lower performance, then more plays); after them the themes played too few times to judge,
 *   most played first. The themes offered to work on are the weakest judged ones not all solved.
 */
import type { Puzzle, Theme } from './bank.ts';
import { THEMES } from './bank.ts';
import type { Rating } from './rating.ts';
import { ratingOf, type TrainingStore } from './training.ts';

export const DAY_MS = 86_400_000;

/** The windows the screen offers, in days. */
export const DASHBOARD_WINDOWS = [7, 30] as const;
export type DashboardWindow = (typeof DASHBOARD_WINDOWS)[number];

/** A theme is judged (sorted among the weak or strong) from this many plays. */
export const MIN_THEME_PLAYS = 3;
/** At most this many themes are offered to work on. */
export const WEAKEST_OFFERED = 3;
/** Performance is the average rating ± this at all or none solved. */
export const PERFORMANCE_SPREAD = 400;

export interface Figures {
  plays: number;
  /** solved without a hint */
  solved: number;
  /** solved / plays, 0–1; 0 when nothing was played */
  share: number;
  /** rounded; undefined when nothing was played */
  performance: number | undefined;
}

export interface ThemeFigures extends Figures {
  theme: Theme;
  /** played at least `MIN_THEME_PLAYS` times: sorted by its results */
  judged: boolean;
}

export interface Dashboard {
  days: number;
  /** every play of the window */
  total: Figures;
  /** the themes played in the window, weakest first (see the module's comment) */
  themes: ThemeFigures[];
  /** the themes to work on: the weakest judged ones not all solved, at most `WEAKEST_OFFERED` */
  weakest: Theme[];
}

interface Tally {
  plays: number;
  solved: number;
  ratings: number;
}

const figures = (t: Tally): Figures => ({
  plays: t.plays,
  solved: t.solved,
  share: t.plays > 0 ? t.solved / t.plays : 0,
  performance:
    t.plays > 0
      ? Math.round(t.ratings / t.plays + (PERFORMANCE_SPREAD * (2 * t.solved - t.plays)) / t.plays)
      : undefined,
});

/**
 * The dashboard of the `days` ending at `now` (plays at `now − days × 24 h` excluded, at `now`
 * included; a play dated after `now`, from a clock set back, is left out).
 */
export function puzzleDashboard(
  store: TrainingStore,
  pool: readonly Puzzle[],
  now: number,
  days: number,
  pooled?: ReadonlyMap<number, Rating>,
): Dashboard {
  const byId = new Map(pool.map((p) => [p.id, p]));
  const from = now - days * DAY_MS;
  const total: Tally = { plays: 0, solved: 0, ratings: 0 };
  /** the plays of puzzles still in the pool: the only ones with a rating */
  const known: Tally = { plays: 0, solved: 0, ratings: 0 };
  const themes = new Map<Theme, Tally>();
  for (const play of store.history) {
    if (play.at <= from || play.at > now) continue;
    const solved = play.solved && !play.hinted ? 1 : 0;
    const puzzle = byId.get(play.id);
    total.plays++;
    total.solved += solved;
    if (!puzzle) continue;
    const rating = play.puzzleRating ?? ratingOf(store, puzzle, pooled).rating;
    known.plays++;
    known.solved += solved;
    known.ratings += rating;
    for (const theme of puzzle.themes) {
      const t = themes.get(theme) ?? { plays: 0, solved: 0, ratings: 0 };
      t.plays++;
      t.solved += solved;
      t.ratings += rating;
      themes.set(theme, t);
    }
  }
  const rows: ThemeFigures[] = [...themes].map(([theme, t]) => ({
    theme,
    ...figures(t),
    judged: t.plays >= MIN_THEME_PLAYS,
  }));
  const order = (t: Theme) => THEMES.indexOf(t);
  rows.sort((a, b) => {
    if (a.judged !== b.judged) return a.judged ? -1 : 1;
    if (!a.judged) return b.plays - a.plays || order(a.theme) - order(b.theme);
    return (
      a.share - b.share ||
      (a.performance ?? 0) - (b.performance ?? 0) ||
      b.plays - a.plays ||
      order(a.theme) - order(b.theme)
    );
  });
  return {
    days,
    total: { ...figures(total), performance: figures(known).performance },
    themes: rows,
    weakest: rows
      .filter((r) => r.judged && r.solved < r.plays)
      .slice(0, WEAKEST_OFFERED)
      .map((r) => r.theme),
  };
}
