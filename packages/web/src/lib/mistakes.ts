// "Learn from your mistakes": the player's mistakes and blunders found by a game review, kept on the
// device as one-move puzzles ("find the better move") under `dama.mistakes.v1`. The analysis screen
// adds them (analysis/mistakes.ts picks them from a review); the puzzle page lists and plays them.
// Pure functions over one record, and its reading and writing through the shared storage: a record
// that cannot be read, or only in part, is moved aside like the app's other unreadable values, and
// what could be read is kept.
//
// The answer rule (`checkAnswer`): the engine's better move from the review is right at once (any
// capture route of it), the move played in the game is wrong at once, and any other move is looked
// at as the review looked at the game's moves (the position after it, `CHECK_NODES` nodes): it is as
// good when it keeps more than `minScore`, the score below which the review would have called it an
// inaccuracy at least (analysis/judge.ts: a drop of 0.05 in the player's winning chance from the
// position's own).
import { makeNotation, parseNotation, parsePosition, sameMove, type Color, type Move } from '@dama/core';
import { isObject, oneOf } from './guards.ts';
import { KEYS, LocalStore, type KeyValue } from './storage.ts';

export const MISTAKES_KEY = KEYS.mistakes;

/** Mistakes kept at most (the oldest go first). */
export const MAX_MISTAKES = 200;

/** Nodes for looking at a move that is neither the engine's nor the game's: the review's first look. */
export const CHECK_NODES = 20_000;

export const MISTAKE_KINDS = ['mistake', 'blunder'] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

/** Where a mistake was made: the game record, the ply of the mistake (1 = White's first move). */
export interface MistakeGame {
  id: string;
  ply: number;
  /** when the game ended (ms), when known */
  at?: number;
}

export interface Mistake {
  /** the position before the mistake, the player to move */
  fen: string;
  /** the player's side */
  side: Color;
  /** the move played in the game */
  played: string;
  /** the engine's line from the position, starting with its better move */
  best: string[];
  /** the review's line after the mistake: the opponent's answer first (empty when the game ended) */
  answer: string[];
  judgement: MistakeKind;
  /**
   * The lowest score (centi-men, from the player's side, after the move) that is not yet an
   * inaccuracy: a move that keeps more is as good as the engine's.
   */
  minScore: number;
  game: MistakeGame;
  /** when it was kept (ms) */
  added: number;
  solved: boolean;
}

/** What a review gives: a mistake not yet kept. */
export type FoundMistake = Omit<Mistake, 'added' | 'solved'>;

export interface MistakesStore {
  version: 1;
  /** newest first, at most `MAX_MISTAKES` */
  list: Mistake[];
}

export const emptyMistakes = (): MistakesStore => ({ version: 1, list: [] });

/**
 * The record with a review's mistakes added, newest first (those of one game in its order). A
 * position already kept is not added twice: from the same game it stays as it is (solved or not);
 * from another game the player met it again and went wrong again, so it comes back to the top,
 * unsolved, with the newer game.
 */
export function addMistakes(
  store: MistakesStore,
  found: readonly FoundMistake[],
  now: number,
): MistakesStore {
  const fresh: Mistake[] = [];
  const replaced = new Set<string>();
  for (const f of found) {
    if (fresh.some((m) => m.fen === f.fen)) continue;
    const kept = store.list.find((m) => m.fen === f.fen);
    if (kept && kept.game.id === f.game.id) continue;
    if (kept) replaced.add(f.fen);
    fresh.push({ ...f, added: now, solved: false });
  }
  if (fresh.length === 0) return store;
  return {
    version: 1,
    list: [...fresh, ...store.list.filter((m) => !replaced.has(m.fen))].slice(0, MAX_MISTAKES),
  };
}

/** The record with the mistake at `fen` solved. */
export function markSolved(store: MistakesStore, fen: string): MistakesStore {
  if (!store.list.some((m) => m.fen === fen && !m.solved)) return store;
  return { version: 1, list: store.list.map((m) => (m.fen === fen ? { ...m, solved: true } : m)) };
}

const MOVE = /^[a-h][1-8]([-x][a-h][1-8])+$/;
const moves = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((m) => typeof m === 'string' && MOVE.test(m));
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readMistake(v: unknown): Mistake | undefined {
  if (!isObject(v) || !isObject(v.game)) return undefined;
  const g = v.game;
  if (typeof v.fen !== 'string' || !parsePosition(v.fen).ok) return undefined;
  if (!oneOf(['white', 'black'] as const, v.side) || !oneOf(MISTAKE_KINDS, v.judgement)) return undefined;
  if (typeof v.played !== 'string' || !MOVE.test(v.played) || !moves(v.best) || v.best.length === 0)
    return undefined;
  if (!moves(v.answer) || !finite(v.minScore) || !finite(v.added) || typeof v.solved !== 'boolean')
    return undefined;
  if (typeof g.id !== 'string' || !Number.isInteger(g.ply) || (g.ply as number) < 1) return undefined;
  if (g.at !== undefined && !finite(g.at)) return undefined;
  return {
    fen: v.fen,
    side: v.side,
    played: v.played,
    best: v.best,
    answer: v.answer,
    judgement: v.judgement,
    minScore: v.minScore,
    game: { id: g.id, ply: g.ply as number, ...(g.at !== undefined ? { at: g.at } : {}) },
    added: v.added,
    solved: v.solved,
  };
}

/** Check a stored record; `problem` says what was left out (the rest is kept). */
export function validateMistakes(raw: unknown): { store: MistakesStore; problem?: string } {
  if (raw === undefined || raw === null) return { store: emptyMistakes() };
  if (!isObject(raw) || raw.version !== 1 || !Array.isArray(raw.list))
    return { store: emptyMistakes(), problem: 'The record of mistakes was unreadable.' };
  const list: Mistake[] = [];
  let dropped = 0;
  for (const item of raw.list) {
    const m = readMistake(item);
    if (m && !list.some((k) => k.fen === m.fen)) list.push(m);
    else dropped++;
  }
  const store: MistakesStore = { version: 1, list: list.slice(0, MAX_MISTAKES) };
  return dropped === 0 ? { store } : { store, problem: `${dropped} unreadable mistake(s) were left out.` };
}

export interface LoadedMistakes {
  store: MistakesStore;
  /** the stored record was damaged: it was set aside, and what could be read is kept */
  trouble: boolean;
}

export function loadMistakes(kv: KeyValue | undefined, now: number): LoadedMistakes {
  const { value, trouble } = new LocalStore(kv, () => now).loadRepaired(
    MISTAKES_KEY,
    (raw) => {
      const { store, problem } = validateMistakes(raw);
      return { value: store, problem };
    },
    emptyMistakes,
  );
  return { store: value, trouble };
}

/** How many kept mistakes wait to be solved (read only: a damaged record is left for `loadMistakes`). */
export function mistakesToSolve(kv: KeyValue | undefined): number {
  const text = new LocalStore(kv).loadText(MISTAKES_KEY);
  if (text === null) return 0;
  try {
    return validateMistakes(JSON.parse(text)).store.list.filter((m) => !m.solved).length;
  } catch {
    return 0;
  }
}

/** Write the record; false when the device refuses (private mode, full storage). */
export function saveMistakes(kv: KeyValue | undefined, store: MistakesStore): boolean {
  return new LocalStore(kv).saveText(MISTAKES_KEY, JSON.stringify(store));
}

/**
 * Change the record as it is stored now (another tab may have changed it) and write it when it
 * changed. Returns the record as it now stands.
 */
export function keepMistakes(
  kv: KeyValue | undefined,
  now: number,
  change: (s: MistakesStore) => MistakesStore,
): MistakesStore {
  const latest = loadMistakes(kv, now).store;
  const next = change(latest);
  if (next !== latest) saveMistakes(kv, next);
  return next;
}

/** The engine's look at the position after a move: the score for the side to move there (the opponent). */
export interface Look {
  score: number;
  /** the opponent's best answer, in notation */
  reply?: string;
}

export type Answer =
  /** the engine's better move */
  | { kind: 'best'; move: string }
  /** another move, as good by the review's measure */
  | { kind: 'good'; move: string }
  /** the move played in the game again: `reply` is the review's answer */
  | { kind: 'again'; move: string; reply: string | undefined }
  /** another move, not good enough: `reply` is the engine's answer */
  | { kind: 'worse'; move: string; reply: string | undefined }
  /** no engine to ask (or it failed): nothing is decided */
  | { kind: 'unknown'; move: string };

/**
 * Judge the player's move (legal in the mistake's position). `look` asks the engine about the
 * position after it (the mistake's FEN and the move); undefined when it could not answer.
 */
export async function checkAnswer(
  mistake: Pick<Mistake, 'fen' | 'played' | 'best' | 'answer' | 'minScore'>,
  move: Move,
  look: (fen: string, move: Move) => Promise<Look | undefined>,
): Promise<Answer> {
  const notation = makeNotation(move);
  const pos = parsePosition(mistake.fen);
  if (!pos.ok) return { kind: 'unknown', move: notation };
  const is = (text: string | undefined) => {
    const m = text === undefined ? undefined : parseNotation(pos.value, text);
    return m?.ok === true && sameMove(m.value, move);
  };
  if (is(mistake.best[0])) return { kind: 'best', move: mistake.best[0] };
  if (is(mistake.played)) return { kind: 'again', move: mistake.played, reply: mistake.answer[0] };
  const seen = await look(mistake.fen, move);
  if (!seen) return { kind: 'unknown', move: notation };
  return -seen.score > mistake.minScore
    ? { kind: 'good', move: notation }
    : { kind: 'worse', move: notation, reply: seen.reply };
}
