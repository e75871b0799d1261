import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@dama/server/wire';
import { PlayerApi } from '../lib/player/api.ts';
import { TestServer, testSnapshot } from '../lib/player/test-server.ts';
import { NEXT_AFTER_END, REFRESH_EVERY, WatchCtrl, type Spectator } from './ctrl.ts';
import { readLive } from './read.ts';

/** A spectator's game as the online screen's controller would watch it; the test sets its status. */
class FakeSpectator implements Spectator {
  status: Snapshot['status'] | undefined = 'playing';
  destroyed = false;
  constructor(readonly id: string) {}
  destroy(): void {
    this.destroyed = true;
  }
}

const live = (id: string, rating: number): Snapshot =>
  testSnapshot({
    id,
    moves: ['c3-c4'],
    clock: { initial: 300_000, increment: 0 },
    clocks: { white: 300_000, black: 290_000, running: 'black' },
    rated: true,
    players: {
      white: { id: 'PlayerAaaa01', name: 'Hızlı Kartal 417', rating, provisional: false, after: null },
      black: {
        id: 'PlayerBbbb02',
        name: 'Cesur Kurt 12',
        rating: rating - 20,
        provisional: false,
        after: null,
      },
    },
  });

function setup() {
  const server = new TestServer();
  let now = 1_700_000_000_000;
  const watched: FakeSpectator[] = [];
  const w = new WatchCtrl<FakeSpectator>({
    api: new PlayerApi(server.http),
    now: () => now,
    redraw: () => {},
    spectate: (id) => {
      const s = new FakeSpectator(id);
      watched.push(s);
      return s;
    },
  });
  const flush = () => new Promise((ok) => setTimeout(ok, 0));
  return { server, w, watched, flush, later: (ms: number) => void (now += ms) };
}

describe('watching', () => {
  it('watches the featured game as a spectator, and lists the others', async () => {
    const t = setup();
    t.server.live = {
      featured: 'GameTop00001',
      games: [live('GameTop00001', 1900), live('GameTwo00002', 1700)],
    };
    await t.w.refresh();
    expect(t.watched.map((s) => s.id)).toEqual(['GameTop00001']);
    expect(t.w.featured?.id).toBe('GameTop00001');
    expect(t.w.others().map((g) => g.id)).toEqual(['GameTwo00002']);
  });

  it('keeps watching a game still being played, and moves on to the next featured once it ended', async () => {
    const t = setup();
    t.server.live = { featured: 'GameTop00001', games: [live('GameTop00001', 1900)] };
    await t.w.refresh();
    // a higher-rated game began: the one on screen is not left mid-game
    t.server.live = {
      featured: 'GameNew00003',
      games: [live('GameNew00003', 2000), live('GameTop00001', 1900)],
    };
    t.later(REFRESH_EVERY);
    t.w.tick();
    await t.flush();
    expect(t.w.featured?.id).toBe('GameTop00001');
    expect(t.watched).toHaveLength(1);
    // it ends: shown with its result a while, then the next
    t.watched[0].status = 'over';
    t.later(1000);
    t.w.tick();
    await t.flush();
    expect(t.w.featured?.id).toBe('GameTop00001');
    t.later(NEXT_AFTER_END);
    t.w.tick();
    await t.flush();
    expect(t.w.featured?.id).toBe('GameNew00003');
    expect(t.watched[0].destroyed).toBe(true);
  });

  it('nothing played: nothing watched; a failed list is told and the last one kept', async () => {
    const t = setup();
    await t.w.refresh();
    expect(t.w.live).toEqual({ featured: null, games: [] });
    expect(t.w.featured).toBeUndefined();
    t.server.live = { featured: 'GameTop00001', games: [live('GameTop00001', 1900)] };
    await t.w.refresh();
    t.server.down = 'offline';
    t.later(REFRESH_EVERY);
    await t.w.refresh();
    expect(t.w.failed).toBe('offline');
    expect(t.w.featured?.id).toBe('GameTop00001');
    expect(t.w.live?.games).toHaveLength(1);
  });

  it('reads the live list whole: a broken or hostile one is refused', async () => {
    const ok = { featured: 'GameTop00001', games: [live('GameTop00001', 1900)] };
    expect(readLive(ok)?.featured).toBe('GameTop00001');
    for (const bad of [
      null,
      { featured: null, games: {} },
      { ...ok, featured: 'GameNotInList' },
      { ...ok, featured: '<img>' },
      { featured: null, games: [{ ...live('GameTop00001', 1900), status: 'over' }] },
      { featured: null, games: [{ ...live('GameTop00001', 1900), players: null }] },
      { featured: null, games: [live('GameTop00001', 1900), live('GameTop00001', 1900)] },
      { featured: null, games: [{ ...live('GameTop00001', 1900), moves: [42] }] },
    ])
      expect(readLive(bad), JSON.stringify(bad).slice(0, 80)).toBeUndefined();
    const t = setup();
    t.server.answer = () => ({ status: 200, body: { ...ok, featured: 'GameNotInList' } });
    await t.w.refresh();
    expect(t.w.failed).toBe('bad-answer');
    expect(t.watched).toEqual([]);
  });
});
