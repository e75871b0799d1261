// Watching: the live games (`GET /api/live`) and the featured one, the highest-rated game being
// played, watched live on the game socket as a spectator (the online screen's controller, saying
// hello without a seat). The list is asked again every REFRESH_EVERY while the screen is shown; a
// featured game that ended stays on screen with its result until the next list names another.
import type { PlayerApi, PlayerError } from '../lib/player/api.ts';
import type { OnlineCtrl } from '../online/index.tsx';
import { readLive, type LiveGames } from './read.ts';

/** What the screen needs of a spectator's game: the online screen's controller. */
export type Spectator = Pick<OnlineCtrl, 'id' | 'status' | 'destroy'>;

export interface WatchEnv<S extends Spectator = OnlineCtrl> {
  api: Pick<PlayerApi, 'ask'>;
  now(): number;
  redraw(): void;
  /** watch a game without a seat (a spectator's socket) */
  spectate(id: string): S;
}

/** The list is asked again this often while the screen is shown. */
export const REFRESH_EVERY = 20_000;
/** A featured game that ended gives way to the next this long after (its result shown meanwhile). */
export const NEXT_AFTER_END = 5000;

export class WatchCtrl<S extends Spectator = OnlineCtrl> {
  live: LiveGames | undefined;
  /** the featured game being watched */
  featured: S | undefined;
  loading = false;
  /** why the last list could not be read (the one shown, if any, is the last read) */
  failed: PlayerError | undefined;
  private asked = -Infinity;
  private endedAt: number | undefined;
  private destroyed = false;

  constructor(private readonly env: WatchEnv<S>) {}

  /** The other live games (the featured one is shown big). */
  others(): LiveGames['games'] {
    const id = this.featured?.id;
    return (this.live?.games ?? []).filter((g) => g.id !== id);
  }

  /** Reads the list, and watches its featured game when none is being watched or ours has ended. */
  async refresh(): Promise<void> {
    if (this.loading || this.destroyed) return;
    this.loading = true;
    this.asked = this.env.now();
    this.env.redraw();
    const r = await this.env.api.ask('GET', 'api/live', readLive);
    this.loading = false;
    if (this.destroyed) return;
    if (!r.ok) {
      this.failed = r.error;
      return this.env.redraw();
    }
    this.failed = undefined;
    this.live = r.value;
    const next = r.value.featured;
    const current = this.featured;
    const over = current !== undefined && current.status !== undefined && current.status !== 'playing';
    if (next !== null && next !== current?.id && (!current || over)) this.watch(next);
    this.env.redraw();
  }

  private watch(id: string): void {
    this.featured?.destroy();
    this.endedAt = undefined;
    this.featured = this.env.spectate(id);
  }

  /** Called every second while the screen is shown: the list when due, and the next game after an end. */
  tick(): void {
    if (this.destroyed) return;
    const now = this.env.now();
    const f = this.featured;
    const ended = f?.status === 'over' || f?.status === 'aborted';
    if (ended && this.endedAt === undefined) this.endedAt = now;
    const next = ended && now - this.endedAt! >= NEXT_AFTER_END && now - this.asked >= NEXT_AFTER_END;
    if (next || now - this.asked >= REFRESH_EVERY) void this.refresh();
  }

  destroy(): void {
    this.destroyed = true;
    this.featured?.destroy();
    this.featured = undefined;
  }
}
