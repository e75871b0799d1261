// The engine as the app sees it: a facade over the Web Worker of @dama/engine with a state
// (idle | loading | computing | failed), limits as a discriminated union, and "the latest request
// wins". A search is synchronous inside the worker, so a request that replaces a running one stops
// it by ending that worker and starting a fresh one (the module is cached; this takes milliseconds).
import {
  squarePath,
  type EngineRequest,
  type EngineResponse,
  type Level,
  type Limits,
  type TbResult,
} from '@dama/engine';
import type { Counters, DrawRules, Move } from '@dama/core';

export type EngineState = 'idle' | 'loading' | 'computing' | 'failed';
export type { Level, Limits };

/** What to think about: the game from its start, as the worker rebuilds it through the rules. */
export interface SearchAsk {
  /** the game's first position */
  fen: string;
  /** the moves played since (the game's own `Move`s); they cross to the worker as their squares */
  moves: readonly Pick<Move, 'from' | 'path'>[];
  drawRules: DrawRules;
  counters?: Counters;
  /** a named level of the engine ('master'), or a rung of its ladder (1–8: the game's levels) */
  level: Level | number;
  /** by default the level's own time */
  limits?: Limits;
  /** the weaker levels' noise seed, for variety between games */
  seed?: number;
}

export interface SearchAnswer {
  /** undefined when the side to move has no move */
  move: Move | undefined;
  notation: string;
  /** centi-men from the side to move's point of view */
  score: number;
  depth: number;
  /** the endgame tables' value for the side to move, when they know the position */
  tb?: TbResult;
}

/**
 * Where the endgame tables are served: `tb/` under the app's base (packages/engine/README.md). The
 * worker fetches a class's file when a game first reaches its ending; the service worker keeps it.
 */
function tablebaseUrl(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  return new URL(`${import.meta.env.BASE_URL}tb/`, location.href).href;
}

/** the tablebase's verdict alone, for the side to move */
export type TbVerdict = TbResult['result'];

/** The worker, or anything that speaks like it (tests). */
export interface WorkerLike {
  postMessage(message: EngineRequest): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<EngineResponse>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

interface Pending {
  id: number;
  resolve: (a: SearchAnswer | undefined) => void;
}

/**
 * The learned evaluation's weights, at a stable address under the app's base (vite.config.ts serves
 * @dama/engine's own eval.bin there), fetched by the worker when it starts.
 */
const weightsUrl = (): { weightsUrl?: string } =>
  typeof document === 'undefined' ? {} : { weightsUrl: new URL('engine/eval.bin', document.baseURI).href };

/** What every engine worker of the app is given in `init`: where its tables and weights are. */
function engineAssets(): { tablebaseUrl?: string; weightsUrl?: string } {
  const tb = tablebaseUrl();
  return { ...(tb ? { tablebaseUrl: tb } : {}), ...weightsUrl() };
}

/** What the owner of an engine worker hears from its `EngineWorkerSlot`. */
export interface WorkerHooks {
  /** a new worker was made and kept, and is about to be sent `init` */
  started?(): void;
  /** a message from the worker kept now (a replaced worker's late messages are dropped) */
  receive(msg: EngineResponse): void;
  /** the worker could not be made, or the one kept reported an error (it is ended) */
  failed(): void;
}

/**
 * A flag shared with the worker, through which a running search is stopped at once (the engine's
 * `stopBuffer`); undefined where the page is not cross-origin isolated (no SharedArrayBuffer).
 */
export function makeStopFlag(): Int32Array | undefined {
  const isolated = typeof globalThis.crossOriginIsolated === 'boolean' && globalThis.crossOriginIsolated;
  return isolated && typeof SharedArrayBuffer === 'function'
    ? new Int32Array(new SharedArrayBuffer(4))
    : undefined;
}

/**
 * The one engine worker a client keeps, started on demand the one way the app does: spawned, kept
 * (before it hears anything, so that a reply is known to be its own), wired, and sent `init` with the
 * tables' and weights' addresses. A search is stopped through the shared flag when the page has one
 * (the worker stays, with its weights and table): the flag counts the stops, and each search request
 * carries the count that stops it (`stopMark`), so a stop ends the searches sent before it, even one
 * that has not started yet, and never a later one. Without the flag, by ending the worker, and the
 * next `get` starts a fresh one.
 */
export class EngineWorkerSlot {
  private worker: WorkerLike | undefined;

  constructor(
    private readonly spawn: () => WorkerLike,
    private readonly hooks: WorkerHooks,
    private readonly stopFlag: Int32Array | undefined = makeStopFlag(),
  ) {}

  /** The worker kept, or a new one; undefined (after `failed`) when none can be made. */
  get(): WorkerLike | undefined {
    if (this.worker) return this.worker;
    let w: WorkerLike;
    try {
      w = this.spawn();
    } catch {
      this.hooks.failed();
      return undefined;
    }
    this.worker = w;
    this.hooks.started?.();
    w.onmessage = (e) => w === this.worker && this.hooks.receive(e.data);
    w.onerror = () => {
      if (w !== this.worker) return;
      this.end();
      this.hooks.failed();
    };
    const stop = this.stopFlag ? { stopBuffer: this.stopFlag.buffer as SharedArrayBuffer } : {};
    w.postMessage({ type: 'init', ...engineAssets(), ...stop });
    return w;
  }

  /**
   * Stop the search running in the worker, if any: by the shared flag (the search ends within a few
   * milliseconds, and a request still queued behind the weights is dropped), or by ending the worker.
   * Its answer, if one still comes, is for a request the owner no longer waits for.
   */
  stop(): void {
    if (!this.worker) return;
    if (!this.stopFlag) return this.end();
    Atomics.add(this.stopFlag, 0, 1);
    this.worker.postMessage({ type: 'stop' });
  }

  /** What a search request sent now carries: the stop count that ends it (nothing without the flag). */
  stopMark(): { stopAt?: number } {
    return this.stopFlag ? { stopAt: Atomics.load(this.stopFlag, 0) + 1 } : {};
  }

  /** End the worker kept, if any (a search running in it ends with it). */
  end(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}

export class EngineClient {
  state: EngineState = 'idle';
  private readonly worker: EngineWorkerSlot;
  private pending: Pending | undefined;
  private nextId = 1;

  /** `stopFlag`: the flag shared with the worker (by default one when the page is isolated). */
  constructor(
    spawn: () => WorkerLike,
    private readonly onChange: () => void = () => {},
    stopFlag?: Int32Array,
  ) {
    this.worker = new EngineWorkerSlot(
      spawn,
      {
        started: () => this.setState('loading'),
        receive: (msg) => this.receive(msg),
        failed: () => this.fail(),
      },
      stopFlag,
    );
  }

  /**
   * Search; resolves with the answer, or undefined when a newer request (or `stop`) replaced this
   * one or the engine failed (then `state` is 'failed').
   */
  search(ask: SearchAsk): Promise<SearchAnswer | undefined> {
    if (this.state === 'computing') this.stop();
    else if (this.pending) {
      // still loading: the worker has the earlier request queued and will answer only the latest;
      // the earlier promise is settled now rather than left hanging
      const earlier = this.pending;
      this.pending = undefined;
      earlier.resolve(undefined);
    }
    const worker = this.state === 'failed' ? undefined : this.worker.get();
    if (!worker) return Promise.resolve(undefined);
    const id = this.nextId++;
    const request: EngineRequest = {
      type: 'search',
      id,
      fen: ask.fen,
      moves: ask.moves.map(squarePath),
      drawRules: ask.drawRules,
      ...(ask.counters ? { counters: ask.counters } : {}),
      ...(typeof ask.level === 'number' ? { rung: ask.level } : { level: ask.level }),
      ...(ask.limits ? { limits: ask.limits } : {}),
      ...(ask.seed !== undefined ? { seed: ask.seed } : {}),
      ...this.worker.stopMark(),
    };
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      if (this.state !== 'loading') this.setState('computing');
      worker.postMessage(request);
    });
  }

  /** Stop the running search (its promise resolves undefined). */
  stop(): void {
    const p = this.pending;
    this.pending = undefined;
    if (p) {
      p.resolve(undefined);
      // The worker is busy until its limits end the search: stop it (or replace it).
      this.worker.stop();
      if (this.state !== 'failed') this.setState('idle');
    }
  }

  destroy(): void {
    this.stop();
    this.worker.end();
  }

  private receive(msg: EngineResponse): void {
    switch (msg.type) {
      case 'ready':
        if (this.state === 'loading') this.setState(this.pending ? 'computing' : 'idle');
        break;
      case 'info':
        break;
      case 'done': {
        const p = this.pending;
        if (!p || p.id !== msg.id) return;
        this.pending = undefined;
        this.setState('idle');
        p.resolve(
          msg.cancelled
            ? undefined
            : {
                move: msg.move,
                notation: msg.notation,
                score: msg.score,
                depth: msg.depth,
                ...(msg.tb ? { tb: msg.tb } : {}),
              },
        );
        break;
      }
      case 'error': {
        const p = this.pending;
        if (!p || p.id !== msg.id) return;
        this.pending = undefined;
        this.setState('idle');
        p.resolve(undefined);
        break;
      }
    }
  }

  private fail(): void {
    const p = this.pending;
    this.pending = undefined;
    this.worker.end();
    this.setState('failed');
    p?.resolve(undefined);
  }

  private setState(s: EngineState): void {
    if (this.state === s) return;
    this.state = s;
    this.onChange();
  }
}
