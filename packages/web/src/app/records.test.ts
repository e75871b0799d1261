import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@dama/server/wire';
import { AppCtrl } from './ctrl.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { catalog } from '../lib/i18n/index.ts';
import { KEYS, LocalStore } from '../lib/storage.ts';
import type { GameRecord } from '../lib/record.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import { TestServer, testSnapshot } from '../lib/player/test-server.ts';
import { REMOTE_GAP } from '../records/ctrl.ts';

const T0 = 1_700_000_000_000;

/** Waits (a few turns of the event loop at most) until `ready` says so. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !ready(); i++) await new Promise((ok) => setTimeout(ok, 5));
  expect(ready()).toBe(true);
}

function setup(kv = new MemoryKv()) {
  const server = new TestServer();
  const hashes: string[] = [];
  let now = T0;
  const ctrl = new AppCtrl({
    kv,
    spawnEngine: undefined,
    languages: ['en-US'],
    now: () => now,
    random: () => 0.25,
    redraw: () => {},
    navigate: (h) => hashes.push(h),
    fastEngine: false,
    http: server.http,
  });
  /** a player on this device, made as the profile would */
  const player = async () => {
    const r = await new IdentityClient(new LocalStore(kv), new PlayerApi(server.http)).ensure();
    if (!r.ok) throw new Error(r.error);
    return r.value.id;
  };
  return { ctrl, server, kv, hashes, player, later: (ms: number) => void (now += ms) };
}

/** A finished paired game of `me` (White) against Cesur Kurt, Black winning by resignation. */
function finished(me: string, id: string, ended: number, over: Partial<Snapshot> = {}): Snapshot {
  return testSnapshot({
    id,
    status: 'over',
    moves: ['c3-c4', 'f6-f5'],
    outcome: { winner: 'black', reason: 'resignation' },
    result: '0-1',
    created: ended - 600_000,
    ended,
    rated: true,
    clock: { initial: 300_000, increment: 0 },
    players: {
      white: { id: me, name: 'Hızlı Kartal 417', rating: 1500, provisional: true, after: 1420 },
      black: { id: 'PlayerBbbb02', name: 'Cesur Kurt 12', rating: 1520, provisional: true, after: 1600 },
    },
    ...over,
  });
}

describe('My games across devices', () => {
  it('merges the server’s finished games with this device’s, once per game, labelled online, newest first', async () => {
    const t = setup();
    const id = await t.player();
    // this device's own record of one of them (it wins), and a game against the computer
    const own: GameRecord = {
      id: 'online-GameBoth0001',
      pdn: '[Event "x"]\n1. c3-c4 f6-f5 0-1',
      result: '0-1',
      reason: 'resignation',
      online: { color: 'white' },
      plies: 2,
      endedAt: T0 - 1000,
    };
    t.ctrl.records.add(own);
    t.server.games.set(id, [
      finished(id, 'GameNew00001', T0 - 10),
      finished(id, 'GameBoth0001', T0 - 1000),
      finished(id, 'GameOld00001', T0 - 5000, {
        outcome: { winner: undefined, reason: 'agreement' },
        result: '1/2-1/2',
      }),
    ]);
    t.ctrl.go({ name: 'records' });
    await until(() => t.ctrl.records.remote.length > 0);
    const listed = t.ctrl.records.listed();
    expect(listed.map((l) => [l.record.id, l.remote])).toEqual([
      ['online-GameNew00001', true],
      ['online-GameBoth0001', false],
      ['online-GameOld00001', true],
    ]);
    const fresh = listed[0].record;
    expect(fresh).toMatchObject({
      result: '0-1',
      reason: 'resignation',
      online: { color: 'white', opponent: 'Cesur Kurt 12' },
      plies: 2,
      endedAt: T0 - 10,
    });
    expect(fresh.pdn).toContain('[Black "Cesur Kurt 12"]');
    expect(listed[2].record.result).toBe('1/2-1/2');
    // nothing of the server's is written into the device's list
    expect(JSON.parse(t.kv.getItem(KEYS.records)!)).toHaveLength(1);
    // opened as online games are: its replay, and the analysis keeps its review
    t.ctrl.go({ name: 'replay', id: 'online-GameNew00001' });
    expect(t.ctrl.replay?.record.id).toBe('online-GameNew00001');
    expect(t.ctrl.replay?.game.plies).toBe(2);
    expect(t.ctrl.records.ids()).toContain('online-GameNew00001');
  });

  it('asks nothing without a player, and never makes one', async () => {
    const t = setup();
    t.ctrl.go({ name: 'records' });
    await t.ctrl.records.loadRemote();
    expect(t.server.requests).toEqual([]);
    expect(t.ctrl.records.listed()).toEqual([]);
  });

  it('keeps the list through a lost network and a hostile answer, and asks again only after a while', async () => {
    const t = setup();
    const id = await t.player();
    t.server.games.set(id, [finished(id, 'GameNew00001', T0)]);
    await t.ctrl.records.loadRemote();
    expect(t.ctrl.records.listed()).toHaveLength(1);
    await t.ctrl.records.loadRemote();
    expect(t.server.requests.filter((r) => r.path.endsWith('/games'))).toHaveLength(1);
    t.later(REMOTE_GAP);
    t.server.down = 'offline';
    await t.ctrl.records.loadRemote();
    expect(t.ctrl.records.listed()).toHaveLength(1);
    t.server.down = undefined;
    // a game whose moves do not replay, or that is not this player's: the whole page is refused
    t.server.games.set(id, [finished(id, 'GameBad00001', T0, { moves: ['c3-c4', 'c4-c5', 'x'] })]);
    await t.ctrl.records.loadRemote(true);
    expect(t.ctrl.records.listed().map((l) => l.record.id)).toEqual(['online-GameNew00001']);
    t.server.games.set(id, [finished('PlayerCccc03', 'GameOther001', T0)]);
    await t.ctrl.records.loadRemote(true);
    expect(t.ctrl.records.listed().map((l) => l.record.id)).toEqual(['online-GameNew00001']);
  });
});

describe('importing a game that is already in My games', () => {
  const PDN = '[GameType "30"]\n\n1. c3-c4 f6-f5 2. c4-c5 *';

  it('re-importing the export adds nothing, says so in both languages, and points at the game', () => {
    const t = setup();
    t.ctrl.records.importPdn(PDN);
    expect(t.ctrl.records.records).toHaveLength(1);
    const first = t.ctrl.records.records[0];
    expect(t.hashes).toEqual([`#/replay/${first.id}`]);
    // the export is the record's PDN (with the tags an export has): read back in, it is the same game
    t.later(60_000);
    t.ctrl.records.importPdn(`[Event "Dama"]\n[Date "2026.12.06"]\n${first.pdn}`);
    expect(t.ctrl.records.records).toHaveLength(1);
    expect(JSON.parse(t.kv.getItem(KEYS.records)!)).toHaveLength(1);
    expect(t.hashes).toHaveLength(1);
    expect(t.ctrl.records.duplicate).toEqual({ id: first.id, count: 1 });
    expect(t.ctrl.trans.importDuplicate(1)).toBe('This game is already in My games.');
    expect(catalog('tr').importDuplicate(1)).toBe('Bu oyun zaten Oyunlarım listesinde var.');
    // leaving the list takes the notice away
    t.ctrl.records.forgetDeleted();
    expect(t.ctrl.records.duplicate).toBeUndefined();
  });

  it('the same moves with another result or from another position are other games', () => {
    const t = setup();
    t.ctrl.records.importPdn(PDN);
    t.ctrl.records.importPdn('[GameType "30"]\n\n1. c3-c4 f6-f5 2. c4-c5 1-0');
    expect(t.ctrl.records.records).toHaveLength(2);
    t.ctrl.records.importPdn('[GameType "30"]\n[SetUp "1"]\n[FEN "W:Wc3,d2:Bf6,h7"]\n\n1. c3-c4 f6-f5 *');
    t.ctrl.records.importPdn('[GameType "30"]\n\n1. c3-c4 f6-f5 *');
    expect(t.ctrl.records.records).toHaveLength(4);
    expect(t.ctrl.records.duplicate).toBeUndefined();
  });

  it('a text with new and listed games adds only the new ones, once each', () => {
    const t = setup();
    t.ctrl.records.importPdn(PDN);
    const other = '[GameType "30"]\n\n1. d3-d4 *';
    t.ctrl.records.importPdn(`${PDN}\n\n${other}\n\n${other}`);
    expect(t.ctrl.records.records).toHaveLength(2);
    expect(t.hashes).toHaveLength(2);
  });
});
