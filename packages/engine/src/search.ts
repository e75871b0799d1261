/**
 * The search: iterative deepening over a principal-variation search with aspiration windows, a
 * transposition table, move ordering (ordering.ts: hash move, captures of kings first, promotions,
 * killers, history with a malus for quiet moves that failed to cut), internal iterative reduction,
 * late-move reductions for quiet moves only, an extension for forced replies, ProbCut at shallow
 * depth, and a quiescence search that resolves captures and notices capture threats. Sacrifices
 * (quiet moves after which the opponent must capture: how draughts combinations start) are neither
 * reduced nor pruned. An evaluation cache keeps the evaluator's recent values.
 *
 * No null-move pruning: zugzwang and blockades decide many draughts games.
 *
 * Copy-make on six int32 halves: each ply owns a move list and a board buffer, allocated once, so a
 * node allocates nothing. Draws by repetition and by the active rule set are seen inside the tree.
 * Everything is deterministic: the same position, options and node limit give the same result.
 */
import {
  applyMove,
  bitAt,
  counterDraw,
  generateMoves,
  hasCapture,
  hasMaterialRule,
  hasQuietMove,
  materialDraw,
  MoveList,
  PlyStack,
  popcount,
  type Board,
  type DrawRules,
} from '@dama/core';
import { DEFAULT_WEIGHTS, evaluate, type Weights } from './eval/hand.ts';
import { crowns, MoveOrder } from './ordering.ts';
import { TB_MAX_PIECES, tbScore, type Tablebase } from './tablebase.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, fromTT, toTT, TranspositionTable } from './tt.ts';
import { DRAW, INFINITE, MAX_PLY, WIN, WIN_BOUND } from './types.ts';
import { boardKeys, KEY_A, KEY_B, SIDE_A, SIDE_B } from './zobrist.ts';

/** Room for the game history before the root (positions since the last irreversible move). */
const HISTORY_ROOM = 128;

/** ProbCut from this depth on, by a search this many plies shallower (see `Searcher.probCut`). */
const PROBCUT_DEPTH = 5;
const PROBCUT_REDUCTION = 4;
/** ProbCut is tried where the static evaluation is at least its bound minus this. */
const PROBCUT_SLACK = 40;

/** The evaluation cache's entries − 1 (2^16 entries, 512 KB; see `Searcher.evalCache`). */
const EVAL_MASK = (1 << 16) - 1;
/** No value in an evaluation cache entry (no evaluation is this low). */
const EVAL_EMPTY = -0x7fffffff;

/**
 * A static evaluation: centi-men for the side to move (`turn` 0 = White) on a board, scored at search
 * ply `ply` (from the root; an incremental evaluator may use it to find a related board it scored).
 */
export type Evaluator = (b: Board, turn: number, ply: number) => number;

/** Knobs of the search itself, fixed for a searcher (levels set some of them). */
export interface SearchOptions {
  /** The evaluation (default: the hand-weighted one with `weights`). */
  evaluator?: Evaluator;
  weights?: Weights;
  /** Transposition table size in MB. */
  hashMegabytes?: number;
  /** Evaluation noise in centi-men (±), for the weaker levels; 0 for full strength. */
  noise?: number;
  /** Seed of the noise, so that two games can differ and one game can be replayed. */
  seed?: number;
  /** Shared stop flag (a SharedArrayBuffer view, when the host has one): see `Searcher.stopAt`. */
  stopSignal?: Int32Array;
  /** Disable pruning and reductions (for tests that compare against a plain alpha-beta). */
  plain?: boolean;
  /** Endgame tables, probed at every node of up to four pieces (exact scores). */
  tablebase?: Tablebase;
  /** Pruning margins (default `DEFAULT_SEARCH_PARAMS`); matches choose them (docs/engine/search-decisions.md). */
  params?: Partial<SearchParams>;
}

/**
 * The search's margins, in centi-men of the evaluation: they belong to its scale, so a new
 * evaluation may want new ones (docs/engine/log.md, "Session 5: search margins and evaluation candidates").
 */
export interface SearchParams {
  /** Futility pruning of a late quiet move at depth ≤ 3: static eval + base + perDepth·depth ≤ alpha. */
  futilityBase: number;
  futilityPerDepth: number;
  /** Static beta pruning at depth ≤ 3: static eval − perDepth·depth ≥ beta. */
  staticBetaPerDepth: number;
  /** ProbCut at depth ≥ 5: a search 4 plies shallower against beta + margin. */
  probCutMargin: number;
  /** The first aspiration window's half width at depth 4 and more. */
  aspiration: number;
  /** Late-move reductions: `ln(depth) · ln(moveNumber) / lmrDivisor` plies (see `lmrTable`). */
  lmrDivisor: number;
  /** Move-count pruning at depth ≤ 3: quiet moves after the first `base + scale · depth²` are skipped. */
  lateMoveBase: number;
  lateMoveScale: number;
  /**
   * How many times along a line quiescence searches the quiet replies to a capture threat (0: never).
   * The searcher starts with this count; the engine sets each level's own (levels.ts) unless the
   * caller's params name one.
   */
  threatReplyPlies: number;
  /** Internal iterative reduction from this depth on (0: off): see `Searcher.search`. */
  iirDepth: number;
  /** 1: at a quiet cut the quiet moves tried before the cutting one lose the history it gains (0: off). */
  historyMalus: number;
  /**
   * A sacrifice is a quiet move after which the opponent must capture (the start of most draughts
   * combinations). LMR reduces one by at most this many plies (0: never; 64: like any late quiet move).
   */
  lmrSacrifice: number;
  /**
   * Sacrifices where futility or move-count pruning would drop them. 0: searched in full; 1: pruned
   * like any late quiet move; 2: probed, searched to `sacrificeProbe` plies first (0: quiescence,
   * which sees the forced capture and the shot after it) and in full only when that beats alpha.
   */
  pruneSacrifice: number;
  /** The depth of `pruneSacrifice` 2's probe search (0: quiescence). */
  sacrificeProbe: number;
  /** Futility, move-count and static beta pruning apply at this remaining depth and below (0: none). */
  pruneDepth: number;
}

/** The divisor chosen by an equal-nodes match against 2.2 (docs/engine/search-decisions.md). */
export const LMR_DIVISOR = 1.8;

/**
 * The search's defaults (docs/engine/search-decisions.md has the match behind each). Sacrifices are
 * never reduced, and those that pruning would drop are probed by quiescence (`pruneSacrifice` 2).
 */
export const DEFAULT_SEARCH_PARAMS: Readonly<SearchParams> = {
  futilityBase: 45,
  futilityPerDepth: 68,
  staticBetaPerDepth: 68,
  probCutMargin: 120,
  aspiration: 25,
  lmrDivisor: LMR_DIVISOR,
  lateMoveBase: 3,
  lateMoveScale: 2,
  threatReplyPlies: 1,
  iirDepth: 4,
  historyMalus: 1,
  lmrSacrifice: 0,
  pruneSacrifice: 2,
  sacrificeProbe: 0,
  pruneDepth: 3,
};

/** What the root needs: the board, the counters, the draw rules and the history for repetitions. */
export interface RootState {
  board: Board;
  turn: number;
  noProgress: number;
  kingsOnly: number;
  rules: DrawRules;
  /** Keys (A, B pairs) of earlier positions of the game, oldest first, root excluded. */
  history: Int32Array;
}

/** Limits of one search in the searcher's terms (the facade translates `Limits` into these). */
export interface SearchControl {
  maxDepth: number;
  maxNodes: number;
  /** Stop iterating after this many ms (checked between iterations). */
  softTime: number;
  /** Stop searching at once after this many ms. */
  hardTime: number;
  /** Called after every completed iteration. */
  onIteration?: (it: IterationInfo) => void;
  /** Root moves (indices in generator order) not to search: multi-PV finds its next line this way. */
  excludedRootMoves?: readonly number[];
}

/** What one finished iteration of the search reports: depth, selective depth, score, nodes, time, the line. */
export interface IterationInfo {
  depth: number;
  seldepth: number;
  score: number;
  nodes: number;
  time: number;
  /** Indices of the principal variation, each into the move list of its position (in generator order). */
  pv: number[];
}

/** The tables hold under the default rules: one king each drawn, none of the optional rules. */
export const tbRulesHold = (rules: DrawRules): boolean =>
  rules.kingVsKing && !rules.onePieceEach && !rules.kingVsMan && !rules.kingsOnly;

/** LMR reductions by depth and move number: `ln(depth) · ln(moveNumber) / divisor`, rounded. */
export function lmrTable(divisor: number): Uint8Array {
  const t = new Uint8Array(64 * 64);
  for (let d = 1; d < 64; d++)
    for (let m = 1; m < 64; m++)
      t[d * 64 + m] = Math.max(0, Math.floor(0.5 + (Math.log(d) * Math.log(m)) / divisor));
  return t;
}

/** The alpha-beta searcher: iterative deepening over a copy-make ply stack (see the module comment). */
export class Searcher {
  // Fixed for the searcher's life.
  readonly tt: TranspositionTable;
  readonly weights: Weights;
  /** The evaluation: fixed, since the evaluation cache keeps its values. */
  readonly evaluator: Evaluator;
  /** The margins (`SearchParams`). */
  readonly params: Readonly<SearchParams>;

  // The host's settings, read by the next `run`.
  noise: number;
  seed: number;
  stopSignal: Int32Array | undefined;
  /**
   * The search stops when the shared stop flag reaches this value (1: any non-zero flag). A host
   * that numbers its searches sets it to the search's number and writes into the flag the number of
   * the last search to stop, so a stop meant for one search never stops the next (protocol.ts).
   */
  stopAt = 1;
  /** Set by the host to end the current search at the next check. */
  stopRequested = false;
  plain: boolean;
  tablebase: Tablebase | undefined;
  /**
   * How many times along a line quiescence looks at the quiet replies to a capture threat (0: never).
   * It starts as `params.threatReplyPlies`; the engine sets it from the level (levels.ts).
   */
  threatReplyPlies: number;
  /**
   * The weakening of the ladder's lower rungs (levels.ts, `LADDER`); the defaults leave the search
   * as it is (every shipped level, Master included). All of it is deterministic given `seed`.
   *
   * `qsCaptureLimit`: how many capture plies quiescence follows; beyond them a node with captures is
   * scored by its static evaluation as if quiet, so an exchange or a shot longer than the search's
   * depth plus this many captures is not seen.
   */
  qsCaptureLimit = Infinity;
  /**
   * Per mille: the chance that quiescence misses a capture (a node with captures is scored by its
   * static evaluation as if quiet), decided by a hash of the position and the seed, so the same
   * position is misjudged the same way all through a search: a piece left en prise, a take not seen.
   */
  qsMiss = 0;
  /**
   * Per mille: the chance that a sacrifice of the opponent at the first reply (a quiet move after
   * which the side to move at the root must capture) is overlooked (not searched). The chance is
   * decided by a hash of the position, the move and the seed.
   */
  overlook = 0;
  /** Extra noise (± centi-men) in the ending: `endgameNoise · (12 − pieces) / 12` below 12 pieces. */
  endgameNoise = 0;
  /** No noise where the evaluation's size is at least this (a clearly won or lost position). */
  noiseMargin = Infinity;
  /**
   * When the root's static evaluation (without noise) is at least this, the search plays at full
   * strength within its limits: no noise, no overlooked sacrifice, full quiescence (a level that is
   * winning big does not throw the game away).
   */
  guardMargin = Infinity;

  // What the last `run` found and spent.
  /** The score, depth and principal variation (move indices) behind the last `run`'s move. */
  bestScore = 0;
  completedDepth = 0;
  bestPv: number[] = [];
  nodes = 0;
  seldepth = 0;
  stopped = false;
  /** Nodes whose value came from the tables in the last `run`. */
  tbHits = 0;

  // This search's root, rules, limits and weakening (`run` sets them).
  private turn0 = 0;
  /** The root's index in `keyA`/`keyB` (the game's earlier positions come before it). */
  private rootIndex = 0;
  private rules!: DrawRules;
  private ruleStatic = false;
  /** The tables hold for this search's rules (the default ones; see tablebase.ts). */
  private tbOn = false;
  private maxNodes = Infinity;
  private hardTime = Infinity;
  private start = 0;
  /** 1 at the index of each excluded root move (`SearchControl.excludedRootMoves`), or null. */
  private rootExcluded: Uint8Array | null = null;
  /** The best root move of the iteration under way, and its score. */
  private rootBest = -1;
  private rootBestScore = -INFINITE;
  /** This search's weakening: the fields above, or none when the guard holds. */
  private noiseNow = 0;
  private qsLimitNow = Infinity;
  private qsMissNow = 0;
  private overlookNow = 0;
  private endgameNoiseNow = 0;

  // Per-ply buffers and tables, allocated once: a node allocates nothing.
  private stack = new PlyStack(MAX_PLY + 1);
  private lists: MoveList[] = this.stack.lists;
  private boards: Board[] = this.stack.boards;
  /** The position keys (A, B) of the game's earlier positions, then of each ply's. */
  private keyA = new Int32Array(HISTORY_ROOM + MAX_PLY + 2);
  private keyB = new Int32Array(HISTORY_ROOM + MAX_PLY + 2);
  private noProgress = new Int32Array(MAX_PLY + 2);
  private kingsOnly = new Int32Array(MAX_PLY + 2);
  private rootKeys = new Int32Array(2);
  /** Each ply's principal variation, from that ply on (`MAX_PLY` entries per ply), and its end. */
  private pvTable = new Int16Array(MAX_PLY * MAX_PLY);
  private pvLength = new Int32Array(MAX_PLY + 1);
  /** Move ordering: order scores, killers, history (ordering.ts). */
  private readonly order: MoveOrder;
  /** Late-move reductions by depth and move number (`lmrTable`). */
  private readonly lmr: Uint8Array;
  /**
   * The evaluator's value of recently scored positions: per entry, the position's second key and
   * its value (EVAL_EMPTY: none), at the index of its first key's low bits. About a fifth of the
   * evaluations on the bench (most in quiescence, where the table is not probed) find their position here.
   */
  private evalCache = new Int32Array((EVAL_MASK + 1) * 2).fill(EVAL_EMPTY);

  constructor(options: SearchOptions = {}) {
    this.tt = new TranspositionTable(options.hashMegabytes ?? 16);
    this.weights = options.weights ?? DEFAULT_WEIGHTS;
    this.evaluator = options.evaluator ?? ((b, turn) => evaluate(b, turn, this.weights));
    this.noise = options.noise ?? 0;
    this.seed = options.seed ?? 0;
    this.stopSignal = options.stopSignal;
    this.plain = options.plain ?? false;
    this.tablebase = options.tablebase;
    const params = { ...DEFAULT_SEARCH_PARAMS, ...options.params };
    this.params = Object.freeze(params);
    this.lmr = lmrTable(params.lmrDivisor);
    this.threatReplyPlies = params.threatReplyPlies;
    this.order = new MoveOrder(params.historyMalus !== 0);
  }

  /** Forget everything learned (a new game). */
  clear(): void {
    this.tt.clear();
    this.evalCache.fill(EVAL_EMPTY);
    this.order.clear();
  }

  /**
   * Search the root and return the best move's index in the root move list (generator order), or -1
   * when there is no legal move.
   */
  run(root: RootState, control: SearchControl): number {
    this.start = performance.now();
    this.nodes = 0;
    this.seldepth = 0;
    this.stopped = false;
    this.maxNodes = control.maxNodes;
    this.hardTime = control.hardTime;
    this.rules = root.rules;
    this.ruleStatic = hasMaterialRule(root.rules);
    this.tbOn = tbRulesHold(root.rules) && this.tablebase !== undefined;
    this.tbHits = 0;
    this.tt.newSearch();
    this.order.newSearch();
    this.setRoot(root);

    const b = this.boards[0];
    const list = this.lists[0];
    generateMoves(b, root.turn, list);
    this.bestScore = -WIN;
    this.completedDepth = 0;
    this.bestPv = [];
    if (list.count === 0) return -1;
    this.rootExcluded = null;
    const excluded = control.excludedRootMoves ?? [];
    if (excluded.length > 0) {
      this.rootExcluded = new Uint8Array(list.count);
      for (const i of excluded) if (i >= 0 && i < list.count) this.rootExcluded[i] = 1;
    }
    let best = 0;
    while (this.rootExcluded !== null && best < list.count && this.rootExcluded[best] === 1) best++;
    if (best === list.count) return -1;
    this.bestPv = [best];
    this.bestScore = 0;
    let score = 0;
    for (let depth = 1; depth <= control.maxDepth && depth < MAX_PLY - 8; depth++) {
      this.rootBest = -1;
      this.rootBestScore = -INFINITE;
      score = this.aspiration(depth, score);
      if (this.stopped) {
        // A move that the unfinished iteration proved better than the last one's choice is kept.
        if (this.rootBest >= 0 && this.rootBest !== best && this.rootBestScore > this.bestScore) {
          best = this.rootBest;
          this.bestScore = this.rootBestScore;
          this.bestPv = [best];
        }
        break;
      }
      best = this.pvTable[0];
      this.bestScore = score;
      this.completedDepth = depth;
      const pv: number[] = [];
      for (let i = 0; i < this.pvLength[0]; i++) pv.push(this.pvTable[i]);
      this.bestPv = pv;
      const time = performance.now() - this.start;
      control.onIteration?.({ depth, seldepth: this.seldepth, score, nodes: this.nodes, time, pv });
      if (this.stopRequested) break;
      if (time >= control.softTime) break;
      if (list.count === 1 && control.softTime < Infinity) break;
      // A win or loss found within the depth cannot change with more depth.
      if (score >= WIN_BOUND && WIN - score <= depth) break;
      if (score <= -WIN_BOUND && WIN + score <= depth) break;
    }
    return best;
  }

  /** The root's board, keys, counters and side to move, and this search's weakening (the guard's). */
  private setRoot(root: RootState): void {
    // History keys: only the last HISTORY_ROOM positions can matter (no-progress draws come first).
    const h = root.history;
    const n = Math.min(h.length >> 1, HISTORY_ROOM);
    const offset = (h.length >> 1) - n;
    for (let i = 0; i < n; i++) {
      this.keyA[i] = h[(offset + i) * 2];
      this.keyB[i] = h[(offset + i) * 2 + 1];
    }
    this.rootIndex = n;
    const b = this.boards[0];
    b.set(root.board);
    boardKeys(b, root.turn, this.rootKeys);
    this.keyA[n] = this.rootKeys[0];
    this.keyB[n] = this.rootKeys[1];
    this.noProgress[0] = root.noProgress;
    this.kingsOnly[0] = root.kingsOnly;
    this.turn0 = root.turn;
    this.noiseNow = this.noise;
    this.qsLimitNow = this.qsCaptureLimit;
    this.qsMissNow = this.qsMiss;
    this.overlookNow = this.overlook;
    this.endgameNoiseNow = this.endgameNoise;
    if (this.guardMargin < Infinity) {
      const e = this.evaluator(b, root.turn, 0);
      if (e >= this.guardMargin) {
        this.noiseNow = 0;
        this.qsLimitNow = Infinity;
        this.qsMissNow = 0;
        this.overlookNow = 0;
        this.endgameNoiseNow = 0;
      }
    }
  }

  /**
   * The root's score at `depth`: searched in a window around the last iteration's `score` (from
   * depth 4), widened on each side it fails on (unchanged `score` when the search stopped).
   */
  private aspiration(depth: number, score: number): number {
    let delta = this.params.aspiration;
    let alpha = -INFINITE;
    let beta = INFINITE;
    if (depth >= 4 && score > -WIN_BOUND && score < WIN_BOUND) {
      alpha = score - delta;
      beta = score + delta;
    }
    while (true) {
      const s = this.search(0, depth, alpha, beta);
      if (this.stopped) return score;
      if (s <= alpha) {
        beta = (alpha + beta) >> 1;
        alpha = Math.max(s - delta, -INFINITE);
      } else if (s >= beta) {
        beta = Math.min(s + delta, INFINITE);
      } else return s;
      delta += delta;
      if (delta > 400) {
        alpha = -INFINITE;
        beta = INFINITE;
      }
    }
  }

  /**
   * The principal-variation search of the node at `ply`, `depth` plies from the horizon, in the
   * window `alpha`–`beta`: its score for the side to move. In order: draws, mate distance and the
   * tables; quiescence at the horizon; the transposition table; the moves (none: a loss) and the
   * counting draws; the depth's adjustments; pruning of the whole node; the moves, best first, with
   * late quiet ones pruned or reduced; the table's new entry.
   */
  private search(ply: number, depth: number, alpha: number, beta: number): number {
    const pvNode = beta - alpha > 1;
    this.pvLength[ply] = ply;
    // Draws, mate distance and the tables.
    if (ply > 0) {
      if (this.rules.repetition && this.isRepetition(ply)) return DRAW;
      if (this.ruleStatic && materialDraw(this.boards[ply], this.rules) !== undefined) return DRAW;
      // Mate distance pruning.
      if (alpha < -WIN + ply) alpha = -WIN + ply;
      if (beta > WIN - ply - 1) beta = WIN - ply - 1;
      if (alpha >= beta) return alpha;
      if (this.tbOn) {
        const s = this.tbProbe(ply);
        if (s !== INFINITE) {
          this.nodes++;
          return s;
        }
      }
    }
    if (depth <= 0 || ply >= MAX_PLY - 8) return this.qsearch(ply, alpha, beta, 0, 0);
    this.nodes++;
    this.checkStop();
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;

    // The table: the hash move, the static evaluation, and off the PV a bound that settles the node.
    const idx = this.rootIndex + ply;
    const ka = this.keyA[idx];
    const kb = this.keyB[idx];
    const tt = this.tt;
    let hashMove = -1;
    let ttEval = INFINITE;
    if (tt.probe(ka, kb)) {
      hashMove = tt.move;
      ttEval = tt.eval;
      if (!pvNode && tt.depth >= depth && ply > 0) {
        const s = fromTT(tt.score, ply);
        if (
          tt.bound === BOUND_EXACT ||
          (tt.bound === BOUND_LOWER && s >= beta) ||
          (tt.bound === BOUND_UPPER && s <= alpha)
        )
          return s;
      }
    }

    // The moves: none is a loss; then the counting rules' draws.
    const b = this.boards[ply];
    const turn = (this.turn0 + ply) & 1;
    const l = this.lists[ply];
    generateMoves(b, turn, l);
    const count = l.count;
    if (count === 0) return -WIN + ply;
    if (ply > 0 && counterDraw(this.noProgress[ply], this.kingsOnly[ply], this.rules) !== undefined)
      return DRAW;
    if (hashMove >= count) hashMove = -1;
    const quiet = l.captures === 0;
    const params = this.params;
    // Internal iterative reduction: a non-PV node that the table knows nothing about is searched a
    // ply shallower (its move ordering is poor, and a PV node has the last iteration's move anyway).
    if (params.iirDepth > 0 && hashMove < 0 && depth >= params.iirDepth && !pvNode && !this.plain) depth--;
    // Forced reply: one legal move is searched a ply deeper.
    if (count === 1 && ply > 0) depth++;

    // Pruning of a quiet node off the PV: static beta pruning at the last plies (where its late moves
    // may be pruned too), ProbCut above them.
    const prune = quiet && !pvNode && !this.plain && depth <= params.pruneDepth;
    const cut =
      quiet && !pvNode && !this.plain && depth >= PROBCUT_DEPTH && beta > -WIN_BOUND && beta < WIN_BOUND;
    // The static evaluation only where a pruning rule reads it (a node with captures, a PV node or
    // one at depth 4 never does); the table keeps INFINITE for "not computed", and the next visit
    // computes the same value (the evaluation and its noise depend on the position alone).
    let staticEval = ttEval;
    if (staticEval === INFINITE && (prune || cut)) staticEval = this.staticEval(ply);
    // Static beta pruning: far above beta with no capture threat against us.
    if (
      prune &&
      ply > 0 &&
      beta > -WIN_BOUND &&
      beta < WIN_BOUND &&
      staticEval - params.staticBetaPerDepth * depth >= beta &&
      !hasCapture(b, turn ^ 1)
    )
      return staticEval;
    if (cut && staticEval >= beta + params.probCutMargin - PROBCUT_SLACK) {
      const s = this.probCut(ply, depth, beta);
      if (s !== INFINITE) return s;
    }

    // The moves, best first.
    const order = this.order;
    order.orderMoves(ply, l, b, turn, hashMove);
    // Futility and move-count pruning's thresholds (read only where `prune` holds).
    const futility = staticEval + params.futilityBase + params.futilityPerDepth * depth;
    const lateMoves = params.lateMoveBase + params.lateMoveScale * depth * depth;
    const oldAlpha = alpha;
    let best = -INFINITE;
    let bestMove = -1;
    for (let n = 0; n < count; n++) {
      const i = order.nextMove(ply, count);
      if (ply === 0 && this.rootExcluded !== null && this.rootExcluded[i] === 1) continue;
      // A weak level may overlook the opponent's sacrifice at the first reply.
      if (ply === 1 && quiet && this.overlookNow > 0 && best > -INFINITE && this.overlooked(ply, i)) continue;
      const from = l.from[i];
      const to = l.to[i];
      const promotes = quiet && crowns(b, turn, from, to);
      // Futility and move-count pruning of late quiet moves near the horizon. Sacrifices are kept
      // unless `pruneSacrifice` is 1: searched in full (0) or probed at a shallow depth first (2).
      let probe = false;
      if (prune && n > 0 && !promotes && best > -WIN_BOUND && (futility <= alpha || n >= lateMoves)) {
        if (params.pruneSacrifice === 1) {
          // Both rules then hold for every later move too (alpha only rises, n only grows): only a
          // promotion could still be searched, so without one left the node is done.
          if (!order.promotionLeft(ply, l, b, turn)) break;
          continue;
        }
        if (!this.isSacrifice(ply, i)) continue;
        probe = params.pruneSacrifice === 2;
      }

      this.make(ply, i);
      let score: number;
      if (n === 0) score = -this.search(ply + 1, depth - 1, -beta, -alpha);
      else {
        // A zero window, reduced for a probed sacrifice or a late quiet move, searched again unreduced
        // and then with the full window when it beats alpha.
        let r = 0;
        if (probe && depth - 1 > params.sacrificeProbe) r = depth - 1 - params.sacrificeProbe;
        else if (
          quiet &&
          !promotes &&
          n >= (pvNode ? 2 : 1) &&
          depth >= 3 &&
          !this.plain &&
          !order.isFirstKiller(ply, from, to)
        )
          r = this.reduction(ply, depth, n, pvNode);
        score = -this.search(ply + 1, depth - 1 - r, -alpha - 1, -alpha);
        if (r > 0 && score > alpha && !this.stopped)
          score = -this.search(ply + 1, depth - 1, -alpha - 1, -alpha);
        if (pvNode && score > alpha && score < beta && !this.stopped)
          score = -this.search(ply + 1, depth - 1, -beta, -alpha);
      }
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = i;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, i);
          if (ply === 0) {
            this.rootBest = i;
            this.rootBestScore = score;
          }
          if (score >= beta) {
            if (quiet) order.goodMove(ply, turn, from, to, depth);
            break;
          }
        }
      }
      if (quiet) order.badMove(ply, n, from, to);
    }

    // With root moves excluded the root's score is not the position's: keep it out of the table.
    if (ply === 0 && this.rootExcluded !== null) return best;
    // The table's new entry.
    const bound = best >= beta ? BOUND_LOWER : best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
    tt.store(ka, kb, bestMove, depth, bound, toTT(best, ply), staticEval);
    return best;
  }

  /**
   * Quiescence: captures are compulsory, so a node with captures searches all of them (no standing
   * pat), kings taken first. A quiet node stands pat on the evaluation, unless the opponent
   * threatens a capture: then its quiet moves are searched, at most `threatReplyPlies` times along a
   * line (the levels below Master once, Master never). `caps`: the capture plies so far.
   */
  private qsearch(ply: number, alpha: number, beta: number, threatPlies: number, caps: number): number {
    this.nodes++;
    this.checkStop();
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    const b = this.boards[ply];
    if (ply > 0 && this.ruleStatic && materialDraw(b, this.rules) !== undefined) return DRAW;
    if (ply > 0 && this.tbOn) {
      const s = this.tbProbe(ply);
      if (s !== INFINITE) return s;
    }
    const turn = (this.turn0 + ply) & 1;
    if (ply >= MAX_PLY - 1) return this.staticEval(ply);
    // Which moves are searched: the captures, or the quiet replies to a threat.
    const captures = hasCapture(b, turn);
    if (captures) {
      // A weak level sees only so many capture plies: beyond them, the node is scored as if quiet.
      if (caps >= this.qsLimitNow) return this.staticEval(ply);
      if (this.qsMissNow > 0 && this.missed(ply)) return this.staticEval(ply);
    } else {
      if (!hasQuietMove(b, turn)) return -WIN + ply;
      const standPat = this.staticEval(ply);
      if (threatPlies >= this.threatReplyPlies || !hasCapture(b, turn ^ 1)) return standPat;
      if (ply > 0 && this.rules.repetition && this.isRepetition(ply)) return DRAW;
    }
    const l = this.lists[ply];
    generateMoves(b, turn, l);
    const count = l.count;
    // Captures best-ordered; quiet replies in the generator's order.
    if (captures) this.order.orderCaptures(ply, l, b);
    const childThreats = captures ? threatPlies : threatPlies + 1;
    const childCaps = captures ? caps + 1 : caps;
    let best = -INFINITE;
    for (let n = 0; n < count; n++) {
      const i = captures ? this.order.nextMove(ply, count) : n;
      this.make(ply, i);
      const s = -this.qsearch(ply + 1, -beta, -alpha, childThreats, childCaps);
      if (this.stopped) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          if (s >= beta) break;
        }
      }
    }
    return best;
  }

  /**
   * ProbCut at `ply`: a search `PROBCUT_REDUCTION` plies shallower against beta + `probCutMargin`.
   * Its score when it reaches that bound (0 when the search stopped), or INFINITE: search the node.
   */
  private probCut(ply: number, depth: number, beta: number): number {
    const pcBeta = beta + this.params.probCutMargin;
    const s = this.search(ply, depth - PROBCUT_REDUCTION, pcBeta - 1, pcBeta);
    if (this.stopped) return 0;
    if (s >= pcBeta) return s;
    // The nested search reused this ply's buffers: generate again.
    generateMoves(this.boards[ply], (this.turn0 + ply) & 1, this.lists[ply]);
    this.pvLength[ply] = ply;
    return INFINITE;
  }

  /**
   * The late-move reduction of the quiet move just made at `ply`, its `n`-th, with `depth` plies
   * left: `lmr`'s, a ply less at a PV node, at least one ply left, and at most `lmrSacrifice` for a
   * sacrifice.
   */
  private reduction(ply: number, depth: number, n: number, pvNode: boolean): number {
    let r = this.lmr[Math.min(depth, 63) * 64 + Math.min(n, 63)];
    if (pvNode && r > 0) r--;
    if (r > depth - 2) r = depth - 2;
    const sacrifice = this.params.lmrSacrifice;
    if (r > sacrifice && hasCapture(this.boards[ply + 1], ((this.turn0 + ply) & 1) ^ 1)) r = sacrifice;
    return r;
  }

  /** Move `i` raised alpha at `ply`: the line from `ply` becomes the move and then the child's line. */
  private updatePv(ply: number, i: number): void {
    const base = ply * MAX_PLY;
    this.pvTable[base + ply] = i;
    const childBase = (ply + 1) * MAX_PLY;
    const len = this.pvLength[ply + 1];
    for (let k = ply + 1; k < len; k++) this.pvTable[base + k] = this.pvTable[childBase + k];
    this.pvLength[ply] = Math.max(len, ply + 1);
  }

  /**
   * Whether move `i` at `ply` is a sacrifice: a quiet move after which the other side must capture
   * (how draughts combinations start). Plays it into the board of `ply + 1`.
   */
  private isSacrifice(ply: number, i: number): boolean {
    const turn = (this.turn0 + ply) & 1;
    const c = this.boards[ply + 1];
    applyMove(this.boards[ply], turn, this.lists[ply], i, c);
    return hasCapture(c, turn ^ 1);
  }

  /**
   * Whether quiet move `i` at `ply` is a sacrifice that this search overlooks (`overlook` per mille,
   * by a hash of the position, the move and the seed).
   */
  private overlooked(ply: number, i: number): boolean {
    if (!this.isSacrifice(ply, i)) return false;
    const l = this.lists[ply];
    let h = Math.imul(this.keyA[this.rootIndex + ply] ^ (l.from[i] * 64 + l.to[i]) ^ ~this.seed, 0x85ebca77);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae3d);
    h ^= h >>> 16;
    return (h >>> 0) % 1000 < this.overlookNow;
  }

  /** Whether quiescence misses the captures at `ply` (`qsMiss` per mille, by a hash of the position and the seed). */
  private missed(ply: number): boolean {
    let h = Math.imul(this.keyB[this.rootIndex + ply] ^ this.seed ^ 0x2545f491, 0x9e3779b1);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    return (h >>> 0) % 1000 < this.qsMissNow;
  }

  private checkStop(): void {
    if (this.nodes >= this.maxNodes) this.stopped = true;
    else if ((this.nodes & 1023) === 0) {
      if (this.stopRequested) this.stopped = true;
      else if (this.stopSignal !== undefined && Atomics.load(this.stopSignal, 0) >= this.stopAt)
        this.stopped = true;
      else if (this.hardTime < Infinity && performance.now() - this.start >= this.hardTime)
        this.stopped = true;
    }
  }

  /** The exact score of the node from the tables, or INFINITE when they give none. */
  private tbProbe(ply: number): number {
    const b = this.boards[ply];
    if (popcount(b[0] | b[2]) + popcount(b[1] | b[3]) > TB_MAX_PIECES) return INFINITE;
    const code = this.tablebase!.probe(b, (this.turn0 + ply) & 1);
    if (code < 0) return INFINITE;
    const s = tbScore(code, ply, this.rules.noProgress ? this.noProgress[ply] : 0);
    if (s === undefined) return INFINITE;
    this.tbHits++;
    return s;
  }

  private isRepetition(ply: number): boolean {
    const idx = this.rootIndex + ply;
    const a = this.keyA[idx];
    const kb = this.keyB[idx];
    const stop = Math.max(0, idx - this.noProgress[ply]);
    // Two plies back cannot repeat: the side to move changed a piece that the other side cannot restore.
    for (let i = idx - 4; i >= stop; i -= 2) if (this.keyA[i] === a && this.keyB[i] === kb) return true;
    return false;
  }

  /** Play move `i` of the list at `ply` into the board of `ply + 1`, with its keys and counters. */
  private make(ply: number, i: number): void {
    const b = this.boards[ply];
    const l = this.lists[ply];
    const c = this.boards[ply + 1];
    const turn = (this.turn0 + ply) & 1;
    applyMove(b, turn, l, i, c);
    const from = l.from[i];
    const to = l.to[i];
    const wasKing = bitAt(b[4], b[5], from);
    const isKing = bitAt(c[4], c[5], to);
    const k1 = (turn + 2 * wasKing) * 64 + from;
    const k2 = (turn + 2 * isKing) * 64 + to;
    const idx = this.rootIndex + ply;
    let a = this.keyA[idx] ^ SIDE_A ^ KEY_A[k1] ^ KEY_A[k2];
    let kb = this.keyB[idx] ^ SIDE_B ^ KEY_B[k1] ^ KEY_B[k2];
    let capLo = l.capLo[i];
    let capHi = l.capHi[i];
    const enemy = turn ^ 1;
    // The taken pieces' keys. Core's `lowestBit` is written out here, in eval/ and in tablebase.ts:
    // with the calls the bench runs about 4% more instructions (callgrind, depth 8), and slower.
    while (capLo !== 0) {
      const sq = 31 - Math.clz32(capLo & -capLo);
      capLo &= capLo - 1;
      const k = (enemy + 2 * ((b[4] >>> sq) & 1)) * 64 + sq;
      a ^= KEY_A[k];
      kb ^= KEY_B[k];
    }
    while (capHi !== 0) {
      const sq = 31 - Math.clz32(capHi & -capHi);
      capHi &= capHi - 1;
      const k = (enemy + 2 * ((b[5] >>> sq) & 1)) * 64 + sq + 32;
      a ^= KEY_A[k];
      kb ^= KEY_B[k];
    }
    this.keyA[idx + 1] = a;
    this.keyB[idx + 1] = kb;
    const capture = l.captures > 0;
    const forwardMan = wasKing === 0 && to >> 3 !== from >> 3;
    this.noProgress[ply + 1] = capture || forwardMan ? 0 : this.noProgress[ply] + 1;
    this.kingsOnly[ply + 1] = wasKing !== 0 && !capture ? this.kingsOnly[ply] + 1 : 0;
  }

  private staticEval(ply: number): number {
    const b = this.boards[ply];
    const ka = this.keyA[this.rootIndex + ply];
    const kb = this.keyB[this.rootIndex + ply];
    const slot = (ka & EVAL_MASK) << 1;
    const cache = this.evalCache;
    let e: number;
    if (cache[slot] === kb && cache[slot + 1] !== EVAL_EMPTY) e = cache[slot + 1];
    else {
      e = this.evaluator(b, (this.turn0 + ply) & 1, ply);
      cache[slot] = kb;
      cache[slot + 1] = e;
    }
    let noise = this.noiseNow;
    if (this.endgameNoiseNow > 0) {
      const pieces = popcount(b[0] | b[2]) + popcount(b[1] | b[3]);
      if (pieces < 12) noise += Math.round((this.endgameNoiseNow * (12 - pieces)) / 12);
    }
    if (noise > 0 && (e < 0 ? -e : e) < this.noiseMargin) {
      let h = Math.imul(this.keyA[this.rootIndex + ply] ^ this.seed, 0x9e3779b1);
      h ^= h >>> 15;
      h = Math.imul(h, 0x85ebca77);
      h ^= h >>> 13;
      e += ((h >>> 0) % (2 * noise + 1)) - noise;
    }
    return e;
  }
}
