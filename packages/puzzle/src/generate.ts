/**
 * The generator: candidate positions from random endgame set-ups and from self-play at several
 * levels, kept only when the prover says the side to move wins in exactly 2 or 3 moves with a unique
 * first move, and the position is neither trivial nor a near-duplicate of one already kept.
 * Deterministic: the same seed and count give the same bank.
 */
import { makeFen, Position, type Move, type Placement } from '@dama/core';
import type { Bank, Puzzle } from './bank.ts';
import { analyse, isKingVsKing, isLost } from './prover.ts';
import { Random } from '@dama/core';
import { searchFixed } from './search.ts';
import { mainLine, solutionTree } from './solution.ts';
import { difficulty, material, measure, themes } from './tags.ts';

export type Rejection =
  'game-over' | 'few-moves' | 'no-win' | 'win-in-1' | 'second-solution' | 'trivial' | 'near-duplicate';

/** Fewer legal first moves than this is a guess, not a puzzle (one is forced, two a coin toss). */
export const MIN_LEGAL_MOVES = 3;

/**
 * Build a puzzle from a position, or say why it is not one. `seen` holds the near-duplicate keys of
 * the puzzles kept so far (the new key is added when the puzzle is kept).
 */
export function examine(
  pos: Position,
  source: string,
  seen: Set<string> = new Set(),
): { puzzle: Omit<Puzzle, 'id'> } | { rejected: Rejection } {
  if (isLost(pos) || isKingVsKing(pos) || pos.count(pos.turn === 'white' ? 'black' : 'white') === 0)
    return { rejected: 'game-over' };
  if (pos.legalMoves().length < MIN_LEGAL_MOVES) return { rejected: 'few-moves' };
  const analysis = analyse(pos, 3);
  if (analysis.moves === undefined) return { rejected: 'no-win' };
  if (analysis.moves === 1) return { rejected: 'win-in-1' };
  if (analysis.winning.length !== 1) return { rejected: 'second-solution' };
  const first = analysis.winning[0];
  const moves = analysis.moves as 2 | 3;
  if (isTrivial(pos, first)) return { rejected: 'trivial' };
  const key = nearDuplicateKey(pos, first);
  if (seen.has(key)) return { rejected: 'near-duplicate' };
  const tree = solutionTree(pos, moves);
  const line = mainLine(tree);
  const tags = themes(pos, line);
  const stats = measure(pos, first, moves);
  seen.add(key);
  return {
    puzzle: {
      fen: makeFen(pos),
      moves,
      line,
      tree,
      pieces: material(pos),
      themes: tags,
      difficulty: difficulty(stats, moves, first.captures.length === 0, tags.includes('sacrifice')),
      source,
      stats,
    },
  };
}

/**
 * Trivial (beyond fewer than three legal moves, tested before): the first move is a capture that
 * leaves the defender a single piece — "take almost everything, then mop up".
 */
export function isTrivial(pos: Position, first: Move): boolean {
  if (first.captures.length === 0) return false;
  const after = pos.play(first);
  return after.count(after.turn) <= 1;
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
  const defender = solver === 'white' ? 'black' : 'white';
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

/** Self-play levels: search depth in plies and evaluation noise (hundredths of a man). */
export const SELF_PLAY_LEVELS = [
  { depth: 1, noise: 60 },
  { depth: 2, noise: 40 },
  { depth: 3, noise: 25 },
  { depth: 4, noise: 10 },
] as const;

/** Most pieces on the board for a self-play position to be a candidate. */
export const SELF_PLAY_MAX_PIECES = 14;

/**
 * One self-play game between two levels from the start (the first 2–5 plies random), and the
 * positions met once few enough pieces are left, in order.
 */
export function selfPlayGame(random: Random, white: number, black: number): Position[] {
  let pos = Position.start();
  const out: Position[] = [];
  const opening = 2 + random.int(4);
  for (let ply = 0; ply < 200; ply++) {
    const moves = pos.legalMoves();
    if (moves.length === 0 || isKingVsKing(pos)) break;
    if (pos.count('white') + pos.count('black') <= SELF_PLAY_MAX_PIECES) out.push(pos);
    let move = moves[0];
    if (ply < opening) move = random.pick(moves);
    else if (moves.length > 1) {
      const level = SELF_PLAY_LEVELS[pos.turn === 'white' ? white : black];
      move = moves[searchFixed(pos, level.depth, level.noise, random).index];
    }
    pos = pos.play(move);
  }
  return out;
}

export interface GenerateOptions {
  count: number;
  seed: number;
  /** Called now and then with the number of puzzles kept and candidates tried. */
  onProgress?: (kept: number, tried: number) => void;
}

export interface GenerateReport {
  bank: Bank;
  tried: number;
  rejected: Record<Rejection, number>;
}

/**
 * Build a bank. Candidates come in turn from a self-play game (every position of it with few pieces
 * until one is kept, so a game gives at most one puzzle) and from random set-ups; each of the four
 * kinds (source × 2 or 3 moves) may fill a quarter of the bank, the rest is filled from the overflow
 * in the order found.
 */
export function generateBank(options: GenerateOptions): GenerateReport {
  const random = new Random(options.seed);
  const seen = new Set<string>();
  const fens = new Set<string>();
  const quota = Math.ceil(options.count / 4);
  const kinds = new Map<string, Omit<Puzzle, 'id'>[]>();
  const overflow: Omit<Puzzle, 'id'>[] = [];
  const rejected: Record<Rejection, number> = {
    'game-over': 0,
    'few-moves': 0,
    'no-win': 0,
    'win-in-1': 0,
    'second-solution': 0,
    trivial: 0,
    'near-duplicate': 0,
  };
  let tried = 0;
  let kept = 0;
  const keep = (puzzle: Omit<Puzzle, 'id'>, kind: string) => {
    const list = kinds.get(kind) ?? [];
    kinds.set(kind, list);
    if (list.length < quota) {
      list.push(puzzle);
      kept++;
    } else overflow.push(puzzle);
  };
  const consider = (pos: Position, source: string, kind: string): boolean => {
    tried++;
    if (tried % 500 === 0) options.onProgress?.(kept, tried);
    const fen = makeFen(pos);
    if (fens.has(fen)) {
      rejected['near-duplicate']++;
      return false;
    }
    const r = examine(pos, source, seen);
    if ('rejected' in r) {
      rejected[r.rejected]++;
      return false;
    }
    fens.add(fen);
    keep(r.puzzle, `${kind}-${r.puzzle.moves}`);
    return true;
  };
  // Stop when every kind has its quarter, or when the overflow makes up for a kind that is rare.
  const enough = () => kept >= options.count || kept + overflow.length >= Math.ceil(options.count * 1.25);
  while (!enough()) {
    const sp = ['selfplay-2', 'selfplay-3'].some((k) => (kinds.get(k)?.length ?? 0) < quota);
    const rs = ['random-2', 'random-3'].some((k) => (kinds.get(k)?.length ?? 0) < quota);
    if (sp) {
      const white = random.int(SELF_PLAY_LEVELS.length);
      const black = random.int(SELF_PLAY_LEVELS.length);
      for (const pos of selfPlayGame(random, white, black)) {
        const level = SELF_PLAY_LEVELS[pos.turn === 'white' ? white : black];
        if (consider(pos, `selfplay-d${level.depth}`, 'selfplay')) break;
      }
    }
    for (let i = 0; i < 40 && rs; i++) {
      const pos = randomSetup(random);
      if (pos) consider(pos, 'random', 'random');
    }
  }
  // Bank order: interleave the kinds so that neighbouring ids differ, deterministically.
  const ordered = interleave([...kinds.values()])
    .concat(overflow)
    .slice(0, options.count);
  const puzzles: Puzzle[] = ordered.map((p, i) => ({ id: i + 1, ...p }));
  return { bank: { version: 1, seed: options.seed, puzzles }, tried, rejected };
}

function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++)
    for (const l of lists) if (i < l.length) out.push(l[i]);
  return out;
}
