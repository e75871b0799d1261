/**
 * The playing levels. Easy, Medium and Hard are opponents for people; Master is the engine at full
 * strength (hints, analysis, and a fourth choice, "Usta"). No level is a depth cap: each one searches
 * freely within a node budget (so it is deterministic and the same on a phone and a desktop) and the
 * weaker ones add evaluation noise, so they misjudge quiet positions and miss deeper combinations but
 * never play at random (captures are compulsory anyway). Hard searches 100 000 nodes (depth 8–10 in
 * a middle game since session 26, when the sacrifices that pruning would drop came to be probed by
 * quiescence rather than searched in full: about 0.1 s on a desktop, well under its 1 s pace on a
 * phone), Master thinks for 2.5 s (about
 * 12 times as many nodes), and its quiescence does not stop for capture threats (measured: the
 * nodes buy more as depth).
 *
 * The human-feeling pace (a reply shown no sooner than a level's beat, so that even a move found in
 * 20 ms arrives as if considered) is the host's: the web app's `REPLY_PACE_MS` (game/ctrl.ts). The
 * numbers here were chosen by matches between neighbouring levels (README.md, "Level ladder").
 */
import type { Level, Limits } from './types.ts';

/** How a level plays: its search limits, noise and whether it uses the tables. */
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
  /**
   * How many times along a line quiescence answers a capture threat with every quiet move
   * (`SearchParams.threatReplyPlies`). Master never does: the nodes go into depth instead (README.md,
   * "Session 8"). The other levels do once, as the ladder was measured.
   */
  threatReplyPlies: number;
}

/** The settings of each level, Easy to Master: the levels the product offers. */
export const LEVEL_SETTINGS: Readonly<Record<Level, Readonly<LevelSettings>>> = {
  easy: { maxDepth: 127, maxNodes: 2_500, noise: 60, movetime: 1000, tablebase: false, threatReplyPlies: 1 },
  medium: {
    maxDepth: 127,
    maxNodes: 15_000,
    noise: 35,
    movetime: 1000,
    tablebase: false,
    threatReplyPlies: 1,
  },
  hard: { maxDepth: 127, maxNodes: 100_000, noise: 0, movetime: 1500, tablebase: true, threatReplyPlies: 1 },
  master: {
    maxDepth: 127,
    maxNodes: Number.MAX_SAFE_INTEGER,
    noise: 0,
    movetime: 2500,
    tablebase: true,
    threatReplyPlies: 0,
  },
};

/** The limits a level uses when the caller gives none. */
export const levelLimits = (level: Level): Limits => ({ movetime: LEVEL_SETTINGS[level].movetime });
