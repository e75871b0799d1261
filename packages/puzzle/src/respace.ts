/**
 * Mending the banks without mining: the future daily puzzles are moved among the future dates so
 * that no two near-duplicates (`NEAR_DISTANCE`) come within `NEAR_SPACING_DAYS` of each other,
 * guessable future ones are taken out, and training puzzles near a daily one or guessable leave the
 * pool. Published dates (today and before) never change; the schedule manifest follows through
 * `replaceFuture` (schedule.ts). Pure and deterministic: the same banks and day give the same result.
 */
import { parsePosition } from '@dama/core';
import { THEMES, type Difficulty, type Puzzle, type Theme } from './bank.ts';
import { describeEntry, FIRST_TRAINING, TRAINING_RULES } from './build.ts';
import { dateOfNumber, LAUNCH_DATE, puzzleNumber } from './daily.ts';
import { shapeDistance, shapeOf, type Shape } from './distance.ts';
import { guessablePuzzles, NEAR_DISTANCE, NEAR_SPACING_DAYS, nearDuplicates } from './verify.ts';

/** A future daily puzzle on another date: its number before and after. */
export interface Moved {
  from: number;
  to: number;
  difficulty: Difficulty;
}

/** A future daily puzzle taken out of the bank, by its number before. */
export interface Dropped {
  number: number;
  difficulty: Difficulty;
  /** Fewer than `GUESS_MIN_CHOICES` first moves, or no future date where it keeps its spacing. */
  reason: 'guessable' | 'no-place';
}

export interface RespaceOptions {
  /** Near-duplicates must be more days apart than this (default `NEAR_SPACING_DAYS`). */
  spacingDays?: number;
  /** Puzzles at this distance or less are near-duplicates (default `NEAR_DISTANCE`). */
  distance?: number;
}

export interface RespaceReport {
  /** The new daily bank: the published part as it was, the future renumbered by date. */
  daily: Puzzle[];
  /** How many dates are published (today and before): untouched. */
  published: number;
  moved: Moved[];
  dropped: Dropped[];
  /** New numbers whose puzzle is of another level than the date had (no puzzle of its level fit). */
  levelChanged: number[];
}

/**
 * Respace the future part of `daily` (ids 1, 2, 3 … on their dates) after `today` ('YYYY-MM-DD').
 * Guessable future puzzles are dropped, so the bank ends that many days earlier: every date up to
 * the new end keeps its level (the difficulty its puzzle had), the puzzles of the dates past it
 * take the dates left free. A future puzzle stays on its date when it keeps its spacing there; of
 * those that do not, the fewest are taken off (every one too near a published puzzle, and a least
 * cover of the conflicts among future ones, found exactly for each group of up to 16 puzzles in
 * conflict, the later dates taken off on a tie). Each puzzle taken off goes to a free date of its
 * own level where it keeps its spacing, nearest its old date (a bipartite matching, so one puzzle
 * never takes the only date another could have), else to the date of a placed puzzle of its level
 * that can itself move to a free date. So the weekday pattern holds: only when the levels left
 * over differ from the free dates' does a date take a puzzle of the nearest level
 * (`levelChanged`), and only a puzzle no free date can take is dropped (`no-place`; the bank is
 * then placed again without it, one day shorter).
 */
export function respaceDaily(
  daily: readonly Puzzle[],
  today: string,
  options: RespaceOptions = {},
): RespaceReport {
  const spacing = options.spacingDays ?? NEAR_SPACING_DAYS;
  const within = options.distance ?? NEAR_DISTANCE;
  for (const [i, p] of daily.entries())
    if (p.id !== i + 1 || p.date !== dateOfNumber(p.id))
      throw new Error(`daily #${p.id} (${p.date ?? 'no date'}) is off the date rule at line ${i + 1}`);
  const published = Math.max(0, Math.min(daily.length, puzzleNumber(today)));
  const future = daily.slice(published);
  const guess = guessablePuzzles(future);
  const guessable = new Set([...guess.fewMoves, ...guess.fewCaptures]);
  const dropped: Dropped[] = future
    .filter((p) => guessable.has(p.id))
    .map((p) => ({ number: p.id, difficulty: p.difficulty, reason: 'guessable' }));
  const neighbours = nearPairs(daily, within);
  let keep = future.filter((p) => !guessable.has(p.id));
  for (;;) {
    const attempt = place(daily, published, keep, neighbours, spacing);
    if (attempt.stuck.length === 0) {
      const bank = [
        ...daily.slice(0, published),
        ...attempt.slots.map((p, i) => ({
          ...p,
          id: published + i + 1,
          date: dateOfNumber(published + i + 1),
        })),
      ];
      const moved = attempt.slots
        .map((p, i) => ({ from: p.id, to: published + i + 1, difficulty: p.difficulty }))
        .filter((m) => m.from !== m.to);
      return { daily: bank, published, moved, dropped, levelChanged: attempt.levelChanged };
    }
    const stuck = new Set(attempt.stuck);
    for (const p of keep)
      if (stuck.has(p.id)) dropped.push({ number: p.id, difficulty: p.difficulty, reason: 'no-place' });
    keep = keep.filter((p) => !stuck.has(p.id));
  }
}

/** For each daily number, the numbers of the daily puzzles within `within` of it. */
function nearPairs(daily: readonly Puzzle[], within: number): Map<number, number[]> {
  const shapes = daily.map((p): Shape | undefined => {
    const parsed = parsePosition(p.fen);
    return parsed.ok ? shapeOf(parsed.value) : undefined;
  });
  const out = new Map<number, number[]>();
  for (let i = 0; i < daily.length; i++)
    for (let j = i + 1; j < daily.length; j++) {
      const a = shapes[i];
      const b = shapes[j];
      if (!a || !b || shapeDistance(a, b) > within) continue;
      const add = (x: number, y: number) => {
        const list = out.get(x);
        if (list) list.push(y);
        else out.set(x, [y]);
      };
      add(daily[i].id, daily[j].id);
      add(daily[j].id, daily[i].id);
    }
  return out;
}

/**
 * One placement of `keep` (future puzzles, by their old numbers) on the dates after the published
 * ones, as many as there are puzzles: `slots[k]` is the puzzle of number published + k + 1, `stuck`
 * the puzzles no date could take (then the slots are not all filled).
 */
function place(
  daily: readonly Puzzle[],
  published: number,
  keep: readonly Puzzle[],
  neighbours: ReadonlyMap<number, readonly number[]>,
  spacing: number,
): { slots: Puzzle[]; stuck: number[]; levelChanged: number[] } {
  const end = published + keep.length;
  const level = (n: number) => daily[n - 1].difficulty;
  const byId = new Map(keep.map((p) => [p.id, p]));
  /** Old number → new number, for the published and the placed puzzles. */
  const at = new Map<number, number>();
  /** New number → old number of the puzzle there. */
  const occupant = new Map<number, number>();
  const put = (id: number, n: number) => {
    at.set(id, n);
    occupant.set(n, id);
  };
  const lift = (id: number) => {
    const n = at.get(id);
    if (n !== undefined) occupant.delete(n);
    at.delete(id);
  };
  for (let n = 1; n <= published; n++) at.set(n, n);
  for (const p of keep) if (p.id <= end) put(p.id, p.id);
  /** The placed puzzles that `id` would be too near at number `n` (`ignore` left out). */
  const clashes = (id: number, n: number, ignore?: number) =>
    (neighbours.get(id) ?? []).filter((q) => {
      if (q === ignore || q === id) return false;
      const m = at.get(q);
      return m !== undefined && Math.abs(m - n) <= spacing;
    });
  const fits = (id: number, n: number, ignore?: number) => clashes(id, n, ignore).length === 0;

  // Take off the fewest: a puzzle too near a published one, and a least cover of the conflicts
  // among future ones (`leastCover`).
  const unplaced = keep.filter((p) => p.id > end).map((p) => p.id);
  const edges: [number, number][] = [];
  for (const [n, id] of occupant)
    for (const q of clashes(id, n))
      if (q <= published) unplaced.push(id);
      else if (id < q) edges.push([id, q]);
  const forced = new Set(unplaced);
  for (const id of leastCover(edges.filter(([a, b]) => !forced.has(a) && !forced.has(b)))) unplaced.push(id);
  for (const id of new Set(unplaced)) lift(id);
  unplaced.splice(0, unplaced.length, ...new Set(unplaced));
  unplaced.sort((a, b) => a - b);

  const free = () => {
    const out: number[] = [];
    for (let n = published + 1; n <= end; n++) if (!occupant.has(n)) out.push(n);
    return out;
  };
  /** The free number nearest `from` (the earlier on a tie) among those `ok` allows. */
  const nearest = (from: number, ok: (n: number) => boolean) => {
    let best: number | undefined;
    for (const n of free())
      if (ok(n) && (best === undefined || Math.abs(n - from) < Math.abs(best - from))) best = n;
    return best;
  };
  // The freed dates go to the puzzles taken off, a puzzle to a date of its level: the one nearest
  // its old date that keeps its spacing, or one held by another puzzle taken off that can move on
  // to another (augmenting paths, as in a bipartite matching).
  const freed = free();
  const dates = (id: number) =>
    freed
      .filter((n) => level(n) === byId.get(id)!.difficulty)
      .sort((a, b) => Math.abs(a - id) - Math.abs(b - id) || a - b);
  const augment = (id: number, visited: Set<number>): boolean => {
    for (const n of dates(id)) {
      const other = occupant.get(n);
      if (visited.has(n) || !fits(id, n, other)) continue;
      visited.add(n);
      if (other === undefined) {
        put(id, n);
        return true;
      }
      lift(other);
      put(id, n);
      if (augment(other, visited)) return true;
      lift(id);
      put(other, n);
    }
    return false;
  };
  const stuck: number[] = [];
  for (const id of unplaced) {
    if (augment(id, new Set())) continue;
    const p = byId.get(id)!;
    // A swap: a future puzzle of the same level gives its date to this one and takes a free date.
    let swap: { other: number; to: number; free: number } | undefined;
    const held = [...occupant.keys()]
      .filter((n) => level(n) === p.difficulty && fits(id, n, occupant.get(n)))
      .sort((a, b) => Math.abs(a - id) - Math.abs(b - id) || a - b);
    for (const n of held) {
      const other = occupant.get(n)!;
      lift(other);
      at.set(id, n);
      const f = nearest(n, (m) => m !== n && level(m) === byId.get(other)!.difficulty && fits(other, m));
      at.delete(id);
      put(other, n);
      if (f !== undefined) {
        swap = { other, to: n, free: f };
        break;
      }
    }
    if (swap) {
      lift(swap.other);
      put(id, swap.to);
      put(swap.other, swap.free);
    } else stuck.push(id);
  }
  // The levels left over differ from the free dates': the nearest level that fits.
  const levelChanged: number[] = [];
  const still: number[] = [];
  for (const id of stuck) {
    const p = byId.get(id)!;
    let best: number | undefined;
    for (const n of free())
      if (fits(id, n)) {
        const worse =
          best !== undefined &&
          (Math.abs(level(n) - p.difficulty) > Math.abs(level(best) - p.difficulty) ||
            (Math.abs(level(n) - p.difficulty) === Math.abs(level(best) - p.difficulty) &&
              Math.abs(n - id) >= Math.abs(best - id)));
        if (best === undefined || !worse) best = n;
      }
    if (best === undefined) still.push(id);
    else {
      put(id, best);
      levelChanged.push(best);
    }
  }
  const slots: Puzzle[] = [];
  for (let n = published + 1; n <= end; n++) {
    const id = occupant.get(n);
    if (id !== undefined) slots.push(byId.get(id)!);
  }
  return { slots, stuck: still, levelChanged: levelChanged.sort((a, b) => a - b) };
}

/**
 * The fewest vertices that touch every edge, by connected component: exactly (every subset, the
 * one that keeps the earlier numbers on a tie) for a component of up to 16, greedily (most edges
 * first, the later on a tie) beyond.
 */
function leastCover(edges: readonly (readonly [number, number])[]): number[] {
  const adj = new Map<number, number[]>();
  for (const [a, b] of edges) {
    adj.set(a, [...(adj.get(a) ?? []), b]);
    adj.set(b, [...(adj.get(b) ?? []), a]);
  }
  const seen = new Set<number>();
  const cover: number[] = [];
  for (const start of [...adj.keys()].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const comp: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const v = stack.pop()!;
      comp.push(v);
      for (const w of adj.get(v)!)
        if (!seen.has(w)) {
          seen.add(w);
          stack.push(w);
        }
    }
    comp.sort((a, b) => b - a);
    const compEdges = edges.filter(([a]) => comp.includes(a));
    if (comp.length <= 16) {
      // comp is latest first, so among covers of one size the lowest mask takes the latest dates.
      let best = -1;
      let bestSize = Infinity;
      for (let mask = 0; mask < 1 << comp.length; mask++) {
        let size = 0;
        for (let m = mask; m; m &= m - 1) size++;
        if (size >= bestSize) continue;
        const has = (v: number) => (mask >> comp.indexOf(v)) & 1;
        if (compEdges.every(([a, b]) => has(a) || has(b))) {
          best = mask;
          bestSize = size;
        }
      }
      for (const [i, v] of comp.entries()) if ((best >> i) & 1) cover.push(v);
    } else {
      const left = [...compEdges];
      while (left.length > 0) {
        const degree = new Map<number, number>();
        for (const [a, b] of left) for (const v of [a, b]) degree.set(v, (degree.get(v) ?? 0) + 1);
        const v = [...degree].sort((x, y) => y[1] - x[1] || y[0] - x[0])[0][0];
        cover.push(v);
        left.splice(0, left.length, ...left.filter(([a, b]) => a !== v && b !== v));
      }
    }
  }
  return cover.sort((a, b) => a - b);
}

/** The training puzzles taken out of the pool, by id, and why. */
export interface PruneReport {
  training: Puzzle[];
  /** Within `NEAR_DISTANCE` of a daily puzzle (at any date). */
  near: number[];
  /** Fewer than `GUESS_MIN_CHOICES` first moves. */
  guessable: number[];
  /**
   * Taken out to keep a share of `TRAINING_RULES` that the others would have broken (they left
   * too few with 10+ pieces, or too many of a theme): each time the highest id after
   * `FIRST_TRAINING` that helps every share so broken, breaks no other, and has a near-duplicate
   * (within `NEAR_DISTANCE`) left in the pool, so its idea stays in training.
   */
  shares: number[];
}

/** The shares of `TRAINING_RULES` a pool breaks: 'big', 'lopsided' or 'theme:<theme>'. */
function brokenShares(
  pool: readonly { big: boolean; lopsided: boolean; themes: readonly Theme[] }[],
): string[] {
  const n = pool.length;
  const out: string[] = [];
  if (pool.filter((e) => e.big).length < TRAINING_RULES.minBig * n) out.push('big');
  if (pool.filter((e) => e.lopsided).length > TRAINING_RULES.maxLopsided * n) out.push('lopsided');
  for (const t of THEMES)
    if (pool.filter((e) => e.themes.includes(t)).length > TRAINING_RULES.maxTheme * n) out.push(`theme:${t}`);
  return out;
}

/**
 * The training pool without the puzzles near a daily one (a player must not meet the daily puzzle's
 * idea in training) and the guessable ones, and as few more as keep its shares (`shares`). The
 * others keep their ids: players' histories, ratings and retry lists refer to them.
 */
export function pruneTraining(training: readonly Puzzle[], daily: readonly Puzzle[]): PruneReport {
  const near = [...new Set(nearDuplicates(daily, training, LAUNCH_DATE).trainingDaily.map((p) => p.a))];
  const guess = guessablePuzzles(training);
  const guessable = [...guess.fewMoves, ...guess.fewCaptures].filter((id) => !near.includes(id));
  const out = new Set([...near, ...guessable]);
  const described = new Map(
    training.map((p) => {
      const e = describeEntry(p);
      return [p.id, { big: e?.big ?? false, lopsided: e?.lopsided ?? false, themes: p.themes }] as const;
    }),
  );
  const shareOf = (pool: readonly Puzzle[]) => brokenShares(pool.map((p) => described.get(p.id)!));
  const before = new Set(shareOf(training));
  let left = training.filter((p) => !out.has(p.id));
  const shares: number[] = [];
  const shapes = new Map<number, Shape | undefined>();
  const shape = (p: Puzzle) => {
    if (!shapes.has(p.id)) {
      const parsed = parsePosition(p.fen);
      shapes.set(p.id, parsed.ok ? shapeOf(parsed.value) : undefined);
    }
    return shapes.get(p.id);
  };
  const helps = (p: Puzzle, share: string) => {
    const e = described.get(p.id)!;
    if (share === 'big') return !e.big;
    if (share === 'lopsided') return e.lopsided;
    return e.themes.includes(share.slice('theme:'.length) as Theme);
  };
  for (;;) {
    const broken = shareOf(left).filter((share) => !before.has(share));
    if (broken.length === 0) break;
    let taken: Puzzle | undefined;
    for (let i = left.length - 1; i >= 0 && left[i].id > FIRST_TRAINING && !taken; i--) {
      const p = left[i];
      if (!broken.every((share) => helps(p, share))) continue;
      const rest = left.filter((q) => q !== p);
      if (shareOf(rest).some((share) => !before.has(share) && !broken.includes(share))) continue;
      const a = shape(p);
      if (!a) continue;
      const twin = rest.some((q) => {
        const b = shape(q);
        return b !== undefined && shapeDistance(a, b) <= NEAR_DISTANCE;
      });
      if (twin) taken = p;
    }
    if (!taken) break;
    shares.push(taken.id);
    left = left.filter((q) => q !== taken);
  }
  return {
    training: left,
    near: near.sort((a, b) => a - b),
    guessable: guessable.sort((a, b) => a - b),
    shares,
  };
}
