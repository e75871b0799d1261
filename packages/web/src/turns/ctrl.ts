// The "Your turn" list of the home screen: the games this player is in the middle of, theirs to move
// first, each opening the game with the player's own seat. Two sources, merged by game id:
// - with a player identity on this device, the server's list of their paired games being played
//   (`GET /api/players/me/playing`, with the seat token, so a game opens on any device of theirs);
// - this device's own correspondence games (by link too: the server lists those for no player),
//   kept by the online screen (online/corr.ts), each read from its snapshot (`GET /api/games/:id`).
// Refreshed when the home screen is shown and when the page comes back into view. Without a
// network the list shown stays as it was: nothing new, no error.
import { opposite, type Color } from '@dama/core';
import type { Snapshot } from '@dama/server/wire';
import type { CorrespondenceBook } from '../lib/online/corr.ts';
import type { SeatBook } from '../lib/online/seats.ts';
import type { PlayerApi } from '../lib/player/api.ts';
import type { Held } from '../lib/player/identity.ts';
import { readGameOf, readPlaying, turnOf } from './read.ts';

export interface TurnsEnv {
  /** the player this device holds (never made here) */
  identity: { held(): Held };
  api: Pick<PlayerApi, 'ask'>;
  seats: SeatBook;
  correspondence: CorrespondenceBook;
  now(): number;
  redraw(): void;
}

/** A game of the list. */
export interface TurnGame {
  id: string;
  /** the player's seat, and its token (the game opens with it) */
  color: Color;
  token: string;
  yourTurn: boolean;
  snap: Snapshot;
  /** when the snapshot arrived (the clocks count down from it) */
  receivedAt: number;
  /** where it came from: the server's list of the player's games, or this device's own */
  from: 'player' | 'device';
}

/** Refreshes closer together than this are one (the home screen shown twice in a row). */
export const MIN_GAP = 3000;
/** While the home screen stays in view, the list is refreshed this often. */
export const REFRESH_EVERY = 60_000;

export class TurnsCtrl {
  games: TurnGame[] = [];
  loading = false;
  /** when the last refresh began */
  private last = -Infinity;
  private again = false;

  constructor(private readonly env: TurnsEnv) {}

  /** Whether a refresh is due by now (the home screen in view for a while). */
  due(): boolean {
    return !this.loading && this.env.now() - this.last >= REFRESH_EVERY;
  }

  /** The games the player must move in. */
  yourTurn(): TurnGame[] {
    return this.games.filter((g) => g.yourTurn);
  }

  /** The opponent's name in a paired game (undefined for a friend by link: they have none here). */
  opponent(g: TurnGame): string | undefined {
    return g.snap.players?.[opposite(g.color)].name;
  }

  /** Milliseconds left for the side to move: its clock, or before the first moves the deadline. */
  timeLeft(g: TurnGame): number | undefined {
    const s = g.snap;
    const since = this.env.now() - g.receivedAt;
    const mover = turnOf(s);
    if (s.clocks?.running === mover) return Math.max(0, s.clocks[mover] - since);
    if (s.abortAt !== null) return Math.max(0, s.abortAt - s.now - since);
    return s.clocks ? s.clocks[mover] : undefined;
  }

  /** Asks the server again (at most once per MIN_GAP, unless `force`). */
  async refresh(force = false): Promise<void> {
    if (this.loading) {
      if (force) this.again = true;
      return;
    }
    if (!force && this.env.now() - this.last < MIN_GAP) return;
    this.last = this.env.now();
    this.loading = true;
    try {
      await this.load();
    } finally {
      this.loading = false;
    }
    if (this.again) {
      this.again = false;
      return this.refresh(true);
    }
  }

  private async load(): Promise<void> {
    const env = this.env;
    const held = env.identity.held();
    const player = held.status === 'ok' ? held.player : undefined;
    const book = env.correspondence.list();
    const [playing, ...snaps] = await Promise.all([
      player
        ? env.api.ask('GET', 'api/players/me/playing', (v) => readPlaying(v, player.id), {
            credentials: player,
          })
        : undefined,
      ...book.map((g) => env.api.ask('GET', `api/games/${g.id}`, readGameOf(g.id))),
    ]);
    const at = env.now();
    const before = this.games;
    const next: TurnGame[] = [];
    const add = (g: TurnGame) => {
      if (!next.some((x) => x.id === g.id)) next.push(g);
    };
    if (playing?.ok) {
      for (const p of playing.value)
        add({
          id: p.game.id,
          color: p.color,
          token: p.token,
          yourTurn: p.yourTurn,
          snap: p.game,
          receivedAt: at,
          from: 'player',
        });
    } else if (playing && playing.error !== 'not-a-player') {
      // not reached (no network, a busy or broken server): what was shown stays
      for (const g of before) if (g.from === 'player') add(g);
    }
    book.forEach((g, i) => {
      const r = snaps[i];
      const token = env.seats.get(g.id);
      if (!token) return env.correspondence.forget(g.id);
      if (!r.ok) {
        if (r.error === 'unknown-game') return env.correspondence.forget(g.id);
        const shown = before.find((x) => x.id === g.id);
        if (shown) add(shown);
        return;
      }
      const s = r.value;
      if (s.status === 'over' || s.status === 'aborted') return env.correspondence.forget(g.id);
      if (s.status !== 'playing') return; // waiting for the friend to open the link
      add({
        id: s.id,
        color: g.color,
        token,
        yourTurn: turnOf(s) === g.color,
        snap: s,
        receivedAt: at,
        from: 'device',
      });
    });
    // the player's move first, the least time left first
    const left = (g: TurnGame) => this.timeLeft(g) ?? Infinity;
    this.games = next.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || left(a) - left(b));
    env.redraw();
  }
}
