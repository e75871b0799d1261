/**
 * The two banks (the daily schedule and the training pool), as they are stored: one puzzle a line,
 * tab-separated, in the order of `COLUMNS`. The first five columns are exactly what `dama puzzles
 * export` prints, so the files are readable by other tools as they are. `parseBank` checks the text
 * read from anywhere and says which line is wrong; nothing is trusted beyond its shape (verify.ts
 * re-proves the content).
 */

export const THEMES = [
  'sacrifice',
  'decoy',
  'clearance',
  'blockade',
  'promotion',
  'breakthrough',
  'multi-capture',
  'quiet',
  'king',
] as const;
export type Theme = (typeof THEMES)[number];

export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Pieces of one colour. */
export interface Material {
  men: number;
  kings: number;
}

/** The measured quantities behind a puzzle's difficulty (tags.ts). */
export interface PuzzleStats {
  /** Legal first moves. */
  legal: number;
  /** Depth (plies) from which the fixed-depth searcher picks the solution; 2·moves when it never does. */
  depth: number;
  /** Nodes the searcher spent up to that depth. */
  nodes: number;
}

export type BankKind = 'daily' | 'training';

export interface Puzzle {
  /** The daily puzzle's number (#1 on the launch date), or the training puzzle's id; 1, 2, 3 … */
  id: number;
  /** The daily puzzle's date (YYYY-MM-DD, Istanbul); undefined in the training pool. */
  date: string | undefined;
  /** The position, side to move = the solver. */
  fen: string;
  /** The solver forces a win in exactly this many of its own moves. */
  moves: number;
  /** The main line: solver, defender (longest-holding reply), solver, … ending with the winning move. */
  line: string[];
  themes: Theme[];
  difficulty: Difficulty;
  /**
   * Where it came from: `selfplay-nK` (a position of a self-play game, K engine nodes a move),
   * `sideline-nK` (after a move not played in such a game), `random` (a random endgame), or
   * `edition-1` (published by the first edition before this bank, kept as it was shown).
   */
  source: string;
}

/** The first edition's puzzles that were already shown are kept as they were (see daily.ts). */
export const EDITION_1 = 'edition-1';

export const COLUMNS = ['id', 'date', 'fen', 'moves', 'line', 'themes', 'difficulty', 'source'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FEN = /^[WB]:[WB][^\t\s]*:[WB][^\t\s]*$/;
const MOVE = /^[a-h][1-8]([-x][a-h][1-8])+$/;

/** One line of a bank file, or why it is not one. */
export function parseLine(text: string, kind: BankKind): Puzzle | string {
  const cells = text.split('\t');
  if (cells.length !== COLUMNS.length) return `${cells.length} columns, not ${COLUMNS.length}`;
  const [id, date, fen, moves, line, themes, difficulty, source] = cells;
  if (!/^[1-9]\d*$/.test(id)) return `id ${JSON.stringify(id)} is not a whole number`;
  if (kind === 'daily' ? !DATE.test(date) : date !== '-')
    return kind === 'daily'
      ? `date ${JSON.stringify(date)} is not YYYY-MM-DD`
      : 'a training puzzle has no date';
  if (!FEN.test(fen)) return `FEN ${JSON.stringify(fen)} is malformed`;
  if (!/^[1-9]$/.test(moves)) return `moves ${JSON.stringify(moves)} is not 1–9`;
  const n = Number(moves);
  const parts = line.split(' ');
  if (!parts.every((m) => MOVE.test(m))) return 'the line is not a list of moves';
  if (parts.length !== 2 * n - 1) return `the line has ${parts.length} moves, not ${2 * n - 1}`;
  const tags = themes === '-' ? [] : themes.split(',');
  if (!tags.every((t) => (THEMES as readonly string[]).includes(t))) return `unknown theme in ${themes}`;
  const d = Number(difficulty);
  if (!(DIFFICULTIES as readonly number[]).includes(d)) return `difficulty ${difficulty} is not 1–5`;
  if (!/^[a-z0-9-]+$/.test(source)) return `source ${JSON.stringify(source)} is malformed`;
  return {
    id: Number(id),
    date: kind === 'daily' ? date : undefined,
    fen,
    moves: n,
    line: parts,
    themes: tags as Theme[],
    difficulty: d as Difficulty,
    source,
  };
}

/**
 * A whole bank file: every line a puzzle. The daily bank's ids are 1, 2, 3 … in order (#n is a
 * date). The training pool's ids only increase: a puzzle taken out of the pool leaves a gap, and
 * the others keep their ids (players' ratings, histories and retry lists refer to them).
 */
export function parseBank(
  text: unknown,
  kind: BankKind,
): { ok: true; value: Puzzle[] } | { ok: false; error: string } {
  if (typeof text !== 'string') return { ok: false, error: 'the bank is not text' };
  const out: Puzzle[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [i, line] of lines.entries()) {
    const p = parseLine(line, kind);
    if (typeof p === 'string') return { ok: false, error: `line ${i + 1}: ${p}` };
    const previous = out.length > 0 ? out[out.length - 1].id : 0;
    if (kind === 'daily' ? p.id !== i + 1 : p.id <= previous)
      return { ok: false, error: `line ${i + 1} has id ${p.id}` };
    out.push(p);
  }
  return { ok: true, value: out };
}

/** The line of a puzzle in a bank file. */
export function formatLine(p: Puzzle): string {
  return [
    p.id,
    p.date ?? '-',
    p.fen,
    p.moves,
    p.line.join(' '),
    p.themes.length > 0 ? p.themes.join(',') : '-',
    p.difficulty,
    p.source,
  ].join('\t');
}

export const formatBank = (puzzles: readonly Puzzle[]): string =>
  puzzles.map((p) => `${formatLine(p)}\n`).join('');

/** What `dama puzzles export` prints for a puzzle: id, date (`-` in training), FEN, N, main line. */
export const exportLine = (p: Puzzle): string =>
  [p.id, p.date ?? '-', p.fen, p.moves, p.line.join(' ')].join('\t');
