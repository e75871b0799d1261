/**
 * The engine behind typed messages, for a Web Worker (worker.ts) or any other host. The latest
 * request wins: a `search` request does not start at once but is parked and started from a fresh task,
 * so that when several requests queued up during a long search only the newest runs; each superseded
 * request is answered with `done` and `cancelled: true`, so no caller waits forever.
 *
 * Stopping a running search. The search is synchronous, so a `stop` message is only read after it
 * ends. Two ways make stop immediate: (1) the host passes a SharedArrayBuffer in `init` and sets its
 * first int32 to 1 (`Atomics.store`) — the search polls it every 1024 nodes; SharedArrayBuffer needs a
 * cross-origin-isolated page; (2) otherwise the time limit ends the search, and a client that cannot
 * wait can terminate the worker and start a new one. We chose this over slicing the search into
 * resumable chunks, which would cost speed in every node for a rare event.
 */
import { Game, makeNotation, parsePosition, type Counters, type DrawRules, type Move } from '@dama/core';
import { Engine } from './engine.ts';
import type { Level, Limits, SearchInfo, SearchLine, SearchResult } from './types.ts';

export type EngineRequest =
  | { type: 'init'; stopBuffer?: SharedArrayBuffer; hashMegabytes?: number }
  | {
      type: 'search';
      id: number;
      /** The game's starting position (default: the standard start). */
      fen?: string;
      /** The moves played since, in notation. */
      moves?: string[];
      drawRules?: Partial<DrawRules>;
      counters?: Counters;
      limits?: Limits;
      level?: Level;
      seed?: number;
      /** How many best lines to find (multi-PV, `Engine.searchLines`); default 1. */
      multiPv?: number;
    }
  | { type: 'stop' }
  | { type: 'new-game' };

export type EngineResponse =
  | { type: 'ready' }
  | {
      type: 'info';
      id: number;
      depth: number;
      score: number;
      nodes: number;
      time: number;
      nps: number;
      pv: string[];
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

export class EngineService {
  private engine: Engine;
  private pending: SearchRequest | undefined;
  private scheduled = false;
  private stopView: Int32Array | undefined;

  constructor(
    private post: (response: EngineResponse) => void,
    private schedule: (task: () => void) => void = (task) => setTimeout(task, 0),
  ) {
    this.engine = new Engine();
  }

  receive(request: EngineRequest): void {
    switch (request.type) {
      case 'init':
        this.stopView = request.stopBuffer ? new Int32Array(request.stopBuffer) : undefined;
        this.engine = new Engine({ hashMegabytes: request.hashMegabytes, stopSignal: this.stopView });
        this.post({ type: 'ready' });
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
        if (!this.scheduled) {
          this.scheduled = true;
          this.schedule(() => this.runPending());
        }
        break;
    }
  }

  private runPending(): void {
    this.scheduled = false;
    const request = this.pending;
    this.pending = undefined;
    if (!request) return;
    if (this.stopView) Atomics.store(this.stopView, 0, 0);
    const game = buildGame(request);
    if (typeof game === 'string') {
      this.post({ type: 'error', id: request.id, message: game });
      return;
    }
    if (request.level) this.engine.setLevel(request.level);
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
      ...(multi && r.lines ? { lines: lineTexts(r.lines) } : {}),
      cancelled: false,
    });
  }
}

function buildGame(request: SearchRequest): Game | string {
  let game: Game;
  const options = { drawRules: request.drawRules, counters: request.counters };
  if (request.fen !== undefined) {
    const pos = parsePosition(request.fen);
    if (!pos.ok) return pos.error.message;
    game = new Game(pos.value, options);
  } else game = new Game(undefined, options);
  for (const text of request.moves ?? []) {
    const r = game.playNotation(text);
    if (!r.ok) return `${text}: ${r.error.message}`;
  }
  return game;
}
