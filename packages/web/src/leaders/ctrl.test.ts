import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../lib/memory-kv.ts';
import { LocalStore } from '../lib/storage.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { TestServer } from '../lib/player/test-server.ts';
import { LeadersCtrl, speedFrom } from './ctrl.ts';
import { readLeaders } from './read.ts';

function setup(speed = speedFrom(undefined)) {
  const server = new TestServer();
  const api = new PlayerApi(server.http);
  const identity = new IdentityClient(new LocalStore(new MemoryKv()), api);
  const hashes: string[] = [];
  const make = () =>
    new LeadersCtrl({ api, identity, redraw: () => {}, replaceHash: (h) => hashes.push(h) }, speed);
  return { server, identity, hashes, make, flush: () => new Promise((ok) => setTimeout(ok, 0)) };
}

const row = (id: string, name: string, rating: number) => ({ id, name, rating, games: 12 });

describe('the leaderboards', () => {
  it('shows a speed’s best players, the player’s own row found, and another speed when chosen', async () => {
    const t = setup();
    const me = await t.identity.ensure();
    const id = me.ok ? me.value.id : '';
    t.server.leaders.set('blitz', [
      row('PlayerAaaa01', 'Bilge Baykuş 1', 1900),
      row(id, 'Hızlı Kartal 417', 1800),
    ]);
    const c = t.make();
    await t.flush();
    expect(c.speed).toBe('blitz');
    expect(c.board()?.map((l) => l.name)).toEqual(['Bilge Baykuş 1', 'Hızlı Kartal 417']);
    expect(c.myPlace()).toBe(2);
    c.choose('correspondence');
    expect(t.hashes).toEqual(['#/leaderboard/correspondence']);
    await t.flush();
    expect(c.board()).toEqual([]);
    expect(c.myPlace()).toBeUndefined();
    // read once per speed
    c.choose('blitz');
    await t.flush();
    expect(t.server.requests.filter((r) => r.path.startsWith('api/leaderboard'))).toHaveLength(2);
  });

  it('without a player marks no row (and makes none); an unknown speed is blitz', async () => {
    const t = setup(speedFrom('ultra'));
    t.server.leaders.set('blitz', [row('PlayerAaaa01', 'Bilge Baykuş 1', 1900)]);
    const c = t.make();
    await t.flush();
    expect(c.speed).toBe('blitz');
    expect(c.myPlace()).toBeUndefined();
    expect(t.server.requests.map((r) => r.path)).toEqual(['api/leaderboard/blitz']);
  });

  it('a failed read is told and can be tried again; a broken answer is refused whole', async () => {
    const t = setup();
    t.server.down = 'offline';
    const c = t.make();
    await t.flush();
    expect(c.failed).toBe('offline');
    expect(c.board()).toBeUndefined();
    t.server.down = undefined;
    await c.load();
    expect(c.board()).toEqual([]);
    const ok = { speed: 'rapid', players: [row('PlayerAaaa01', 'Bilge Baykuş 1', 1900)] };
    expect(readLeaders(ok, 'rapid')).toHaveLength(1);
    for (const bad of [
      { ...ok, speed: 'blitz' },
      { ...ok, players: [row('x', 'Bilge Baykuş 1', 1900)] },
      { ...ok, players: [row('PlayerAaaa01', '<b>bold</b>', 1900)] },
      { ...ok, players: [row('PlayerAaaa01', 'Bilge Baykuş 1', 99999)] },
      { ...ok, players: [{ ...row('PlayerAaaa01', 'Bilge Baykuş 1', 1900), games: -1 }] },
      { ...ok, players: [row('PlayerAaaa01', 'A 1', 1), row('PlayerAaaa01', 'A 1', 1)] },
    ])
      expect(readLeaders(bad, 'rapid')).toBeUndefined();
    // best first whatever the order sent
    expect(
      readLeaders(
        { speed: 'rapid', players: [row('PlayerAaaa01', 'A 1', 1500), row('PlayerBbbb02', 'B 2', 1600)] },
        'rapid',
      )?.map((l) => l.rating),
    ).toEqual([1600, 1500]);
  });
});
