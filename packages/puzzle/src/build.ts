/**
 * From mined candidates to the two banks. The banks only grow: the puzzles already in them are kept
 * as they are, in place, and new ones are appended. A candidate joins a bank only when it is new
 * (no FEN and no near-duplicate key seen in either bank, so the pools never overlap) and the bank's
 * shares stay within the rules (`BANK_RULES` for the daily bank, `TRAINING_RULES` for training). The daily bank takes the best first (self-play over
 * random endgames), the training pool the rest.
 */
import { parseNotation, parsePosition, type Position } from '@dama/core';
import type { Difficulty, Puzzle, PuzzleStats, Theme } from './bank.ts';
import { EDITION_1, THEMES } from './bank.ts';
import { dateOfNumber } from './daily.ts';
import { dailyLevelOf, levelOf } from './hardness.ts';
import {
  firstIsGift,
  GUESS_MIN_CHOICES,
  isLopsided,
  lineRuleBroken,
  nearDuplicateKey,
  type LineRule,
} from './mine.ts';
import { Random } from '@dama/core';
import { difficulty, lineThemes } from './tags.ts';

/**
 * What keeps a puzzle (its FEN and main line) out of the third edition's banks: fewer than
 * `GUESS_MIN_CHOICES` first moves ('guessable'), or a line rule (mine.ts `lineRuleBroken`);
 * 'unreadable' for a bad FEN or an illegal line.
 */
export function editionBreak(
  p: Pick<Puzzle, 'fen' | 'line'>,
): LineRule | 'guessable' | 'unreadable' | undefined {
  const pos = parsePosition(p.fen);
  if (!pos.ok) return 'unreadable';
  if (pos.value.legalMoves().length < GUESS_MIN_CHOICES) return 'guessable';
  try {
    return lineRuleBroken(pos.value, p.line);
  } catch {
    return 'unreadable';
  }
}

export interface ShareRules {
  maxLopsided: number;
  minBig: number;
  bigPieces: number;
  maxTheme: number;
}

/** The daily bank's rules across the bank, checked by verify.ts. */
export const BANK_RULES: ShareRules = {
  /** At most this share lopsided (`isLopsided`). */
  maxLopsided: 0.2,
  /** At least this share with 10 or more pieces on the board. */
  minBig: 0.3,
  bigPieces: 10,
  /** No theme on more than this share. */
  maxTheme: 0.6,
};

/**
 * The training pool's: at most a fifth lopsided and no theme over 60%, as in the daily bank (the
 * judges check both banks alike), but 20% with 10+ pieces (most random endgames, which fill much
 * of the pool, are small). The pool first shipped half lopsided; its puzzles keep their numbers (a
 * player's ratings and retry list refer to them), so the share comes down only by what is added,
 * and no lopsided puzzle is added while it is over (`FIRST_TRAINING`).
 */
export const TRAINING_RULES: ShareRules = { ...BANK_RULES, minBig: 0.2 };

/** The training pool as first shipped (second edition): #1–#474, half of them lopsided. */
export const FIRST_TRAINING = 474;

/** What the miner writes for a candidate (one JSON object a line). */
export interface MinedRecord {
  fen: string;
  moves: number;
  line: string[];
  source: string;
  stats: PuzzleStats;
  game?: number;
}

export interface Entry {
  puzzle: Omit<Puzzle, 'id' | 'date'>;
  key: string;
  lopsided: boolean;
  big: boolean;
}

/** Both sides' pieces on the board (core's `pieceCount` counts one side's). */
export const totalPieces = (pos: Position): number => pos.count('white') + pos.count('black');

/** A bank puzzle's near-duplicate key and shares, or undefined when its FEN or first move is bad. */
export function describeEntry(p: Omit<Puzzle, 'id' | 'date'>): Entry | undefined {
  const pos = parsePosition(p.fen);
  if (!pos.ok) return undefined;
  const first = parseNotation(pos.value, p.line[0]);
  if (!first.ok) return undefined;
  return {
    puzzle: p,
    key: nearDuplicateKey(pos.value, first.value),
    lopsided: isLopsided(pos.value),
    big: totalPieces(pos.value) >= BANK_RULES.bigPieces,
  };
}

/**
 * A mined record with its themes and its training level (the hardness measure's) computed by this
 * version; the daily bank gives the puzzles it takes their daily level (`dailyLevelOf`).
 */
export function fromMined(r: MinedRecord): Entry | undefined {
  const pos = parsePosition(r.fen);
  if (!pos.ok) return undefined;
  const themes = lineThemes(pos.value, r.line);
  const quiet = !r.line[0].includes('x');
  const d: Difficulty = levelOf(r) ?? difficulty(r.stats, r.moves, quiet, firstIsGift(r.line));
  return describeEntry({ fen: r.fen, moves: r.moves, line: r.line, themes, difficulty: d, source: r.source });
}

/** Why a mined candidate was not taken: `shares` is counted by the caller. */
export interface Skipped {
  duplicate: number;
  perGame: number;
  shares: number;
  invalid: number;
  /** It breaks a line rule (mine.ts `lineRuleBroken`) or has fewer than 4 first moves. */
  rules: number;
}

/**
 * The candidates that may join a bank, in mined order: readable, keeping the line rules, with 4+
 * first moves, no FEN or near-duplicate key in `fens`/`keys` (which gain theirs), at most `perGame`
 * from one self-play game. `skipped` counts the others.
 */
export function freshEntries(
  candidates: readonly MinedRecord[],
  fens: Set<string>,
  keys: Set<string>,
  perGame: number,
  skipped: Skipped,
): Entry[] {
  const fresh: Entry[] = [];
  const fromGame = new Map<string, number>();
  for (const r of candidates) {
    const e = fromMined(r);
    if (!e) {
      skipped.invalid++;
      continue;
    }
    if (fens.has(r.fen) || keys.has(e.key)) {
      skipped.duplicate++;
      continue;
    }
    if (editionBreak(r) !== undefined) {
      skipped.rules++;
      continue;
    }
    const game = r.game === undefined || r.source === 'random' ? undefined : `${r.source}:${r.game}`;
    if (game !== undefined && (fromGame.get(game) ?? 0) >= perGame) {
      skipped.perGame++;
      continue;
    }
    if (game !== undefined) fromGame.set(game, (fromGame.get(game) ?? 0) + 1);
    fens.add(r.fen);
    keys.add(e.key);
    fresh.push(e);
  }
  return fresh;
}

/** Big positions first, then self-play before random endgames, lopsided ones last. */
export const entryRank = (e: Entry): number =>
  (e.puzzle.source === 'random' ? 1 : 0) + (e.big ? 0 : 2) + (e.lopsided ? 4 : 0);

/** An entry as the daily bank holds it: with its daily level. */
export const asDaily = (e: Entry): Entry => ({
  ...e,
  puzzle: { ...e.puzzle, difficulty: dailyLevelOf(e.puzzle) ?? e.puzzle.difficulty },
});

/** Counts of a bank, for the shares of `BANK_RULES`. */
export class Shares {
  size = 0;
  lopsided = 0;
  big = 0;
  themes = new Map<Theme, number>(THEMES.map((t) => [t, 0]));

  add(e: Entry): void {
    this.size++;
    if (e.lopsided) this.lopsided++;
    if (e.big) this.big++;
    for (const t of e.puzzle.themes) this.themes.set(t, (this.themes.get(t) ?? 0) + 1);
  }
}

/**
 * Take up to `target` of `candidates` (best first) into a bank whose puzzles have the shares
 * `kept`, keeping `rules`. For a size S of the bank, candidates are taken in order while the caps
 * counted on S allow them (a lopsided one while lopsided puzzles are under their share of S, a small
 * one while the big ones keep theirs, one of a theme while the theme is under its share); S is the
 * largest size (at most `target` more than the bank has) for which every share holds at the size
 * reached (or is broken by the kept puzzles alone, and no new puzzle adds to it). `kept` gains what was taken; the rest is
 * returned in order.
 */
export function fill(
  candidates: readonly Entry[],
  kept: Shares,
  rules: ShareRules,
  target: number,
): { taken: Entry[]; left: Entry[] } {
  const choose = (size: number) => {
    const caps = {
      lopsided: Math.floor(rules.maxLopsided * size),
      small: Math.floor((1 - rules.minBig) * size),
      theme: Math.floor(rules.maxTheme * size),
    };
    const counts = { lopsided: kept.lopsided, small: kept.size - kept.big, themes: new Map(kept.themes) };
    const taken: Entry[] = [];
    const left: Entry[] = [];
    for (const e of candidates) {
      const fits =
        taken.length < size - kept.size &&
        (!e.lopsided || counts.lopsided < caps.lopsided) &&
        (e.big || counts.small < caps.small) &&
        e.puzzle.themes.every((t) => (counts.themes.get(t) ?? 0) < caps.theme);
      if (!fits) {
        left.push(e);
        continue;
      }
      taken.push(e);
      if (e.lopsided) counts.lopsided++;
      if (!e.big) counts.small++;
      for (const t of e.puzzle.themes) counts.themes.set(t, (counts.themes.get(t) ?? 0) + 1);
    }
    return { taken, left };
  };
  // The choice is good when every share holds at the size reached, or is broken by the kept
  // puzzles alone (the training pool first shipped half lopsided: no new lopsided one then).
  const good = (taken: readonly Entry[]) => {
    const n = kept.size + taken.length;
    const count = (f: (e: Entry) => boolean) => taken.filter(f).length;
    if (kept.lopsided + count((e) => e.lopsided) > rules.maxLopsided * n && taken.some((e) => e.lopsided))
      return false;
    if (kept.big + count((e) => e.big) < rules.minBig * n && taken.some((e) => !e.big)) return false;
    for (const [t, k] of kept.themes) {
      const has = (e: Entry) => e.puzzle.themes.includes(t);
      if (k + count(has) > rules.maxTheme * n && taken.some(has)) return false;
    }
    return true;
  };
  let size = kept.size + Math.min(target, candidates.length);
  let best = choose(size);
  // Too few taken for the size counted on, and a share broken: count on a smaller size.
  while (!good(best.taken)) {
    size = Math.min(size - 1, kept.size + best.taken.length);
    best = choose(size);
  }
  for (const e of best.taken) kept.add(e);
  return best;
}

/** Weekday (0 Sunday … 6 Saturday) → the difficulty the daily puzzle aims at: easy Monday, hard weekend. */
export const WEEKDAY_DIFFICULTY = [4, 1, 2, 3, 3, 4, 5] as const;

export interface BuildOptions {
  daily: readonly Puzzle[];
  training: readonly Puzzle[];
  candidates: readonly MinedRecord[];
  /** The daily bank's size to reach. */
  dailyTarget: number;
  /** Most candidates taken from one self-play game (its combinations are often the same idea). */
  perGame?: number;
  seed?: number;
}

export interface BuildReport {
  daily: Puzzle[];
  training: Puzzle[];
  added: { daily: number; training: number };
  skipped: Skipped;
}

export function buildBanks(options: BuildOptions): BuildReport {
  const perGame = options.perGame ?? 6;
  const random = new Random(options.seed ?? 1);
  const fens = new Set<string>();
  const keys = new Set<string>();
  const dailyShares = new Shares();
  const trainingShares = new Shares();
  for (const [bank, shares] of [
    [options.daily, dailyShares],
    [options.training, trainingShares],
  ] as const)
    for (const p of bank) {
      fens.add(p.fen);
      const e = describeEntry(p);
      if (!e) continue;
      keys.add(e.key);
      if (p.source !== EDITION_1) shares.add(e);
    }
  const skipped: Skipped = { duplicate: 0, perGame: 0, shares: 0, invalid: 0, rules: 0 };
  const fresh = freshEntries(options.candidates, fens, keys, perGame, skipped);
  random.shuffle(fresh);
  fresh.sort((a, b) => entryRank(a) - entryRank(b));
  const need = Math.max(0, options.dailyTarget - options.daily.length);
  const { taken, left } = fill(fresh, dailyShares, BANK_RULES, need);
  const dailyNew = taken.map(asDaily);
  const rest = left.sort((a, b) => entryRank(a) - entryRank(b));
  const { taken: trainingNew, left: unused } = fill(rest, trainingShares, TRAINING_RULES, Infinity);
  skipped.shares += unused.length;
  const daily = [...options.daily];
  for (const e of scheduleOrder(dailyNew, daily.length + 1)) {
    const id = daily.length + 1;
    daily.push({ id, date: dateOfNumber(id), ...e.puzzle });
  }
  const training = [...options.training];
  // New ids follow the highest one in the pool: a gap left by a puzzle taken out is not filled.
  let id = training.reduce((most, p) => Math.max(most, p.id), 0);
  for (const e of trainingNew) training.push({ id: ++id, date: undefined, ...e.puzzle });
  return { daily, training, added: { daily: dailyNew.length, training: trainingNew.length }, skipped };
}

/**
 * The order of new daily puzzles from #`first` on: each day takes a puzzle of its weekday's
 * difficulty (`WEEKDAY_DIFFICULTY`), or the nearest one left, and themes rotate (the puzzle whose
 * themes were seen least recently among those of that difficulty).
 */
export function scheduleOrder(entries: readonly Entry[], first: number): Entry[] {
  const left = [...entries];
  const out: Entry[] = [];
  const lastSeen = new Map<string, number>();
  for (let n = first; left.length > 0; n++) {
    const weekday = new Date(`${dateOfNumber(n)}T12:00:00Z`).getUTCDay();
    const want = WEEKDAY_DIFFICULTY[weekday];
    let best = -1;
    let bestScore = Infinity;
    for (let i = 0; i < left.length; i++) {
      const p = left[i].puzzle;
      const recent = p.themes.reduce((m, t) => Math.max(m, lastSeen.get(t) ?? -Infinity), -Infinity);
      const score = Math.abs(p.difficulty - want) * 1000 + (recent === -Infinity ? 0 : recent - n + 100);
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    }
    const [e] = left.splice(best, 1);
    for (const t of e.puzzle.themes) lastSeen.set(t, n);
    out.push(e);
  }
  return out;
}
