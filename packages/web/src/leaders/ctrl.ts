// The leaderboards, one per speed (`GET /api/leaderboard/:speed`), with this device's player's own
// row marked when they are on it. Each speed is read when first shown and kept for the screen's
// life; a failed read leaves what was shown and can be tried again.
import type { PlayerApi, PlayerError } from '../lib/player/api.ts';
import type { Held } from '../lib/player/identity.ts';
import { SPEEDS, type Speed } from '../lib/online/clocks.ts';
import { readLeaders, type Leader } from './read.ts';

export interface LeadersEnv {
  api: Pick<PlayerApi, 'ask'>;
  /** the player this device holds, to mark their row (never made here) */
  identity: { held(): Held };
  redraw(): void;
  /** the address follows the speed shown ('#/leaderboard/rapid'), without a new screen */
  replaceHash(hash: string): void;
}

export const DEFAULT_SPEED: Speed = 'blitz';

export const speedFrom = (id: string | undefined): Speed => SPEEDS.find((s) => s === id) ?? DEFAULT_SPEED;

export class LeadersCtrl {
  speed: Speed;
  readonly boards = new Map<Speed, Leader[]>();
  loading: Speed | undefined;
  failed: PlayerError | undefined;
  private destroyed = false;

  constructor(
    private readonly env: LeadersEnv,
    speed: Speed = DEFAULT_SPEED,
  ) {
    this.speed = speed;
    void this.load();
  }

  /** This device's player id, if it has one. */
  me(): string | undefined {
    const h = this.env.identity.held();
    return h.status === 'ok' ? h.player.id : undefined;
  }

  /** The board shown, or undefined while it has not been read. */
  board(): Leader[] | undefined {
    return this.boards.get(this.speed);
  }

  /** The player's own place on the board shown (1-based), if they are on it. */
  myPlace(): number | undefined {
    const me = this.me();
    const i = me ? (this.board() ?? []).findIndex((l) => l.id === me) : -1;
    return i >= 0 ? i + 1 : undefined;
  }

  choose(speed: Speed): void {
    if (speed === this.speed) return;
    this.speed = speed;
    this.failed = undefined;
    this.env.replaceHash(`#/leaderboard/${speed}`);
    this.env.redraw();
    if (!this.boards.has(speed)) void this.load();
  }

  async load(): Promise<void> {
    const speed = this.speed;
    if (this.loading === speed) return;
    this.loading = speed;
    this.failed = undefined;
    this.env.redraw();
    const r = await this.env.api.ask('GET', `api/leaderboard/${speed}`, (v) => readLeaders(v, speed));
    if (this.destroyed) return;
    if (this.loading === speed) this.loading = undefined;
    if (r.ok) this.boards.set(speed, r.value);
    else if (speed === this.speed) this.failed = r.error;
    this.env.redraw();
  }

  destroy(): void {
    this.destroyed = true;
  }
}
