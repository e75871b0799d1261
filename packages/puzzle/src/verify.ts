/**
 * Re-prove a bank from scratch: every stored claim about a puzzle is recomputed from its FEN and
 * compared. Nothing stored is trusted, so a hand edit or a change of the rules shows up here.
 */
import { makeFen, makeNotation, parseNotation, parsePosition } from '@dama/core';
import { parseBank, type Bank, type Puzzle } from './bank.ts';
import { isTrivial, MIN_LEGAL_MOVES, nearDuplicateKey } from './generate.ts';
import { isLost, winningMoves, winsWithin } from './prover.ts';
import { Random } from '@dama/core';
import { mainLine, rankDefences, solutionTree } from './solution.ts';
import { difficulty, material, measure, playLine, themes } from './tags.ts';

/** The problems of one puzzle; empty when everything it claims holds. */
export function verifyPuzzle(puzzle: Puzzle): string[] {
  const problems: string[] = [];
  const parsed = parsePosition(puzzle.fen);
  if (!parsed.ok) return [`bad FEN: ${parsed.error.message}`];
  const pos = parsed.value;
  if (makeFen(pos) !== puzzle.fen) problems.push('FEN is not in canonical form');
  const n = puzzle.moves;
  if (pos.legalMoves().length < MIN_LEGAL_MOVES) problems.push('fewer than 3 legal first moves');
  if (!winsWithin(pos, n)) return [...problems, `no forced win within ${n}`];
  if (winsWithin(pos, n - 1)) problems.push(`a forced win within ${n - 1} exists`);
  const winning = winningMoves(pos, n);
  if (winning.length !== 1) problems.push(`${winning.length} first moves win within ${n}`);
  else {
    if (makeNotation(winning[0]) !== puzzle.line[0])
      problems.push('the line does not start with the solution');
    if (isTrivial(pos, winning[0])) problems.push('trivial');
  }
  const tree = solutionTree(pos, n);
  if (JSON.stringify(tree) !== JSON.stringify(puzzle.tree))
    problems.push('stored tree differs from the proof');
  const line = mainLine(tree);
  if (JSON.stringify(line) !== JSON.stringify(puzzle.line))
    problems.push('stored line differs from the proof');
  // The line on its own: legal, longest defences, ends in a win.
  let at = pos;
  for (let i = 0; i < puzzle.line.length; i++) {
    const move = parseNotation(at, puzzle.line[i]);
    if (!move.ok) {
      problems.push(`line move ${i + 1} (${puzzle.line[i]}) is illegal`);
      return problems;
    }
    if (i % 2 === 1) {
      const movesLeft = n - (i + 1) / 2;
      const best = rankDefences(at, movesLeft)[0];
      const mine = rankDefences(at, movesLeft).find((d) => d.notation === makeNotation(move.value));
      if (!mine || mine.distance !== best.distance)
        problems.push(`line move ${i + 1} (${puzzle.line[i]}) is not a longest defence`);
    }
    at = at.play(move.value);
  }
  if (!isLost(at)) problems.push('the line does not end in a win');
  // Tags.
  if (JSON.stringify(material(pos)) !== JSON.stringify(puzzle.pieces)) problems.push('piece counts differ');
  if (JSON.stringify(themes(pos, puzzle.line)) !== JSON.stringify(puzzle.themes))
    problems.push('themes differ');
  if (winning.length === 1) {
    const stats = measure(pos, winning[0], n);
    if (JSON.stringify(stats) !== JSON.stringify(puzzle.stats)) problems.push('search statistics differ');
    const { moves } = playLine(pos, puzzle.line.slice(0, 1));
    const d = difficulty(stats, n, moves[0].captures.length === 0, puzzle.themes.includes('sacrifice'));
    if (d !== puzzle.difficulty) problems.push(`difficulty is ${puzzle.difficulty}, the formula gives ${d}`);
  }
  return problems;
}

export interface VerifyOptions {
  /** Verify this many puzzles chosen at random (all when absent). */
  sample?: number;
  /** Seed of the sample. */
  seed?: number;
  /** Called after each puzzle. */
  onPuzzle?: (puzzle: Puzzle, problems: string[]) => void;
  /**
   * The clock that times the run, in milliseconds (the package uses no platform timer; the CLI
   * passes `performance.now`). Default `Date.now`.
   */
  now?: () => number;
}

export interface VerifyReport {
  /** Puzzles re-proved. */
  checked: number;
  /** Puzzles in the bank. */
  total: number;
  failures: { id: number; problems: string[] }[];
  /** Problems of the bank as a whole (shape, duplicates). */
  bankProblems: string[];
  milliseconds: number;
}

/** Re-prove a bank (all of it, or a sample), and check bank-wide rules on all of it. */
export function verifyBank(raw: unknown, options: VerifyOptions = {}): VerifyReport {
  const now = options.now ?? Date.now;
  const start = now();
  const parsed = parseBank(raw);
  if (!parsed.ok)
    return { checked: 0, total: 0, failures: [], bankProblems: [parsed.error], milliseconds: 0 };
  const bank: Bank = parsed.value;
  const bankProblems: string[] = [];
  const fens = new Map<string, number>();
  const keys = new Map<string, number>();
  for (const p of bank.puzzles) {
    const other = fens.get(p.fen);
    if (other !== undefined) bankProblems.push(`puzzles ${other} and ${p.id} have the same FEN`);
    fens.set(p.fen, p.id);
    const pos = parsePosition(p.fen);
    if (!pos.ok) continue;
    const first = parseNotation(pos.value, p.line[0]);
    if (!first.ok) continue;
    const key = nearDuplicateKey(pos.value, first.value);
    const twin = keys.get(key);
    if (twin !== undefined) bankProblems.push(`puzzles ${twin} and ${p.id} are near-duplicates`);
    keys.set(key, p.id);
  }
  let chosen = bank.puzzles;
  if (options.sample !== undefined && options.sample < bank.puzzles.length)
    chosen = new Random(options.seed ?? 0)
      .shuffle([...bank.puzzles])
      .slice(0, options.sample)
      .sort((a, b) => a.id - b.id);
  const failures: { id: number; problems: string[] }[] = [];
  for (const p of chosen) {
    const problems = verifyPuzzle(p);
    if (problems.length > 0) failures.push({ id: p.id, problems });
    options.onPuzzle?.(p, problems);
  }
  return {
    checked: chosen.length,
    total: bank.puzzles.length,
    failures,
    bankProblems,
    milliseconds: now() - start,
  };
}
