import { describe, expect, it } from 'vitest';
import type { SeatPlayer, Snapshot } from '@dama/server/wire';
import { en } from '../lib/i18n/en.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { ProfileCtrl, type ProfileEnv } from './ctrl.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { readAccount, readGames, readHistory, readPlayerCard } from '../lib/player/read.ts';
import { TestServer, testSnapshot } from '../lib/player/test-server.ts';
import { scale } from './chart.tsx';

const settle = () => new Promise((done) => setTimeout(done, 0));

const seat = (id: string, name: string, rating: number, after: number | null): SeatPlayer => ({
  id,
  name,
  rating,
  provisional: true,
  after,
});

/** A finished rated game between `white` and `black`, as the server sends it (`testSnapshot`). */
function game(id: string, white: SeatPlayer, black: SeatPlayer, over: Partial<Snapshot> = {}): Snapshot {
  const offline = { state: 'offline' as const, since: 0 };
  return testSnapshot({
    id,
    v: 9,
    created: 0,
    status: 'over',
    clock: { initial: 300_000, increment: 0 },
    moves: ['c3-c4', 'f6-f5'],
    clocks: { white: 290_000, black: 295_000, running: null },
    now: 5,
    presence: { white: offline, black: offline },
    claimAfter: 0,
    outcome: { winner: 'black', reason: 'resignation' },
    result: '0-1',
    players: { white, black },
    rated: true,
    ...over,
  });
}

/** A device holding a player of `server` that has played two games against people. */
function withRecord() {
  const server = new TestServer();
  const me = server.add({ adjective: 'Bilge', noun: 'Baykuş', number: 88 });
  const other = server.add({ adjective: 'Cesur', noun: 'Kurt', number: 5 });
  const myName = 'Bilge Baykuş 88';
  server.ratings.set(me.id, {
    blitz: { rating: 1662, provisional: true, games: 1 },
    rapid: { rating: 1450, provisional: true, games: 1 },
  });
  server.blocked.set(me.id, [other.id]);
  server.games.set(me.id, [
    game('GameNewer0001', seat(other.id, 'Cesur Kurt 5', 1500, 1338), seat(me.id, myName, 1500, 1662)),
    game('GameOlder0001', seat(me.id, myName, 1500, 1450), seat(other.id, 'Cesur Kurt 5', 1500, 1550), {
      clock: { initial: 600_000, increment: 0 },
    }),
    game('GameCasual001', seat(me.id, myName, 1500, null), seat(other.id, 'Cesur Kurt 5', 1500, null), {
      rated: false,
      outcome: { winner: undefined, reason: 'agreement' },
      result: '1/2-1/2',
    }),
  ]);
  server.history.set(me.id, [
    { speed: 'rapid', at: 1000, rating: 1450, game: 'GameOlder0001' },
    { speed: 'blitz', at: 2000, rating: 1662, game: 'GameNewer0001' },
  ]);
  const kv = new MemoryKv();
  kv.setItem(KEYS.player, JSON.stringify({ ...server.pub(me.id), secret: me.secret }));
  const local = new Map([['GameCasual001', { endedAt: 3000 }]]);
  const env: ProfileEnv = {
    trans: () => en,
    lang: () => 'en',
    now: () => 10_000,
    redraw: () => undefined,
    identity: new IdentityClient(
      new LocalStore(kv, () => 77),
      new PlayerApi(server.http, () => server.clock),
    ),
    claimLink: (code) => `https://dama.example/#/profile?code=${code}`,
    forgetLinkCode: () => undefined,
    announce: () => undefined,
    localGame: (id) => local.get(id),
  };
  return { server, me, other, kv, p: new ProfileCtrl(env) };
}

describe('the profile’s record against people', () => {
  it('shows the ratings of the speeds played, the history, and the games from the player’s side', async () => {
    const { p, kv, other } = withRecord();
    await settle();
    await settle();
    const s = p.stats!;
    expect(s.ratedSpeeds()).toEqual(['blitz', 'rapid']);
    expect(s.account?.ratings.blitz).toEqual({ rating: 1662, provisional: true, games: 1 });
    expect(s.graphSpeeds()).toEqual(['blitz', 'rapid']);
    expect(s.points('rapid').map((x) => x.rating)).toEqual([1450]);
    const rows = s.rows();
    expect(rows.map((r) => [r.id, r.opponent, r.result, r.change, r.clock, r.date])).toEqual([
      ['GameNewer0001', 'Cesur Kurt 5', 'won', { from: 1500, to: 1662 }, '5+0', 2000],
      ['GameOlder0001', 'Cesur Kurt 5', 'lost', { from: 1500, to: 1450 }, '10+0', 1000],
      ['GameCasual001', 'Cesur Kurt 5', 'draw', null, '5+0', 3000],
    ]);
    // a game kept on this device opens its replay; another opens on the analysis board
    expect(rows[2].href).toBe('#/replay/online-GameCasual001');
    expect(rows[0].href).toBe('#/analysis?moves=c3-c4+f6-f5');
    // what the server said of ratings is not kept with the player
    expect(kv.getItem(KEYS.player)).not.toContain('ratings');
    // the block list, with names
    await settle();
    expect(s.blockedShown()).toEqual([other.id]);
    expect(s.names.get(other.id)).toBe('Cesur Kurt 5');
  });

  it('unblocks a player on the server and takes them off the list', async () => {
    const { p, server, me, other } = withRecord();
    await settle();
    await settle();
    await p.stats!.unblock(other.id);
    expect(p.stats!.account?.blocked).toEqual([]);
    expect(server.blocked.get(me.id)).toEqual([]);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `api/players/me/blocks/${other.id}`,
    });
  });

  it('a broken answer for the games leaves them unshown and says so, the rest still shown', async () => {
    const { p, server } = withRecord();
    server.answer = (path) =>
      path.endsWith('/games') ? { status: 200, body: { games: [{ id: 'x' }] } } : undefined;
    await settle();
    await settle();
    expect(p.stats!.games).toBeUndefined();
    expect(p.stats!.failed).toBe('bad-answer');
    expect(p.stats!.ratedSpeeds()).toEqual(['blitz', 'rapid']);
    server.answer = undefined;
    await p.stats!.load();
    expect(p.stats!.rows()).toHaveLength(3);
    expect(p.stats!.failed).toBeUndefined();
  });
});

describe('reading the player API’s lists', () => {
  it('the account: ratings, blocks and pause, absent parts empty', () => {
    expect(readAccount({ id: 'x' })).toEqual({ ratings: {}, blocked: [], pausedUntil: null });
    expect(
      readAccount({
        ratings: { bullet: { rating: 1400, provisional: false, games: 40 } },
        blocked: ['PlayerAaaa01', 'PlayerAaaa01'],
        pausedUntil: 5,
      }),
    ).toEqual({
      ratings: { bullet: { rating: 1400, provisional: false, games: 40 } },
      blocked: ['PlayerAaaa01'],
      pausedUntil: 5,
    });
    for (const bad of [
      { ratings: { bullet: { rating: 'high', provisional: false, games: 1 } } },
      { ratings: { bullet: { rating: 1500, provisional: false, games: -1 } } },
      { blocked: ['not an id'] },
      { blocked: 'PlayerAaaa01' },
      { blocked: new Array(501).fill('PlayerAaaa01') },
      { pausedUntil: 'tomorrow' },
    ])
      expect(readAccount(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('a player card, a history and a page of games, each refused whole when any part is wrong', () => {
    expect(readPlayerCard({ id: 'PlayerAaaa01', name: 'Cesur Kurt 5', created: 1, ratings: {} })).toEqual({
      id: 'PlayerAaaa01',
      name: 'Cesur Kurt 5',
      created: 1,
      ratings: {},
    });
    expect(readPlayerCard({ id: 'PlayerAaaa01', name: '<b>x</b>', created: 1 })).toBeUndefined();
    const point = { speed: 'blitz', at: 1, rating: 1512, game: 'GameAbCd1234' };
    expect(readHistory({ points: [point] })).toEqual([point]);
    expect(readHistory({ points: [point, { ...point, speed: 'hyper' }] })).toBeUndefined();
    expect(readHistory({ points: [{ ...point, rating: 1512.5 }] })).toBeUndefined();
    expect(readHistory({ points: [{ ...point, game: '../x' }] })).toBeUndefined();
    const a = seat('PlayerAaaa01', 'A B 1', 1500, null);
    const b = seat('PlayerBbbb02', 'C D 2', 1500, null);
    expect(readGames({ games: [game('GameAbCd1234', a, b)] }, 'PlayerAaaa01')).toHaveLength(1);
    // a game of someone else's, a game by link, a broken snapshot
    expect(readGames({ games: [game('GameAbCd1234', a, b)] }, 'PlayerCccc03')).toBeUndefined();
    expect(
      readGames({ games: [game('GameAbCd1234', a, b, { players: null })] }, 'PlayerAaaa01'),
    ).toBeUndefined();
    expect(
      readGames({ games: [{ ...game('GameAbCd1234', a, b), status: 'won' }] }, 'PlayerAaaa01'),
    ).toBeUndefined();
  });
});

describe('the rating chart’s scale', () => {
  it('is whole fifties around the ratings, at least 100 points high', () => {
    expect(scale([1500])).toEqual({ lo: 1450, hi: 1550, ticks: [1450, 1500, 1550] });
    expect(scale([1338, 1662])).toEqual({ lo: 1300, hi: 1700, ticks: [1300, 1450, 1600] });
  });
});
