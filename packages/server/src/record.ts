/**
 * One online game as it is stored: the two seats with their secret tokens, the moves in full
 * notation, the clocks, the offers, presence and the outcome. Every change is a pure function of a
 * record and the time (`now`, milliseconds since the epoch), returning a new record or an error, so
 * the same change gives the same result on any instance and after any restart. What is legal is
 * decided by `@dama/core` alone.
 */
import type { Color, Outcome as CoreOutcome } from '@dama/core';
import { Game, makeNotation, makePdn, nextCounters, opposite, parseNotation, parseSquare } from '@dama/core';
import type { DamaError, Move, Result } from '@dama/core';
import { MAX_DRAW_OFFERS } from './wire.ts';
import type {
  ChangeErrorCode,
  ClockSetting,
  MoveMessage,
  Outcome,
  Presence,
  PresenceState,
  SeatPlayer,
  Snapshot,
  Status,
} from './wire.ts';

export { REACTIONS } from './wire.ts';
export type {
  ChangeErrorCode,
  ClockSetting,
  Outcome,
  OutcomeReason,
  Presence,
  PresenceState,
  Reaction,
  SeatPlayer,
  Snapshot,
  Status,
} from './wire.ts';

/** An online game as the server stores it (the web app's `GameRecord` is a finished game kept on the device). */
export interface ServerGame {
  id: string;
  /** Goes up by one with every change; a write that does not find the version it read is retried. */
  version: number;
  status: Status;
  created: number;
  /** The last change by a player (a move, an offer, a seat taken): idle games expire from it. */
  active: number;
  /** The address that created it (the open-games limit). */
  address: string;
  clock: ClockSetting | null;
  /** The creator's colour. */
  creator: Color;
  /** Secret seat tokens; the creator's seat is taken at once, the other when the friend opens the link. */
  tokens: { white: string | null; black: string | null };
  moves: string[];
  /** The id of each side's last stored move, so that a move re-sent after a lost connection is applied once. */
  moveIds: { white: string | null; black: string | null };
  /** Milliseconds left for each side at `turnStart`; null without a clock. */
  clocks: { white: number; black: number } | null;
  /** When the side to move started thinking (server time), or null while no clock runs. */
  turnStart: number | null;
  /**
   * Milliseconds of this turn that are not the mover's: server faults (a database stall, a lost bus,
   * a dead instance) found since `turnStart`. The clock runs `now - turnStart - paused`.
   */
  paused: number;
  /** Faults up to this time are already in `paused` (instances that saw the same fault do not count it twice). */
  pausedTo: number;
  /** Each side's lag quota (ms): network time that may still be taken off its moves (`lagCredit`). */
  lagQuota: { white: number; black: number };
  /** While the first two moves are not played: when the game is aborted if the side to move has not moved. */
  abortAt: number | null;
  presence: { white: Seen; black: Seen };
  drawOffer: Color | null;
  drawOffers: { white: number; black: number };
  takebackOffer: Color | null;
  rematchOffer: Color | null;
  /** The id of the rematch game, once both asked for it. */
  rematch: string | null;
  outcome: Outcome | null;
  ended: number | null;
  /** The two players of a game paired from the seek pool (null for a game by link). */
  players: { white: SeatPlayer; black: SeatPlayer } | null;
  /** Whether the result moves the players' ratings (only a paired game may be rated). */
  rated: boolean;
  /**
   * A correspondence game: the days each move may take (then `clock` is null and `clocks` count
   * down each move's time, reset to the full days after every move); null for a live game.
   */
  days: number | null;
  /** The identity of the player who made a game by link, if they had one (told when the friend joins). */
  owner: string | null;
}

/** A day in milliseconds (a correspondence game's clock). */
export const DAY = 24 * 3600_000;
/** What "more time" gives the opponent: a day in a correspondence game, 15 s in a live one (as on lichess). */
export const MORE_TIME = { live: 15_000, correspondence: DAY };

/** A seat's presence as stored, with the instance holding its socket (dead instances stop beating). */
export interface Seen extends Presence {
  instance?: string;
}

/** Settings of the game rules that the server chooses (from its limits). */
export interface Timing {
  /** Milliseconds each of the first two moves may take before the game is aborted, with a clock and without. */
  firstMove: number;
  firstMoveUnclocked: number;
}

export const DEFAULT_TIMING: Timing = { firstMove: 30_000, firstMoveUnclocked: 120_000 };

/** Lag compensation (after lichess's lag tracker): a quota that each move adds to and each compensation spends. */
export const LAG = {
  /** The quota a side starts with, and its ceiling (ms). */
  start: 1000,
  max: 2000,
  /** Added to a side's quota with each of its moves. */
  gain: 200,
  /** The most taken off one move. */
  cap: 500,
};

export interface ChangeError {
  code: ChangeErrorCode;
  message: string;
}

/**
 * The rules' game of a record's moves, kept between moves so that a move is checked without a
 * replay: `game` starts after the first `from` moves (a capture or a man's move starts it afresh, see `move`).
 */
export interface Replayed {
  game: Game;
  from: number;
}

/**
 * One string for each move text: the same few thousand texts ("c3-c4") come up in every game, and
 * each held game keeps its whole list, so a string a move would be tens of thousands of small
 * objects for the garbage collector to mark. Bounded: past `MAX_SHARED` texts a new one is kept as
 * it is.
 */
const SHARED = new Map<string, string>();
const MAX_SHARED = 20_000;
function shared(text: string): string {
  const known = SHARED.get(text);
  if (known !== undefined) return known;
  if (SHARED.size < MAX_SHARED) SHARED.set(text, text);
  return text;
}

/** A change, or a refusal. A move's change carries the rules' game after it (to spare the next replay). */
export type Change = { ok: true; record: ServerGame; game?: Replayed } | { ok: false; error: ChangeError };

const fail = (code: ChangeErrorCode, message: string): Change => ({ ok: false, error: { code, message } });
const done = (record: ServerGame): Change => ({
  ok: true,
  record: { ...record, version: record.version + 1 },
});

export interface NewGame {
  id: string;
  creator: Color;
  token: string;
  clock: ClockSetting | null;
  /** Days a move (a correspondence game; `clock` is then null). */
  days?: number | null;
  /** The creator's identity, if any. */
  owner?: string | null;
  address: string;
  now: number;
}

export function newRecord(g: NewGame): ServerGame {
  const offline: Seen = { state: 'offline', since: g.now };
  return {
    id: g.id,
    version: 1,
    status: 'waiting',
    created: g.now,
    active: g.now,
    address: g.address,
    clock: g.clock,
    creator: g.creator,
    tokens: { white: g.creator === 'white' ? g.token : null, black: g.creator === 'black' ? g.token : null },
    moves: [],
    moveIds: { white: null, black: null },
    clocks: g.days
      ? { white: g.days * DAY, black: g.days * DAY }
      : g.clock
        ? { white: g.clock.initial, black: g.clock.initial }
        : null,
    turnStart: null,
    paused: 0,
    pausedTo: 0,
    lagQuota: { white: LAG.start, black: LAG.start },
    abortAt: null,
    presence: { white: { ...offline }, black: { ...offline } },
    drawOffer: null,
    drawOffers: { white: 0, black: 0 },
    takebackOffer: null,
    rematchOffer: null,
    rematch: null,
    outcome: null,
    ended: null,
    players: null,
    rated: false,
    days: g.days ?? null,
    owner: g.owner ?? null,
  };
}

/**
 * A stored record in today's shape: games stored by an earlier server lack the fields added since
 * (move ids, pauses, lag quotas, the first-move deadline, offer counts), which start empty.
 */
export function upgrade(rec: ServerGame): ServerGame {
  const r = rec as Partial<ServerGame> & ServerGame;
  if (
    r.moveIds &&
    r.lagQuota &&
    r.drawOffers &&
    typeof r.paused === 'number' &&
    r.players !== undefined &&
    r.days !== undefined &&
    r.owner !== undefined
  )
    return rec;
  // An earlier server kept no instance with presence: its sockets are gone with it.
  const gone = (p: Seen): Seen =>
    p.instance || p.state === 'offline' ? p : { state: 'offline', since: p.since };
  return {
    ...rec,
    moveIds: r.moveIds ?? { white: null, black: null },
    paused: r.paused ?? 0,
    pausedTo: r.pausedTo ?? 0,
    lagQuota: r.lagQuota ?? { white: LAG.start, black: LAG.start },
    abortAt: r.abortAt ?? null,
    drawOffers: r.drawOffers ?? { white: 0, black: 0 },
    takebackOffer: r.takebackOffer ?? null,
    players: r.players ?? null,
    rated: r.rated ?? false,
    days: r.days ?? null,
    owner: r.owner ?? null,
    presence: { white: gone(rec.presence.white), black: gone(rec.presence.black) },
    // The first move of a game started by an earlier server was untimed from the start.
    turnStart: rec.turnStart ?? (rec.status === 'playing' ? rec.active : null),
  };
}

/** The rules replayed over the stored moves (a stored game always replays: only legal moves are stored). */
export function replay(moves: readonly string[]): Game {
  const game = new Game();
  for (const text of moves) {
    const played = game.playNotation(text);
    if (!played.ok) throw new Error(`stored move ${text} does not replay: ${played.error.message}`);
  }
  return game;
}

/** The seat a token opens, if any. */
export function seatOf(rec: ServerGame, token: unknown): Color | null {
  if (typeof token !== 'string' || token.length === 0) return null;
  if (rec.tokens.white !== null && equalSecret(rec.tokens.white, token)) return 'white';
  if (rec.tokens.black !== null && equalSecret(rec.tokens.black, token)) return 'black';
  return null;
}

/** Compares secrets without stopping at the first difference. */
function equalSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export const turnOf = (rec: ServerGame): Color => (rec.moves.length % 2 === 0 ? 'white' : 'black');

/** Whether the side to move's clock runs: a clock, the game on, and White's first move played (it is untimed). */
const ticking = (rec: ServerGame): boolean =>
  rec.status === 'playing' && rec.clocks !== null && rec.turnStart !== null && rec.moves.length > 0;

/** Milliseconds of this turn charged to the side to move at `now`. */
const spentAt = (rec: ServerGame, now: number): number =>
  rec.turnStart === null ? 0 : Math.max(0, now - rec.turnStart - rec.paused);

/** Milliseconds left for each side at `now`. */
export function clocksAt(rec: ServerGame, now: number): { white: number; black: number } | null {
  if (!rec.clocks) return null;
  const left = { ...rec.clocks };
  if (ticking(rec)) {
    const side = turnOf(rec);
    left[side] = Math.max(0, left[side] - spentAt(rec, now));
  }
  return left;
}

/** When the side to move runs out of time (before its lag allowance), if a clock is running. */
export function flagAt(rec: ServerGame): number | null {
  if (!ticking(rec)) return null;
  return rec.turnStart! + rec.paused + rec.clocks![turnOf(rec)];
}

/** The network time the side to move may still have taken off its move: a flag falls only after it. */
export const lagGrace = (rec: ServerGame): number => Math.min(LAG.cap, rec.lagQuota[turnOf(rec)]);

/** When the game is aborted if the side to move does not move (the first two moves only). */
export function abortDeadline(rec: ServerGame): number | null {
  return rec.status === 'playing' && rec.abortAt !== null ? rec.abortAt + rec.paused : null;
}

/** The next time something is due in this game without anyone acting: a flag, or the first-move deadline. */
export function dueAt(rec: ServerGame): number | null {
  const flag = flagAt(rec);
  const abort = abortDeadline(rec);
  const f = flag === null ? null : flag + lagGrace(rec);
  if (f === null) return abort;
  return abort === null ? f : Math.min(f, abort);
}

/** How long each of the first two moves may take before the game is aborted: a correspondence move's days, or the timing's. */
const firstMoveTime = (rec: ServerGame, t: Timing): number =>
  rec.days ? rec.days * DAY : rec.clock ? t.firstMove : t.firstMoveUnclocked;

function finish(rec: ServerGame, outcome: Outcome, now: number): ServerGame {
  return {
    ...rec,
    status: 'over',
    clocks: clocksAt(rec, now),
    turnStart: null,
    abortAt: null,
    outcome,
    ended: now,
    drawOffer: null,
    takebackOffer: null,
  };
}

function abort(rec: ServerGame, now: number): ServerGame {
  return {
    ...rec,
    status: 'aborted',
    clocks: clocksAt(rec, now),
    turnStart: null,
    abortAt: null,
    ended: now,
    drawOffer: null,
    takebackOffer: null,
    version: rec.version + 1,
  };
}

/**
 * The record as it stands at `now`: a flag that has fallen (after the mover's lag allowance) ends
 * the game, and a first move that did not come aborts it. Returns the same record when nothing is
 * due, so a caller can tell whether to write.
 */
export function settle(rec: ServerGame, now: number): ServerGame {
  const deadline = abortDeadline(rec);
  const flag = flagAt(rec);
  if (deadline !== null && now >= deadline && (flag === null || deadline <= flag))
    return abort(rec, deadline);
  if (flag === null || now < flag + lagGrace(rec)) return rec;
  const loser = turnOf(rec);
  const ended = finish(rec, { winner: opposite(loser), reason: 'timeout' }, flag);
  return { ...ended, clocks: { ...ended.clocks!, [loser]: 0 }, version: rec.version + 1 };
}

/**
 * A server fault from `from` to `to` (a database stall, a lost bus, a dead instance): its overlap
 * with the current turn is not charged to the side to move. Faults already counted (before
 * `pausedTo`) are not counted again. Returns the same record when nothing changes.
 */
export function pause(rec: ServerGame, from: number, to: number): ServerGame {
  if (rec.status !== 'playing' || rec.turnStart === null) return rec;
  const start = Math.max(from, rec.turnStart, rec.pausedTo);
  if (to <= start) return rec;
  return { ...rec, paused: rec.paused + (to - start), pausedTo: to, version: rec.version + 1 };
}

/** The friend takes the open seat: the game starts, and White's first move is due. */
export function join(
  rec: ServerGame,
  token: string,
  now: number,
  t: Timing = DEFAULT_TIMING,
  instance?: string,
): Change {
  if (rec.status !== 'waiting') return fail('seat-taken', 'Both seats of this game are taken.');
  const seat = opposite(rec.creator);
  return done({
    ...rec,
    status: 'playing',
    active: now,
    turnStart: now,
    abortAt: now + firstMoveTime(rec, t),
    tokens: { ...rec.tokens, [seat]: token },
    presence: { ...rec.presence, [seat]: { state: 'online', since: now, ...(instance ? { instance } : {}) } },
  });
}

/** The creator cancels a game nobody has joined. */
export function cancel(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.status !== 'waiting') return fail('game-over', 'Only a game nobody has joined can be cancelled.');
  if (seat !== rec.creator) return fail('not-a-player', 'Only the creator can cancel this game.');
  return done({ ...rec, status: 'aborted', ended: now, active: now });
}

/** A move as the client sent it. */
export interface MoveInput {
  seat: Color;
  text: string;
  /** The number of moves the sender had seen. */
  ply: number;
  /** The client's id for it: a second copy of a stored move is acknowledged, not played. */
  id: string;
}

/** When a move is judged. */
export interface MoveTime {
  /** When it reached the server (what the mover is charged up to). */
  at: number;
  /** Now: the opponent's turn starts here. */
  now: number;
  /** The network time the mover reports (half its round trip, ms); the lag quota bounds what is granted. */
  lag: number;
}

/**
 * A move. A move sent twice, or sent before the sender saw the last move, does not match `ply` and
 * is refused — unless it is the mover's last stored move (same id), which is acknowledged unchanged.
 * `replayed`, when given, is the caller's cache of the rules' game of the stored moves. It is used
 * only when its plies match the record's moves. A king's step is played on it in place (no copy: a
 * held game would otherwise leave a copy behind at every move); any other move leaves it as it was
 * and starts a fresh game. The change's `game` is the cache to keep when the new record is kept. A
 * caller that keeps the old record after a king's step keeps a cache one move ahead of it, which the
 * check on its plies then refuses.
 */
export function move(
  rec: ServerGame,
  m: MoveInput,
  time: MoveTime,
  t: Timing = DEFAULT_TIMING,
  replayed?: Replayed,
): Change {
  if (rec.moveIds[m.seat] === m.id) return { ok: true, record: rec };
  if (rec.status === 'waiting')
    return fail('not-started', 'The game starts when your friend opens the link.');
  if (rec.status !== 'playing') return fail('game-over', 'The game is over; no more moves can be played.');
  if (m.ply !== rec.moves.length)
    return fail('stale', `This move was made at move ${m.ply}, but the game is at move ${rec.moves.length}.`);
  if (turnOf(rec) !== m.seat) return fail('not-your-turn', 'It is not your turn.');
  const cached = replayed && replayed.from + replayed.game.plies === rec.moves.length;
  const held = cached ? replayed.game : replay(rec.moves);
  const from = cached ? replayed.from : 0;
  // A king's step (no capture) can be undone: the held game takes it, its position counts for
  // repetitions. A capture or a man's move never can, so the rules need nothing of the game before
  // it: the game goes on afresh from the new position, and the held game is left as it was (one
  // played on in place would hold the young move and position from the old generation, where a
  // held game is by then, until a major collection; docs/server-load.md).
  const text = m.text.trim().toLowerCase();
  const square = parseSquare(text.slice(0, 2));
  const kingStep =
    !text.includes('x') && square !== undefined && held.position.pieceAt(square)?.role === 'king';
  let game = held;
  let after = from;
  let played: Result<Move, DamaError>;
  if (kingStep) played = held.playNotation(m.text);
  else if (held.isOver()) return fail('illegal-move', 'The game is over; no more moves can be played.');
  else {
    played = parseNotation(held.position, m.text);
    if (played.ok) {
      const counters = nextCounters(held.position, played.value, held.counters);
      game = new Game(held.position.play(played.value), { drawRules: held.drawRules, counters });
      after = from + held.plies + 1;
    }
  }
  if (!played.ok) return fail('illegal-move', played.error.message);
  const seat = m.seat;
  let clocks = rec.clocks;
  let lagQuota = rec.lagQuota;
  if (rec.days && clocks && ticking(rec)) {
    // A correspondence move: in time, and the mover's next move has the full days again.
    if (clocks[seat] - spentAt(rec, time.at) <= 0)
      return { ok: true, record: settle(rec, Math.max(time.now, flagAt(rec)! + lagGrace(rec))) };
    clocks = { ...clocks, [seat]: rec.days * DAY };
  } else if (rec.clock && clocks && ticking(rec)) {
    const granted = Math.min(Math.max(0, time.lag), LAG.cap, lagQuota[seat]);
    const left = clocks[seat] - Math.max(0, spentAt(rec, time.at) - granted);
    if (left <= 0) return { ok: true, record: settle(rec, Math.max(time.now, flagAt(rec)! + lagGrace(rec))) };
    clocks = { ...clocks, [seat]: left + rec.clock.increment };
    lagQuota = { ...lagQuota, [seat]: Math.min(LAG.max, lagQuota[seat] - granted + LAG.gain) };
  }
  const plies = rec.moves.length + 1;
  let next: ServerGame = {
    ...rec,
    // `concat` makes an array of the exact length (a spread leaves room to grow: twice the bytes,
    // and the record lives until the next move).
    moves: rec.moves.concat(shared(makeNotation(played.value))),
    moveIds: { ...rec.moveIds, [seat]: m.id },
    clocks,
    lagQuota,
    turnStart: time.now,
    paused: 0,
    pausedTo: 0,
    abortAt: plies < 2 ? time.now + firstMoveTime(rec, t) : null,
    active: time.now,
    // An offer stands until the other side moves; moving declines it. A takeback offer ends with any move.
    drawOffer: rec.drawOffer === seat ? seat : null,
    takebackOffer: null,
  };
  const outcome = game.outcome();
  if (outcome) next = finish(next, outcome, time.now);
  return { ok: true, record: { ...next, version: rec.version + 1 }, game: { game, from: after } };
}

export function resign(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.status === 'waiting') return fail('not-started', 'The game has not started yet.');
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  return done(finish(rec, { winner: opposite(seat), reason: 'resignation' }, now));
}

export function offerDraw(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.status !== 'playing')
    return fail('not-started', 'A draw can be offered only while the game is played.');
  if (rec.drawOffer === opposite(seat))
    return done(finish(rec, { winner: undefined, reason: 'agreement' }, now));
  if (rec.drawOffer === seat) return fail('too-many-offers', 'Your draw offer is already on the table.');
  if (rec.drawOffers[seat] >= MAX_DRAW_OFFERS)
    return fail('too-many-offers', `You have made ${MAX_DRAW_OFFERS} draw offers in this game already.`);
  return done({
    ...rec,
    drawOffer: seat,
    drawOffers: { ...rec.drawOffers, [seat]: rec.drawOffers[seat] + 1 },
    active: now,
  });
}

export function acceptDraw(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  if (rec.drawOffer !== opposite(seat)) return fail('no-offer', 'Your opponent has not offered a draw.');
  return done(finish(rec, { winner: undefined, reason: 'agreement' }, now));
}

export function declineDraw(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.drawOffer !== opposite(seat)) return fail('no-offer', 'Your opponent has not offered a draw.');
  return done({ ...rec, drawOffer: null, active: now });
}

/** Moves `seat` has played so far. */
const movesBy = (rec: ServerGame, seat: Color): number =>
  seat === 'white' ? Math.ceil(rec.moves.length / 2) : Math.floor(rec.moves.length / 2);

/** `seat` asks to take back its last move. */
export function offerTakeback(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.status !== 'playing')
    return fail('game-over', 'A takeback can be asked only while the game is played.');
  if (movesBy(rec, seat) === 0) return fail('nothing-to-take-back', 'You have not moved yet.');
  if (rec.takebackOffer === seat) return fail('too-many-offers', 'Your takeback request is already waiting.');
  return done({ ...rec, takebackOffer: seat, active: now });
}

/**
 * The opponent of the asker accepts: the asker's last move goes (and the reply to it, if there is
 * one), so it is the asker's turn again. The side that was thinking is charged its time so far.
 */
export function acceptTakeback(
  rec: ServerGame,
  seat: Color,
  now: number,
  t: Timing = DEFAULT_TIMING,
): Change {
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  const asker = opposite(seat);
  if (rec.takebackOffer !== asker) return fail('no-offer', 'Your opponent has not asked for a takeback.');
  const back = turnOf(rec) === asker ? 2 : 1;
  const moves = rec.moves.slice(0, rec.moves.length - back);
  const clocks = clocksAt(rec, now);
  return done({
    ...rec,
    moves,
    moveIds: back === 2 ? { white: null, black: null } : { ...rec.moveIds, [asker]: null },
    clocks,
    turnStart: now,
    paused: 0,
    pausedTo: 0,
    abortAt: moves.length < 2 ? now + firstMoveTime(rec, t) : null,
    drawOffer: null,
    takebackOffer: null,
    active: now,
  });
}

export function declineTakeback(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.takebackOffer !== opposite(seat))
    return fail('no-offer', 'Your opponent has not asked for a takeback.');
  return done({ ...rec, takebackOffer: null, active: now });
}

/**
 * More time for the opponent, given by `seat`: a day on the opponent's current move in a
 * correspondence game (their next move has the usual days again), 15 s on their clock in a live one.
 */
export function moreTime(rec: ServerGame, seat: Color, now: number): Change {
  if (rec.status !== 'playing') return fail('game-over', 'The game is not being played.');
  const other = opposite(seat);
  if (!rec.clocks) return fail('no-clock', 'This game has no clock.');
  const extra = rec.days ? MORE_TIME.correspondence : MORE_TIME.live;
  // In a correspondence game a first move's deadline is its days: the day given counts there too.
  const abortAt =
    rec.days && rec.abortAt !== null && turnOf(rec) === other ? rec.abortAt + extra : rec.abortAt;
  return done({
    ...rec,
    clocks: { ...rec.clocks, [other]: rec.clocks[other] + extra },
    abortAt,
    active: now,
  });
}

/** A win claimed because the opponent has been gone for `claimAfter` milliseconds. */
export function claim(rec: ServerGame, seat: Color, now: number, claimAfter: number): Change {
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  if (rec.days)
    return fail(
      'too-early',
      'A correspondence game is not won by absence: it is won on time when a move’s days run out.',
    );
  const other = rec.presence[opposite(seat)];
  if (other.state !== 'offline' || now - other.since < claimAfter)
    return fail('too-early', 'Your opponent has not been gone long enough to claim the game.');
  return done(finish(rec, { winner: seat, reason: 'abandoned' }, now));
}

/** A rematch asked by `seat`; when both have asked, `rematchId` becomes the new game. */
export function offerRematch(rec: ServerGame, seat: Color, rematchId: string): Change {
  if (rec.status !== 'over') return fail('not-started', 'A rematch can be asked once the game is over.');
  if (rec.rematch) return fail('game-over', 'The rematch has already started.');
  if (rec.rematchOffer === opposite(seat)) return done({ ...rec, rematch: rematchId, rematchOffer: null });
  return done({ ...rec, rematchOffer: seat });
}

export function declineRematch(rec: ServerGame, seat: Color): Change {
  if (rec.rematchOffer !== opposite(seat))
    return fail('no-offer', 'Your opponent has not asked for a rematch.');
  return done({ ...rec, rematchOffer: null });
}

/**
 * The rematch game: colours swapped, the same clock, and new seat tokens (`tokens`, by the new
 * colours): a token of the old game opens nothing in the new one.
 */
export function rematchRecord(
  old: ServerGame,
  id: string,
  tokens: { white: string; black: string },
  now: number,
  t: Timing = DEFAULT_TIMING,
): ServerGame {
  const creator = opposite(old.creator);
  const rec = newRecord({
    id,
    creator,
    token: tokens[creator],
    clock: old.clock,
    days: old.days,
    address: old.address,
    now,
  });
  const players = old.players && {
    white: { ...old.players.black, rating: old.players.black.after ?? old.players.black.rating, after: null },
    black: { ...old.players.white, rating: old.players.white.after ?? old.players.white.rating, after: null },
  };
  return {
    ...rec,
    status: 'playing',
    turnStart: now,
    abortAt: now + firstMoveTime(rec, t),
    tokens: { ...tokens },
    players,
    rated: old.rated,
  };
}

/** A game between two players paired from the seek pool: both seats taken, White's first move awaited. */
export interface PairedGame {
  id: string;
  tokens: { white: string; black: string };
  players: { white: SeatPlayer; black: SeatPlayer };
  rated: boolean;
  clock: ClockSetting | null;
  /** Days a move (a correspondence game; `clock` is then null). */
  days?: number | null;
  /** Where the pairing was made (the open-games limit counts per address; pairing is limited by its own rules). */
  address: string;
  now: number;
}

export function pairedRecord(g: PairedGame, t: Timing = DEFAULT_TIMING): ServerGame {
  const rec = newRecord({
    id: g.id,
    creator: 'white',
    token: g.tokens.white,
    clock: g.clock,
    days: g.days,
    address: g.address,
    now: g.now,
  });
  return {
    ...rec,
    status: 'playing',
    turnStart: g.now,
    abortAt: g.now + firstMoveTime(rec, t),
    tokens: { ...g.tokens },
    players: g.players,
    rated: g.rated,
  };
}

/** A seat's presence as this instance sees it; the same record when nothing changes. */
export function setPresence(
  rec: ServerGame,
  seat: Color,
  state: PresenceState,
  now: number,
  instance?: string,
): ServerGame {
  const p = rec.presence[seat];
  if (p.state === state && (state === 'offline' || p.instance === instance)) return rec;
  const seen: Seen =
    state === 'offline'
      ? { state, since: now }
      : { state, since: p.state === state ? p.since : now, instance: instance! };
  return { ...rec, version: rec.version + 1, presence: { ...rec.presence, [seat]: seen } };
}

const presenceOf = (p: Seen): Presence => ({ state: p.state, since: p.since });

/** The clocks as a snapshot shows them at `now`. */
function clocksShown(rec: ServerGame, now: number): Snapshot['clocks'] {
  const left = clocksAt(rec, now);
  return left ? { ...left, running: ticking(rec) ? turnOf(rec) : null } : null;
}

export function snapshot(rec: ServerGame, now: number, claimAfter: number): Snapshot {
  return {
    id: rec.id,
    v: rec.version,
    created: rec.created,
    ended: rec.ended,
    status: rec.status,
    clock: rec.clock,
    moves: rec.moves,
    clocks: clocksShown(rec, now),
    now,
    seats: { white: rec.tokens.white !== null, black: rec.tokens.black !== null },
    presence: { white: presenceOf(rec.presence.white), black: presenceOf(rec.presence.black) },
    claimAfter,
    drawOffer: rec.drawOffer,
    drawOffers: rec.drawOffers,
    takebackOffer: rec.takebackOffer,
    abortAt: abortDeadline(rec),
    rematchOffer: rec.rematchOffer,
    rematch: rec.rematch,
    outcome: rec.outcome,
    result: !rec.outcome
      ? '*'
      : rec.outcome.winner === 'white'
        ? '1-0'
        : rec.outcome.winner === 'black'
          ? '0-1'
          : '1/2-1/2',
    players: rec.players,
    rated: rec.rated,
    days: rec.days,
  };
}

/**
 * The `move` message that takes a snapshot of `before` (at any time) to the snapshot of `after` at
 * `now`, or null when `after` is not `before` and one move, or changed anything else a snapshot
 * shows (the move ended the game, a seat, presence or an offer count changed with it).
 */
export function moveMessage(before: ServerGame, after: ServerGame, now: number): MoveMessage | null {
  if (after.version !== before.version + 1 || after.id !== before.id) return null;
  if (before.status !== 'playing' || after.status !== 'playing') return null;
  const n = before.moves.length;
  if (after.moves.length !== n + 1) return null;
  for (let i = n - 1; i >= 0; i--) if (after.moves[i] !== before.moves[i]) return null;
  if (
    after.created !== before.created ||
    after.ended !== before.ended ||
    after.clock !== before.clock ||
    (after.tokens.white === null) !== (before.tokens.white === null) ||
    (after.tokens.black === null) !== (before.tokens.black === null) ||
    !samePresence(after.presence.white, before.presence.white) ||
    !samePresence(after.presence.black, before.presence.black) ||
    after.drawOffers.white !== before.drawOffers.white ||
    after.drawOffers.black !== before.drawOffers.black ||
    after.rematchOffer !== before.rematchOffer ||
    after.rematch !== before.rematch ||
    after.outcome !== before.outcome ||
    after.players !== before.players ||
    after.rated !== before.rated ||
    after.days !== before.days
  )
    return null;
  return {
    t: 'move',
    game: after.id,
    v: after.version,
    move: after.moves[n],
    clocks: clocksShown(after, now),
    now,
    abortAt: abortDeadline(after),
    drawOffer: after.drawOffer,
    takebackOffer: after.takebackOffer,
  };
}

const samePresence = (a: Seen, b: Seen): boolean => a.state === b.state && a.since === b.since;

/** The game in PDN, for the players' records. */
export function pdnOf(rec: ServerGame): string {
  const game = replay(rec.moves);
  const tags: [string, string][] = [
    ['Event', 'Dama online'],
    ['Date', new Date(rec.created).toISOString().slice(0, 10).replaceAll('-', '.')],
  ];
  if (rec.players) tags.push(['White', rec.players.white.name], ['Black', rec.players.black.name]);
  if (rec.clock) tags.push(['TimeControl', `${rec.clock.initial / 1000}+${rec.clock.increment / 1000}`]);
  if (rec.outcome && !game.isOver()) {
    const o = rec.outcome as CoreOutcome | Outcome;
    if (o.reason === 'resignation') game.resign(o.winner === 'white' ? 'black' : 'white');
    else if (o.reason === 'timeout' || o.reason === 'abandoned')
      game.timeout(o.winner === 'white' ? 'black' : 'white');
    else if (o.reason === 'agreement') game.agreeDraw();
  }
  const pdn = makePdn(game, tags);
  return rec.outcome?.reason === 'abandoned'
    ? pdn.replace('[Termination "timeout"]', '[Termination "abandoned"]')
    : pdn;
}
