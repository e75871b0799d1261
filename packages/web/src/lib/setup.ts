// What a game was started with: mode, level, colour, time control, board view, draw rules.
import { DEFAULT_DRAW_RULES, type Color, type DrawRules } from '@dama/core';
import { isObject, oneOf } from './guards.ts';

export const PLAY_LEVELS = ['easy', 'medium', 'hard'] as const;
export type PlayLevel = (typeof PLAY_LEVELS)[number];

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
  /** the computer's level: 'medium' */
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
  level: 'easy',
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
  if (!oneOf(MODES, v.mode) || !oneOf(PLAY_LEVELS, v.level) || !time) return undefined;
  if (v.playerColor !== 'white' && v.playerColor !== 'black') return undefined;
  if (!oneOf(LOCAL_VIEWS, v.view) || !isObject(v.drawRules)) return undefined;
  const drawRules = { ...DEFAULT_DRAW_RULES };
  for (const k of Object.keys(DEFAULT_DRAW_RULES) as (keyof DrawRules)[]) {
    const b = v.drawRules[k];
    if (typeof b !== 'boolean') return undefined;
    drawRules[k] = b;
  }
  return { mode: v.mode, level: v.level, playerColor: v.playerColor, view: v.view, time, drawRules };
}
