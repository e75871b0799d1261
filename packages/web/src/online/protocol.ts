// The game server's messages as this client reads them (packages/server/README.md describes the
// protocol; the web app does not import the server, so the shapes it needs are written here).
import type { Color } from '@dama/core';

export const REACTIONS = ['hello', 'good-luck', 'well-played', 'thanks', 'oops', 'wow'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const ONLINE_COLORS = ['white', 'black', 'random'] as const;
export type OnlineColorChoice = (typeof ONLINE_COLORS)[number];

/** The clocks offered for a game with a friend: minutes per side + seconds per move. */
export const CLOCK_CHOICES = [
  { value: 'off', minutes: 0, increment: 0 },
  { value: '3+2', minutes: 3, increment: 2 },
  { value: '5+3', minutes: 5, increment: 3 },
  { value: '10+5', minutes: 10, increment: 5 },
  { value: '15+10', minutes: 15, increment: 10 },
] as const;
export type ClockChoice = (typeof CLOCK_CHOICES)[number]['value'];

export type OnlineReason =
  | 'no-pieces'
  | 'blocked'
  | 'resignation'
  | 'timeout'
  | 'agreement'
  | 'repetition'
  | 'king-vs-king'
  | 'no-progress'
  | 'one-piece-each'
  | 'king-vs-man'
  | 'kings-only'
  | 'abandoned';

export interface Presence {
  state: 'online' | 'away' | 'offline';
  since: number;
}

export interface Snapshot {
  id: string;
  v: number;
  status: 'waiting' | 'playing' | 'over' | 'aborted';
  clock: { initial: number; increment: number } | null;
  moves: string[];
  clocks: { white: number; black: number; running: Color | null } | null;
  now: number;
  seats: { white: boolean; black: boolean };
  presence: { white: Presence; black: Presence };
  claimAfter: number;
  drawOffer: Color | null;
  rematchOffer: Color | null;
  rematch: string | null;
  outcome: { winner?: Color; reason: OnlineReason } | null;
  result: string;
}

export type ServerMessage =
  | { t: 'hello'; you: Color | null }
  | { t: 'game'; game: Snapshot }
  | { t: 'seat'; color: Color; token: string }
  | { t: 'react'; color: Color; reaction: Reaction }
  | { t: 'pong'; n: number; now: number }
  | { t: 'error'; code: string; message: string; ref?: string };
