/**
 * Re-prove the banks from scratch: every stored claim about a puzzle is recomputed from its FEN and
 * compared, the rules of a puzzle (mine.ts) are applied again, and the bank-wide rules (build.ts) are
 * counted. Nothing stored is trusted, so a hand edit or a change of the rules shows up here.
 */
import { makeFen, makeNotation, parseNotation, parsePosition } from '@dama/core';
import { dayNumber, istanbulDate } from './daily.ts';
import { shapeDistance, shapeOf, type Shape } from './distance.ts';
import { DIFFICULTIES, EDITION_1, THEMES, type Difficulty, type Puzzle, type Theme } from './bank.ts';
import { dailyLevelOf, hardnessPoints, levelOf, measureHardness, type Hardness } from './hardness.ts';
import { BANK_RULES, describeEntry, TRAINING_RULES, type ShareRules } from './build.ts';
import { GUESS_MIN_CHOICES, judge, lineRuleBroken, type LineRule } from './mine.ts';
import { isLost, proveWinDistance, winningMoves } from './prover.ts';
import { Random } from '@dama/core';
import { scheduleProblems, type ScheduleEntry } from './schedule.ts';

/**
 * The problems of one puzzle; empty when everything it claims holds. A first-edition puzzle (kept as
 * it was published) is held to that edition's rules: an exact win in N with a unique first move.
 * The line rules (`lineRuleBroken`) are counted bank-wide (`lineRuleReport`), not here. A training
 * puzzle and a daily one of the third edition (`hardnessLevelled`) have the hardness measure's
 * level; a daily puzzle scheduled before keeps the mining formula's level it was published with.
 */
export function verifyPuzzle(puzzle: Puzzle): string[] {
  const parsed = parsePosition(puzzle.fen);
  if (!parsed.ok) return [`bad FEN: ${parsed.error.message}`];
  const pos = parsed.value;
  const problems: string[] = [];
  if (makeFen(pos) !== puzzle.fen) problems.push('FEN is not in canonical form');
  if (puzzle.source === EDITION_1) {
    if (proveWinDistance(pos, puzzle.moves) !== puzzle.moves)
      problems.push(`not a win in exactly ${puzzle.moves}`);
    else {
      const winning = winningMoves(pos, puzzle.moves);
      if (winning.length !== 1 || makeNotation(winning[0]) !== puzzle.line[0])
        problems.push('the first move is not the only win');
    }
    let at = pos;
    for (const text of puzzle.line) {
      const m = parseNotation(at, text);
      if (!m.ok) return [...problems, `line move ${text} is illegal`];
      at = at.play(m.value);
    }
    if (!isLost(at)) problems.push('the line does not end in a win');
    return problems;
  }
  const verdict = judge(pos, puzzle.source, Infinity, { lineRules: false });
  if ('rejected' in verdict) return [...problems, `rejected: ${verdict.rejected}`];
  const c = verdict.candidate;
  if (c.moves !== puzzle.moves) problems.push(`a win in ${c.moves}, not ${puzzle.moves}`);
  if (c.line.join(' ') !== puzzle.line.join(' ')) problems.push(`the proven line is ${c.line.join(' ')}`);
  if (c.themes.join() !== puzzle.themes.join())
    problems.push(`the themes are ${c.themes.join(',') || 'none'}`);
  const level =
    puzzle.date === undefined
      ? levelOf(puzzle)
      : hardnessLevelled(puzzle)
        ? dailyLevelOf(puzzle)
        : c.difficulty;
  if (level !== puzzle.difficulty) problems.push(`the difficulty is ${level}`);
  return problems;
}

/**
 * The first date scheduled by the third edition (`dama puzzles refresh`): from it on, a daily puzzle
 * keeps the line rules (mine.ts `lineRuleBroken`) and has the hardness measure's daily level
 * (`dailyLevelOf`). The dates before it were published under the second edition's rules and stay
 * as they were.
 */
export const THIRD_EDITION_DATE = '2026-12-08';

/**
 * Whether a puzzle is held to the third edition's rules (its level the hardness measure's, the line
 * rules kept): every training puzzle, and every daily one from `THIRD_EDITION_DATE` on.
 */
export const hardnessLevelled = (puzzle: Pick<Puzzle, 'date'>): boolean =>
  puzzle.date === undefined || puzzle.date >= THIRD_EDITION_DATE;

/** The puzzles of a bank that break a line rule (mine.ts, `lineRuleBroken`), by number. */
export type LineRuleReport = Record<LineRule, number[]>;

export function lineRuleReport(bank: readonly Puzzle[]): LineRuleReport {
  const report: LineRuleReport = { 'lone-line': [], reflex: [] };
  for (const p of bank) {
    if (p.source === EDITION_1) continue;
    const parsed = parsePosition(p.fen);
    if (!parsed.ok) continue;
    let broken: LineRule | undefined;
    try {
      broken = lineRuleBroken(parsed.value, p.line);
    } catch {
      continue; // an illegal line is the re-proof's to report
    }
    if (broken) report[broken].push(p.id);
  }
  return report;
}

/** The line rules the banks are held to: every training puzzle, and the third edition's daily ones. */
export function lineRuleProblems(
  daily: readonly Puzzle[],
  lines: { daily: LineRuleReport; training: LineRuleReport },
): string[] {
  const future = new Set(daily.filter((p) => hardnessLevelled(p)).map((p) => p.id));
  const out: string[] = [];
  for (const [name, report, held] of [
    ['daily', lines.daily, (id: number) => future.has(id)],
    ['training', lines.training, () => true],
  ] as const)
    for (const rule of ['lone-line', 'reflex'] as const) {
      const ids = report[rule].filter(held);
      if (ids.length > 0)
        out.push(
          `${name}: ${ids.length} ${rule === 'reflex' ? 'with a reflex first move' : 'chasing a lone piece'}: #${ids.join(' #')}`,
        );
    }
  return out;
}

export interface BankCounts {
  size: number;
  /** Kept from the first edition (exempt from this edition's rules, not in the shares). */
  edition1: number;
  lopsided: number;
  big: number;
  byMoves: Record<string, number>;
  byDifficulty: Record<string, number>;
  byTheme: Record<Theme, number>;
  bySource: Record<string, number>;
}

export function countBank(bank: readonly Puzzle[]): BankCounts {
  const counts: BankCounts = {
    size: 0,
    edition1: 0,
    lopsided: 0,
    big: 0,
    byMoves: {},
    byDifficulty: {},
    byTheme: Object.fromEntries(THEMES.map((t) => [t, 0])) as Record<Theme, number>,
    bySource: {},
  };
  const bump = (o: Record<string, number>, k: string) => (o[k] = (o[k] ?? 0) + 1);
  for (const p of bank) {
    if (p.source === EDITION_1) {
      counts.edition1++;
      continue;
    }
    const e = describeEntry(p);
    counts.size++;
    if (e?.lopsided) counts.lopsided++;
    if (e?.big) counts.big++;
    bump(counts.byMoves, String(p.moves));
    bump(counts.byDifficulty, String(p.difficulty));
    for (const t of p.themes) counts.byTheme[t]++;
    bump(counts.bySource, p.source.replace(/-n\d+$/, ''));
  }
  return counts;
}

/** The bank-wide rules broken by a bank (shares of `BANK_RULES`, at least `minSize` puzzles). */
export function shareProblems(
  name: string,
  counts: BankCounts,
  minSize: number,
  rules: ShareRules,
): string[] {
  const out: string[] = [];
  const n = Math.max(1, counts.size);
  if (counts.size < minSize) out.push(`${name}: ${counts.size} puzzles, fewer than ${minSize}`);
  if (counts.lopsided > rules.maxLopsided * n)
    out.push(`${name}: ${pct(counts.lopsided, n)} lopsided (at most ${pct(rules.maxLopsided, 1)})`);
  if (counts.big < rules.minBig * n)
    out.push(
      `${name}: ${pct(counts.big, n)} with ${rules.bigPieces}+ pieces (at least ${pct(rules.minBig, 1)})`,
    );
  for (const t of THEMES)
    if (counts.byTheme[t] > rules.maxTheme * n)
      out.push(`${name}: theme ${t} on ${pct(counts.byTheme[t], n)} (at most ${pct(rules.maxTheme, 1)})`);
  return out;
}

export const pct = (a: number, b: number): string => `${((100 * a) / b).toFixed(1)}%`;

/** Duplicate FENs and near-duplicates within and across the banks. */
export function duplicateProblems(daily: readonly Puzzle[], training: readonly Puzzle[]): string[] {
  const out: string[] = [];
  const fens = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const [name, bank] of [
    ['daily', daily],
    ['training', training],
  ] as const)
    for (const p of bank) {
      const label = `${name} #${p.id}`;
      const twin = fens.get(p.fen);
      if (twin) out.push(`${twin} and ${label} have the same FEN`);
      fens.set(p.fen, label);
      const e = describeEntry(p);
      if (!e) {
        out.push(`${label}: bad FEN or first move`);
        continue;
      }
      const near = keys.get(e.key);
      if (near && p.source !== EDITION_1) out.push(`${near} and ${label} are near-duplicates`);
      keys.set(e.key, label);
    }
  return out;
}

/**
 * Two puzzles at this distance or less (distance.ts: pieces added, removed, moved or crowned, up to
 * the mirror) are the same puzzle to a player: a piece or two more or elsewhere on a board of 6–16
 * pieces leaves the idea of the combination in place, so seeing one gives the other away. One edit
 * alone would miss a pair that differs by a piece moved and one taken away, which still reads as
 * the same position.
 */
export const NEAR_DISTANCE = 2;
/** Daily puzzles that near must be further apart than this many days (about two months). */
export const NEAR_SPACING_DAYS = 60;

/** Two puzzles within `NEAR_DISTANCE`: numbers, distance, and days apart for two daily ones. */
export interface NearPair {
  a: number;
  b: number;
  distance: number;
  days?: number;
}

export interface NearReport {
  /** Daily pairs within `NEAR_SPACING_DAYS` of each other, both dates today or before: published. */
  dailyPast: NearPair[];
  /** Daily pairs within `NEAR_SPACING_DAYS` whose later date is after today: still replaceable. */
  dailyFuture: NearPair[];
  /** A training puzzle (`a`) within `NEAR_DISTANCE` of a daily one (`b`), at any date. */
  trainingDaily: NearPair[];
}

function shapes(bank: readonly Puzzle[]): (Shape | undefined)[] {
  return bank.map((p) => {
    const parsed = parsePosition(p.fen);
    return parsed.ok ? shapeOf(parsed.value) : undefined;
  });
}

/**
 * Near-duplicates under the spacing rule: daily puzzles within `NEAR_DISTANCE` of each other and
 * `NEAR_SPACING_DAYS` days apart or less, split at `today` ('YYYY-MM-DD'), and training puzzles
 * within `NEAR_DISTANCE` of any daily one. A bad FEN or date is left to the other checks.
 */
export function nearDuplicates(
  daily: readonly Puzzle[],
  training: readonly Puzzle[],
  today: string,
): NearReport {
  const report: NearReport = { dailyPast: [], dailyFuture: [], trainingDaily: [] };
  const todayNumber = dayNumber(today);
  if (todayNumber === undefined) throw new RangeError(`not a date: ${today}`);
  const dailyShapes = shapes(daily);
  const dated = daily
    .map((p, i) => ({ p, day: p.date === undefined ? undefined : dayNumber(p.date), shape: dailyShapes[i] }))
    .filter(
      (e): e is { p: Puzzle; day: number; shape: Shape } => e.day !== undefined && e.shape !== undefined,
    )
    .sort((x, y) => x.day - y.day);
  for (let i = 0; i < dated.length; i++)
    for (let j = i + 1; j < dated.length && dated[j].day - dated[i].day <= NEAR_SPACING_DAYS; j++) {
      const distance = shapeDistance(dated[i].shape, dated[j].shape);
      if (distance > NEAR_DISTANCE) continue;
      const pair = { a: dated[i].p.id, b: dated[j].p.id, distance, days: dated[j].day - dated[i].day };
      (dated[j].day > todayNumber ? report.dailyFuture : report.dailyPast).push(pair);
    }
  const trainingShapes = shapes(training);
  training.forEach((t, i) => {
    const shape = trainingShapes[i];
    if (!shape) return;
    daily.forEach((d, k) => {
      const other = dailyShapes[k];
      if (!other) return;
      const distance = shapeDistance(shape, other);
      if (distance <= NEAR_DISTANCE) report.trainingDaily.push({ a: t.id, b: d.id, distance });
    });
  });
  return report;
}

export { GUESS_MIN_CHOICES };

/** The guessable puzzles of a bank, by number. */
export interface GuessReport {
  /** A quiet first move among fewer than `GUESS_MIN_CHOICES` legal moves. */
  fewMoves: number[];
  /** A capture as the first move among fewer than `GUESS_MIN_CHOICES` captures (captures being
   * compulsory, the legal moves are then all captures). */
  fewCaptures: number[];
}

/** The guessable puzzles of a bank (the first edition's, kept as published, left out). */
export function guessablePuzzles(bank: readonly Puzzle[]): GuessReport {
  const report: GuessReport = { fewMoves: [], fewCaptures: [] };
  for (const p of bank) {
    if (p.source === EDITION_1) continue;
    const parsed = parsePosition(p.fen);
    if (!parsed.ok) continue;
    const pos = parsed.value;
    const choices = pos.legalMoves().length;
    if (choices >= GUESS_MIN_CHOICES) continue;
    const first = parseNotation(pos, p.line[0] ?? '');
    if (first.ok && first.value.captures.length > 0) report.fewCaptures.push(p.id);
    else report.fewMoves.push(p.id);
  }
  return report;
}

export interface VerifyOptions {
  /** Re-prove this many puzzles of each bank chosen at random (all when absent). */
  sample?: number;
  seed?: number;
  onPuzzle?: (bank: string, puzzle: Puzzle, problems: string[]) => void;
  /** The clock that times the run, in milliseconds (the package has no timer of its own; the CLI
   * passes `performance.now`). Default `Date.now`. */
  now?: () => number;
  /** The day that splits published dates from future ones, 'YYYY-MM-DD' (default: today in
   * Istanbul by the system clock). */
  today?: string;
}

/** One level of a bank, by the hardness measure (hardness.ts). */
export interface LevelFigures {
  level: Difficulty;
  puzzles: number;
  /** Mean hardness points. */
  points: number;
  /** Share of lopsided puzzles (`isLopsided`). */
  lopsided: number;
  /** Puzzles whose first move is a reflex (the one move that gains most at once). */
  reflex: number;
  /** Mean plies of calculation before the material comes back for good. */
  calculation: number;
}

/**
 * A bank by its stated levels: how hard each level is by the measure, its lopsided share and its
 * reflex first moves (first-edition puzzles left out, as elsewhere).
 */
export function levelFigures(bank: readonly Puzzle[]): LevelFigures[] {
  const rows = bank
    .filter((p) => p.source !== EDITION_1)
    .map((p) => ({ p, h: measureHardness(p), lopsided: describeEntry(p)?.lopsided === true }))
    .filter((r): r is { p: Puzzle; h: Hardness; lopsided: boolean } => typeof r.h !== 'string');
  return DIFFICULTIES.map((level) => {
    const xs = rows.filter((r) => r.p.difficulty === level);
    const n = Math.max(1, xs.length);
    const sum = (f: (r: (typeof xs)[number]) => number) => xs.reduce((a, r) => a + f(r), 0);
    return {
      level,
      puzzles: xs.length,
      points: sum((r) => hardnessPoints(r.h)) / n,
      lopsided: sum((r) => (r.lopsided ? 1 : 0)) / n,
      reflex: sum((r) => (r.h.reflex ? 1 : 0)),
      calculation: sum((r) => r.h.calculation) / n,
    };
  });
}

/** The training pool's rule by level: no level more than `TRAINING_RULES.maxLopsided` lopsided. */
export function levelLopsidedProblems(training: readonly LevelFigures[]): string[] {
  return training
    .filter((l) => l.lopsided > TRAINING_RULES.maxLopsided)
    .map(
      (l) =>
        `training: level ${l.level} is ${pct(l.lopsided, 1)} lopsided (at most ${pct(TRAINING_RULES.maxLopsided, 1)})`,
    );
}

export interface VerifyReport {
  checked: number;
  failures: { bank: string; id: number; problems: string[] }[];
  /** Problems of the banks as a whole (shares, duplicates, the schedule, near-duplicates, guessable). */
  bankProblems: string[];
  counts: { daily: BankCounts; training: BankCounts };
  /**
   * Near-duplicates under the spacing rule. Future daily pairs and training–daily pairs are bank
   * problems (`nearProblems`); published pairs can no longer change and are only reported.
   */
  near: NearReport;
  /** The day `near` split at. */
  today: string;
  /** Each bank by level: hardness, lopsided share, reflex first moves (reported). */
  levels: { daily: LevelFigures[]; training: LevelFigures[] };
  /**
   * Guessable puzzles of each bank: bank problems, but for daily puzzles dated `today` or before
   * (published: only reported).
   */
  guessable: { daily: GuessReport; training: GuessReport };
  /**
   * Puzzles that break a line rule (a lone piece chased, a reflex first move): bank problems, but for
   * daily puzzles dated before `THIRD_EDITION_DATE` (published under the rules of their time: only
   * reported).
   */
  lines: { daily: LineRuleReport; training: LineRuleReport };
  milliseconds: number;
}

/**
 * The sizes the banks are held to: three years of daily puzzles (2026-11-30 up to 2029-11-29, 1,096
 * days: 2028 is a leap year), and a training pool of 2,500.
 */
export const MIN_DAILY = 1096;
export const MIN_TRAINING = 2500;

export function verifyBanks(
  daily: readonly Puzzle[],
  training: readonly Puzzle[],
  schedule: readonly ScheduleEntry[],
  options: VerifyOptions = {},
): VerifyReport {
  const now = options.now ?? Date.now;
  const start = now();
  const counts = { daily: countBank(daily), training: countBank(training) };
  const bankProblems = [
    ...shareProblems('daily', counts.daily, MIN_DAILY, BANK_RULES),
    ...shareProblems('training', counts.training, MIN_TRAINING, TRAINING_RULES),
    ...duplicateProblems(daily, training),
    ...scheduleProblems(daily, schedule),
  ];
  const today = options.today ?? istanbulDate(new Date());
  const failures: VerifyReport['failures'] = [];
  let checked = 0;
  const random = new Random(options.seed ?? 0);
  for (const [name, bank] of [
    ['daily', daily],
    ['training', training],
  ] as const) {
    let chosen = [...bank];
    if (options.sample !== undefined && options.sample < bank.length)
      chosen = random
        .shuffle(chosen)
        .slice(0, options.sample)
        .sort((a, b) => a.id - b.id);
    for (const p of chosen) {
      const problems = verifyPuzzle(p);
      checked++;
      if (problems.length > 0) failures.push({ bank: name, id: p.id, problems });
      options.onPuzzle?.(name, p, problems);
    }
  }
  const near = nearDuplicates(daily, training, today);
  const guessable = { daily: guessablePuzzles(daily), training: guessablePuzzles(training) };
  const lines = { daily: lineRuleReport(daily), training: lineRuleReport(training) };
  bankProblems.push(
    ...nearProblems(near),
    ...guessProblems(daily, guessable, today),
    ...lineRuleProblems(daily, lines),
  );
  const levels = { daily: levelFigures(daily), training: levelFigures(training) };
  bankProblems.push(...levelLopsidedProblems(levels.training));
  return {
    checked,
    failures,
    bankProblems,
    counts,
    near,
    today,
    levels,
    guessable,
    lines,
    milliseconds: now() - start,
  };
}

const pairList = (list: readonly NearPair[]) =>
  list.map((p) => `#${p.a}–#${p.b} (${p.distance}${p.days === undefined ? '' : `, ${p.days} d`})`).join(' ');

/**
 * The near-duplicates the banks are held to: none on a future date within `NEAR_SPACING_DAYS` of
 * another daily puzzle, and no training puzzle within `NEAR_DISTANCE` of a daily one. Published
 * pairs (`dailyPast`) are not problems: those dates can no longer change.
 */
export function nearProblems(near: NearReport): string[] {
  const out: string[] = [];
  if (near.dailyFuture.length > 0)
    out.push(
      `daily: ${near.dailyFuture.length} near-duplicate pairs within ${NEAR_SPACING_DAYS} days on future dates: ` +
        pairList(near.dailyFuture),
    );
  if (near.trainingDaily.length > 0)
    out.push(
      `training: ${near.trainingDaily.length} training–daily pairs within distance ${NEAR_DISTANCE}: ` +
        pairList(near.trainingDaily),
    );
  return out;
}

/** The guessable puzzles the banks are held to: every training one, and daily ones after `today`. */
export function guessProblems(
  daily: readonly Puzzle[],
  guessable: { daily: GuessReport; training: GuessReport },
  today: string,
): string[] {
  const todayNumber = dayNumber(today);
  const future = new Set(
    daily
      .filter((p) => p.date !== undefined && (dayNumber(p.date) ?? Infinity) > (todayNumber ?? Infinity))
      .map((p) => p.id),
  );
  const out: string[] = [];
  for (const [name, report, held] of [
    ['daily', guessable.daily, (id: number) => future.has(id)],
    ['training', guessable.training, () => true],
  ] as const) {
    const ids = [...report.fewMoves, ...report.fewCaptures].filter(held).sort((a, b) => a - b);
    if (ids.length > 0)
      out.push(
        `${name}: ${ids.length} guessable (fewer than ${GUESS_MIN_CHOICES} first moves): #${ids.join(' #')}`,
      );
  }
  return out;
}
