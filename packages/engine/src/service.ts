/**
 * The engine behind typed messages, for a Web Worker (worker.ts) or any other host. The latest
 * request wins: a `search` request does not start at once but is parked and started from a fresh task,
 * so that when several requests queued up during a long search only the newest runs; each superseded
 * request is answered with `done` and `cancelled: true`, so no caller waits forever.
 *
 * Stopping a running search. The search is synchronous, so a `stop` message is only read after it
 * ends. Two ways make stop immediate: (1) the host passes a SharedArrayBuffer in `init` and counts its
 * stops in its first int32 (`Atomics.add`); each search request carries `stopAt`, the count that
 * stops it (one more than the count when the host sent it), and the search polls the flag every 1024
 * nodes. A stop thus ends every search sent before it, even one not started yet, and never a later
 * one (docs/analysis-stop.md). SharedArrayBuffer needs a cross-origin-isolated page; (2) otherwise
 * the time limit ends the search, and a client that cannot wait can terminate the worker and start a
 * new one. We chose this over slicing the search into resumable chunks, which would cost speed in
 * every node for a rare event.
 *
 * The learned evaluation's weights: `init` may carry them as bytes (`weights`) or as a URL to fetch
 * (`weightsUrl`; the web app passes its `engine/eval.bin`). Searches that arrive while they load wait
 * (the latest one wins, as always). `ready` says which evaluation the engine uses; when the weights
 * cannot be fetched or read, it says why and the engine plays with the hand-weighted evaluation.
 */
import {
  Game,
  MAX_CAPTURES,
  makeNotation,
  parsePosition,
  printable,
  squareName,
  type Counters,
  type DrawRules,
  type Move,
  type Position,
} from '@dama/core';
import { Engine } from './engine.ts';
import { rungSettings } from './levels.ts';
import { Tablebase } from './tablebase.ts';
import { fetchTable } from './tbfetch.ts';
import { TableQueue, type TableLoader } from './tbqueue.ts';
import type { PatternWeights } from './eval/patterns.ts';
import { decodeWeights } from './eval/weights.ts';
import type { Level, Limits, SearchInfo, SearchLine, SearchResult, TbResult } from './types.ts';

/**
 * A move as it crosses to the worker: the squares (0–63, core's numbering) its piece stands on, from
 * its start to its end, each landing of a capture in order: `[18, 26]` is c3-c4 and `[21, 37, 35]`
 * f3xf5xd5. It names one capture route exactly, as core's `Move` does with `from` and `path`.
 */
export type SquarePath = readonly number[];

/** The `SquarePath` of a move: its start, then its path. */
export const squarePath = (move: Pick<Move, 'from' | 'path'>): number[] => [move.from, ...move.path];

/** A message to the engine's Web Worker (or to an `EngineService`). */
export type EngineRequest =
  | {
      type: 'init';
      stopBuffer?: SharedArrayBuffer;
      hashMegabytes?: number;
      /** Where the endgame tables are (e.g. 'https://host/tb/'); without it the engine has none. */
      tablebaseUrl?: string;
      /** The learned evaluation's weights file, as bytes ... */
      weights?: ArrayBuffer;
      /** ... or where to fetch it. */
      weightsUrl?: string;
    }
  | {
      type: 'search';
      id: number;
      /** The game's starting position (default: the standard start). */
      fen?: string;
      /**
       * The moves played since, each as its squares (`SquarePath`): checked against the legal moves
       * of its position, and a search with a malformed or illegal one is answered with `error`.
       */
      moves?: readonly SquarePath[];
      drawRules?: Partial<DrawRules>;
      counters?: Counters;
      limits?: Limits;
      level?: Level;
      /** A rung of the ladder (1 weakest … 8 Master, levels.ts `LADDER`) instead of `level`. */
      rung?: number;
      seed?: number;
      /** How many best lines to find (multi-PV, `Engine.searchLines`); default 1. */
      multiPv?: number;
      /**
       * The shared stop flag's count that stops this search (see the module comment): one more than
       * the host's count of stops when it sent the request. Default: one more than the count when
       * the search starts.
       */
      stopAt?: number;
    }
  | { type: 'stop' }
  | { type: 'new-game' };

/** A message from the engine's Web Worker. */
export type EngineResponse =
  | {
      type: 'ready';
      /** Which evaluation the engine plays with. */
      evaluation?: 'learned' | 'hand-weighted';
      /** Why the learned weights are not used, when they were asked for. */
      problem?: string;
    }
  | {
      type: 'info';
      id: number;
      depth: number;
      score: number;
      nodes: number;
      time: number;
      nps: number;
      pv: string[];
      /** The endgame tables' value of the position, when they know it. */
      tb?: TbResult;
      /** With `multiPv` above 1: every line of this depth, best first. */
      lines?: LineText[];
    }
  | {
      type: 'done';
      id: number;
      move: Move | undefined;
      /** The move in notation, '' when there is none. */
      notation: string;
      score: number;
      depth: number;
      nodes: number;
      time: number;
      pv: string[];
      /** The endgame tables' value of the position, when they know it. */
      tb?: TbResult;
      /** With `multiPv` above 1: the lines of the last completed depth, best first. */
      lines?: LineText[];
      cancelled: boolean;
    }
  | { type: 'error'; id: number; message: string };

/** A multi-PV line in notation: its score (centi-men, side to move) and its moves. */
export interface LineText {
  score: number;
  pv: string[];
}

const lineTexts = (lines: readonly SearchLine[]): LineText[] =>
  lines.map((l) => ({ score: l.score, pv: l.pv.map(makeNotation) }));

type SearchRequest = Extract<EngineRequest, { type: 'search' }>;

const cancelled = (id: number): EngineResponse => ({
  type: 'done',
  id,
  move: undefined,
  notation: '',
  score: 0,
  depth: 0,
  nodes: 0,
  time: 0,
  pv: [],
  cancelled: true,
});

/** Fetches one class's table (tbfetch.ts in the browser; tests pass their own). */
export type { TableLoader } from './tbqueue.ts';

/** The worker's logic without the worker: `receive` requests, answers through the callback given to the constructor (the latest search request wins). */
export class EngineService {
  private engine: Engine;
  private pending: SearchRequest | undefined;
  private scheduled = false;
  private stopView: Int32Array | undefined;
  private tablebase = new Tablebase();
  private tablebaseUrl: string | undefined;
  /** Which tables are fetched when (tbqueue.ts). */
  private tables = new TableQueue(this.tablebase, (base, m) => this.loadTable(base, m));
  /** An `init` whose weights are being fetched: searches wait for it. */
  private loading = false;

  constructor(
    private post: (response: EngineResponse) => void,
    private schedule: (task: () => void) => void = (task) => setTimeout(task, 0),
    private loadTable: TableLoader = fetchTable,
    private fetchBytes: (url: string) => Promise<ArrayBuffer> = fetchArrayBuffer,
  ) {
    this.engine = new Engine();
  }

  /**
   * The table a search of `game` must wait for (its root's class, when not in yet), else undefined;
   * the classes it can reach are fetched in the background (tbqueue.ts; nothing above six pieces).
   */
  private tablesToWaitFor(game: Game): Promise<void> | undefined {
    if (this.tablebaseUrl === undefined) return undefined;
    const p = game.position;
    const material = {
      wm: p.count('white', 'man'),
      wk: p.count('white', 'king'),
      bm: p.count('black', 'man'),
      bk: p.count('black', 'king'),
    };
    return this.tables.prepare(this.tablebaseUrl, material, p.turn);
  }

  private init(
    request: Extract<EngineRequest, { type: 'init' }>,
    bytes?: ArrayBuffer,
    problem?: string,
  ): void {
    let patterns: PatternWeights | undefined;
    if (bytes) {
      const decoded = decodeWeights(new Uint8Array(bytes));
      if (decoded.ok) patterns = decoded.value;
      else problem = decoded.error.message;
    }
    this.engine = new Engine({
      hashMegabytes: request.hashMegabytes,
      stopSignal: this.stopView,
      tablebase: this.tablebase,
      patterns,
    });
    this.loading = false;
    this.post({
      type: 'ready',
      evaluation: patterns ? 'learned' : 'hand-weighted',
      ...(problem ? { problem } : {}),
    });
    if (this.pending && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.runPending());
    }
  }

  /** Handle one request from the host; the answers go to the constructor's callback. */
  receive(request: EngineRequest): void {
    switch (request.type) {
      case 'init':
        this.stopView = request.stopBuffer ? new Int32Array(request.stopBuffer) : undefined;
        this.tablebaseUrl = request.tablebaseUrl;
        if (request.weights || !request.weightsUrl) this.init(request, request.weights);
        else {
          this.loading = true;
          this.fetchBytes(request.weightsUrl).then(
            (bytes) => this.init(request, bytes),
            (e: unknown) =>
              this.init(
                request,
                undefined,
                `cannot fetch ${request.weightsUrl}: ${(e as Error).message ?? e}`,
              ),
          );
        }
        break;
      case 'new-game':
        this.engine.newGame();
        break;
      case 'stop':
        if (this.pending) this.post(cancelled(this.pending.id));
        this.pending = undefined;
        break;
      case 'search':
        if (this.pending) this.post(cancelled(this.pending.id));
        this.pending = request;
        if (!this.scheduled && !this.loading) {
          this.scheduled = true;
          this.schedule(() => this.runPending());
        }
        break;
    }
  }

  private runPending(): void {
    if (this.loading) {
      this.scheduled = false;
      return;
    }
    const request = this.pending;
    if (!request) {
      this.scheduled = false;
      return;
    }
    const game = buildGame(request);
    const wait = typeof game === 'string' ? undefined : this.tablesToWaitFor(game);
    if (wait) {
      // The root's table first (requests that arrive meanwhile replace this one), then run the newest.
      void wait.then(() => this.schedule(() => this.runPending()));
      return;
    }
    this.scheduled = false;
    this.pending = undefined;
    if (this.stopView) this.engine.stopAt = request.stopAt ?? Atomics.load(this.stopView, 0) + 1;
    if (typeof game === 'string') {
      this.post({ type: 'error', id: request.id, message: game });
      return;
    }
    if (request.rung !== undefined) {
      if (!rungSettings(request.rung)) {
        this.post({ type: 'error', id: request.id, message: `no such rung: ${String(request.rung)}` });
        return;
      }
      this.engine.setRung(request.rung);
    } else if (request.level) this.engine.setLevel(request.level);
    if (request.seed !== undefined) this.engine.setSeed(request.seed);
    const multi = (request.multiPv ?? 1) > 1;
    const onInfo = (info: SearchInfo & { lines?: SearchLine[] }) =>
      this.post({
        type: 'info',
        id: request.id,
        depth: info.depth,
        score: info.score,
        nodes: info.nodes,
        time: info.time,
        nps: info.nps,
        pv: info.pv.map(makeNotation),
        ...(info.tb ? { tb: info.tb } : {}),
        ...(multi && info.lines ? { lines: lineTexts(info.lines) } : {}),
      });
    const r: SearchResult & { lines?: SearchLine[] } = multi
      ? this.engine.searchLines(game, request.limits, request.multiPv ?? 1, onInfo)
      : this.engine.search(game, request.limits, onInfo);
    this.post({
      type: 'done',
      id: request.id,
      move: r.move,
      notation: r.move ? makeNotation(r.move) : '',
      score: r.score,
      depth: r.depth,
      nodes: r.nodes,
      time: r.time,
      pv: r.pv.map(makeNotation),
      ...(r.tb ? { tb: r.tb } : {}),
      ...(multi && r.lines ? { lines: lineTexts(r.lines) } : {}),
      cancelled: false,
    });
  }
}

async function fetchArrayBuffer(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

function buildGame(request: SearchRequest): Game | string {
  let game: Game;
  const options = { drawRules: request.drawRules, counters: request.counters };
  if (request.fen !== undefined) {
    const pos = parsePosition(request.fen);
    if (!pos.ok) return pos.error.message;
    game = new Game(pos.value, options);
  } else game = new Game(undefined, options);
  const moves: unknown = request.moves ?? [];
  if (!Array.isArray(moves)) return `moves: ${shown(moves)} is not a list of moves`;
  for (const [i, squares] of moves.entries()) {
    const move = legalAlong(game.position, squares);
    const r = typeof move === 'string' ? undefined : game.play(move);
    if (!r?.ok) return `move ${i + 1}: ${r ? r.error.message : move}`;
  }
  return game;
}

/** The legal move of `pos` along `squares` (a `SquarePath`: any one of its capture routes), or why there is none. */
function legalAlong(pos: Position, squares: unknown): Move | string {
  const isSquare = (s: unknown) => Number.isInteger(s) && (s as number) >= 0 && (s as number) < 64;
  if (
    !Array.isArray(squares) ||
    squares.length < 2 ||
    squares.length > 1 + MAX_CAPTURES ||
    !squares.every(isSquare)
  )
    return `${shown(squares)} is not a move (a move is its squares, 0–63, from its start to its end)`;
  const [from, ...path] = squares as number[];
  const move = pos.findPath(from, path);
  return (
    move ??
    `the squares ${squares.map((s: number) => squareName(s)).join(', ')} are not a legal move in this position`
  );
}

/** Untrusted input, shown briefly in an error message (it may be anything a message can carry). */
function shown(x: unknown): string {
  if (Array.isArray(x))
    return `[${x
      .slice(0, 8)
      .map((v: unknown) =>
        typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? printable(JSON.stringify(v), 20)
            : typeof v,
      )
      .join(', ')}${x.length > 8 ? ', …' : ''}]`;
  if (typeof x === 'string') return printable(JSON.stringify(x), 40);
  return typeof x === 'number' || typeof x === 'boolean' ? String(x) : x === null ? 'null' : typeof x;
}
