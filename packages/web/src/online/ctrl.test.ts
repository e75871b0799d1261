import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Color } from '@dama/core';
import type { Board, BoardConfig } from '@dama/board';
import { en } from '../lib/i18n/en.ts';
import { FakeSocket as BaseSocket } from '../lib/online/fake-socket.ts';
import type { GameRecord } from '../lib/record.ts';
import { defaultSettings } from '../lib/settings.ts';
import { testSnapshot } from '../lib/player/test-server.ts';
import { PROBE_WAIT } from '../lib/online/link.ts';
import { ACK_WAIT, NOTICE_MS, OnlineCtrl, SEAT_WAIT, type OnlineEnv } from './ctrl.ts';
import {
  PING_EVERY,
  type ClientMessage,
  type NewGame,
  type ServerMessage,
  type Snapshot,
} from './protocol.ts';

const ID = 'AbCdEfGh12';
const NEXT = 'ZyXwVuTs98';
const TOKEN = 'tok-white-0123456789';
const NEW_TOKEN = 'tok-rematch-0123456789';

/** A WebSocket as the controller sees it; the test plays the server and the network. */
class FakeSocket extends BaseSocket<ClientMessage, ServerMessage> {
  moves(): Extract<ClientMessage, { t: 'move' }>[] {
    return this.ofType('move');
  }
}

/** The game as the server sends it (`testSnapshot`), with this file's id, created at 0, now. */
const snapshot = (over: Partial<Snapshot> = {}): Snapshot =>
  testSnapshot({ id: ID, created: 0, now: Date.now(), ...over });

let blockWorks = true;
let createAnswer: Awaited<ReturnType<OnlineEnv['createGame']>> = { ok: false, status: 500 };

function setup(route: { id?: string; token?: string } = { id: ID, token: TOKEN }) {
  const sockets: FakeSocket[] = [];
  const seats = new Map<string, string>();
  const corr = new Map<string, Color>();
  const created: NewGame[] = [];
  const records: GameRecord[] = [];
  const hashes: string[] = [];
  const sounds: string[] = [];
  const blocked: string[] = [];
  let ids = 0;
  const env: OnlineEnv = {
    trans: () => en,
    settings: () => defaultSettings('en'),
    sound: { play: (s) => sounds.push(s) },
    now: () => Date.now(),
    redraw: () => {},
    navigate: (h) => hashes.push(h),
    replaceHash: () => {},
    origin: () => 'https://dama.example/',
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    createGame: (body) => {
      created.push(body);
      return Promise.resolve(createAnswer);
    },
    seats: { get: (id) => seats.get(id), set: (id, t) => void seats.set(id, t) },
    correspondence: {
      list: () => [...corr].map(([id, color]) => ({ id, color })),
      keep: (id, color) => void corr.set(id, color),
      forget: (id) => void corr.delete(id),
    },
    saveRecord: (r) => records.push(r),
    visible: () => true,
    moveId: () => `m${++ids}`,
    block: (player) => {
      blocked.push(player);
      return Promise.resolve(blockWorks);
    },
  };
  const ctrl = new OnlineCtrl(env, route);
  const socket = () => sockets[sockets.length - 1];
  return { ctrl, sockets, socket, seats, records, hashes, sounds, blocked, corr, created };
}

/** Connected as `you`, with the game at `moves` (version `v`). */
function playing(you: Color = 'white', moves: string[] = [], v = 2) {
  const t = setup();
  t.socket().open();
  t.socket().say({ t: 'hello', you, v });
  t.socket().say({ t: 'game', game: snapshot({ v, moves }) });
  return t;
}

/** Waits out the reconnect backoff and opens the new socket. */
function reconnect(t: ReturnType<typeof setup>): FakeSocket {
  const before = t.sockets.length;
  vi.advanceTimersByTime(5000);
  expect(t.sockets.length).toBe(before + 1);
  t.socket().open();
  return t.socket();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a move and its answer', () => {
  it('is shown at once, sent with an id and its ply, and stays pending until the snapshot has it', () => {
    const t = playing();
    expect(t.sockets[0].sent[0]).toEqual({ t: 'hello', game: ID, token: TOKEN, delta: true });
    expect(t.ctrl.typeMove('c3-c4')).toBe(true);
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    expect(t.socket().moves()).toEqual([{ t: 'move', move: 'c3-c4', ply: 0, id: 'm1' }]);
    expect(t.ctrl.pendingMove).toEqual({ id: 'm1', text: 'c3-c4', ply: 0 });
    expect(t.ctrl.canAskTakeback()).toBe(false);
    // another change reaches the server first (a presence): the move stays, and is not sent twice
    t.socket().say({ t: 'game', game: snapshot({ v: 3 }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    expect(t.ctrl.pendingMove?.id).toBe('m1');
    expect(t.socket().moves()).toHaveLength(1);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'] }) });
    t.socket().say({ t: 'ack', id: 'm1', v: 4 });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    vi.advanceTimersByTime(ACK_WAIT * 3);
    expect(t.socket().moves()).toHaveLength(1);
  });

  it('is sent again with the same id when no answer comes within ACK_WAIT; an ack alone settles it', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    vi.advanceTimersByTime(ACK_WAIT - 1);
    expect(t.socket().moves()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(
      t
        .socket()
        .moves()
        .map((m) => m.id),
    ).toEqual(['m1', 'm1']);
    // the snapshot was lost, the ack came: settled, and the missing snapshot asked for
    t.socket().say({ t: 'ack', id: 'm1', v: 3 });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.socket().sent.at(-1)).toEqual({ t: 'sync', v: 2 });
    vi.advanceTimersByTime(ACK_WAIT * 2);
    expect(t.socket().moves()).toHaveLength(2);
  });

  it('a move unanswered within ACK_WAIT probes the link: a socket silent for PROBE_WAIT more is replaced, and the move goes on the new one', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    vi.advanceTimersByTime(ACK_WAIT);
    expect(t.socket().sent.slice(-2)).toEqual([
      { t: 'ping', n: 1 },
      { t: 'move', move: 'c3-c4', ply: 0, id: 'm1' },
    ]);
    vi.advanceTimersByTime(PROBE_WAIT - 1);
    expect(t.ctrl.connection).toBe('open');
    vi.advanceTimersByTime(1);
    expect(t.ctrl.connection).toBe('reconnecting');
    const s = reconnect(t);
    s.say({ t: 'hello', you: 'white', v: 2 });
    expect(s.moves()).toEqual([{ t: 'move', move: 'c3-c4', ply: 0, id: 'm1' }]);
    // a socket that answers the probe stays, and its move is waited for
    const alive = playing();
    alive.ctrl.typeMove('c3-c4');
    vi.advanceTimersByTime(ACK_WAIT + 200);
    alive.socket().say({ t: 'pong', n: 1, now: 0 });
    vi.advanceTimersByTime(PROBE_WAIT);
    expect(alive.ctrl.connection).toBe('open');
    expect(alive.sockets).toHaveLength(1);
  });

  it('the server was busy: re-sent with the same id after 1 s, 2 s, 4 s, 5 s, then stored', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    const busy = () =>
      t.socket().say({ t: 'error', code: 'busy', message: 'try again', ref: 'move', id: 'm1' });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      busy();
      const n = t.socket().moves().length;
      let waited = 0;
      while (t.socket().moves().length === n) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000]);
    expect(
      new Set(
        t
          .socket()
          .moves()
          .map((m) => m.id),
      ),
    ).toEqual(new Set(['m1']));
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    t.socket().say({ t: 'game', game: snapshot({ v: 3, moves: ['c3-c4'] }) });
    t.socket().say({ t: 'ack', id: 'm1', v: 3 });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.ctrl.problem).toBeUndefined();
  });

  it('refused as illegal: the board goes back to the server game, and the game is asked for again', () => {
    const t = playing('white', ['c3-c4', 'f6-f5'], 5);
    t.ctrl.typeMove('c4-d4');
    expect(t.ctrl.game.plies).toBe(3);
    t.socket().say({ t: 'error', code: 'illegal-move', message: 'no', ref: 'move', id: 'm1' });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.ctrl.problem).toBe('onlineIllegal');
    expect(t.sounds.at(-1)).toBe('error');
    expect(t.socket().sent.at(-1)).toEqual({ t: 'sync', v: 5 });
    expect(t.ctrl.canPlay()).toBe(true);
  });

  it('refused as stale: back to the server game, which then shows what the move missed', () => {
    const t = playing('black', ['c3-c4'], 3);
    t.ctrl.typeMove('f6-f5');
    t.socket().say({ t: 'error', code: 'stale', message: 'old', ref: 'move', id: 'm1' });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    expect(t.ctrl.problem).toBe('onlineMoveLost');
    // a takeback made the server's game shorter meanwhile
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: [] }) });
    expect(t.ctrl.game.notation()).toEqual([]);
    expect(t.ctrl.canPlay()).toBe(false);
  });

  it('an error about another move id does not undo the pending one', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    t.socket().say({ t: 'error', code: 'stale', message: 'old', ref: 'move', id: 'zzz' });
    expect(t.ctrl.pendingMove?.id).toBe('m1');
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
  });
});

describe('move messages', () => {
  const moveMsg = (over: Partial<Extract<ServerMessage, { t: 'move' }>>): ServerMessage => ({
    t: 'move',
    game: ID,
    v: 3,
    move: 'c3-c4',
    clocks: null,
    now: Date.now(),
    abortAt: null,
    drawOffer: null,
    takebackOffer: null,
    ...over,
  });

  it('the friend’s move alone is played on the board, and the snapshot takes what it carries', () => {
    const t = playing('black');
    const clocks = { white: 300_000, black: 295_000, running: 'black' as const };
    t.socket().say(moveMsg({ clocks, drawOffer: 'white' }));
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    expect(t.ctrl.snap).toMatchObject({ v: 3, moves: ['c3-c4'], clocks, drawOffer: 'white' });
    expect(t.sounds).toContain('move');
    // one we have already is nothing new; one of another game is not ours
    t.socket().say(moveMsg({ move: 'f6-f5' }));
    t.socket().say(moveMsg({ game: NEXT, v: 4, move: 'f6-f5' }));
    expect(t.ctrl.snap?.v).toBe(3);
    expect(t.socket().ofType('sync')).toEqual([]);
  });

  it('our own move comes back as a move message and settles the pending move', () => {
    const t = playing('white');
    t.ctrl.typeMove('c3-c4');
    t.socket().say(moveMsg({}));
    t.socket().say({ t: 'ack', id: 'm1', v: 3 });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    vi.advanceTimersByTime(ACK_WAIT * 3);
    expect(t.socket().moves()).toHaveLength(1);
  });

  it('a move on a version we do not have: the game is asked for, and its snapshot heals the board', () => {
    const t = playing('black');
    t.socket().say(moveMsg({ v: 4, move: 'f6-f5' }));
    expect(t.ctrl.game.notation()).toEqual([]);
    expect(t.socket().ofType('sync')).toEqual([{ t: 'sync', v: 2 }]);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4', 'f6-f5'] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4', 'f6-f5']);
  });

  it('an illegal move in a move message is not played, and the game is asked for', () => {
    const t = playing('black');
    t.socket().say(moveMsg({ move: 'c3-c8' }));
    expect(t.ctrl.game.notation()).toEqual([]);
    expect(t.ctrl.snap?.v).toBe(2);
    expect(t.socket().ofType('sync')).toEqual([{ t: 'sync', v: 2 }]);
  });
});

describe('a lost connection never strands a move', () => {
  it('closed before the move went out: on the way back the same move goes with the same id', () => {
    const t = playing();
    // the socket has closed, the browser has not said so yet
    t.sockets[0].readyState = 3;
    t.ctrl.typeMove('c3-c4');
    expect(t.sockets[0].moves()).toHaveLength(0);
    t.sockets[0].drop();
    expect(t.ctrl.connection).toBe('reconnecting');
    const s = reconnect(t);
    expect(s.sent[0]).toEqual({ t: 'hello', game: ID, token: TOKEN, v: 2, delta: true });
    expect(s.moves()).toHaveLength(0); // not before the server says where the game is
    // the server's game has not changed (no snapshot comes): the move is sent again
    s.say({ t: 'hello', you: 'white', v: 2 });
    expect(s.moves()).toEqual([{ t: 'move', move: 'c3-c4', ply: 0, id: 'm1' }]);
    s.say({ t: 'game', game: snapshot({ v: 3, moves: ['c3-c4'] }) });
    s.say({ t: 'ack', id: 'm1', v: 3 });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
  });

  it('sent but never received: the snapshot after the reconnect is still at its ply, so it goes again', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    expect(t.sockets[0].moves()).toHaveLength(1);
    t.sockets[0].drop();
    const s = reconnect(t);
    // a presence change happened meanwhile: a newer version, still at ply 0, still White to move
    s.say({ t: 'hello', you: 'white', v: 4 });
    expect(s.moves()).toHaveLength(0);
    s.say({ t: 'game', game: snapshot({ v: 4 }) });
    expect(s.moves()).toEqual([{ t: 'move', move: 'c3-c4', ply: 0, id: 'm1' }]);
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
  });

  it('applied, but the ack and the snapshot were lost: the snapshot after the reconnect confirms it, no re-send', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    t.sockets[0].drop();
    const s = reconnect(t);
    s.say({ t: 'hello', you: 'white', v: 3 });
    s.say({ t: 'game', game: snapshot({ v: 3, moves: ['c3-c4'] }) });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(s.moves()).toHaveLength(0);
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    vi.advanceTimersByTime(ACK_WAIT * 2);
    expect(s.moves()).toHaveLength(0);
  });

  it('applied, and the friend answered while we were away: both on the board, our turn again', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    t.sockets[0].drop();
    const s = reconnect(t);
    s.say({ t: 'hello', you: 'white', v: 4 });
    s.say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4', 'f6-f5'] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(t.ctrl.canPlay()).toBe(true);
  });

  it('the game went on without it (the friend resigned): dropped, the server game shown', () => {
    const t = playing();
    t.ctrl.typeMove('c3-c4');
    t.sockets[0].drop();
    const s = reconnect(t);
    s.say({ t: 'hello', you: 'white', v: 3 });
    s.say({
      t: 'game',
      game: snapshot({
        v: 3,
        status: 'over',
        outcome: { winner: 'white', reason: 'resignation' },
        result: '1-0',
      }),
    });
    expect(t.ctrl.pendingMove).toBeUndefined();
    expect(s.moves()).toHaveLength(0);
    expect(t.ctrl.game.notation()).toEqual([]);
    expect(t.ctrl.shownNotice()).toBe('move-lost');
  });

  it('the server has no more than we had: an older snapshot is taken after it says so', () => {
    const t = playing('white', ['c3-c4', 'f6-f5'], 6);
    t.sockets[0].drop();
    const s = reconnect(t);
    s.say({ t: 'hello', you: 'white', v: 4 });
    expect(s.sent.at(-1)).toEqual({ t: 'sync', v: 0 });
    s.say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    // and late older ones are ignored again
    s.say({ t: 'game', game: snapshot({ v: 3, moves: [] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
  });

  it('reconnects with a growing wait, says so, and at once when the device is back online', () => {
    const t = playing();
    t.sockets[0].drop();
    expect(t.ctrl.connection).toBe('reconnecting');
    vi.advanceTimersByTime(599);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    t.sockets[1].drop();
    t.ctrl.networkBack();
    expect(t.sockets).toHaveLength(3);
    t.socket().open();
    expect(t.ctrl.connection).toBe('open');
  });

  it('the device lost its network: the socket counts as closed at once', () => {
    const t = playing();
    t.ctrl.networkLost();
    expect(t.ctrl.connection).toBe('reconnecting');
    expect(t.ctrl.canPlay()).toBe(false);
  });
});

describe('liveness', () => {
  it('pings every PING_EVERY ms when quiet, with the last round trip measured from the matching pong', () => {
    const t = playing();
    const pings = () => t.socket().sent.filter((m) => m.t === 'ping');
    // hello went out and the game came back: the first tick needs no ping
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([]);
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings()).toEqual([{ t: 'ping', n: 1 }]);
    vi.advanceTimersByTime(120);
    t.socket().say({ t: 'pong', n: 1, now: 0 });
    expect(t.ctrl.rtt).toBe(120);
    vi.advanceTimersByTime(PING_EVERY - 120);
    expect(pings().at(-1)).toEqual({ t: 'ping', n: 2, rtt: 120 });
    // a pong for another ping measures nothing
    vi.advanceTimersByTime(50);
    t.socket().say({ t: 'pong', n: 1, now: 0 });
    expect(t.ctrl.rtt).toBe(120);
  });

  it('a move sent once measures the round trip to its ack, and carries the last one measured', () => {
    const t = playing('white', [], 2);
    const pings = () => t.socket().sent.filter((m) => m.t === 'ping');
    t.ctrl.typeMove('c3-c4');
    vi.advanceTimersByTime(80);
    t.socket().say({ t: 'ack', id: 'm1', v: 3 });
    expect(t.ctrl.rtt).toBe(80);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4', 'f6-f5'] }) });
    t.ctrl.typeMove('c4-c5');
    expect(t.socket().moves().at(-1)).toEqual({ t: 'move', move: 'c4-c5', ply: 2, id: 'm2', rtt: 80 });
    // a move sent twice (no answer within ACK_WAIT, and a probe): its ack may answer either, and measures nothing
    vi.advanceTimersByTime(ACK_WAIT);
    expect(
      t
        .socket()
        .moves()
        .map((m) => m.id),
    ).toEqual(['m1', 'm2', 'm2']);
    expect(pings()).toEqual([{ t: 'ping', n: 1, rtt: 80 }]);
    vi.advanceTimersByTime(30);
    t.socket().say({ t: 'ack', id: 'm2', v: 5 });
    expect(t.ctrl.rtt).toBe(80);
    // moves out and answers back since the last tick: no ping needed at it
    vi.advanceTimersByTime(PING_EVERY - ACK_WAIT - 110);
    expect(pings()).toHaveLength(1);
    vi.advanceTimersByTime(PING_EVERY);
    expect(pings().at(-1)).toEqual({ t: 'ping', n: 2, rtt: 80 });
  });

  it('a ping unanswered until the next one means a dead link: closed and reconnected', () => {
    const t = playing();
    vi.advanceTimersByTime(2 * PING_EVERY);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.ctrl.connection).toBe('reconnecting');
    expect(t.sockets[0].readyState).toBe(3);
    vi.advanceTimersByTime(5000);
    expect(t.sockets).toHaveLength(2);
  });

  it('shown again (a phone waking up), the socket must answer a ping within PROBE_WAIT', () => {
    const t = playing();
    t.ctrl.visibility(false);
    t.ctrl.visibility(true);
    expect(t.socket().sent.slice(-3)).toEqual([
      { t: 'presence', visible: false },
      { t: 'presence', visible: true },
      { t: 'ping', n: 1 },
    ]);
    vi.advanceTimersByTime(PROBE_WAIT - 1);
    expect(t.ctrl.connection).toBe('open');
    vi.advanceTimersByTime(1);
    expect(t.ctrl.connection).toBe('reconnecting');
    // answered in time, it stays
    const again = playing();
    again.ctrl.visibility(true);
    vi.advanceTimersByTime(300);
    again.socket().say({ t: 'pong', n: 1, now: 0 });
    vi.advanceTimersByTime(PROBE_WAIT);
    expect(again.ctrl.connection).toBe('open');
    expect(again.sockets).toHaveLength(1);
  });

  it('no pings once the socket is closed', () => {
    const t = playing();
    t.sockets[0].drop();
    vi.advanceTimersByTime(PING_EVERY * 3);
    expect(t.sockets[0].sent.filter((m) => m.t === 'ping')).toHaveLength(0);
  });
});

describe('offers', () => {
  it('a draw offer asks first, tells the offerer of a decline, and stops at MAX_DRAW_OFFERS', () => {
    const t = playing('white', ['c3-c4', 'f6-f5'], 4);
    const s = t.socket();
    t.ctrl.askDraw();
    expect(t.ctrl.dialog).toBe('draw');
    expect(s.sent.some((m) => m.t === 'draw')).toBe(false);
    t.ctrl.confirmDraw();
    expect(s.sent.at(-1)).toEqual({ t: 'draw', action: 'offer' });
    s.say({
      t: 'game',
      game: snapshot({
        v: 5,
        moves: ['c3-c4', 'f6-f5'],
        drawOffer: 'white',
        drawOffers: { white: 1, black: 0 },
      }),
    });
    expect(t.ctrl.canOfferDraw()).toBe(false);
    // declined: no move, the offer gone
    s.say({
      t: 'game',
      game: snapshot({ v: 6, moves: ['c3-c4', 'f6-f5'], drawOffers: { white: 1, black: 0 } }),
    });
    expect(t.ctrl.shownNotice()).toBe('draw-declined');
    expect(t.ctrl.drawOffersLeft()).toBe(1);
    expect(t.ctrl.canOfferDraw()).toBe(true);
    vi.advanceTimersByTime(NOTICE_MS);
    expect(t.ctrl.shownNotice()).toBeUndefined();
    s.say({
      t: 'game',
      game: snapshot({ v: 7, moves: ['c3-c4', 'f6-f5'], drawOffers: { white: 2, black: 0 } }),
    });
    expect(t.ctrl.drawOffersLeft()).toBe(0);
    expect(t.ctrl.canOfferDraw()).toBe(false);
    t.ctrl.askDraw();
    expect(t.ctrl.dialog).toBeUndefined();
    s.say({ t: 'error', code: 'too-many-offers', message: 'no', ref: 'draw' });
    expect(t.ctrl.problem).toBe('onlineNoDrawOffers');
  });

  it('an offer that ends with a move is not told as declined', () => {
    const t = playing('white', ['c3-c4'], 4);
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'], drawOffer: 'white' }) });
    t.socket().say({ t: 'game', game: snapshot({ v: 6, moves: ['c3-c4', 'f6-f5'] }) });
    expect(t.ctrl.shownNotice()).toBeUndefined();
  });

  it('a takeback: asked once a move of ours is on the board; accepted, the board goes back to the snapshot', () => {
    const t = playing('black', ['c3-c4'], 3);
    const s = t.socket();
    expect(t.ctrl.canAskTakeback()).toBe(false); // Black has not moved yet
    t.ctrl.typeMove('f6-f5');
    s.say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4', 'f6-f5'] }) });
    expect(t.ctrl.canAskTakeback()).toBe(true);
    t.ctrl.askTakeback();
    expect(s.sent.at(-1)).toEqual({ t: 'takeback', action: 'offer' });
    s.say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4', 'f6-f5'], takebackOffer: 'black' }) });
    expect(t.ctrl.canAskTakeback()).toBe(false);
    s.say({ t: 'game', game: snapshot({ v: 6, moves: ['c3-c4'] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    expect(t.ctrl.shownNotice()).toBe('taken-back-mine');
    expect(t.ctrl.canPlay()).toBe(true);
    t.ctrl.typeMove('b6-b5');
    expect(s.moves().at(-1)).toMatchObject({ move: 'b6-b5', ply: 1 });
  });

  it('the friend asks for a takeback after our reply: both moves go, and we are told', () => {
    const t = playing('white', ['c3-c4', 'f6-f5', 'c4-d4'], 6);
    const s = t.socket();
    t.ctrl.jump(1);
    s.say({
      t: 'game',
      game: snapshot({ v: 7, moves: ['c3-c4', 'f6-f5', 'c4-d4'], takebackOffer: 'black' }),
    });
    t.ctrl.answerTakeback(true);
    expect(s.sent.at(-1)).toEqual({ t: 'takeback', action: 'accept' });
    s.say({ t: 'game', game: snapshot({ v: 8, moves: ['c3-c4'] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4']);
    expect(t.ctrl.viewPly).toBe(undefined);
    expect(t.ctrl.shownNotice()).toBe('taken-back-theirs');
  });

  it('a declined takeback is told to the asker', () => {
    const t = playing('white', ['c3-c4'], 3);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'], takebackOffer: 'white' }) });
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'] }) });
    expect(t.ctrl.shownNotice()).toBe('takeback-declined');
  });

  it('the creator may cancel a game nobody joined, after confirming', () => {
    const t = setup();
    t.socket().open();
    t.socket().say({ t: 'hello', you: 'white', v: 1 });
    t.socket().say({
      t: 'game',
      game: snapshot({ v: 1, status: 'waiting', seats: { white: true, black: false } }),
    });
    expect(t.ctrl.canCancel()).toBe(true);
    t.ctrl.askCancel();
    expect(t.ctrl.dialog).toBe('cancel');
    t.ctrl.confirmCancel();
    expect(t.socket().sent.at(-1)).toEqual({ t: 'cancel' });
    t.socket().say({
      t: 'game',
      game: snapshot({ v: 2, status: 'aborted', seats: { white: true, black: false } }),
    });
    expect(t.ctrl.canCancel()).toBe(false);
    expect(t.records).toEqual([]);
  });
});

describe('the end of a game', () => {
  it('counts down the first move, and an aborted game is not kept', () => {
    const t = playing('white', [], 2);
    t.socket().say({ t: 'game', game: snapshot({ v: 3, now: Date.now(), abortAt: Date.now() + 25_000 }) });
    expect(t.ctrl.abortLeft()).toBe(25_000);
    vi.advanceTimersByTime(10_000);
    expect(t.ctrl.abortLeft()).toBe(15_000);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, status: 'aborted' }) });
    expect(t.ctrl.abortLeft()).toBeUndefined();
    expect(t.records).toEqual([]);
    expect(t.ctrl.canPlay()).toBe(false);
  });

  it('keeps a finished game as online, with the player colour and the true reason', () => {
    const t = playing('black', ['c3-c4', 'f6-f5'], 4);
    t.socket().say({
      t: 'game',
      game: snapshot({
        v: 5,
        moves: ['c3-c4', 'f6-f5'],
        status: 'over',
        outcome: { winner: 'black', reason: 'abandoned' },
        result: '0-1',
      }),
    });
    expect(t.records).toHaveLength(1);
    const r = t.records[0];
    expect(r).toMatchObject({
      id: `online-${ID}`,
      result: '0-1',
      reason: 'abandoned',
      online: { color: 'black' },
    });
    expect(r.pdn).toContain('[Termination "abandoned"]');
    expect(r.pdn).toContain('[Black "You"]');
    // once only
    t.socket().say({
      t: 'game',
      game: snapshot({
        v: 6,
        moves: ['c3-c4', 'f6-f5'],
        status: 'over',
        outcome: { winner: 'black', reason: 'abandoned' },
        result: '0-1',
      }),
    });
    expect(t.records).toHaveLength(1);
  });

  it('a rematch: the new seat is kept and opened with its own token', () => {
    const t = playing('white', ['c3-c4'], 3);
    const over = {
      status: 'over' as const,
      outcome: { winner: 'white' as const, reason: 'resignation' as const },
      result: '1-0' as const,
    };
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'], ...over }) });
    t.ctrl.rematch();
    expect(t.socket().sent.at(-1)).toEqual({ t: 'rematch', action: 'offer' });
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'], ...over, rematchOffer: 'white' }) });
    t.socket().say({ t: 'seat', game: NEXT, color: 'black', token: NEW_TOKEN });
    t.socket().say({ t: 'game', game: snapshot({ v: 6, moves: ['c3-c4'], ...over, rematch: NEXT }) });
    expect(t.seats.get(NEXT)).toBe(NEW_TOKEN);
    expect(t.hashes).toEqual([`#/online/${NEXT}/${NEW_TOKEN}`]);
  });

  it('a rematch whose snapshot comes before the seat waits for the seat', () => {
    const t = playing('white', ['c3-c4'], 3);
    const over = {
      status: 'over' as const,
      outcome: { winner: 'white' as const, reason: 'resignation' as const },
      result: '1-0' as const,
    };
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'], ...over }) });
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'], ...over, rematch: NEXT }) });
    expect(t.hashes).toEqual([]);
    expect(t.ctrl.awaitingSeat).toBe(NEXT);
    vi.advanceTimersByTime(1000);
    t.socket().say({ t: 'seat', game: NEXT, color: 'black', token: NEW_TOKEN });
    expect(t.hashes).toEqual([`#/online/${NEXT}/${NEW_TOKEN}`]);
    vi.advanceTimersByTime(SEAT_WAIT);
    expect(t.hashes).toHaveLength(1);
  });

  it('a spectator follows the rematch without a token; an old finished game does not jump', () => {
    const t = setup({ id: ID });
    t.socket().open();
    t.socket().say({ t: 'hello', you: null, v: 4 });
    const over = {
      status: 'over' as const,
      outcome: { winner: 'white' as const, reason: 'resignation' as const },
      result: '1-0' as const,
    };
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'], ...over }) });
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'], ...over, rematch: NEXT }) });
    expect(t.hashes).toEqual([`#/online/${NEXT}`]);
    expect(t.records).toEqual([]);

    const late = setup({ id: ID, token: TOKEN });
    late.socket().open();
    late.socket().say({ t: 'hello', you: 'white', v: 5 });
    late.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'], ...over, rematch: NEXT }) });
    expect(late.hashes).toEqual([]);
    late.ctrl.followRematch();
    vi.advanceTimersByTime(SEAT_WAIT);
    expect(late.hashes).toEqual([`#/online/${NEXT}`]);
  });
});

describe('a game made by pairing', () => {
  const players = {
    white: { id: 'PlayerWhite1', name: 'Hızlı Kartal 417', rating: 1500, provisional: true, after: null },
    black: { id: 'PlayerBlack1', name: 'Cesur Kurt 12', rating: 1580, provisional: false, after: null },
  };
  const over = {
    status: 'over' as const,
    outcome: { winner: 'black' as const, reason: 'resignation' as const },
    result: '0-1' as const,
    rated: true,
    players: {
      white: { ...players.white, after: 1338 },
      black: { ...players.black, after: 1612 },
    },
  };

  it('names the opponent, keeps the names in the record, and blocks them when asked (after the game only)', async () => {
    blockWorks = true;
    const t = playing('white', ['c3-c4'], 3);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'], players, rated: true }) });
    expect(t.ctrl.opponent()?.name).toBe('Cesur Kurt 12');
    expect(t.ctrl.canBlock()).toBe(false);
    t.ctrl.askBlock();
    expect(t.ctrl.dialog).toBeUndefined();
    t.socket().say({ t: 'game', game: snapshot({ v: 5, moves: ['c3-c4'], ...over }) });
    expect(t.records[0].pdn).toContain('[White "Hızlı Kartal 417"]');
    expect(t.records[0].pdn).toContain('[Black "Cesur Kurt 12"]');
    expect(t.ctrl.canBlock()).toBe(true);
    t.ctrl.askBlock();
    expect(t.ctrl.dialog).toBe('block');
    // the dialog stays over later snapshots of the finished game
    t.socket().say({ t: 'game', game: snapshot({ v: 6, moves: ['c3-c4'], ...over, rematchOffer: 'black' }) });
    expect(t.ctrl.dialog).toBe('block');
    await t.ctrl.confirmBlock();
    expect(t.blocked).toEqual(['PlayerBlack1']);
    expect(t.ctrl.blocking).toBe('done');
    // done once
    t.ctrl.askBlock();
    expect(t.ctrl.dialog).toBeUndefined();
  });

  it('a block that did not go through is told, and may be tried again', async () => {
    blockWorks = false;
    const t = playing('black', ['c3-c4'], 3);
    t.socket().say({ t: 'game', game: snapshot({ v: 4, moves: ['c3-c4'], ...over }) });
    t.ctrl.askBlock();
    await t.ctrl.confirmBlock();
    expect(t.ctrl.blocking).toBe('failed');
    blockWorks = true;
    t.ctrl.askBlock();
    await t.ctrl.confirmBlock();
    expect(t.blocked).toEqual(['PlayerWhite1', 'PlayerWhite1']);
    expect(t.ctrl.blocking).toBe('done');
  });

  it('a game by link has no one to block', () => {
    const t = playing('white', ['c3-c4'], 3);
    t.socket().say({
      t: 'game',
      game: snapshot({ v: 4, moves: ['c3-c4'], status: 'over', outcome: over.outcome, result: '0-1' }),
    });
    expect(t.ctrl.opponent()).toBeUndefined();
    expect(t.ctrl.canBlock()).toBe(false);
  });
});

describe('a correspondence game', () => {
  const DAY = 24 * 3600_000;
  const corr = (over: Partial<Snapshot> = {}) =>
    snapshot({ days: 3, clocks: { white: 3 * DAY, black: 3 * DAY, running: 'white' }, ...over });

  it('is made with days a move and no clock, and kept for the "Your turn" list', async () => {
    createAnswer = { ok: true, id: NEXT, color: 'black', token: NEW_TOKEN };
    const t = setup({});
    t.ctrl.setDraft({ color: 'random', clock: '3d' });
    await t.ctrl.create();
    expect(t.created).toEqual([{ color: 'random', clock: null, days: 3 }]);
    expect(t.corr.get(NEXT)).toBe('black');
    expect(t.hashes).toEqual([`#/online/${NEXT}/${NEW_TOKEN}`]);
    // a live clock is made as before, and is not kept
    createAnswer = { ok: true, id: ID, color: 'white', token: TOKEN };
    t.ctrl.setDraft({ clock: '5+3' });
    await t.ctrl.create();
    expect(t.created[1]).toEqual({ color: 'random', clock: { minutes: 5, increment: 3 } });
    expect(t.corr.has(ID)).toBe(false);
  });

  it('is kept while played and forgotten once over; a spectator keeps nothing', () => {
    const t = setup();
    t.socket().open();
    t.socket().say({ t: 'hello', you: 'black', v: 2 });
    t.socket().say({ t: 'game', game: corr() });
    expect(t.corr.get(ID)).toBe('black');
    t.socket().say({
      t: 'game',
      game: corr({ v: 3, status: 'over', outcome: { winner: 'white', reason: 'timeout' }, result: '1-0' }),
    });
    expect(t.corr.has(ID)).toBe(false);
    const s = setup({ id: NEXT });
    s.socket().open();
    s.socket().say({ t: 'hello', you: null, v: 2 });
    s.socket().say({ t: 'game', game: corr({ id: NEXT }) });
    expect(s.corr.size).toBe(0);
  });

  it('has no claim of the win (won on time only), and an absent opponent is simply offline', () => {
    const t = setup();
    t.socket().open();
    t.socket().say({ t: 'hello', you: 'white', v: 2 });
    const away = {
      white: { state: 'online' as const, since: 0 },
      black: { state: 'offline' as const, since: 0 },
    };
    t.socket().say({ t: 'game', game: corr({ presence: away, now: Date.now() }) });
    vi.advanceTimersByTime(120_000);
    expect(t.ctrl.presence('black')).toBe('offline');
    expect(t.ctrl.canClaim()).toBe(false);
    expect(t.ctrl.correspondence).toBe(true);
    // the same in a live game can be claimed
    t.socket().say({ t: 'game', game: snapshot({ v: 3, presence: away, now: Date.now() - 120_000 }) });
    expect(t.ctrl.presence('black')).toBe('gone');
    expect(t.ctrl.canClaim()).toBe(true);
  });

  it('"Give a day" sends moretime; the day arriving is told to both sides', () => {
    const t = setup();
    t.socket().open();
    t.socket().say({ t: 'hello', you: 'black', v: 2 });
    const now = Date.now();
    t.socket().say({ t: 'game', game: corr({ now }) });
    expect(t.ctrl.canGiveTime()).toBe(true);
    t.ctrl.giveTime();
    expect(t.socket().sent.at(-1)).toEqual({ t: 'moretime' });
    // an hour later, White's running clock has a day more
    t.socket().say({
      t: 'game',
      game: corr({
        v: 3,
        now: now + 3600_000,
        clocks: { white: 4 * DAY - 3600_000, black: 3 * DAY, running: 'white' },
      }),
    });
    expect(t.ctrl.shownNotice()).toBe('time-given');
    // White's side: told of the gift; a clock merely running down is not
    const w = setup();
    w.socket().open();
    w.socket().say({ t: 'hello', you: 'white', v: 2 });
    w.socket().say({ t: 'game', game: corr({ now }) });
    w.socket().say({
      t: 'game',
      game: corr({
        v: 3,
        now: now + 60_000,
        clocks: { white: 3 * DAY - 60_000, black: 3 * DAY, running: 'white' },
      }),
    });
    expect(w.ctrl.shownNotice()).toBeUndefined();
    w.socket().say({
      t: 'game',
      game: corr({
        v: 4,
        now: now + 120_000,
        clocks: { white: 4 * DAY - 120_000, black: 3 * DAY, running: 'white' },
      }),
    });
    expect(w.ctrl.shownNotice()).toBe('time-received');
  });

  it('a live game gives 15 s the same way; a game without a clock has nothing to give', () => {
    const t = playing();
    expect(t.ctrl.canGiveTime()).toBe(false);
    t.ctrl.giveTime();
    expect(t.socket().sent.some((m) => m.t === 'moretime')).toBe(false);
    t.socket().say({
      t: 'game',
      game: snapshot({
        v: 3,
        clock: { initial: 300_000, increment: 0 },
        clocks: { white: 300_000, black: 300_000, running: null },
      }),
    });
    expect(t.ctrl.canGiveTime()).toBe(true);
    expect(t.ctrl.correspondence).toBe(false);
  });
});

describe('the board', () => {
  /** The widget as the controller drives it: the last configuration it was given. */
  const fakeBoard = () => {
    const b = {
      config: {} as Partial<BoardConfig>,
      set: (c: BoardConfig) => void Object.assign(b.config, c),
      animateMove: () => Promise.resolve(),
      getState: () => ({}),
      destroy: () => {},
    };
    return b;
  };

  it('turns to the seat the server gives, takes taps on our turn only, and plays them', () => {
    const t = setup({ id: NEXT, token: NEW_TOKEN });
    const board = fakeBoard();
    t.ctrl.setBoard(board as unknown as Board);
    expect(board.config.movable?.color).toBe('none');
    t.socket().open();
    t.socket().say({ t: 'hello', you: 'black', v: 1 });
    expect(board.config.orientation).toBe('black');
    t.socket().say({ t: 'game', game: snapshot({ id: NEXT, v: 1 }) });
    expect(board.config.movable?.color).toBe('none');
    t.socket().say({ t: 'game', game: snapshot({ id: NEXT, v: 2, moves: ['c3-c4'] }) });
    expect(board.config.movable?.color).toBe('black');
    expect(board.config.movable?.moves.length).toBeGreaterThan(0);
    board.config.onMove!({ from: 'f6', path: ['f5'], captures: [] });
    expect(t.socket().moves()).toEqual([{ t: 'move', move: 'f6-f5', ply: 1, id: 'm1' }]);
    expect(board.config.movable?.color).toBe('none');
  });
});

describe('what the network sends', () => {
  it('a broken or foreign message changes nothing and breaks nothing', () => {
    const t = playing('white', ['c3-c4', 'f6-f5'], 4);
    const s = t.socket();
    for (const bad of [
      'not json',
      '[]',
      'null',
      '{"t":"game"}',
      '{"t":"game","game":{"id":"AbCdEfGh12","v":9,"moves":"c3-c4"}}',
      JSON.stringify({ t: 'game', game: { ...snapshot({ v: 9 }), moves: [1, 2] } }),
      JSON.stringify({ t: 'game', game: { ...snapshot({ v: 9 }), status: 'won' } }),
      JSON.stringify({
        t: 'game',
        game: { ...snapshot({ v: 9 }), clocks: { white: 'x', black: 1, running: null } },
      }),
      JSON.stringify({ t: 'hello', you: 'green', v: 1 }),
      JSON.stringify({ t: 'seat', game: NEXT, color: 'black', token: 'short' }),
      JSON.stringify({ t: 'ack', id: 5, v: 1 }),
      JSON.stringify({ t: 'move', game: ID, v: 5, move: 'a3-a4', now: 1 }),
      JSON.stringify({
        t: 'move',
        game: ID,
        v: 5,
        move: 7,
        clocks: null,
        now: 1,
        abortAt: null,
        drawOffer: null,
        takebackOffer: null,
      }),
      JSON.stringify({
        t: 'move',
        game: ID,
        v: 5,
        move: 'a3-a4',
        clocks: null,
        now: 1,
        abortAt: null,
        drawOffer: 'green',
        takebackOffer: null,
      }),
      JSON.stringify({ t: 'wat' }),
    ])
      s.say(bad);
    expect(t.ctrl.game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(t.ctrl.you).toBe('white');
    expect(t.ctrl.snap?.v).toBe(4);
    // moves that are not a legal game: ignored, ours kept
    s.say({ t: 'game', game: snapshot({ v: 10, moves: ['c3-c4', 'c4-c8'] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(t.ctrl.snap?.v).toBe(4);
    // a snapshot of another game
    s.say({ t: 'game', game: snapshot({ id: NEXT, v: 11, moves: [] }) });
    expect(t.ctrl.game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(t.ctrl.canPlay()).toBe(true);
  });

  it('an unknown game ends the connection attempts', () => {
    const t = setup();
    t.socket().open();
    t.socket().say({ t: 'error', code: 'unknown-game', message: 'no', ref: 'hello' });
    expect(t.ctrl.problem).toBe('onlineUnknown');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });
});
