// Games as they are kept: the game in progress and the finished games, each stored as PDN (replayed
// through the rules on load, so a stored game is always a legal one) plus how it was set up.
import {
  Game,
  makePdn,
  OUTCOME_REASONS,
  parsePdn,
  resultText,
  type Color,
  type OutcomeReason,
} from '@dama/core';
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

/** Why a kept game ended: the rules' reasons, and a win online claimed after the opponent left. */
export type RecordReason = OutcomeReason | 'abandoned';
const RECORD_REASONS: readonly string[] = [...OUTCOME_REASONS, 'abandoned'];

/** A finished (or imported) game in the list. */
export interface GameRecord {
  /** 'g-lr3k2-8f1'; an online game: 'online-' and the server's id */
  id: string;
  /** undefined for an imported game and an online one */
  setup?: GameSetup;
  pdn: string;
  /** '1-0' */
  result: string;
  reason?: RecordReason;
  /**
   * set for a game played online: the colour this device's player had, and the opponent's name in a
   * game against people (a friend by link has none): { color: 'white', opponent: 'Cesur Kurt 12' }
   */
  online?: { color: Color; opponent?: string };
  plies: number;
  endedAt: number;
  /**
   * set for a game left unfinished (a new game was started over it): what resuming it needs, the
   * start time and the clocks as they were: { startedAt: 1764590000000, clocks: { white: 171000, black: 180000 } }
   */
  unfinished?: { startedAt: number; clocks?: Record<Color, number> };
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
  const clocks = v.clocks === undefined ? undefined : readClocks(v.clocks);
  if (v.clocks !== undefined && !clocks) return undefined;
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
    const unfinished = readUnfinished(r.unfinished);
    if (r.unfinished !== undefined && (!unfinished || !setup)) return undefined;
    // a reason or an online part this version does not know is left out, not held against the list
    const online = readOnline(r.online) ?? legacyOnline(r.id, r.pdn);
    out.push({
      id: r.id,
      ...(setup ? { setup } : {}),
      pdn: r.pdn,
      result: r.result,
      ...(typeof r.reason === 'string' && RECORD_REASONS.includes(r.reason)
        ? { reason: r.reason as RecordReason }
        : {}),
      plies: r.plies,
      endedAt: r.endedAt,
      ...(unfinished ? { unfinished } : {}),
      ...(online ? { online } : {}),
    });
  }
  return out;
}

function readOnline(v: unknown): GameRecord['online'] {
  if (!isObject(v) || (v.color !== 'white' && v.color !== 'black')) return undefined;
  const opponent = typeof v.opponent === 'string' && v.opponent.length <= 80 ? v.opponent : undefined;
  return { color: v.color, ...(opponent ? { opponent } : {}) };
}

/**
 * An online game kept before records said so: its id says online, and its PDN names the player
 * "You" or "Sen" (the names it was written with).
 */
function legacyOnline(id: string, pdn: string): GameRecord['online'] {
  if (!id.startsWith('online-')) return undefined;
  const you = (side: string) => new RegExp(`^\\[${side} "(?:You|Sen)"\\]`, 'm').test(pdn);
  return you('White') ? { color: 'white' } : you('Black') ? { color: 'black' } : undefined;
}

/** A game played online (kept with its colour, or before records said so). */
export const isOnlineRecord = (r: GameRecord): boolean =>
  r.online !== undefined || r.id.startsWith('online-');

function readClocks(v: unknown): Record<Color, number> | undefined {
  return isObject(v) && isTime(v.white) && isTime(v.black) ? { white: v.white, black: v.black } : undefined;
}

function readUnfinished(v: unknown): GameRecord['unfinished'] {
  if (!isObject(v) || !isTime(v.startedAt)) return undefined;
  if (v.clocks === undefined) return { startedAt: v.startedAt };
  const clocks = readClocks(v.clocks);
  return clocks ? { startedAt: v.startedAt, clocks } : undefined;
}

/** An unfinished game as a list entry, to be resumed from the list later. */
export function unfinishedRecord(saved: SavedGame, game: Game, endedAt: number): GameRecord {
  return {
    id: saved.id,
    setup: saved.setup,
    pdn: saved.pdn,
    result: '*',
    plies: game.plies,
    endedAt,
    unfinished: { startedAt: saved.startedAt, ...(saved.clocks ? { clocks: { ...saved.clocks } } : {}) },
  };
}

/** The game in progress that an unfinished list entry stands for (undefined for any other entry). */
export function resumable(r: GameRecord): SavedGame | undefined {
  if (!r.unfinished || !r.setup) return undefined;
  return {
    v: SCHEMA_VERSION,
    id: r.id,
    setup: r.setup,
    pdn: r.pdn,
    ...(r.unfinished.clocks ? { clocks: { ...r.unfinished.clocks } } : {}),
    startedAt: r.unfinished.startedAt,
  };
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

/** Won, drawn and lost games (for the human) against one level of the computer. */
export interface Tally {
  won: number;
  drawn: number;
  lost: number;
}

/** The player's results against the computer by level (levels never played are absent). */
export type LevelRecord = Partial<Record<GameSetup['level'], Tally>>;

/** The player's finished games against the computer, by level (levels never played are absent). */
export function resultsByLevel(records: readonly GameRecord[]): LevelRecord {
  const out: LevelRecord = {};
  for (const r of records) {
    if (r.setup?.mode !== 'computer' || r.unfinished) continue;
    const winner =
      r.result === '1-0'
        ? 'white'
        : r.result === '0-1'
          ? 'black'
          : r.result === '1/2-1/2'
            ? 'none'
            : undefined;
    if (!winner) continue;
    const t = (out[r.setup.level] ??= { won: 0, drawn: 0, lost: 0 });
    if (winner === 'none') t.drawn++;
    else if (winner === r.setup.playerColor) t.won++;
    else t.lost++;
  }
  return out;
}
