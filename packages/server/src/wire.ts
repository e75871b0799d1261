/**
 * The game server's wire format, the one definition that the server and the web client both import
 * (`@dama/server/wire`): what everyone may see of a game and the messages the server sends. Types,
 * constants and `applyMove` (which both sides need to agree on), importing nothing but `@dama/core`'s
 * types, so that the browser can take it.
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
  /** The game's version: it goes up by one with every change, and every change sends a new snapshot (or a `move`). */
  v: number;
  /** When the game was made, and when it ended (null while it has not). */
  created: number;
  ended: number | null;
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
  /** Draw offers each side has made in this game (at most `MAX_DRAW_OFFERS`). */
  drawOffers: { white: number; black: number };
  /** A takeback asked by this side, waiting for the other's answer. */
  takebackOffer: Color | null;
  /**
   * While the first two moves are not played: when the game is aborted (unscored) if the side to
   * move has not moved. Null once both sides have moved, and when the game is not being played.
   */
  abortAt: number | null;
  rematchOffer: Color | null;
  rematch: string | null;
  outcome: Outcome | null;
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  /** The two players, when the game was paired between identities (null for a game by link). */
  players: { white: SeatPlayer; black: SeatPlayer } | null;
  /** Whether the result moves the players' ratings. */
  rated: boolean;
  /**
   * A correspondence game: the days each move may take (`clock` is null, and `clocks` count down
   * the move's time left, the full days again after each move); null for a live game.
   */
  days: number | null;
}

/** A player in a paired game: their name and their rating when it started, and after it (rated, once over). */
export interface SeatPlayer {
  id: string;
  name: string;
  /** The rating in the game's speed when the game started (rounded). */
  rating: number;
  /** Whether that rating was provisional (shown with a "?"). */
  provisional: boolean;
  /** The rating after the game: set when a rated game has ended. */
  after: number | null;
}

/** Draw offers one side may make in one game. */
export const MAX_DRAW_OFFERS = 2;

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
  | 'too-early'
  | 'too-many-offers'
  | 'nothing-to-take-back'
  | 'no-clock';

/** Why the server refused a message. */
export type ErrorCode =
  | 'bad-json'
  | 'bad-message'
  | 'unknown-game'
  | 'no-game'
  | 'rate-limited'
  /** The server cannot do it now (its database is away, or it is overloaded): try again shortly. */
  | 'busy'
  | ChangeErrorCode;

/** The id a client gives a move, so that a move re-sent after a lost connection is applied once. */
export const MOVE_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** What a client sends on the game socket (validated by the server's schemas in `protocol.ts`). */
export type ClientMessage =
  /**
   * First message on a socket: which game to watch, with the seat token if the sender has one, and
   * the version of the game the sender already has (0 or absent: none). The answer is `hello`, then
   * a `game` snapshot unless the sender's version is already the latest. With `delta: true` the
   * sender takes `move` messages: a move on the version it has comes as the move alone.
   */
  | { t: 'hello'; game: string; token?: string; v?: number; delta?: boolean }
  /** Take the open seat (the friend opening the share link); answered by `seat`. */
  | { t: 'join' }
  /** Cancel a game nobody has joined yet (its creator only). */
  | { t: 'cancel' }
  /**
   * A move in notation, made after seeing `ply` moves, with an id of the client's choosing
   * (`MOVE_ID`). Answered by `ack` with the same id once it is stored, or by an `error` with the same
   * id. Re-sending the same id (after a reconnect) is safe: a move already applied is acknowledged
   * again, never played twice. `rtt` is the sender's last measured round trip in ms (a ping's, or a
   * move's sent once until its `ack`): the lag compensation reads it, as from pings.
   */
  | { t: 'move'; move: string; ply: number; id: string; rtt?: number }
  | { t: 'draw'; action: 'offer' | 'accept' | 'decline' }
  /** Ask to take back one's last move; the opponent accepts or declines. */
  | { t: 'takeback'; action: 'offer' | 'accept' | 'decline' }
  | { t: 'resign' }
  | { t: 'rematch'; action: 'offer' | 'decline' }
  /** Claim the win when the opponent has been offline for `claimAfter` milliseconds. */
  | { t: 'claim' }
  /** More time for the opponent: a day on their move in a correspondence game, 15 s in a live one. */
  | { t: 'moretime' }
  /** The page is in view or not (presence `online` or `away`). */
  | { t: 'presence'; visible: boolean }
  | { t: 'react'; reaction: Reaction }
  /** Ask for the game again if it is newer than version `v` (a client that suspects it missed something). */
  | { t: 'sync'; v: number }
  /**
   * The liveness ping, every `PING_EVERY` ms unless, since the last one was due, the client sent
   * something other than a ping and received something. A socket that sends nothing for
   * `SILENT_CLOSE` ms is closed. `rtt` is the sender's last measured round trip in ms (the lag
   * compensation reads it).
   */
  | { t: 'ping'; n: number; rtt?: number };

/** How often a client pings (when quiet), and how long a socket may stay silent before the server closes it. */
export const PING_EVERY = 10_000;
export const SILENT_CLOSE = 30_000;

/** What the server sends on the game socket. */
export type ServerMessage =
  /** The answer to `hello`: the receiver's seat (null for a spectator) and the game's version. */
  | { t: 'hello'; you: Color | null; v: number }
  /** The game as it stands (a full state, so a missed one is never needed), after `hello` and every change. */
  | { t: 'game'; game: Snapshot }
  | MoveMessage
  /** A move with this id is stored; the game is at version `v` (a `game` with it comes too). */
  | { t: 'ack'; id: string; v: number }
  /**
   * The receiver's seat in game `game`: after `join`, and for the rematch (a new token for the new
   * game). Keep the token: it is the only way back into the seat.
   */
  | { t: 'seat'; game: string; color: Color; token: string }
  | { t: 'react'; color: Color; reaction: Reaction }
  | { t: 'pong'; n: number; now: number }
  /**
   * A refused message: nothing changed. `ref` is the type of the refused message when known, `id`
   * the refused move's id. `busy` means try again shortly (a move: re-send it with the same id).
   */
  | { t: 'error'; code: ErrorCode; message: string; ref?: string; id?: string };

/**
 * A move, in place of the `game` snapshot after it, for a socket that said `hello` with `delta: true`
 * and was last sent version `v - 1` of game `game`. It is sent only when the move changed nothing
 * else a snapshot shows than what it carries (a move that ends the game comes as a snapshot), so
 * `applyMove` on the receiver's snapshot of version `v - 1` gives the snapshot of version `v`. A
 * receiver whose snapshot is older than `v - 1` missed something: it sends `sync`.
 */
export interface MoveMessage {
  t: 'move';
  game: string;
  v: number;
  /** The move in notation: the snapshot's `moves` gain it. */
  move: string;
  clocks: Snapshot['clocks'];
  now: number;
  abortAt: number | null;
  drawOffer: Color | null;
  takebackOffer: Color | null;
}

/**
 * The snapshot that `m` makes of `snap`: `snap` itself when `m` says nothing new to it (another game,
 * or a version it has), undefined when it does not follow from `snap` (a version was missed: ask
 * for the game with `sync`).
 */
export function applyMove(snap: Snapshot, m: MoveMessage): Snapshot | undefined {
  if (m.game !== snap.id || m.v <= snap.v) return snap;
  if (m.v !== snap.v + 1 || snap.status !== 'playing') return undefined;
  return {
    ...snap,
    v: m.v,
    moves: [...snap.moves, m.move],
    clocks: m.clocks,
    now: m.now,
    abortAt: m.abortAt,
    drawOffer: m.drawOffer,
    takebackOffer: m.takebackOffer,
  };
}

// ——— The lobby socket (`/api/lobby`): quick pairing ———

/** What a seek is played at: a clock (ms), or days per move. */
export type SeekClock = ClockSetting | { days: number };

/** A seek in the lobby's list. */
export interface LobbySeek {
  id: string;
  /** The seeker's player id and name, and their rating in the seek's speed. */
  player: string;
  name: string;
  rating: number;
  provisional: boolean;
  clock: SeekClock;
  rated: boolean;
  /** The opponents' ratings the seeker accepts (bounds included), or null for any. */
  range: { min: number; max: number } | null;
}

/** A player's rating in one speed, as the lobby shows it. */
export interface ShownRating {
  rating: number;
  provisional: boolean;
  games: number;
}

export type LobbyClientMessage =
  /** First: who is seeking (a player's id and this device's secret). */
  | { t: 'hello'; player: string; secret: string }
  /** Seek a game (it replaces this socket's seek, if any). */
  | { t: 'seek'; clock: SeekClock; rated: boolean; range: { min: number; max: number } | null }
  /** Withdraw this socket's seek. */
  | { t: 'cancel' }
  | { t: 'ping'; n: number };

export type LobbyServerMessage =
  /**
   * The answer to `hello`: the player, their ratings by speed, when they may seek again if paused,
   * the players they blocked (their seeks are listed, but never pair), and their paired games whose
   * first moves are still awaited and whose seat they never opened, with their seats (a `paired`
   * lost with a dropped socket).
   */
  | {
      t: 'hello';
      player: { id: string; name: string };
      ratings: Partial<Record<'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence', ShownRating>>;
      pausedUntil: number | null;
      blocked: string[];
      games: { game: string; color: Color; token: string }[];
    }
  /** The open seeks (the newest `MAX_LOBBY_SEEKS`) and how many players are online and games playing, on every change. */
  | { t: 'lobby'; seeks: LobbySeek[]; online: number; playing: number }
  /** This socket's seek, open (its id) or none. */
  | { t: 'seeking'; seek: string | null }
  /** The seek was paired: open game `game` with seat token `token` (as by a friend's link). */
  | { t: 'paired'; game: string; color: Color; token: string }
  | { t: 'pong'; n: number; now: number }
  /** A refused message: nothing changed. `until`: a pairing pause's end. */
  | { t: 'error'; code: LobbyErrorCode; message: string; until?: number };

export type LobbyErrorCode =
  'bad-message' | 'no-hello' | 'unknown-player' | 'paused' | 'unsupported' | 'rate-limited' | 'busy';

/** Seeks listed in the lobby message at most. */
export const MAX_LOBBY_SEEKS = 100;

// ---- pooled puzzle ratings (`POST /api/puzzles/results`, `GET /api/puzzles/ratings`)

/**
 * A device's rated training result, sent when the server is reachable (at once, or later from the
 * device's queue). Anonymous: a random device id, no player. `rating`/`rd` are the player's rating
 * on the device when the puzzle was played; a device's result counts once per puzzle.
 */
export interface PuzzleResult {
  /** The training puzzle's id. */
  puzzle: number;
  /** Solved without a wrong move. */
  win: boolean;
  rating: number;
  rd: number;
  /** When it was played (ms since the epoch). */
  at: number;
}

export interface PuzzleResultsRequest {
  /** The device's random id: 16–64 characters of A–Z a–z 0–9 _ -. */
  device: string;
  results: PuzzleResult[];
}

/** A training puzzle's rating as pooled from every device's results. */
export interface PooledPuzzleRating {
  puzzle: number;
  rating: number;
  rd: number;
  /** Results it learned from. */
  plays: number;
}

export interface PuzzleResultsResponse {
  /** Results that moved a rating. */
  accepted: number;
  /** Results already counted (a puzzle this device sent before: a retried sync, a replay). */
  duplicate: number;
  /** Results refused: an unknown puzzle, a time too old or in the future, or past the device's rate. */
  rejected: number;
  /** The pooled ratings of the puzzles in the request, after it. */
  ratings: PooledPuzzleRating[];
}

export interface PuzzleRatingsResponse {
  /** Every training puzzle that has learned from a result. */
  ratings: PooledPuzzleRating[];
}

export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** Results one request may carry. */
export const MAX_PUZZLE_RESULTS = 100;
/** Results older than this are refused (a device offline for longer drops them). */
export const PUZZLE_RESULT_MAX_AGE = 30 * 24 * 3600_000;
