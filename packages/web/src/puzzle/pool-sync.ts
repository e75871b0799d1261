// The pooled puzzle ratings, the device's side: a rated training result joins a queue on the device
// (`dama.puzzle-pool.v1`), and whenever the game server is reachable (the page opens, a result is
// kept, the browser comes back online) the queue is sent and the pooled ratings fetched. Offline,
// everything still works: the player's rating moved when the puzzle was played, and the queue
// waits. The record's rules are `@dama/puzzle`'s pool.ts; this only stores it and talks.
//
// Two tabs: every read looks at the stored text, and parses and checks it only when it differs from
// the text last read or written here (another tab wrote); every change is made to the record as
// stored at that moment. The `storage` event is not enough for that: it comes after the other
// tab's write, so a change made before it arrives would start from an old copy and drop a result
// the other tab queued.
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

/** A record as read or written here, with its text. */
interface Kept {
  text: string;
  store: PoolStore;
  /** `pooledRatings` of the record, once asked for. */
  ratings?: ReadonlyMap<number, Rating>;
}

export class PoolSync {
  private running: Promise<void> | undefined;
  /** What the last record read found damaged and dropped, if anything. */
  trouble: string | undefined;
  /** The record as last read or written here. */
  private last: Kept | undefined;

  constructor(private readonly deps: PoolDeps) {}

  private store(): LocalStore {
    return new LocalStore(this.deps.kv, this.deps.now);
  }

  /** The record as stored now: parsed and checked only when its text is not the one last kept here. */
  private current(): Kept {
    const local = this.store();
    const text = local.loadText(POOL_KEY);
    if (this.last !== undefined && text === this.last.text) return this.last;
    if (text !== null) {
      let loaded: ReturnType<typeof validatePool>;
      try {
        loaded = validatePool(JSON.parse(text));
      } catch {
        loaded = undefined;
      }
      if (loaded) {
        this.trouble = loaded.problem;
        this.last = { text, store: loaded.store };
        return this.last;
      }
      local.setAside(POOL_KEY, text);
    }
    return this.write(emptyPool(this.deps.random ?? ((b) => void crypto.getRandomValues(b))));
  }

  private read(): PoolStore {
    return this.current().store;
  }

  private write(s: PoolStore): Kept {
    const text = JSON.stringify(s);
    this.store().saveText(POOL_KEY, text);
    this.last = { text, store: s };
    return this.last;
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
  ratings(): ReadonlyMap<number, Rating> {
    const kept = this.current();
    kept.ratings ??= pooledRatings(kept.store);
    return kept.ratings;
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
