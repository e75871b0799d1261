// The pooled puzzle ratings, the device's side: a rated training result joins a queue on the device
// (`dama.puzzle-pool.v1`), and whenever the game server is reachable (the page opens, a result is
// kept, the browser comes back online) the queue is sent and the pooled ratings fetched. Offline,
// everything still works: the player's rating moved when the puzzle was played, and the queue
// waits. The record's rules are `@dama/puzzle`'s pool.ts; this only stores it and talks.
import {
  emptyPool,
  nextBatch,
  pooledRatings,
  queueResult,
  ratingsDue,
  settleBatch,
  validatePool,
  withRatings,
  type PendingResult,
  type PoolStore,
  type Rating,
} from '@dama/puzzle';
import type { PuzzleRatingsResponse, PuzzleResultsResponse } from '@dama/server/wire';
import type { Http, HttpResponse } from '../lib/player/api.ts';
import { KEYS, LocalStore, type KeyValue } from '../lib/storage.ts';

export const POOL_KEY = KEYS.puzzlePool;

export interface PoolDeps {
  kv: KeyValue | undefined;
  now: () => number;
  /** The game server; undefined: nothing is sent (the queue waits). */
  http: Http | undefined;
  /** Makes the bytes of the device id random (crypto's by default). */
  random?: (bytes: Uint8Array<ArrayBuffer>) => void;
}

/** Batches sent in one sync at most (a device back after a long time sends the rest next time). */
const BATCHES_PER_SYNC = 5;
const TIMEOUT_MS = 10_000;

export class PoolSync {
  private running: Promise<void> | undefined;
  /** What the last read found damaged and dropped, if anything. */
  trouble: string | undefined;

  constructor(private readonly deps: PoolDeps) {}

  private store(): LocalStore {
    return new LocalStore(this.deps.kv, this.deps.now);
  }

  private read(): PoolStore {
    const loaded = this.store().load(POOL_KEY, (v) => validatePool(v));
    if (loaded.status === 'ok') {
      this.trouble = loaded.value.problem;
      return loaded.value.store;
    }
    const fresh = emptyPool(this.deps.random ?? ((b) => void crypto.getRandomValues(b)));
    this.store().save(POOL_KEY, fresh);
    return fresh;
  }

  private write(s: PoolStore): void {
    this.store().save(POOL_KEY, s);
  }

  /** A rated result, queued for the server. */
  record(result: PendingResult): void {
    this.write(queueResult(this.read(), result));
  }

  /** Results waiting to be sent. */
  get waiting(): number {
    return this.read().pending.length;
  }

  /** The pooled ratings that have learned enough to be used, by puzzle id. */
  ratings(): Map<number, Rating> {
    return pooledRatings(this.read());
  }

  /**
   * Sends what waits and fetches the ratings when they are due. Never rejects: a server away, busy
   * or refusing leaves the queue as it was for the next time. Syncs run one after another, each
   * reading the queue as it is when its turn comes.
   */
  sync(): Promise<void> {
    const next = (this.running ?? Promise.resolve()).then(() => this.run()).catch(() => undefined);
    this.running = next;
    void next.then(() => {
      if (this.running === next) this.running = undefined;
    });
    return next;
  }

  private async call(path: string, body?: unknown): Promise<HttpResponse | undefined> {
    const http = this.deps.http;
    if (!http) return undefined;
    try {
      return await http(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return undefined;
    }
  }

  private async run(): Promise<void> {
    for (let i = 0; i < BATCHES_PER_SYNC; i++) {
      const before = this.read();
      const batch = nextBatch(before, this.deps.now());
      if (batch.length === 0) {
        // Only results too old for the server are left, if any: they go.
        if (before.pending.length > 0) this.write(settleBatch(before, [], [], this.deps.now()));
        break;
      }
      const res = await this.call('/api/puzzles/results', { device: before.device, results: batch });
      if (!res) return;
      if (res.status === 200) {
        const body = JSON.parse(await res.text()) as PuzzleResultsResponse;
        this.write(settleBatch(this.read(), batch, body.ratings, this.deps.now()));
      } else if (res.status === 400) {
        // Refused as malformed: sending it again would be refused again, and hold the queue for good.
        this.write(settleBatch(this.read(), batch, [], this.deps.now()));
      } else return; // busy or rate-limited: later
    }
    if (!ratingsDue(this.read(), this.deps.now())) return;
    const res = await this.call('/api/puzzles/ratings');
    if (res?.status !== 200) return;
    const body = JSON.parse(await res.text()) as PuzzleRatingsResponse;
    this.write(withRatings(this.read(), body.ratings, this.deps.now()));
  }
}
