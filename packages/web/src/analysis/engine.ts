// The engine as the analysis sees it: the same Web Worker as the game's engine, but streaming what it
// thinks (every depth, with its multi-PV lines) instead of answering once. One search at a time; a
// new one replaces the running one by ending its worker (a search is synchronous inside the worker,
// so that is the only immediate stop) and starting a fresh worker, which takes milliseconds.
import type { DrawRules, Move } from '@dama/core';
import {
  squarePath,
  type EngineRequest,
  type EngineResponse,
  type Limits,
  type TbResult,
} from '@dama/engine';
import { EngineWorkerSlot, type WorkerLike } from '../lib/engine/client.ts';

export interface Ask {
  fen: string;
  /** the moves played since `fen` (the line's own `Move`s); they cross to the worker as their squares */
  moves: readonly Pick<Move, 'from' | 'path'>[];
  drawRules?: DrawRules;
  limits: Limits;
  /** 1–3 lines */
  lines?: number;
}

/** One line: centi-men for the side to move, and its moves in notation. */
export interface Line {
  score: number;
  pv: string[];
}

export interface Thought {
  depth: number;
  nodes: number;
  nps: number;
  /** best first; at least one */
  lines: Line[];
  /** the search ended by its limits */
  done: boolean;
  /** the tables' value of the position for the side to move, when the engine knows it */
  tb?: TbResult;
}

export type AnalysisEngineState = 'idle' | 'thinking' | 'failed';

export class AnalysisEngine {
  state: AnalysisEngineState = 'idle';
  private readonly worker: EngineWorkerSlot;
  private id = 0;
  private current:
    | { id: number; onThought: (t: Thought) => void; last: Thought | undefined; cancel?: () => void }
    | undefined;

  /** `stopFlag`: the flag shared with the worker (by default one when the page is isolated). */
  constructor(
    spawn: () => WorkerLike,
    private readonly onChange: () => void = () => {},
    stopFlag?: Int32Array,
  ) {
    this.worker = new EngineWorkerSlot(
      spawn,
      {
        receive: (msg) => this.receive(msg),
        failed: () => this.fail(),
      },
      stopFlag,
    );
  }

  /** Think about a position; `onThought` hears every completed depth and the end. */
  analyse(ask: Ask, onThought: (t: Thought) => void): void {
    this.stop();
    const worker = this.state === 'failed' ? undefined : this.worker.get();
    if (!worker) return;
    const id = ++this.id;
    this.current = { id, onThought, last: undefined };
    const request: EngineRequest = {
      type: 'search',
      id,
      fen: ask.fen,
      moves: ask.moves.map(squarePath),
      ...(ask.drawRules ? { drawRules: ask.drawRules } : {}),
      limits: ask.limits,
      level: 'master',
      multiPv: ask.lines ?? 1,
      ...this.worker.stopMark(),
    };
    worker.postMessage(request);
    this.setState('thinking');
  }

  /** One answer: resolves with the final thought, or undefined when replaced, stopped or failed. */
  evaluate(ask: Ask): Promise<Thought | undefined> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (t: Thought | undefined) => {
        if (settled) return;
        settled = true;
        resolve(t);
      };
      this.analyse(ask, (t) => t.done && finish(t));
      const mine = this.current;
      if (!mine) return finish(undefined);
      mine.cancel = () => finish(undefined);
    });
  }

  /** End the running search at once (by the shared stop flag, or its worker goes). */
  stop(): void {
    const c = this.current;
    this.current = undefined;
    if (c) {
      c.cancel?.();
      this.worker.stop();
    }
    if (this.state === 'thinking') this.setState('idle');
  }

  destroy(): void {
    this.stop();
    this.worker.end();
  }

  private receive(msg: EngineResponse): void {
    const c = this.current;
    if (!c) return;
    if ((msg.type === 'info' || msg.type === 'done' || msg.type === 'error') && msg.id !== c.id) return;
    if (msg.type === 'info') {
      const t = thoughtOf(msg, false);
      c.last = t;
      c.onThought(t);
    } else if (msg.type === 'done') {
      this.current = undefined;
      this.setState('idle');
      if (msg.cancelled) return c.cancel?.();
      const t = thoughtOf(msg, true);
      // A search stopped by its limits before its first depth has no lines: keep the last ones.
      c.onThought(t.lines.length > 0 ? t : { ...(c.last ?? t), done: true });
    } else if (msg.type === 'error') {
      this.current = undefined;
      this.setState('idle');
      c.cancel?.();
    }
  }

  private fail(): void {
    const c = this.current;
    this.current = undefined;
    this.worker.end();
    this.setState('failed');
    c?.cancel?.();
  }

  private setState(s: AnalysisEngineState): void {
    if (this.state === s) return;
    this.state = s;
    this.onChange();
  }
}

type InfoOrDone = Extract<EngineResponse, { type: 'info' | 'done' }>;

function thoughtOf(msg: InfoOrDone, done: boolean): Thought {
  const lines: Line[] = msg.lines?.map((l) => ({ score: l.score, pv: l.pv })) ?? [];
  if (lines.length === 0 && msg.pv.length > 0) lines.push({ score: msg.score, pv: msg.pv });
  const nps = msg.type === 'info' ? msg.nps : msg.time > 0 ? Math.round((msg.nodes * 1000) / msg.time) : 0;
  const tb = msg.tb;
  return { depth: msg.depth, nodes: msg.nodes, nps, lines, done, ...(tb !== undefined ? { tb } : {}) };
}
