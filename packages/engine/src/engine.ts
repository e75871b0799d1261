/**
 * The facade: `search(game, limits, onInfo)` for a game from `@dama/core`, at a level. It turns the
 * game into the searcher's root (board, counters, draw rules, the keys of earlier positions for
 * repetitions) and the searcher's move indices back into `Move`s.
 *
 * The search is synchronous. `stop()` is seen at the searcher's next check (every 1024 nodes) when
 * it is called from `onInfo` or through a shared stop flag (`stopSignal`, a SharedArrayBuffer view);
 * otherwise the limits end the search. See worker.ts for how the browser gets "the latest request wins".
 */
import { sameMove, type Game, type Move, type Position } from '@dama/core';
import { LADDER, LEVEL_SETTINGS, rungSettings, type LevelSettings } from './levels.ts';
import { Searcher, tbRulesHold, type RootState, type SearchParams } from './search.ts';
import { decodeValue, tbScore, type Tablebase } from './tablebase.ts';
import { budget } from './timeman.ts';
import { winDistance } from './types.ts';
import type { Level, Limits, SearchInfo, SearchLine, SearchResult, TbResult } from './types.ts';
import type { Weights } from './eval/hand.ts';
import { patternEvaluate, type PatternWeights } from './eval/patterns.ts';
import { NetEvaluator } from './eval/net.ts';
import { boardKeys } from './zobrist.ts';

/** Options of a new `Engine`: level, hash size, evaluation (hand weights or learned patterns), noise, a stop flag, endgame tables. */
export interface EngineOptions {
  level?: Level;
  /**
   * A rung of the ladder, 1 (weakest) to `LADDER.length` (Master), instead of a product level
   * (levels.ts, `LADDER`).
   */
  rung?: number;
  /** Transposition table size in MB (default 16). */
  hashMegabytes?: number;
  weights?: Weights;
  /** The learned evaluation's weights (weights.ts); without them, the hand-weighted evaluation. */
  patterns?: PatternWeights;
  /** Seed of the weaker levels' evaluation noise (default 0). */
  seed?: number;
  /** Replace the level's evaluation noise (± centi-men). */
  noise?: number;
  stopSignal?: Int32Array;
  /** Endgame tables (probed at the root and in the search). */
  tablebase?: Tablebase;
  /** The search's margins, where they differ from the shipped ones (matches and tuning). */
  searchParams?: Partial<SearchParams>;
}

/** The engine: `search(game, limits, onInfo)` gives the best move of a `Game` from `@dama/core` at the engine's level or within the given limits; `stop()` ends a search early. */
export class Engine {
  private searcher: Searcher;
  private levelName: Level;
  private rungNumber: number | undefined;
  private noiseOverride: number | undefined;
  /** The caller's `searchParams.threatReplyPlies`, which holds at every level. */
  private threatRepliesOverride: number | undefined;
  private tables: Tablebase | undefined;

  constructor(options: EngineOptions = {}) {
    this.levelName = options.level ?? 'master';
    this.rungNumber = checkRung(options.rung);
    this.noiseOverride = options.noise;
    this.threatRepliesOverride = options.searchParams?.threatReplyPlies;
    this.tables = options.tablebase;
    const patterns = options.patterns;
    const net = patterns?.net ? new NetEvaluator(patterns.net) : undefined;
    this.searcher = new Searcher({
      hashMegabytes: options.hashMegabytes,
      weights: options.weights,
      evaluator: patterns
        ? net
          ? (b, turn, ply) => patternEvaluate(patterns, b, turn, net.white(b, ply, turn))
          : (b, turn) => patternEvaluate(patterns, b, turn)
        : undefined,
      seed: options.seed,
      stopSignal: options.stopSignal,
      params: options.searchParams,
    });
    this.applyLevel();
  }

  get level(): Level {
    return this.levelName;
  }

  /** Play at `level` from the next search on. */
  setLevel(level: Level): void {
    this.levelName = level;
    this.rungNumber = undefined;
    this.applyLevel();
  }

  /** The ladder's rung the engine plays at (undefined: it plays at `level`). */
  get rung(): number | undefined {
    return this.rungNumber;
  }

  /** Play at rung `rung` of the ladder (1 to `LADDER.length`) from the next search on. */
  setRung(rung: number): void {
    this.rungNumber = checkRung(rung);
    this.applyLevel();
  }

  /** The settings played by: the rung's when one is set, otherwise the level's. */
  private get settings(): Readonly<LevelSettings> {
    return this.rungNumber !== undefined ? LADDER[this.rungNumber - 1] : LEVEL_SETTINGS[this.levelName];
  }

  /**
   * Give the engine endgame tables (or take them away with undefined). The levels that play by
   * them (levels.ts) probe them in the search; every level reports the root's value.
   */
  setTablebase(tablebase: Tablebase | undefined): void {
    this.tables = tablebase;
    this.applyLevel();
  }

  get tablebase(): Tablebase | undefined {
    return this.tables;
  }

  /** The tables' value of the game's position, when they know it and it holds for the game. */
  tbResult(game: Game): TbResult | undefined {
    const tb = this.tables;
    if (!tb || game.isOver() || !tbRulesHold(game.drawRules)) return undefined;
    const p = game.position;
    const code = tb.probe(p.toBoard(), p.turnIndex);
    if (code < 0) return undefined;
    const noProgress = game.drawRules.noProgress ? game.counters.noProgress : 0;
    if (tbScore(code, 0, noProgress) === undefined) return undefined;
    return decodeValue(code);
  }

  /** Seed the evaluation noise (the weaker levels), so that one game can be replayed. */
  setSeed(seed: number): void {
    this.searcher.seed = seed | 0;
  }

  private applyLevel(): void {
    const level = this.settings;
    const s = this.searcher;
    s.noise = this.noiseOverride ?? level.noise;
    s.tablebase = level.tablebase ? this.tables : undefined;
    s.threatReplyPlies = this.threatRepliesOverride ?? level.threatReplyPlies;
    s.qsCaptureLimit = level.qsCaptures ?? Infinity;
    s.qsMiss = level.qsMiss ?? 0;
    s.overlook = level.overlook ?? 0;
    s.endgameNoise = level.endgameNoise ?? 0;
    s.noiseMargin = level.noiseMargin ?? Infinity;
    s.guardMargin = level.guardMargin ?? Infinity;
  }

  /** Forget what earlier searches learned (call between games for reproducible play). */
  newGame(): void {
    this.searcher.clear();
  }

  /** The shared stop flag value that stops the next searches (see `Searcher.stopAt`). */
  set stopAt(value: number) {
    this.searcher.stopAt = value;
  }

  /** Ask a running search to stop (see the module comment for when it is seen). */
  stop(): void {
    this.searcher.stopRequested = true;
  }

  /**
   * The best move for the side to move in `game`, within `limits` (by default the level's own time)
   * and the level's caps. `onInfo` hears about every completed iteration. A game that is over, or a
   * side without moves, gives `move: undefined`.
   */
  search(game: Game, limits?: Limits, onInfo?: (info: SearchInfo) => void): SearchResult {
    const settings = this.settings;
    const control = budget(limits ?? { movetime: settings.movetime });
    control.maxDepth = Math.min(control.maxDepth, settings.maxDepth);
    control.maxNodes = Math.min(control.maxNodes, settings.maxNodes);
    const root = rootState(game);
    const position = game.position;
    if (game.isOver()) return { move: undefined, score: 0, pv: [], depth: 0, nodes: 0, time: 0 };
    this.searcher.stopRequested = false;
    const tb = this.tbResult(game);
    const start = performance.now();
    const best = this.searcher.run(root, {
      ...control,
      onIteration: onInfo
        ? (it) =>
            onInfo({
              depth: it.depth,
              seldepth: it.seldepth,
              score: it.score,
              nodes: it.nodes,
              time: Math.round(it.time),
              nps: it.time > 0 ? Math.round((it.nodes * 1000) / it.time) : 0,
              pv: pvMoves(position, it.pv),
              ...(tb ? { tb } : {}),
            })
        : undefined,
    });
    const time = Math.round(performance.now() - start);
    if (best < 0)
      return { move: undefined, score: this.searcher.bestScore, pv: [], depth: 0, nodes: 0, time };
    const move = position.legalMoves()[best];
    const pv = pvMoves(position, this.searcher.bestPv);
    return {
      move,
      score: this.searcher.bestScore | 0,
      pv: pv.length > 0 && sameMove(pv[0], move) ? pv : [move],
      depth: this.searcher.completedDepth,
      nodes: this.searcher.nodes,
      time,
      ...(tb ? { tb } : {}),
    };
  }

  /**
   * Multi-PV: the best `count` moves, each with its score and line, all at the same depth. Each
   * iteration searches the root `count` times, every time without the moves already found (the
   * searcher's `excludedRootMoves`), so a line's score is exact and the lines are comparable; the
   * table carries what one line learned into the next. `onInfo` hears of every completed depth,
   * with `lines` best first; the result's `lines` are those of the last completed depth. Both carry
   * the root's `tb`, as `search` does. With one line (or one legal move) this is `search`.
   */
  searchLines(
    game: Game,
    limits: Limits | undefined,
    count: number,
    onInfo?: (info: SearchInfo & { lines: SearchLine[] }) => void,
  ): SearchResult & { lines: SearchLine[] } {
    const position = game.position;
    const legal = game.isOver() ? [] : position.legalMoves();
    const wanted = Math.min(Math.max(1, Math.floor(count) || 1), legal.length);
    if (wanted <= 1) {
      const r = this.search(
        game,
        limits,
        onInfo &&
          ((info) => onInfo({ ...info, lines: [{ move: info.pv[0], score: info.score, pv: info.pv }] })),
      );
      return { ...r, lines: r.move ? [{ move: r.move, score: r.score, pv: r.pv }] : [] };
    }
    const settings = this.settings;
    const control = budget(limits ?? { movetime: settings.movetime });
    const maxDepth = Math.min(control.maxDepth, settings.maxDepth);
    const maxNodes = Math.min(control.maxNodes, settings.maxNodes);
    const root = rootState(game);
    const searcher = this.searcher;
    searcher.stopRequested = false;
    const tb = this.tbResult(game);
    const start = performance.now();
    let nodes = 0;
    let seldepth = 0;
    let lines: SearchLine[] = [];
    let depth = 0;
    for (let d = 1; d <= maxDepth; d++) {
      const found: SearchLine[] = [];
      const excluded: number[] = [];
      let stopped = false;
      for (let k = 0; k < wanted; k++) {
        const elapsed = performance.now() - start;
        const best = searcher.run(root, {
          maxDepth: d,
          maxNodes: maxNodes - nodes,
          softTime: Infinity,
          hardTime: control.hardTime - elapsed,
          excludedRootMoves: excluded,
        });
        nodes += searcher.nodes;
        seldepth = Math.max(seldepth, searcher.seldepth);
        if (searcher.stopped || best < 0 || searcher.completedDepth === 0) {
          stopped = true;
          break;
        }
        const pv = pvMoves(position, searcher.bestPv);
        const move = legal[best];
        found.push({
          move,
          score: searcher.bestScore | 0,
          pv: pv.length > 0 && sameMove(pv[0], move) ? pv : [move],
        });
        excluded.push(best);
      }
      if (stopped) {
        if (lines.length === 0 && found.length > 0) lines = found;
        break;
      }
      lines = found.sort((a, b) => b.score - a.score);
      depth = d;
      const time = performance.now() - start;
      onInfo?.({
        depth: d,
        seldepth,
        score: lines[0].score,
        nodes,
        time: Math.round(time),
        nps: time > 0 ? Math.round((nodes * 1000) / time) : 0,
        pv: lines[0].pv,
        lines,
        ...(tb ? { tb } : {}),
      });
      if (searcher.stopRequested || time >= control.softTime) break;
      // Every line decided (a win or loss within the depth): more depth changes nothing.
      if (lines.every((l) => winDistance(l.score) !== undefined && Math.abs(winDistance(l.score)!) <= d))
        break;
    }
    const time = Math.round(performance.now() - start);
    if (lines.length === 0) {
      const move = legal[0];
      const only = { move, score: 0, pv: [move] };
      return { ...only, depth: 0, nodes, time, lines: [only], ...(tb ? { tb } : {}) };
    }
    const best = lines[0];
    return {
      move: best.move,
      score: best.score,
      pv: best.pv,
      depth,
      nodes,
      time,
      lines,
      ...(tb ? { tb } : {}),
    };
  }
}

/** `rung` checked: undefined, or a whole number from 1 to `LADDER.length`. */
function checkRung(rung: number | undefined): number | undefined {
  if (rung === undefined) return undefined;
  if (!rungSettings(rung))
    throw new RangeError(`rung must be a whole number from 1 to ${LADDER.length}, not ${rung}`);
  return rung;
}

/** The moves of a principal variation given as indices into each position's move list. */
export function pvMoves(position: Position, pv: readonly number[]): Move[] {
  const moves: Move[] = [];
  let pos = position;
  for (const i of pv) {
    const legal = pos.legalMoves();
    if (i < 0 || i >= legal.length) break;
    moves.push(legal[i]);
    pos = pos.play(legal[i]);
  }
  return moves;
}

/** The searcher's view of a game: the board, counters, draw rules and the keys of earlier positions. */
export function rootState(game: Game): RootState {
  const pos = game.position;
  const counters = game.counters;
  const back = Math.min(counters.noProgress, game.plies);
  const history = new Int32Array(back * 2);
  const keys = new Int32Array(2);
  for (let k = 0; k < back; k++) {
    const p = game.positionAt(game.plies - back + k);
    boardKeys(p.toBoard(), p.turnIndex, keys);
    history[k * 2] = keys[0];
    history[k * 2 + 1] = keys[1];
  }
  return {
    board: pos.toBoard(),
    turn: pos.turnIndex,
    noProgress: counters.noProgress,
    kingsOnly: counters.kingsOnly,
    rules: game.drawRules,
    history,
  };
}
