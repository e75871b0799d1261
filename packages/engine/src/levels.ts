/**
 * How strongly the engine plays. Two sets of settings:
 *
 * - `LADDER`, eight rungs from one a beginner who knows the rules can beat (1) to Master (8): the
 *   computer's levels in the web app (its "Level 1–8"), measured against fixed outside anchors
 *   (anchors.ts; `npm run bench:ladder`, docs/ladder.md).
 * - `LEVEL_SETTINGS`, four named levels (`Level`: easy, medium, hard, master) for the line protocol,
 *   the `dama` command and the match harness. Master is the engine at full strength (hints,
 *   analysis, rung 8); Easy and Medium play as rungs 6 and 7; Hard sits between rungs 7 and 8.
 *
 * No level is a bare depth cap at the top: the stronger ones search freely within a node budget (so
 * they are deterministic and the same on a phone and a desktop) and the weaker ones add evaluation
 * noise, so they misjudge quiet positions and miss deeper combinations. Hard searches 100 000 nodes
 * (depth 8–10 in a middle game), Master thinks for 2.5 s (about 12 times as many nodes), and its
 * quiescence does not stop for capture threats (the nodes buy more as depth).
 *
 * The human-feeling pace (a reply shown no sooner than a level's beat, so that even a move found in
 * 20 ms arrives as if considered) is the host's: the web app's `REPLY_PACE_MS` (game/ctrl.ts).
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
   * (`SearchParams.threatReplyPlies`). Master never does: the nodes go into depth instead (docs/engine/log.md,
   * "Session 8"). The other levels do once, as the ladder was measured.
   */
  threatReplyPlies: number;
  /**
   * The ladder's weakening (`LADDER`; absent: none, as every product level today). How many capture
   * plies quiescence follows (`Searcher.qsCaptureLimit`).
   */
  qsCaptures?: number;
  /** Per mille chance that quiescence misses a capture (`Searcher.qsMiss`). */
  qsMiss?: number;
  /** Per mille chance of overlooking an opponent's sacrifice at the first reply (`Searcher.overlook`). */
  overlook?: number;
  /** Extra noise in the ending, ± centi-men at the fewest pieces (`Searcher.endgameNoise`). */
  endgameNoise?: number;
  /** No noise where the evaluation is at least this large (`Searcher.noiseMargin`). */
  noiseMargin?: number;
  /** At a root evaluation of at least this, no weakening but the limits (`Searcher.guardMargin`). */
  guardMargin?: number;
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

/**
 * The ladder: eight rungs, 1 (a beginner who knows the rules can beat it) to 8 (Master as the
 * product plays it), measured against fixed outside anchors (anchors.ts; scripts/ladder.ts,
 * docs/ladder.md). The lower rungs search to a small fixed depth and see only a few capture plies
 * beyond it (an exchange or a shot longer than that is missed), overlook some of the opponent's
 * sacrifices, misjudge quiet positions (noise) and drift in the ending (more noise with few pieces),
 * but a rung that is clearly winning plays its search straight (`guardMargin`) and no noise is added
 * where the position is clearly decided (`noiseMargin`). Every rung is deterministic given the seed.
 */
export const LADDER: readonly Readonly<LevelSettings>[] = [
  // 1: one ply, blind to every capture of the reply (walks into single takes), loose judgement:
  // about the greedy player (docs/ladder.md).
  {
    maxDepth: 1,
    maxNodes: 5_000,
    noise: 250,
    movetime: 1000,
    tablebase: false,
    threatReplyPlies: 0,
    qsCaptures: 0,
    endgameNoise: 100,
    noiseMargin: 800,
    guardMargin: 800,
  },
  // 2: one ply and the reply's take, but misses a third of those takes.
  {
    maxDepth: 1,
    maxNodes: 5_000,
    noise: 80,
    movetime: 1000,
    tablebase: false,
    threatReplyPlies: 0,
    qsCaptures: 1,
    qsMiss: 350,
    endgameNoise: 80,
    noiseMargin: 400,
    guardMargin: 400,
  },
  // 3: one ply and an exchange (take and retake), missing some takes.
  {
    maxDepth: 1,
    maxNodes: 5_000,
    noise: 70,
    movetime: 1000,
    tablebase: false,
    threatReplyPlies: 0,
    qsCaptures: 2,
    qsMiss: 150,
    endgameNoise: 80,
    noiseMargin: 400,
    guardMargin: 400,
  },
  // 4: two plies and one capture beyond; misses some takes, overlooks most sacrifices.
  {
    maxDepth: 2,
    maxNodes: 5_000,
    noise: 90,
    movetime: 1000,
    tablebase: false,
    threatReplyPlies: 0,
    qsCaptures: 1,
    qsMiss: 400,
    overlook: 800,
    endgameNoise: 80,
    noiseMargin: 400,
    guardMargin: 400,
  },
  // 5: two plies and an exchange beyond; overlooks some sacrifices.
  {
    maxDepth: 2,
    maxNodes: 5_000,
    noise: 50,
    movetime: 1000,
    tablebase: false,
    threatReplyPlies: 0,
    qsCaptures: 2,
    overlook: 300,
    endgameNoise: 80,
    noiseMargin: 400,
    guardMargin: 400,
  },
  // 6: Easy as it shipped (the full search on 2 500 nodes, ±60 noise).
  { ...LEVEL_SETTINGS.easy },
  // 7: Medium as it shipped (15 000 nodes, ±35 noise).
  { ...LEVEL_SETTINGS.medium },
  // 8: Master.
  { ...LEVEL_SETTINGS.master },
];

/** The settings of rung `rung` of the ladder; undefined unless it is a whole number from 1 to `LADDER.length`. */
export const rungSettings = (rung: number): Readonly<LevelSettings> | undefined =>
  Number.isInteger(rung) && rung >= 1 && rung <= LADDER.length ? LADDER[rung - 1] : undefined;
