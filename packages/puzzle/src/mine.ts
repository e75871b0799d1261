/**
 * The second edition's filters: what makes a position a puzzle, decided by the prover. A candidate
 * comes from anywhere (self-play in `dama puzzles mine`, a hand-built position in a test); `judge`
 * either turns it into a puzzle with its main line, themes and difficulty, or says why not.
 *
 * Every puzzle satisfies all of these (README, "Rules of a puzzle"):
 * - the defender has at least 2 pieces;
 * - at least 3 legal first moves, and the first move is not a capture with 3 or fewer legal moves;
 * - the side to move wins in exactly N of its own moves, 2 ≤ N ≤ 4;
 * - no other first move wins even with one move more (within N + 1);
 * - the first move is not a capture that leaves the defender a single piece;
 * - the main line never leaves the defender a single piece before the solver's last move (a chase
 *   of a lone piece is not part of a combination: N counts the moves to the decisive gain);
 * - the first move is not a reflex: the one move that gains most at once (hardness.ts).
 * The last two are the third edition's (`LINE_RULES`): `judge` applies them unless told not to, for
 * the daily puzzles published before them.
 */
import { makeFen, makeNotation, opposite, Position, type Move, type Placement } from '@dama/core';
import type { Difficulty, Theme } from './bank.ts';
import { isKingVsKing, isLost, losesWithin, proveWinDistance, withNodeLimit } from './prover.ts';
import { rankDefences } from './solution.ts';
import type { Random } from '@dama/core';
import { measureHardness } from './hardness.ts';
import { difficulty, lineThemes, measure, playLine } from './tags.ts';

export type Rejection =
  | 'game-over'
  | 'lone-defender'
  | 'few-moves'
  | 'no-win'
  | 'win-in-1'
  | 'slower-second-win'
  | 'capture-few-moves'
  | 'trivial'
  | 'lone-line'
  | 'reflex'
  | 'undecided';

export const REJECTIONS: readonly Rejection[] = [
  'game-over',
  'lone-defender',
  'few-moves',
  'no-win',
  'win-in-1',
  'slower-second-win',
  'capture-few-moves',
  'trivial',
  'lone-line',
  'reflex',
  'undecided',
];

/** The rules of a puzzle's main line added by the third edition (see the module's comment). */
export type LineRule = 'lone-line' | 'reflex';

/** Fewer legal first moves than this is a guess, not a puzzle (one is forced, two a coin toss). */
export const MIN_LEGAL_MOVES = 3;
/** A capture as the first move needs more legal moves than this (otherwise 3 tries cover them). */
export const CAPTURE_MIN_LEGAL = 4;
/**
 * Fewer first moves than this and a player finds the answer by elimination: three wrong tries fail
 * a puzzle, so with three choices (or fewer) the third try cannot be wrong. Held bank-wide by
 * verify.ts (guessable puzzles), and by the third edition's banks (build.ts `editionBreak`).
 */
export const GUESS_MIN_CHOICES = 4;
/** The defender needs at least this many pieces (one piece is a mop-up, not a combination). */
export const MIN_DEFENDER_PIECES = 2;
export const MIN_MOVES = 2;
export const MAX_MOVES = 4;

/** A proven puzzle before it gets its number in a bank. */
export interface Candidate {
  fen: string;
  moves: 2 | 3 | 4;
  line: string[];
  themes: Theme[];
  difficulty: Difficulty;
  source: string;
  /** Legal first moves, and the fixed-depth searcher's depth and nodes to settle on the solution. */
  stats: { legal: number; depth: number; nodes: number };
}

/**
 * Lopsided: the solver is 3 or more pieces ahead, or has a king against men only while not behind
 * in pieces. Such positions are allowed, on at most a fifth of a bank.
 */
export function isLopsided(pos: Position): boolean {
  const solver = pos.turn;
  const defender = opposite(solver);
  const lead = pos.count(solver) - pos.count(defender);
  if (lead >= 3) return true;
  return pos.count(solver, 'king') > 0 && pos.count(defender, 'king') === 0 && lead >= 0;
}

/** The first move is a capture that leaves the defender a single piece: take almost all, then mop up. */
export function isTrivial(pos: Position, first: Move): boolean {
  if (first.captures.length === 0) return false;
  const after = pos.play(first);
  return after.count(after.turn) <= 1;
}

/**
 * The first moves that win within `n` + 1: each is tried and the defender must lose within `n` of
 * the solver's moves after it. Stops once `stopAt` are found.
 */
export function winsWithinOneMore(pos: Position, n: number, stopAt = Infinity): Move[] {
  const out: Move[] = [];
  for (const m of pos.legalMoves()) {
    if (losesWithin(pos.play(m), n)) out.push(m);
    if (out.length >= stopAt) break;
  }
  return out;
}

/**
 * The main line of a win within `n`: at each solver turn the first winning move in notation order
 * (the only one at the first move of a puzzle), at each defender turn the longest-holding reply
 * (`rankDefences`).
 */
export function provenLine(pos: Position, n: number): string[] {
  const line: string[] = [];
  let at = pos;
  for (let left = n; left >= 1; left--) {
    const winning = at
      .legalMoves()
      .filter((m) => losesWithin(at.play(m), left - 1))
      .map((m) => ({ m, text: makeNotation(m) }))
      .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    if (winning.length === 0) throw new Error(`no win within ${left} at ${makeFen(at)}`);
    line.push(winning[0].text);
    at = at.play(winning[0].m);
    if (isLost(at)) break;
    const best = rankDefences(at, left - 1)[0];
    line.push(best.notation);
    at = at.play(best.move);
  }
  return line;
}

/**
 * The main line leaves the defender a single piece at a solver's turn before the last move: the
 * combination was over there, and the rest of the line is a lone piece chased down.
 */
export function chasesLonePiece(pos: Position, line: readonly string[]): boolean {
  const { positions } = playLine(pos, [...line]);
  const defender = opposite(pos.turn);
  // positions[i] with i even is a solver's turn; the last solver's turn is the one before the last move.
  for (let i = 2; i < positions.length - 1; i += 2)
    if (positions[i].count(defender) < MIN_DEFENDER_PIECES) return true;
  return false;
}

/** The line rule a puzzle (its FEN's position and main line) breaks first, or undefined. */
export function lineRuleBroken(pos: Position, line: readonly string[]): LineRule | undefined {
  if (chasesLonePiece(pos, line)) return 'lone-line';
  const h = measureHardness({ fen: makeFen(pos), line: [...line] });
  if (typeof h !== 'string' && h.reflex) return 'reflex';
  return undefined;
}

/** The first move is answered by a capture (it gives a piece). */
export const firstIsGift = (line: readonly string[]): boolean => line.length > 1 && line[1].includes('x');

/** The rules that need no proof: the first one `pos` breaks, or undefined. */
export function precheck(pos: Position): Rejection | undefined {
  const defender = opposite(pos.turn);
  if (isLost(pos) || isKingVsKing(pos) || pos.count(defender) === 0) return 'game-over';
  if (pos.count(defender) < MIN_DEFENDER_PIECES) return 'lone-defender';
  const legal = pos.legalMoves();
  if (legal.length < MIN_LEGAL_MOVES) return 'few-moves';
  if (legal.every((m) => m.captures.length > 0) && legal.length < CAPTURE_MIN_LEGAL)
    return 'capture-few-moves';
  return undefined;
}

/**
 * Judge a position: a puzzle, or the first rule it breaks. `nodeLimit` bounds each proof (the
 * candidate is 'undecided' when a proof runs past it), so a miner never stalls on one position.
 * `lineRules: false` leaves out the third edition's line rules (`lineRuleBroken`).
 */
export function judge(
  pos: Position,
  source: string,
  nodeLimit = Infinity,
  options: { lineRules?: boolean } = {},
): { candidate: Candidate } | { rejected: Rejection } {
  const early = precheck(pos);
  if (early) return { rejected: early };
  const legal = pos.legalMoves();
  const n = withNodeLimit(nodeLimit, () => proveWinDistance(pos, MAX_MOVES) ?? 0);
  if (n === undefined) return { rejected: 'undecided' };
  if (n === 0) return { rejected: 'no-win' };
  if (n < MIN_MOVES) return { rejected: 'win-in-1' };
  const winning = withNodeLimit(nodeLimit, () => winsWithinOneMore(pos, n, 2));
  if (winning === undefined) return { rejected: 'undecided' };
  if (winning.length !== 1) return { rejected: 'slower-second-win' };
  const first = winning[0];
  if (first.captures.length > 0 && legal.length < CAPTURE_MIN_LEGAL) return { rejected: 'capture-few-moves' };
  if (isTrivial(pos, first)) return { rejected: 'trivial' };
  const line = provenLine(pos, n);
  if (options.lineRules !== false) {
    const broken = lineRuleBroken(pos, line);
    if (broken) return { rejected: broken };
  }
  const themes = lineThemes(pos, line);
  const stats = measure(pos, first, n);
  const moves = n as 2 | 3 | 4;
  return {
    candidate: {
      fen: makeFen(pos),
      moves,
      line,
      themes,
      difficulty: difficulty(stats, moves, first.captures.length === 0, firstIsGift(line)),
      source,
      stats,
    },
  };
}

/**
 * Two puzzles are near-duplicates when they have the same material (solver's men and kings against
 * the defender's) and the same first move, after turning both so that the solver is White (flip the
 * ranks and swap the colours) and mirroring across the d/e axis when that gives the smaller move —
 * both are symmetries of the rules. The same position is of course a near-duplicate of itself.
 */
export function nearDuplicateKey(
  pos: Position,
  first: { from: number; to: number; captures: number[] },
): string {
  const solver = pos.turn;
  const defender = opposite(solver);
  const turn = (sq: number) => (solver === 'white' ? sq : sq ^ 56);
  const mirror = (sq: number) => sq ^ 7;
  const from = turn(first.from);
  const to = turn(first.to);
  const plain = `${from}-${to}`;
  const mirrored = `${mirror(from)}-${mirror(to)}`;
  const moveKey = mirror(from) < from || (mirror(from) === from && mirror(to) < to) ? mirrored : plain;
  return [
    pos.count(solver, 'man'),
    pos.count(solver, 'king'),
    pos.count(defender, 'man'),
    pos.count(defender, 'king'),
    moveKey,
    first.captures.length,
  ].join(':');
}

/**
 * A random endgame, men never on rank 1 or 8: three times in ten men only (2–5 a side, so that
 * puzzles without kings exist too), otherwise 0–4 men and 0–2 kings a side; 3–12 pieces in all.
 */
export function randomSetup(random: Random): Position | undefined {
  const used = new Set<number>();
  const pieces: Placement[] = [];
  const menOnly = random.int(10) < 3;
  for (const color of ['white', 'black'] as const) {
    const men = menOnly ? 2 + random.int(4) : random.int(5);
    const kings = menOnly ? 0 : random.int(3) === 0 ? random.int(3) : random.int(2);
    for (let i = 0; i < men + kings; i++) {
      const king = i >= men;
      let sq: number;
      do sq = king ? random.int(64) : 8 + random.int(48);
      while (used.has(sq));
      used.add(sq);
      pieces.push({ square: sq, color, role: king ? 'king' : 'man' });
    }
  }
  if (pieces.length < 3) return undefined;
  const r = Position.fromSetup({ turn: random.int(2) === 0 ? 'white' : 'black', pieces });
  if (!r.ok || r.value.count('white') === 0 || r.value.count('black') === 0) return undefined;
  return r.value;
}
