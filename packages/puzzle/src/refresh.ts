/**
 * The third edition of the banks, made from the second and new mined candidates
 * (`dama puzzles refresh`). Published daily dates never change; everything else is held to the third
 * edition's rules:
 *
 * - the line rules (mine.ts `lineRuleBroken`: no lone piece chased, no reflex first move) and 4+
 *   first moves: the future daily puzzles and the training puzzles that break them leave the banks;
 * - the daily bank keeps its length: new candidates take the places left (big positions and
 *   self-play first, within `BANK_RULES`, none near a training puzzle), every future puzzle gets its
 *   daily level from the hardness measure (`DAILY_HARDNESS_STEPS`), and the future dates are
 *   scheduled again by the weekday ladder (`scheduleOrder`), then respaced (`respaceDaily`);
 * - the training pool keeps its ids (a gap where a puzzle left), gains the candidates left over
 *   (none near a daily puzzle, within `TRAINING_RULES`), and every level holds at most
 *   `TRAINING_RULES.maxLopsided` lopsided puzzles (the highest ids of a level over it leave).
 *
 * Pure and deterministic: the same banks, candidates, day and seed give the same banks.
 */
import { parsePosition, Random } from '@dama/core';
import { DIFFICULTIES, EDITION_1, type Difficulty, type Puzzle } from './bank.ts';
import {
  BANK_RULES,
  describeEntry,
  editionBreak,
  entryRank,
  fill,
  freshEntries,
  scheduleOrder,
  Shares,
  TRAINING_RULES,
  WEEKDAY_DIFFICULTY,
  type Entry,
  type MinedRecord,
  type Skipped,
} from './build.ts';
import { dateOfNumber, puzzleNumber } from './daily.ts';
import { shapeDistance, shapeOf, type Shape } from './distance.ts';
import { DAILY_HARDNESS_STEPS, hardnessLevel, hardnessPoints, levelOf, measureHardness } from './hardness.ts';
import type { LineRule } from './mine.ts';
import { pruneTraining, respaceDaily, type PruneReport, type RespaceReport } from './respace.ts';
import { NEAR_DISTANCE } from './verify.ts';

export interface RefreshOptions {
  daily: readonly Puzzle[];
  training: readonly Puzzle[];
  candidates: readonly MinedRecord[];
  /** 'YYYY-MM-DD': this date and those before it are published and stay as they are. */
  today: string;
  /** Most candidates taken from one self-play game (default 6). */
  perGame?: number;
  seed?: number;
  /** The daily levels' steps (default `DAILY_HARDNESS_STEPS`). */
  dailySteps?: readonly number[];
}

/** Why a puzzle left a bank. */
export type LeaveReason = LineRule | 'guessable' | 'lopsided';

export interface RefreshReport {
  daily: Puzzle[];
  training: Puzzle[];
  /** Daily dates kept as they were (today and before). */
  published: number;
  /** Future daily puzzles taken out, by their number before. */
  dailyLeft: { id: number; reason: LeaveReason }[];
  /** Candidates that joined the daily bank, and the training pool. */
  added: { daily: number; training: number };
  /** The respacing of the scheduled future dates. */
  respace: Pick<RespaceReport, 'moved' | 'dropped' | 'levelChanged'>;
  /** Training puzzles taken out, by id: line rules and guessable, then a level's lopsided share. */
  trainingLeft: { id: number; reason: LeaveReason }[];
  /** What `pruneTraining` took out after (near a daily puzzle, the shares). */
  pruned: Omit<PruneReport, 'training'>;
  skipped: Skipped;
  /**
   * The future daily puzzles' hardness points at the weekday ladder's quantiles (1/7, 2/7, 4/7,
   * 6/7): the steps that give each daily level as many puzzles as the weekdays asking for it.
   */
  quantiles: number[];
  /** The training pool's hardness points at its quintiles: what `HARDNESS_STEPS` should be. */
  trainingQuantiles: number[];
}

/** Why a bank puzzle breaks the third edition's rules, or undefined (an unreadable one is verify's to report). */
function breaks(p: Puzzle): LeaveReason | undefined {
  const reason = editionBreak(p);
  return reason === 'unreadable' ? undefined : reason;
}

const shapeOfFen = (fen: string): Shape | undefined => {
  const parsed = parsePosition(fen);
  return parsed.ok ? shapeOf(parsed.value) : undefined;
};

/** Whether `fen` is within `NEAR_DISTANCE` of any of `shapes`. */
const nearAny = (fen: string, shapes: readonly Shape[]): boolean => {
  const a = shapeOfFen(fen);
  return a !== undefined && shapes.some((b) => shapeDistance(a, b) <= NEAR_DISTANCE);
};

/** The points at the cumulative `shares` (each 0–1) of `points`: where levels 2, 3, 4 and 5 begin. */
export function quantileSteps(points: readonly number[], shares: readonly number[]): number[] {
  const sorted = [...points].sort((a, b) => a - b);
  if (sorted.length === 0) return shares.map(() => 0);
  return shares.map((q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
}

/** The weekday ladder's cumulative shares at which daily levels 2–5 begin (1/7, 2/7, 4/7, 6/7). */
export function dailyLevelSteps(points: readonly number[]): number[] {
  const perWeek = DIFFICULTIES.map((l) => WEEKDAY_DIFFICULTY.filter((d) => d === l).length);
  const shares: number[] = [];
  let below = 0;
  for (let l = 0; l < 4; l++) shares.push((below += perWeek[l]) / 7);
  return quantileSteps(points, shares);
}

/** The training levels' shares: a fifth of the pool each. */
export const TRAINING_LEVEL_SHARES = [0.2, 0.4, 0.6, 0.8] as const;

const points = (p: Pick<Puzzle, 'fen' | 'line'>): number => {
  const h = measureHardness(p);
  return typeof h === 'string' ? 0 : hardnessPoints(h);
};

export function refreshBanks(options: RefreshOptions): RefreshReport {
  const steps = options.dailySteps ?? DAILY_HARDNESS_STEPS;
  const random = new Random(options.seed ?? 1);
  const published = Math.max(0, Math.min(options.daily.length, puzzleNumber(options.today)));
  const past = options.daily.slice(0, published);
  const future = options.daily.slice(published);

  // 1. What breaks the rules leaves.
  const dailyLeft: RefreshReport['dailyLeft'] = [];
  const futureKept: Puzzle[] = [];
  for (const p of future) {
    const reason = breaks(p);
    if (reason) dailyLeft.push({ id: p.id, reason });
    else futureKept.push(p);
  }
  const trainingLeft: RefreshReport['trainingLeft'] = [];
  let training: Puzzle[] = [];
  for (const p of options.training) {
    const reason = breaks(p);
    if (reason) trainingLeft.push({ id: p.id, reason });
    else training.push({ ...p, difficulty: levelOf(p) ?? p.difficulty });
  }

  // 2. The candidates: new to both banks as they were (a puzzle taken out does not come back as a
  // near twin), best first.
  const fens = new Set<string>();
  const keys = new Set<string>();
  for (const p of [...options.daily, ...options.training]) {
    fens.add(p.fen);
    const e = describeEntry(p);
    if (e) keys.add(e.key);
  }
  const skipped: Skipped = { duplicate: 0, perGame: 0, shares: 0, invalid: 0, rules: 0 };
  const fresh = freshEntries(options.candidates, fens, keys, options.perGame ?? 6, skipped);
  random.shuffle(fresh);
  fresh.sort((a, b) => entryRank(a) - entryRank(b));

  // 3. The daily bank back to its length, with candidates not near a training puzzle.
  const trainingShapes = training.map((p) => shapeOfFen(p.fen)).filter((s): s is Shape => s !== undefined);
  const forDaily = fresh.filter((e) => !nearAny(e.puzzle.fen, trainingShapes));
  const dailyShares = new Shares();
  for (const p of [...past, ...futureKept]) {
    const e = describeEntry(p);
    if (e && p.source !== EDITION_1) dailyShares.add(e);
  }
  const need = options.daily.length - published - futureKept.length;
  const { taken } = fill(forDaily, dailyShares, BANK_RULES, need);
  const takenFens = new Set(taken.map((e) => e.puzzle.fen));

  // 4. Daily levels by hardness, the future dates scheduled by the weekday ladder, then respaced.
  const futureEntries: Entry[] = [
    ...futureKept.map((p) => describeEntry(p)).filter((e): e is Entry => e !== undefined),
    ...taken, // levelled below
  ];
  const futurePoints = futureEntries.map((e) => points(e.puzzle));
  const quantiles = dailyLevelSteps(futurePoints);
  const levelled = futureEntries.map((e, i) => ({
    ...e,
    puzzle: { ...e.puzzle, difficulty: hardnessLevel(futurePoints[i], steps) as Difficulty },
  }));
  const scheduled: Puzzle[] = [
    ...past,
    ...scheduleOrder(levelled, published + 1).map((e, i) => ({
      ...e.puzzle,
      id: published + i + 1,
      date: dateOfNumber(published + i + 1),
    })),
  ];
  const respaced = respaceDaily(scheduled, options.today);
  const daily = respaced.daily;

  // 5. The training pool: the candidates left, none near a daily puzzle, new ids after the highest.
  const dailyShapes = daily.map((p) => shapeOfFen(p.fen)).filter((s): s is Shape => s !== undefined);
  const forTraining = fresh.filter(
    (e) => !takenFens.has(e.puzzle.fen) && !nearAny(e.puzzle.fen, dailyShapes),
  );
  const trainingShares = new Shares();
  for (const p of training) {
    const e = describeEntry(p);
    if (e) trainingShares.add(e);
  }
  const added = fill(forTraining, trainingShares, TRAINING_RULES, Infinity);
  skipped.shares += added.left.length;
  let id = options.training.reduce((most, p) => Math.max(most, p.id), 0);
  for (const e of added.taken) training.push({ ...e.puzzle, id: ++id, date: undefined });
  const pruned = pruneTraining(training, daily);
  training = pruned.training;

  // 6. No level more than a fifth lopsided: the highest ids of a level over it leave.
  for (const level of DIFFICULTIES) {
    const inLevel = training.filter((p) => p.difficulty === level);
    const lopsided = inLevel.filter((p) => describeEntry(p)?.lopsided).sort((a, b) => b.id - a.id);
    let count = lopsided.length;
    let size = inLevel.length;
    const out = new Set<number>();
    for (const p of lopsided) {
      if (count <= TRAINING_RULES.maxLopsided * size) break;
      out.add(p.id);
      trainingLeft.push({ id: p.id, reason: 'lopsided' });
      count--;
      size--;
    }
    training = training.filter((p) => !out.has(p.id));
  }

  return {
    daily,
    training,
    published,
    dailyLeft,
    added: { daily: taken.length, training: added.taken.length },
    respace: { moved: respaced.moved, dropped: respaced.dropped, levelChanged: respaced.levelChanged },
    trainingLeft,
    pruned: { near: pruned.near, guessable: pruned.guessable, shares: pruned.shares },
    skipped,
    quantiles,
    trainingQuantiles: quantileSteps(training.map(points), TRAINING_LEVEL_SHARES),
  };
}
