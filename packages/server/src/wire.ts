/**
 * The game server's wire format, the one definition that the server and the web client both import
 * (`@dama/server/wire`): what everyone may see of a game and the messages the server sends. Types and
 * constants only, importing nothing but `@dama/core`'s types, so that the browser can take it.
 */
import type { Color, OutcomeReason as CoreReason } from '@dama/core';

/** How a game ended: core's reasons, plus a win claimed after the opponent left. */
export type OutcomeReason = CoreReason | 'abandoned';
export interface Outcome {
  winner: Color | undefined;
  reason: OutcomeReason;
}

/** Waiting for the second player, being played, finished, or ended without a result (expired). */
export type Status = 'waiting' | 'playing' | 'over' | 'aborted';

export interface ClockSetting {
  /** Milliseconds each side starts with. */
  initial: number;
  /** Milliseconds added after each move. */
  increment: number;
}

/** Whether a seat's player has a connection open, with the page in view or not, or none. */
export type PresenceState = 'online' | 'away' | 'offline';
export interface Presence {
  state: PresenceState;
  /** When it last changed. */
  since: number;
}

export const REACTIONS = ['hello', 'good-luck', 'well-played', 'thanks', 'oops', 'wow'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** What everyone may see of a game: the record without its tokens and address. */
export interface Snapshot {
  id: string;
  v: number;
  status: Status;
  clock: ClockSetting | null;
  moves: string[];
  /** Milliseconds left at `now`, and whose clock is running. */
  clocks: { white: number; black: number; running: Color | null } | null;
  /** The server's time when this snapshot was made. */
  now: number;
  seats: { white: boolean; black: boolean };
  presence: { white: Presence; black: Presence };
  /** Milliseconds a player must be gone before the other may claim the game. */
  claimAfter: number;
  drawOffer: Color | null;
  rematchOffer: Color | null;
  rematch: string | null;
  outcome: Outcome | null;
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
}

/** Why the server refused a change of a game. */
export type ChangeErrorCode =
  | 'not-your-turn'
  | 'illegal-move'
  | 'stale'
  | 'game-over'
  | 'not-started'
  | 'not-a-player'
  | 'seat-taken'
  | 'no-offer'
  | 'too-early';

/** Why the server refused a message. */
export type ErrorCode =
  'bad-json' | 'bad-message' | 'unknown-game' | 'no-game' | 'rate-limited' | 'busy' | ChangeErrorCode;

/** What the server sends on the game socket. */
export type ServerMessage =
  /** The answer to `hello`: the receiver's seat, or null for a spectator. A \`game\` follows. */
  | { t: 'hello'; you: Color | null }
  /** The game as it stands, after `hello` and after every change. */
  | { t: 'game'; game: Snapshot }
  /** The sender took the open seat: keep the token (it is the only way back into the seat). */
  | { t: 'seat'; color: Color; token: string }
  | { t: 'react'; color: Color; reaction: Reaction }
  | { t: 'pong'; n: number; now: number }
  /** A refused message: nothing changed. `ref` is the type of the refused message when known. */
  | { t: 'error'; code: ErrorCode; message: string; ref?: string };
