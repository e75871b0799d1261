import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@dama/server/wire';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { correspondenceBook } from '../lib/online/corr.ts';
import { seatBook } from '../lib/online/seats.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { TestServer, testSnapshot } from '../lib/player/test-server.ts';
import { MIN_GAP, REFRESH_EVERY, TurnsCtrl } from './ctrl.ts';
import { readPlaying } from './read.ts';

const DAY = 24 * 3600_000;
const LINK = 'LinkGame0001';
const LINK_TOKEN = 'link-seat-0123456789';

function setup() {
  const server = new TestServer();
  const kv = new MemoryKv();
  const store = new LocalStore(kv);
  const api = new PlayerApi(server.http);
  const identity = new IdentityClient(store, api);
  let now = 1_700_000_000_000;
  let redraws = 0;
  const seats = seatBook(store);
  const correspondence = correspondenceBook(store);
  const turns = new TurnsCtrl({
    identity,
    api,
    seats,
    correspondence,
    now: () => now,
    redraw: () => void redraws++,
  });
  return {
    server,
    kv,
    turns,
    seats,
    correspondence,
    identity,
    later: (ms: number) => void (now += ms),
    redraws: () => redraws,
    /** a player on this device (as the profile or the lobby would have made) */
    async player() {
      const r = await identity.ensure();
      if (!r.ok) throw new Error(r.error);
      return r.value;
    },
  };
}

/** A paired correspondence game of `me` (white) against Cesur Kurt, at `moves`. */
function paired(me: string, id: string, moves: string[], over: Partial<Snapshot> = {}): Snapshot {
  return testSnapshot({
    id,
    moves,
    days: 3,
    clocks: { white: 3 * DAY, black: 3 * DAY, running: moves.length % 2 === 0 ? 'white' : 'black' },
    players: {
      white: { id: me, name: 'Hızlı Kartal 417', rating: 1500, provisional: true, after: null },
      black: { id: 'PlayerBbbb02', name: 'Cesur Kurt 12', rating: 1520, provisional: true, after: null },
    },
    ...over,
  });
}

describe('the "Your turn" list', () => {
  it('lists the player’s games from the server, theirs to move first, each opening with its own seat', async () => {
    const t = setup();
    const me = await t.player();
    t.server.playing.set(me.id, [
      {
        color: 'white',
        yourTurn: false,
        token: 'seat-aaaa-0123456789',
        game: paired(me.id, 'GameWait0001', ['c3-c4']),
      },
      {
        color: 'white',
        yourTurn: true,
        token: 'seat-bbbb-0123456789',
        game: paired(me.id, 'GameMine0001', ['c3-c4', 'f6-f5'], {
          clocks: { white: DAY, black: 3 * DAY, running: 'white' },
        }),
      },
    ]);
    await t.turns.refresh();
    expect(t.turns.games.map((g) => [g.id, g.yourTurn, g.token])).toEqual([
      ['GameMine0001', true, 'seat-bbbb-0123456789'],
      ['GameWait0001', false, 'seat-aaaa-0123456789'],
    ]);
    expect(t.turns.yourTurn()).toHaveLength(1);
    expect(t.turns.opponent(t.turns.games[0])).toBe('Cesur Kurt 12');
    // the clock counts down from the snapshot's arrival
    t.later(3600_000);
    expect(t.turns.timeLeft(t.turns.games[0])).toBe(DAY - 3600_000);
    const sent = t.server.requests.find((r) => r.path === 'api/players/me/playing')!;
    expect(sent.headers.authorization).toBe(`Bearer ${me.id}.${me.secret}`);
  });

  it('adds this device’s correspondence games by link from their snapshots, and forgets the ended ones', async () => {
    const t = setup();
    t.seats.set(LINK, LINK_TOKEN);
    t.correspondence.keep(LINK, 'black');
    t.seats.set('LinkOver0001', 'over-seat-0123456789');
    t.correspondence.keep('LinkOver0001', 'white');
    t.correspondence.keep('LinkGone0001', 'white');
    t.seats.set('LinkGone0001', 'gone-seat-0123456789');
    t.server.snapshots.set(LINK, testSnapshot({ id: LINK, moves: ['c3-c4'], days: 1 }));
    t.server.snapshots.set(
      'LinkOver0001',
      testSnapshot({
        id: 'LinkOver0001',
        status: 'over',
        outcome: { winner: 'white', reason: 'timeout' },
        result: '1-0',
      }),
    );
    await t.turns.refresh();
    // no player on this device: the server's list is not asked, and no player is made
    expect(t.server.requests.some((r) => r.path.includes('players'))).toBe(false);
    expect(t.kv.getItem(KEYS.player)).toBeNull();
    expect(t.turns.games.map((g) => [g.id, g.color, g.yourTurn, g.token, g.from])).toEqual([
      [LINK, 'black', true, LINK_TOKEN, 'device'],
    ]);
    expect(t.turns.opponent(t.turns.games[0])).toBeUndefined();
    expect(t.correspondence.list().map((g) => g.id)).toEqual([LINK]);
  });

  it('shows a game in both lists once (the server’s entry)', async () => {
    const t = setup();
    const me = await t.player();
    const g = paired(me.id, 'GameBoth0001', []);
    t.server.playing.set(me.id, [{ color: 'white', yourTurn: true, token: 'seat-both-0123456789', game: g }]);
    t.server.snapshots.set('GameBoth0001', g);
    t.seats.set('GameBoth0001', 'seat-both-0123456789');
    t.correspondence.keep('GameBoth0001', 'white');
    await t.turns.refresh();
    expect(t.turns.games).toHaveLength(1);
    expect(t.turns.games[0].from).toBe('player');
  });

  it('without a network keeps what it showed: nothing new, no error, nothing forgotten', async () => {
    const t = setup();
    const me = await t.player();
    t.seats.set(LINK, LINK_TOKEN);
    t.correspondence.keep(LINK, 'white');
    t.server.snapshots.set(LINK, testSnapshot({ id: LINK, days: 3 }));
    t.server.playing.set(me.id, [
      {
        color: 'white',
        yourTurn: true,
        token: 'seat-bbbb-0123456789',
        game: paired(me.id, 'GameMine0001', []),
      },
    ]);
    await t.turns.refresh();
    expect(t.turns.games).toHaveLength(2);
    t.server.down = 'offline';
    t.later(MIN_GAP);
    await t.turns.refresh();
    expect(t.turns.games.map((g) => g.id).sort()).toEqual(['GameMine0001', LINK].sort());
    expect(t.correspondence.list()).toHaveLength(1);
    expect(t.turns.loading).toBe(false);
  });

  it('refuses a broken or hostile answer whole', async () => {
    const t = setup();
    const me = await t.player();
    const good = {
      color: 'white',
      yourTurn: true,
      token: 'seat-bbbb-0123456789',
      game: paired(me.id, 'GameMine0001', []),
    };
    expect(readPlaying({ games: [good] }, me.id)).toHaveLength(1);
    for (const bad of [
      null,
      { games: 'x' },
      { games: [{ ...good, color: 'red' }] },
      { games: [{ ...good, token: '../../x' }] },
      { games: [{ ...good, yourTurn: 'yes' }] },
      // a seat that is not this player's
      { games: [{ ...good, color: 'black' }] },
      { games: [{ ...good, game: { ...paired(me.id, 'GameMine0001', []), status: 'over' } }] },
      { games: [{ ...good, game: { ...paired(me.id, 'GameMine0001', []), moves: 'c3-c4' } }] },
      { games: [good, good] },
    ])
      expect(readPlaying(bad, me.id), JSON.stringify(bad)).toBeUndefined();
    t.server.playing.set(me.id, [{ ...good, token: '<script>' }]);
    await t.turns.refresh();
    expect(t.turns.games).toEqual([]);
    // a snapshot of another game than the one asked for is no snapshot of it
    t.seats.set(LINK, LINK_TOKEN);
    t.correspondence.keep(LINK, 'white');
    t.server.snapshots.set(LINK, testSnapshot({ id: 'SomeOther001', days: 3 }));
    t.later(MIN_GAP);
    await t.turns.refresh();
    expect(t.turns.games).toEqual([]);
  });

  it('is asked at most once per MIN_GAP, and is due again after REFRESH_EVERY', async () => {
    const t = setup();
    await t.player();
    await t.turns.refresh();
    const asked = () => t.server.requests.filter((r) => r.path === 'api/players/me/playing').length;
    expect(asked()).toBe(1);
    await t.turns.refresh();
    expect(asked()).toBe(1);
    expect(t.turns.due()).toBe(false);
    t.later(REFRESH_EVERY);
    expect(t.turns.due()).toBe(true);
    await t.turns.refresh();
    expect(asked()).toBe(2);
  });
});
