// The player's record against people, for the profile: ratings by speed (from `GET /api/players/me`,
// handed over by the profile's refresh), the rating history for its graph, the finished paired
// games (each opening on this device's record or the analysis board), and the block list with the
// names of those blocked. Every answer is read whole before use (read.ts); a failed call leaves
// what was shown.
import { Game, opposite, type Color } from '@dama/core';
import type { Snapshot } from '@dama/server/wire';
import { gameLinkHash } from '../lib/analysis-link.ts';
import { keyOf, SPEEDS, type Speed } from '../lib/online/clocks.ts';
import type { PlayerApi, PlayerError } from '../lib/player/api.ts';
import type { Account, HeldPlayer, RatingPoint } from '../lib/player/read.ts';

export interface StatsEnv {
  api: Pick<PlayerApi, 'games' | 'history' | 'card' | 'block'>;
  redraw(): void;
  /** this device's record of an online game (`online-<id>` in My games), if it has one */
  localGame(id: string): { endedAt: number } | undefined;
}

export type GameResult = 'won' | 'lost' | 'draw';

/** One finished paired game, from the player's side. */
export interface GameRow {
  id: string;
  opponent: string;
  result: GameResult;
  /** the player's rating change (a rated game), else null */
  change: { from: number; to: number } | null;
  rated: boolean;
  /** '5+0' (undefined for a clock this client does not offer) */
  clock: string | undefined;
  /** when it ended, if known (this device's record, or the rating history) */
  date: number | undefined;
  /** where it opens: the replay of this device's record, else the analysis board with its moves */
  href: string | undefined;
}

/** Names of blocked players asked for at a time (one request each: the server has no batch). */
export const NAMES_PAGE = 20;

export class PlayerStats {
  account: Account | undefined;
  games: Snapshot[] | undefined;
  history: RatingPoint[] | undefined;
  loading = false;
  failed: PlayerError | undefined;
  /** the speed the graph shows (undefined: the first with a history) */
  chosen: Speed | undefined;
  /** blocked players' names by id (null: the server could not name them) */
  readonly names = new Map<string, string | null>();
  /** how many of the block list are shown */
  shownBlocked = NAMES_PAGE;
  /** unblocking on its way, and the last one that failed */
  readonly unblocking = new Set<string>();
  unblockFailed: string | undefined;
  private destroyed = false;

  constructor(
    private readonly env: StatsEnv,
    readonly player: HeldPlayer,
  ) {}

  destroy(): void {
    this.destroyed = true;
  }

  /** The games and the rating history (the ratings and blocks come with the profile's refresh). */
  async load(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    this.failed = undefined;
    this.env.redraw();
    const [games, history] = await Promise.all([
      this.env.api.games(this.player.id),
      this.env.api.history(this.player.id),
    ]);
    if (this.destroyed) return;
    this.loading = false;
    if (games.ok) this.games = games.value;
    if (history.ok) this.history = history.value;
    this.failed = !games.ok ? games.error : !history.ok ? history.error : undefined;
    this.env.redraw();
  }

  /** A player made a moment ago: no ratings, games or blocks yet (nothing to ask the server). */
  setNew(): void {
    this.account = { ratings: {}, blocked: [], pausedUntil: null };
    this.games = [];
    this.history = [];
  }

  setAccount(a: Account): void {
    this.account = a;
    void this.loadNames();
    this.env.redraw();
  }

  /** The speeds the player has a rating in, fastest first. */
  ratedSpeeds(): Speed[] {
    const r = this.account?.ratings ?? {};
    return SPEEDS.filter((s) => (r[s]?.games ?? 0) > 0);
  }

  /** The speeds with a rating history, fastest first. */
  graphSpeeds(): Speed[] {
    const h = this.history ?? [];
    return SPEEDS.filter((s) => h.some((p) => p.speed === s));
  }

  graphSpeed(): Speed | undefined {
    const speeds = this.graphSpeeds();
    return this.chosen && speeds.includes(this.chosen) ? this.chosen : speeds[0];
  }

  choose(speed: Speed): void {
    this.chosen = speed;
    this.env.redraw();
  }

  points(speed: Speed): RatingPoint[] {
    return (this.history ?? []).filter((p) => p.speed === speed);
  }

  /** The finished paired games, newest first, from the player's side. */
  rows(): GameRow[] {
    const me = this.player.id;
    const ended = new Map((this.history ?? []).map((p) => [p.game, p.at]));
    return (this.games ?? []).flatMap((g): GameRow[] => {
      const p = g.players;
      if (!p || g.status !== 'over') return [];
      const color: Color = p.white.id === me ? 'white' : 'black';
      const mine = p[color];
      const winner = g.outcome?.winner;
      const local = this.env.localGame(g.id);
      return [
        {
          id: g.id,
          opponent: p[opposite(color)].name,
          result: winner === undefined ? 'draw' : winner === color ? 'won' : 'lost',
          change: g.rated && mine.after !== null ? { from: mine.rating, to: mine.after } : null,
          rated: g.rated,
          clock: g.clock ? keyOf(g.clock) : undefined,
          date: local?.endedAt ?? ended.get(g.id),
          href: local ? `#/replay/online-${g.id}` : analysisHref(g),
        },
      ];
    });
  }

  /** The ids of the blocked players shown now. */
  blockedShown(): string[] {
    return (this.account?.blocked ?? []).slice(0, this.shownBlocked);
  }

  showMoreBlocked(): void {
    this.shownBlocked += NAMES_PAGE;
    void this.loadNames();
    this.env.redraw();
  }

  /** The names of the blocked players shown, each asked once (a few at a time). */
  private async loadNames(): Promise<void> {
    const todo = this.blockedShown().filter((id) => !this.names.has(id));
    for (let i = 0; i < todo.length; i += 4) {
      const batch = todo.slice(i, i + 4);
      for (const id of batch) this.names.set(id, null);
      const cards = await Promise.all(batch.map((id) => this.env.api.card(id)));
      if (this.destroyed) return;
      cards.forEach((c, j) => {
        if (c.ok) this.names.set(batch[j], c.value.name);
      });
      this.env.redraw();
    }
  }

  async unblock(id: string): Promise<void> {
    const a = this.account;
    if (!a || this.unblocking.has(id)) return;
    this.unblocking.add(id);
    this.unblockFailed = undefined;
    this.env.redraw();
    const r = await this.env.api.block(this.player, id, false);
    if (this.destroyed) return;
    this.unblocking.delete(id);
    if (r.ok) this.account = { ...a, blocked: a.blocked.filter((b) => b !== id) };
    else this.unblockFailed = id;
    this.env.redraw();
  }
}

/** A game the device has no record of opens on the analysis board (its moves, as the server has them). */
function analysisHref(g: Snapshot): string | undefined {
  const game = new Game();
  for (const m of g.moves) if (!game.playNotation(m).ok) return undefined;
  return gameLinkHash(game);
}
