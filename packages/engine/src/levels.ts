/**
 * The playing levels. Easy, Medium and Hard are the product's three; Master is for hints and the
 * strongest play. A level caps the search (depth and nodes) and adds evaluation noise, so the weaker
 * levels misjudge quiet positions and miss deeper combinations — they never play a random move, and
 * captures are compulsory anyway. The numbers were chosen by matches between neighbouring levels
 * (README.md, "Level ladder").
 */
import type { Level, Limits } from './types.ts';

export interface LevelSettings {
  /** Deepest iteration. */
  maxDepth: number;
  /** Node budget per move. */
  maxNodes: number;
  /** Evaluation noise (± centi-men). */
  noise: number;
  /** Default thinking time per move when the caller gives no limits (ms). */
  movetime: number;
  /** Plays endings by the tables (when the host gave the engine some). */
  tablebase: boolean;
}

export const LEVEL_SETTINGS: Readonly<Record<Level, Readonly<LevelSettings>>> = {
  easy: { maxDepth: 2, maxNodes: 2_000, noise: 80, movetime: 300, tablebase: false },
  medium: { maxDepth: 4, maxNodes: 20_000, noise: 30, movetime: 500, tablebase: false },
  hard: { maxDepth: 7, maxNodes: 150_000, noise: 0, movetime: 1000, tablebase: true },
  master: { maxDepth: 127, maxNodes: Number.MAX_SAFE_INTEGER, noise: 0, movetime: 3000, tablebase: true },
};

/** The limits a level uses when the caller gives none. */
export const levelLimits = (level: Level): Limits => ({ movetime: LEVEL_SETTINGS[level].movetime });
