// What a game was started with: mode, level, colour, time control, board view, draw rules.
import { DEFAULT_DRAW_RULES, type Color, type DrawRules } from '@dama/core';
import { isObject, oneOf } from './guards.ts';

/**
 * The computer's levels, 1 (a beginner who knows the rules can beat it) to 8 (Master, the engine at
 * full strength): the rungs of the engine's ladder (`LADDER`, docs/ladder.md).
 */
export const PLAY_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type PlayLevel = (typeof PLAY_LEVELS)[number];

/** The top of the ladder: Master. */
export const MASTER_LEVEL: PlayLevel = 8;

/** The levels of a player still learning the game (1 to this): losing there offers the lessons. */
export const LEARNER_LEVELS = 3;

/** The level a new player starts at: weak enough to beat while learning, strong enough to be a game. */
export const FIRST_LEVEL: PlayLevel = 2;

/**
 * The four named levels that saved games, records, drafts and links carried before the ladder, and the
 * rung each plays like: the old Easy and Medium are rungs 6 and 7; the old Hard sat between 7 and 8
 * (docs/ladder.md), and keeps the weaker of the two so that a resumed game does not suddenly harden.
 */
const NAMED_LEVELS: Readonly<Record<string, PlayLevel>> = { easy: 6, medium: 7, hard: 7, master: 8 };

/** A level from stored data or a link: 1–8 (a number or its digits), or one of the old names. */
export function readLevel(v: unknown): PlayLevel | undefined {
  if (typeof v === 'string') {
    if (Object.hasOwn(NAMED_LEVELS, v)) return NAMED_LEVELS[v];
    if (!/^[1-8]$/.test(v)) return undefined;
    v = Number(v);
  }
  return PLAY_LEVELS.find((l) => l === v);
}

export const MODES = ['computer', 'local'] as const;
export type Mode = (typeof MODES)[number];

export const COLOR_CHOICES = ['white', 'black', 'random'] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

export const LOCAL_VIEWS = ['rotate', 'facing'] as const;
/** Two players on one device: the board turns to the player to move, or stays with the far pieces turned. */
export type LocalView = (typeof LOCAL_VIEWS)[number];

/** Seconds per move of the move timer (RULES.md, seed 004). */
export const MOVE_TIMER_SECONDS = 40;

/** Game clock presets: minutes per player + seconds added per move. */
export const CLOCK_PRESETS = [
  { minutes: 3, increment: 2 },
  { minutes: 5, increment: 0 },
  { minutes: 10, increment: 0 },
  { minutes: 45, increment: 0 },
] as const;

export type TimeControl =
  { kind: 'off' } | { kind: 'move'; seconds: number } | { kind: 'clock'; minutes: number; increment: number };

export interface GameSetup {
  /** 'computer' or 'local' (two players on this device) */
  mode: Mode;
  /** the computer's level: 1 (weakest) to 8 (Master) */
  level: PlayLevel;
  /** the human's colour against the computer: 'white' */
  playerColor: Color;
  /** two players: 'rotate' or 'facing' */
  view: LocalView;
  /** { kind: 'clock', minutes: 5, increment: 0 } */
  time: TimeControl;
  /** the draw rules in force for this game */
  drawRules: DrawRules;
}

export const timeLabel = (t: TimeControl): string =>
  t.kind === 'clock' ? `${t.minutes}+${t.increment}` : t.kind === 'move' ? `${t.seconds}s` : '–';

export const defaultSetup = (): GameSetup => ({
  mode: 'computer',
  level: FIRST_LEVEL,
  playerColor: 'white',
  view: 'rotate',
  time: { kind: 'off' },
  drawRules: { ...DEFAULT_DRAW_RULES },
});

/** The colour for a choice; 'random' draws one with `random()` (0 ≤ r < 1). */
export const pickColor = (choice: ColorChoice, random: () => number = Math.random): Color =>
  choice === 'random' ? (random() < 0.5 ? 'white' : 'black') : choice;

const positive = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max;

export function readTimeControl(v: unknown): TimeControl | undefined {
  if (!isObject(v)) return undefined;
  if (v.kind === 'off') return { kind: 'off' };
  if (v.kind === 'move' && positive(v.seconds, 3600) && v.seconds > 0)
    return { kind: 'move', seconds: v.seconds };
  if (v.kind === 'clock' && positive(v.minutes, 600) && v.minutes > 0 && positive(v.increment, 600))
    return { kind: 'clock', minutes: v.minutes, increment: v.increment };
  return undefined;
}

/** A setup from stored data, or undefined when anything is wrong with it. */
export function readSetup(v: unknown): GameSetup | undefined {
  if (!isObject(v)) return undefined;
  const time = readTimeControl(v.time);
  const level = readLevel(v.level);
  if (!oneOf(MODES, v.mode) || level === undefined || !time) return undefined;
  if (v.playerColor !== 'white' && v.playerColor !== 'black') return undefined;
  if (!oneOf(LOCAL_VIEWS, v.view) || !isObject(v.drawRules)) return undefined;
  const drawRules = { ...DEFAULT_DRAW_RULES };
  for (const k of Object.keys(DEFAULT_DRAW_RULES) as (keyof DrawRules)[]) {
    const b = v.drawRules[k];
    if (typeof b !== 'boolean') return undefined;
    drawRules[k] = b;
  }
  return { mode: v.mode, level, playerColor: v.playerColor, view: v.view, time, drawRules };
}
