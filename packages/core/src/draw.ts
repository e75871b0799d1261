/**
 * The draw rules (docs/RULES.md "End of the game"), the one implementation: `Game` applies them to
 * a game's positions, and the engine's search and the puzzle prover to raw boards inside their
 * trees. Repetition needs the history and is checked by each caller; everything else is decided by
 * the material on the board and two counters.
 */
import { popcount, type Board } from './bitboard.ts';

/** Which draw rules are in force. */
export interface DrawRules {
  /** The same position (pieces and side to move) for the third time. Default on. */
  repetition: boolean;
  /** One king against one king. Default on. */
  kingVsKing: boolean;
  /**
   * 25 moves by each side (50 plies) without a capture or a man moving forward. Default on; replaced
   * by `kingsOnly` when that is on.
   */
  noProgress: boolean;
  /** One piece each, whatever their kind. Optional (seed 002). */
  onePieceEach: boolean;
  /** One king against one man. Optional (seeds 003, 004). */
  kingVsMan: boolean;
  /**
   * 30 moves by each side (60 plies) in which only kings move and nothing is captured. Optional
   * (seed 004); when on, it replaces the no-progress rule.
   */
  kingsOnly: boolean;
}

/** The draw rules of a standard game: repetition, one king each and the 25-move no-progress rule on; the optional rules off. */
export const DEFAULT_DRAW_RULES: Readonly<DrawRules> = Object.freeze({
  repetition: true,
  kingVsKing: true,
  noProgress: true,
  onePieceEach: false,
  kingVsMan: false,
  kingsOnly: false,
});

/** Plies without a capture or a man moving forward that draw by the no-progress rule (25 moves each). */
export const NO_PROGRESS_PLIES = 50;
/** Plies of kings-only moves without a capture that draw by the optional kings-only rule (30 moves each); when on, it replaces the no-progress rule. */
export const KINGS_ONLY_PLIES = 60;

/** Counters of a position within a game, needed by the draw rules. */
export interface Counters {
  /** Plies since the last capture or forward man move. */
  noProgress: number;
  /** Plies in a row in which a king moved without capturing. */
  kingsOnly: number;
}

/** The draws that the material on the board decides. */
export type MaterialDraw = 'king-vs-king' | 'one-piece-each' | 'king-vs-man';
/** The draws that the counters decide. */
export type CounterDraw = 'no-progress' | 'kings-only';

/** True when some material draw rule is on (callers in a hot loop skip `materialDraw` otherwise). */
export const hasMaterialRule = (rules: DrawRules): boolean =>
  rules.kingVsKing || rules.onePieceEach || rules.kingVsMan;

/** The draw that the material on board `b` gives under `rules`, if any. */
export function materialDraw(b: Board, rules: DrawRules): MaterialDraw | undefined {
  // Every material draw leaves exactly one piece to each side.
  if (popcount(b[0]) + popcount(b[1]) !== 1 || popcount(b[2]) + popcount(b[3]) !== 1) return undefined;
  const whiteKing = ((b[0] & b[4]) | (b[1] & b[5])) !== 0;
  const blackKing = ((b[2] & b[4]) | (b[3] & b[5])) !== 0;
  if (rules.kingVsKing && whiteKing && blackKing) return 'king-vs-king';
  if (rules.onePieceEach) return 'one-piece-each';
  if (rules.kingVsMan && whiteKing !== blackKing) return 'king-vs-man';
  return undefined;
}

/**
 * The draw that the counters give under `rules`, if any. The kings-only rule, when on, replaces the
 * no-progress rule (docs/RULES.md: with both, every king-only stretch would end at 50 plies).
 */
export function counterDraw(
  noProgress: number,
  kingsOnly: number,
  rules: DrawRules,
): CounterDraw | undefined {
  if (rules.kingsOnly) return kingsOnly >= KINGS_ONLY_PLIES ? 'kings-only' : undefined;
  if (rules.noProgress && noProgress >= NO_PROGRESS_PLIES) return 'no-progress';
  return undefined;
}
