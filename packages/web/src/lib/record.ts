// Games as they are kept: the game in progress and the finished games, each stored as PDN (replayed
// through the rules on load, so a stored game is always a legal one) plus how it was set up.
import { Game, makePdn, parsePdn, resultText, type Color, type OutcomeReason } from '@dama/core';
import { readSetup, type GameSetup } from './setup.ts';
import { isObject } from './guards.ts';

export const SCHEMA_VERSION = 1;

/** The game in progress. */
export interface SavedGame {
  v: typeof SCHEMA_VERSION;
  /** 'g-lr3k2-8f1' */
  id: string;
  setup: GameSetup;
  /** the moves so far, as PDN */
  pdn: string;
  /** clock times left (ms) when the game has game clocks: { white: 180000, black: 171000 } */
  clocks?: Record<Color, number>;
  /** Date.now() when the game started */
  startedAt: number;
}

/** A finished (or imported) game in the list. */
export interface GameRecord {
  id: string;
  /** undefined for an imported game */
  setup?: GameSetup;
  pdn: string;
  /** '1-0' */
  result: string;
  reason?: OutcomeReason;
  plies: number;
  endedAt: number;
}

export const MAX_RECORDS = 100;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export const newId = (now: number, random: () => number = Math.random): string =>
  `g-${now.toString(36)}-${Math.floor(random() * 36 ** 4).toString(36)}`;

/** The players' names and the event's name for a game's PDN, in the player's language. */
export interface PdnNames {
  white: string;
  black: string;
  event: string;
}

/** Tags for a game's PDN: the event, the players' names and the date. */
export function pdnTags(setup: GameSetup | undefined, startedAt: number, names: PdnNames) {
  const d = new Date(startedAt);
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  return {
    Event: names.event,
    Site: 'Dama web',
    Date: date,
    White: names.white,
    Black: names.black,
  };
}

export function saveGame(
  id: string,
  setup: GameSetup,
  game: Game,
  startedAt: number,
  names: PdnNames,
  clocks?: Record<Color, number>,
): SavedGame {
  return {
    v: SCHEMA_VERSION,
    id,
    setup,
    pdn: makePdn(game, pdnTags(setup, startedAt, names)),
    ...(clocks ? { clocks: { ...clocks } } : {}),
    startedAt,
  };
}

/** Check the shape of a stored game in progress (the moves are checked by `restoreGame`). */
export function readSavedGame(v: unknown): SavedGame | undefined {
  if (!isObject(v) || v.v !== SCHEMA_VERSION) return undefined;
  const setup = readSetup(v.setup);
  if (!setup || typeof v.id !== 'string' || typeof v.pdn !== 'string' || !isTime(v.startedAt))
    return undefined;
  let clocks: Record<Color, number> | undefined;
  if (v.clocks !== undefined) {
    if (!isObject(v.clocks) || !isTime(v.clocks.white) || !isTime(v.clocks.black)) return undefined;
    clocks = { white: v.clocks.white, black: v.clocks.black };
  }
  const restored = restoreGame(v.pdn, setup);
  if (!restored) return undefined;
  return {
    v: SCHEMA_VERSION,
    id: v.id,
    setup,
    pdn: v.pdn,
    ...(clocks ? { clocks } : {}),
    startedAt: v.startedAt,
  };
}

/** Replay a stored PDN through the rules; undefined if it is not exactly one legal game. */
export function restoreGame(pdn: string, setup: GameSetup | undefined): Game | undefined {
  const parsed = parsePdn(pdn, setup?.drawRules ?? {});
  if (!parsed.ok || parsed.value.length !== 1) return undefined;
  return parsed.value[0].game;
}

export function readRecords(v: unknown): GameRecord[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: GameRecord[] = [];
  for (const r of v) {
    if (!isObject(r) || typeof r.id !== 'string' || typeof r.pdn !== 'string' || typeof r.result !== 'string')
      return undefined;
    if (!isTime(r.plies) || !isTime(r.endedAt)) return undefined;
    const setup = r.setup === undefined ? undefined : readSetup(r.setup);
    if (r.setup !== undefined && !setup) return undefined;
    out.push({
      id: r.id,
      ...(setup ? { setup } : {}),
      pdn: r.pdn,
      result: r.result,
      ...(typeof r.reason === 'string' ? { reason: r.reason as OutcomeReason } : {}),
      plies: r.plies,
      endedAt: r.endedAt,
    });
  }
  return out;
}

/** A finished game as a list entry. */
export function recordOf(
  id: string,
  setup: GameSetup | undefined,
  game: Game,
  pdn: string,
  endedAt: number,
): GameRecord {
  const outcome = game.outcome();
  return {
    id,
    ...(setup ? { setup } : {}),
    pdn,
    result: resultText(outcome),
    ...(outcome ? { reason: outcome.reason } : {}),
    plies: game.plies,
    endedAt,
  };
}

/** Add a record at the top of the list, replacing one with the same id, keeping at most MAX_RECORDS. */
export const addRecord = (list: GameRecord[], r: GameRecord): GameRecord[] =>
  [r, ...list.filter((x) => x.id !== r.id)].slice(0, MAX_RECORDS);
