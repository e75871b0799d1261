/**
 * One online game as it is stored: the two seats with their secret tokens, the moves in full
 * notation, the clocks, the offers, presence and the outcome. Every change is a pure function of a
 * record and the time (`now`, milliseconds since the epoch), returning a new record or an error, so
 * the same change gives the same result on any instance and after any restart. What is legal is
 * decided by `@dama/core` alone.
 */
import type { Color, Outcome as CoreOutcome } from '@dama/core';
import { Game, makeNotation, makePdn, opposite } from '@dama/core';
import type {
  ChangeErrorCode,
  ClockSetting,
  Outcome,
  Presence,
  PresenceState,
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
  Snapshot,
  Status,
} from './wire.ts';

export interface GameRecord {
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
  /** Milliseconds left for each side at `turnStart`; null without a clock. */
  clocks: { white: number; black: number } | null;
  /** When the side to move started thinking (server time), or null while no clock runs. */
  turnStart: number | null;
  presence: { white: Presence; black: Presence };
  drawOffer: Color | null;
  rematchOffer: Color | null;
  /** The id of the rematch game, once both asked for it. */
  rematch: string | null;
  outcome: Outcome | null;
  ended: number | null;
}

export interface ChangeError {
  code: ChangeErrorCode;
  message: string;
}

/** A change, or a refusal. A move's change carries the rules' game after it (to spare the next replay). */
export type Change = { ok: true; record: GameRecord; game?: Game } | { ok: false; error: ChangeError };

const fail = (code: ChangeErrorCode, message: string): Change => ({ ok: false, error: { code, message } });
const done = (record: GameRecord): Change => ({
  ok: true,
  record: { ...record, version: record.version + 1 },
});

export interface NewGame {
  id: string;
  creator: Color;
  token: string;
  clock: ClockSetting | null;
  address: string;
  now: number;
}

export function newRecord(g: NewGame): GameRecord {
  const offline: Presence = { state: 'offline', since: g.now };
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
    clocks: g.clock ? { white: g.clock.initial, black: g.clock.initial } : null,
    turnStart: null,
    presence: { white: { ...offline }, black: { ...offline } },
    drawOffer: null,
    rematchOffer: null,
    rematch: null,
    outcome: null,
    ended: null,
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
export function seatOf(rec: GameRecord, token: unknown): Color | null {
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

export const turnOf = (rec: GameRecord): Color => (rec.moves.length % 2 === 0 ? 'white' : 'black');

/** Milliseconds left for each side at `now`. */
export function clocksAt(rec: GameRecord, now: number): { white: number; black: number } | null {
  if (!rec.clocks) return null;
  const left = { ...rec.clocks };
  if (rec.status === 'playing' && rec.turnStart !== null) {
    const side = turnOf(rec);
    left[side] = Math.max(0, left[side] - Math.max(0, now - rec.turnStart));
  }
  return left;
}

/** When the side to move runs out of time, if a clock is running. */
export function flagAt(rec: GameRecord): number | null {
  if (rec.status !== 'playing' || !rec.clocks || rec.turnStart === null) return null;
  return rec.turnStart + rec.clocks[turnOf(rec)];
}

function finish(rec: GameRecord, outcome: Outcome, now: number): GameRecord {
  return {
    ...rec,
    status: 'over',
    clocks: clocksAt(rec, now),
    turnStart: null,
    outcome,
    ended: now,
    drawOffer: null,
  };
}

/**
 * The record as it stands at `now`: a flag that has fallen ends the game. Returns the same record
 * when nothing is due, so a caller can tell whether to write.
 */
export function settle(rec: GameRecord, now: number): GameRecord {
  const flag = flagAt(rec);
  if (flag === null || now < flag) return rec;
  const loser = turnOf(rec);
  const ended = finish(rec, { winner: opposite(loser), reason: 'timeout' }, flag);
  return { ...ended, clocks: { ...ended.clocks!, [loser]: 0 }, version: rec.version + 1 };
}

/** The friend takes the open seat. */
export function join(rec: GameRecord, token: string, now: number): Change {
  if (rec.status !== 'waiting') return fail('seat-taken', 'Both seats of this game are taken.');
  const seat = opposite(rec.creator);
  return done({
    ...rec,
    status: 'playing',
    active: now,
    tokens: { ...rec.tokens, [seat]: token },
    presence: { ...rec.presence, [seat]: { state: 'online', since: now } },
  });
}

/**
 * A move by `seat`. `ply` is the number of moves the sender has seen: a move sent twice, or sent
 * before the sender saw the last move, does not match and is refused. `lag` (milliseconds, already
 * bounded by the caller) is the part of the elapsed time spent on the network, not charged.
 */
export function move(
  rec: GameRecord,
  seat: Color,
  text: string,
  ply: number,
  now: number,
  lag = 0,
  replayed?: Game,
): Change {
  if (rec.status === 'waiting')
    return fail('not-started', 'The game starts when your friend opens the link.');
  if (rec.status !== 'playing') return fail('game-over', 'The game is over; no more moves can be played.');
  if (ply !== rec.moves.length)
    return fail('stale', `This move was made at move ${ply}, but the game is at move ${rec.moves.length}.`);
  if (turnOf(rec) !== seat) return fail('not-your-turn', 'It is not your turn.');
  // `replayed`, when given, is the rules' game after exactly these moves (a cache); it is not changed.
  const game = replayed && replayed.plies === rec.moves.length ? replayed.clone() : replay(rec.moves);
  const played = game.playNotation(text);
  if (!played.ok) return fail('illegal-move', played.error.message);
  const notation = makeNotation(played.value);
  let clocks = rec.clocks;
  let turnStart = rec.turnStart;
  if (rec.clock && clocks) {
    // Each side's clock starts with its opponent's first move: White's first move is untimed.
    const spent = turnStart === null ? 0 : Math.max(0, now - turnStart - lag);
    const left = clocks[seat] - spent;
    if (left <= 0) return { ok: true, record: settle(rec, Math.max(now, flagAt(rec)!)) };
    clocks = { ...clocks, [seat]: turnStart === null ? clocks[seat] : left + rec.clock.increment };
    turnStart = now;
  }
  let next: GameRecord = {
    ...rec,
    moves: [...rec.moves, notation],
    clocks,
    turnStart,
    active: now,
    // An offer stands until the other side moves; moving declines it.
    drawOffer: rec.drawOffer === seat ? seat : null,
  };
  const outcome = game.outcome();
  if (outcome) next = finish(next, outcome, now);
  return { ok: true, record: { ...next, version: rec.version + 1 }, game };
}

export function resign(rec: GameRecord, seat: Color, now: number): Change {
  if (rec.status === 'waiting') return fail('not-started', 'The game has not started yet.');
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  return done(finish(rec, { winner: opposite(seat), reason: 'resignation' }, now));
}

export function offerDraw(rec: GameRecord, seat: Color, now: number): Change {
  if (rec.status !== 'playing')
    return fail('not-started', 'A draw can be offered only while the game is played.');
  if (rec.drawOffer === opposite(seat))
    return done(finish(rec, { winner: undefined, reason: 'agreement' }, now));
  return done({ ...rec, drawOffer: seat, active: now });
}

export function acceptDraw(rec: GameRecord, seat: Color, now: number): Change {
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  if (rec.drawOffer !== opposite(seat)) return fail('no-offer', 'Your opponent has not offered a draw.');
  return done(finish(rec, { winner: undefined, reason: 'agreement' }, now));
}

export function declineDraw(rec: GameRecord, seat: Color, now: number): Change {
  if (rec.drawOffer !== opposite(seat)) return fail('no-offer', 'Your opponent has not offered a draw.');
  return done({ ...rec, drawOffer: null, active: now });
}

/** A win claimed because the opponent has been gone for `claimAfter` milliseconds. */
export function claim(rec: GameRecord, seat: Color, now: number, claimAfter: number): Change {
  if (rec.status !== 'playing') return fail('game-over', 'The game is already over.');
  const other = rec.presence[opposite(seat)];
  if (other.state !== 'offline' || now - other.since < claimAfter)
    return fail('too-early', 'Your opponent has not been gone long enough to claim the game.');
  return done(finish(rec, { winner: seat, reason: 'abandoned' }, now));
}

/** A rematch asked by `seat`; when both have asked, `rematchId` becomes the new game. */
export function offerRematch(rec: GameRecord, seat: Color, rematchId: string): Change {
  if (rec.status !== 'over') return fail('not-started', 'A rematch can be asked once the game is over.');
  if (rec.rematch) return fail('game-over', 'The rematch has already started.');
  if (rec.rematchOffer === opposite(seat)) return done({ ...rec, rematch: rematchId, rematchOffer: null });
  return done({ ...rec, rematchOffer: seat });
}

export function declineRematch(rec: GameRecord, seat: Color): Change {
  if (rec.rematchOffer !== opposite(seat))
    return fail('no-offer', 'Your opponent has not asked for a rematch.');
  return done({ ...rec, rematchOffer: null });
}

/** The rematch game: colours swapped, the same clock, each player keeping their token. */
export function rematchRecord(old: GameRecord, id: string, now: number): GameRecord {
  const rec = newRecord({
    id,
    creator: opposite(old.creator),
    token: old.tokens[old.creator]!,
    clock: old.clock,
    address: old.address,
    now,
  });
  return {
    ...rec,
    status: 'playing',
    tokens: { white: old.tokens.black, black: old.tokens.white },
  };
}

export function setPresence(rec: GameRecord, seat: Color, state: PresenceState, now: number): GameRecord {
  if (rec.presence[seat].state === state) return rec;
  return { ...rec, version: rec.version + 1, presence: { ...rec.presence, [seat]: { state, since: now } } };
}

export function snapshot(rec: GameRecord, now: number, claimAfter: number): Snapshot {
  const left = clocksAt(rec, now);
  return {
    id: rec.id,
    v: rec.version,
    status: rec.status,
    clock: rec.clock,
    moves: rec.moves,
    clocks: left
      ? { ...left, running: rec.status === 'playing' && rec.turnStart !== null ? turnOf(rec) : null }
      : null,
    now,
    seats: { white: rec.tokens.white !== null, black: rec.tokens.black !== null },
    presence: rec.presence,
    claimAfter,
    drawOffer: rec.drawOffer,
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
  };
}

/** The game in PDN, for the players' records. */
export function pdnOf(rec: GameRecord): string {
  const game = replay(rec.moves);
  const tags: [string, string][] = [
    ['Event', 'Dama online'],
    ['Date', new Date(rec.created).toISOString().slice(0, 10).replaceAll('-', '.')],
  ];
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
