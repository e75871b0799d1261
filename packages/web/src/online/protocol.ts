// The online game as this client offers it (colours, clocks), over the game server's wire format:
// its messages and snapshots come from the server's one definition, `@dama/server/wire` (types and
// constants, and `applyMove`; packages/server/README.md describes the protocol).
export { applyMove, MAX_DRAW_OFFERS, MOVE_ID, PING_EVERY, REACTIONS, SILENT_CLOSE } from '@dama/server/wire';
export type {
  ClientMessage,
  ErrorCode,
  Outcome as OnlineOutcome,
  OutcomeReason as OnlineReason,
  Presence,
  Reaction,
  SeatPlayer,
  ServerMessage,
  Snapshot,
  Status as OnlineStatus,
} from '@dama/server/wire';

export const ONLINE_COLORS = ['white', 'black', 'random'] as const;
export type OnlineColorChoice = (typeof ONLINE_COLORS)[number];

/**
 * The clocks offered for a game with a friend: minutes per side + seconds per move, or a
 * correspondence game's days a move (`days`: the game is made with `"clock": null, "days": n`).
 */
export const CLOCK_CHOICES = [
  { value: 'off', minutes: 0, increment: 0, days: 0 },
  { value: '3+2', minutes: 3, increment: 2, days: 0 },
  { value: '5+3', minutes: 5, increment: 3, days: 0 },
  { value: '10+5', minutes: 10, increment: 5, days: 0 },
  { value: '15+10', minutes: 15, increment: 10, days: 0 },
  { value: '1d', minutes: 0, increment: 0, days: 1 },
  { value: '3d', minutes: 0, increment: 0, days: 3 },
  { value: '7d', minutes: 0, increment: 0, days: 7 },
] as const;
export type ClockChoice = (typeof CLOCK_CHOICES)[number]['value'];

/** What a game is made with (`POST /api/games`). */
export interface NewGame {
  color: OnlineColorChoice;
  clock: { minutes: number; increment: number } | null;
  /** days a move: a correspondence game (with `clock` null) */
  days?: number;
}
