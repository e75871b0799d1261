/**
 * The puzzle bank: its types, a structural check for data read from anywhere (`parseBank`), and the
 * writer that keeps `data/bank.json` compact and already in Prettier's shape.
 */
import { isObject } from '@dama/core';
import type { SolutionTree } from './solution.ts';

export const THEMES = ['sacrifice', 'king', 'blockade', 'promotion'] as const;
export type Theme = (typeof THEMES)[number];

export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Pieces of one colour. */
export interface Material {
  men: number;
  kings: number;
}

/** The measured quantities behind a puzzle's difficulty (see difficulty.ts). */
export interface PuzzleStats {
  /** Legal first moves. */
  legal: number;
  /** Depth (plies) from which the fixed-depth searcher picks the solution; 2·moves when it never does. */
  depth: number;
  /** Nodes the searcher spent up to that depth. */
  nodes: number;
}

export interface Puzzle {
  /** 1, 2, 3 … in bank order. */
  id: number;
  /** The position, side to move = the solver. */
  fen: string;
  /** The solver forces a win in exactly this many of its own moves. */
  moves: 2 | 3;
  /** The main line: solver, defender (longest-holding reply), solver, … ending with the winning move. */
  line: string[];
  /** Every accepted solver move, with the defender's prepared reply to each (solution.ts). */
  tree: SolutionTree;
  pieces: { white: Material; black: Material };
  themes: Theme[];
  difficulty: Difficulty;
  /** Where it came from: a `random` set-up, or `selfplay-dN`, self-play with the solver at depth N. */
  source: string;
  stats: PuzzleStats;
}

export interface Bank {
  version: 1;
  /** The generator's seed; `dama puzzles generate --seed S --count N` rebuilds the same bank. */
  seed: number;
  puzzles: Puzzle[];
}

function isTree(x: unknown, depth: number): x is SolutionTree {
  if (!isObject(x) || depth > 8) return false;
  for (const value of Object.values(x)) {
    if (value === null) continue;
    if (!isObject(value)) return false;
    for (const next of Object.values(value)) if (!isTree(next, depth + 1)) return false;
  }
  return true;
}

function isMaterial(x: unknown): x is Material {
  return isObject(x) && Number.isInteger(x.men) && Number.isInteger(x.kings);
}

/** Why a value is not a puzzle, or undefined when it is one (structure only; verify.ts proves it). */
export function puzzleProblem(x: unknown): string | undefined {
  if (!isObject(x)) return 'not an object';
  if (!Number.isInteger(x.id)) return 'id is not a whole number';
  if (typeof x.fen !== 'string') return 'fen is not text';
  if (x.moves !== 2 && x.moves !== 3) return 'moves is not 2 or 3';
  if (!Array.isArray(x.line) || !x.line.every((m) => typeof m === 'string'))
    return 'line is not a list of moves';
  if (x.line.length !== 2 * x.moves - 1) return 'line has the wrong length';
  if (!isTree(x.tree, 0)) return 'tree is malformed';
  if (!isObject(x.pieces) || !isMaterial(x.pieces.white) || !isMaterial(x.pieces.black))
    return 'pieces is malformed';
  if (!Array.isArray(x.themes) || !x.themes.every((t) => (THEMES as readonly unknown[]).includes(t)))
    return 'themes is malformed';
  if (!(DIFFICULTIES as readonly unknown[]).includes(x.difficulty)) return 'difficulty is not 1–5';
  if (typeof x.source !== 'string') return 'source is not text';
  if (!isObject(x.stats)) return 'stats is malformed';
  return undefined;
}

/** Check the shape of a bank read from JSON. */
export function parseBank(x: unknown): { ok: true; value: Bank } | { ok: false; error: string } {
  if (!isObject(x) || x.version !== 1 || !Array.isArray(x.puzzles))
    return { ok: false, error: 'not a version 1 puzzle bank' };
  for (let i = 0; i < x.puzzles.length; i++) {
    const problem = puzzleProblem(x.puzzles[i]);
    if (problem) return { ok: false, error: `puzzle ${i + 1}: ${problem}` };
    if ((x.puzzles[i] as Puzzle).id !== i + 1)
      return { ok: false, error: `puzzle ${i + 1} has id ${(x.puzzles[i] as Puzzle).id}` };
  }
  return { ok: true, value: x as unknown as Bank };
}

const WIDTH = 110;

/**
 * JSON as Prettier prints it (2-space indent, width 110): a value stays on one line when it fits,
 * otherwise each member goes on its own line. Written directly so that the bank needs no formatter
 * and passes `prettier --check` as generated.
 */
export function prettyJson(value: unknown): string {
  return `${pretty(value, 0, 0)}\n`;
}

function flat(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * Prettier always breaks an array of two or more objects (or arrays) that each have two or more
 * members, and a value that holds a broken value is broken too.
 */
function mustBreak(value: unknown): boolean {
  if (Array.isArray(value)) {
    const concise =
      value.length > 1 &&
      (value.every((v) => isObject(v) && Object.keys(v).length > 1) ||
        value.every((v) => Array.isArray(v) && v.length > 1));
    return concise || value.some(mustBreak);
  }
  if (isObject(value)) return Object.values(value).some(mustBreak);
  return false;
}

/** `indent` spaces start the value's line, `used` characters are already on it, `tail` follow it (a comma). */
function pretty(value: unknown, indent: number, used: number, tail = 0): string {
  if (!Array.isArray(value) && !isObject(value)) return JSON.stringify(value);
  const one = flat(value);
  if (used + one.length + tail <= WIDTH && !mustBreak(value)) return one;
  const pad = ' '.repeat(indent + 2);
  const close = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v, i) => pad + pretty(v, indent + 2, indent + 2, i < value.length - 1 ? 1 : 0));
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const items = entries.map(([k, v], i) => {
    const key = `${JSON.stringify(k)}: `;
    return pad + key + pretty(v, indent + 2, indent + 2 + key.length, i < entries.length - 1 ? 1 : 0);
  });
  return `{\n${items.join(',\n')}\n${close}}`;
}
