import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LobbyClientMessage, LobbySeek, LobbyServerMessage } from '@dama/server/wire';
import { PING_EVERY } from '@dama/server/wire';
import { en } from '../lib/i18n/en.ts';
import { FakeSocket as BaseSocket } from '../lib/online/fake-socket.ts';
import type { Held } from '../lib/player/identity.ts';
import type { HeldPlayer } from '../lib/player/read.ts';
import type { Result } from '../lib/player/api.ts';
import {
  LobbyCtrl,
  MAX_BUSY,
  readLobbyDraft,
  reconnectWait,
  type LobbyDraft,
  type LobbyEnv,
} from './ctrl.ts';

const ME: HeldPlayer = {
  id: 'PlayerAaaa01',
  name: 'Hızlı Kartal 417',
  words: { adjective: 'Hızlı', noun: 'Kartal', number: 417 },
  created: 1,
  secret: 'secret-aaaaaaaaaaaaaaaaa',
};
const GAME = 'GameAbCd1234';
const TOKEN = 'seat-token-0123456789';

/** A WebSocket as the controller sees it; the server answers each ping at once unless told not to. */
class FakeSocket extends BaseSocket<LobbyClientMessage, LobbyServerMessage> {
  autoPong = true;
  override send(text: string): void {
    super.send(text);
    const msg = this.sent[this.sent.length - 1];
    if (msg.t === 'ping' && this.autoPong) this.say({ t: 'pong', n: msg.n, now: Date.now() });
  }
  seeks(): Extract<LobbyClientMessage, { t: 'seek' }>[] {
    return this.ofType('seek');
  }
  count(t: LobbyClientMessage['t']): number {
    return this.sent.filter((m) => m.t === t).length;
  }
}

const hello = (over: Partial<Extract<LobbyServerMessage, { t: 'hello' }>> = {}): LobbyServerMessage => ({
  t: 'hello',
  player: { id: ME.id, name: ME.name },
  ratings: { blitz: { rating: 1612, provisional: false, games: 30 } },
  pausedUntil: null,
  blocked: [],
  games: [],
  ...over,
});

const seekOf = (over: Partial<LobbySeek> = {}): LobbySeek => ({
  id: 'SeekXyz12345',
  player: 'PlayerBbbb02',
  name: 'Cesur Kurt 12',
  rating: 1580,
  provisional: true,
  clock: { initial: 180_000, increment: 2_000 },
  rated: false,
  range: null,
  ...over,
});

function setup(opts: { identity?: () => Promise<Result<HeldPlayer>>; held?: Held; draft?: unknown } = {}) {
  const sockets: FakeSocket[] = [];
  const seats = new Map<string, string>();
  const hashes: string[] = [];
  const sounds: string[] = [];
  const announced: string[] = [];
  let kept: unknown = opts.draft;
  let redraws = 0;
  const env: LobbyEnv = {
    trans: () => en,
    lang: () => 'en',
    now: () => Date.now(),
    redraw: () => void redraws++,
    navigate: (h) => hashes.push(h),
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    identity: {
      held: () => opts.held ?? { status: 'ok', player: ME },
      ensure: opts.identity ?? (() => Promise.resolve({ ok: true, value: ME })),
    },
    seats: { get: (id) => seats.get(id), set: (id, t) => void seats.set(id, t) },
    sound: { play: (s) => sounds.push(s), vibrate: () => undefined },
    draft: {
      load: () => readLobbyDraft(kept),
      save: (d) => void (kept = JSON.parse(JSON.stringify(d))),
    },
    announce: (t) => announced.push(t),
  };
  const l = new LobbyCtrl(env);
  const socket = () => sockets[sockets.length - 1];
  return { l, sockets, socket, seats, hashes, sounds, announced, kept: () => kept, redraws: () => redraws };
}

/** Lets the identity's promise settle (the socket opens after it). */
const settle = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

/** The lobby screen open, the server's hello answered. */
async function inLobby(over: Parameters<typeof hello>[0] = {}, opts: Parameters<typeof setup>[0] = {}) {
  const t = setup(opts);
  t.l.attach();
  await settle();
  t.socket().open();
  t.socket().say(hello(over));
  return t;
}

/** Waits out the reconnect backoff, and opens the new socket. */
async function reconnect(t: ReturnType<typeof setup>): Promise<FakeSocket> {
  const before = t.sockets.length;
  vi.advanceTimersByTime(reconnectWait(6));
  await settle();
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

describe('the connection', () => {
  it('opens with the screen, says who the player is, and shows the list and counts', async () => {
    const t = setup();
    expect(t.l.connection).toBe('idle');
    t.l.attach();
    await settle();
    expect(t.sockets).toHaveLength(1);
    t.socket().open();
    expect(t.socket().sent).toEqual([{ t: 'hello', player: ME.id, secret: ME.secret }]);
    expect(t.l.canSeek()).toBe(false);
    t.socket().say(hello());
    expect(t.l.connection).toBe('open');
    expect(t.l.me).toEqual({ id: ME.id, name: ME.name });
    expect(t.l.ratingIn('blitz')).toEqual({ rating: 1612, provisional: false, games: 30 });
    expect(t.l.ratingIn('rapid')).toEqual({ rating: 1500, provisional: true, games: 0 });
    expect(t.l.canSeek()).toBe(true);
    const mine = seekOf({ id: 'SeekMine0001', player: ME.id, name: ME.name });
    t.socket().say({ t: 'lobby', seeks: [seekOf(), mine], online: 7, playing: 2 });
    expect(t.l.list?.online).toBe(7);
    // the player's own seek (another tab) is not offered to them
    expect(t.l.otherSeeks().map((s) => s.id)).toEqual(['SeekXyz12345']);
  });

  it('closes the socket when the screen is left without a seek', async () => {
    const t = await inLobby();
    t.l.detach();
    expect(t.socket().readyState).toBe(3);
    expect(t.l.connection).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('pings every PING_EVERY when quiet, and replaces a socket that stopped answering', async () => {
    const t = await inLobby();
    t.socket().autoPong = false;
    // hello went out and the lobby came back: the first tick needs no ping
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.socket().count('ping')).toBe(0);
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.socket().count('ping')).toBe(1);
    t.socket().say({ t: 'pong', n: 1, now: Date.now() });
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.socket().count('ping')).toBe(2);
    // nothing heard since the second ping: the link is dead
    vi.advanceTimersByTime(PING_EVERY);
    expect(t.l.connection).toBe('reconnecting');
    await reconnect(t);
    expect(t.sockets).toHaveLength(2);
  });

  it('a player that cannot be made is told, and made on "Try again"', async () => {
    let fail = true;
    const t = setup({
      identity: () => Promise.resolve(fail ? { ok: false, error: 'offline' } : { ok: true, value: ME }),
    });
    t.l.attach();
    await settle();
    expect(t.l.problem).toBe('identity');
    expect(t.l.identityError).toBe('offline');
    expect(t.sockets).toHaveLength(0);
    fail = false;
    t.l.retry();
    await settle();
    expect(t.l.problem).toBeUndefined();
    expect(t.sockets).toHaveLength(1);
  });

  it('a player the server does not know stops the connection (no retry loop)', async () => {
    const t = setup();
    t.l.attach();
    await settle();
    t.socket().open();
    t.socket().say({ t: 'error', code: 'unknown-player', message: 'no' });
    expect(t.l.problem).toBe('unknown-player');
    expect(t.l.connection).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });
});

describe('seeking', () => {
  it('sends the chosen clock in ms, rated, and a range around the rating in that speed', async () => {
    const t = await inLobby();
    t.l.setDraft({ clock: '3+2', rated: true, range: 100 });
    expect(t.kept()).toEqual({ clock: '3+2', rated: true, range: 100 });
    t.l.seek();
    // 3+2 is blitz: 1612 ± 100
    expect(t.socket().seeks()).toEqual([
      {
        t: 'seek',
        clock: { initial: 180_000, increment: 2000 },
        rated: true,
        range: { min: 1512, max: 1712 },
      },
    ]);
    expect(t.l.wanted).toBeDefined();
    expect(t.l.seekId).toBeNull();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    expect(t.l.seekId).toBe('SeekMine0001');
    vi.advanceTimersByTime(65_000);
    expect(t.l.elapsed()).toBe(65_000);
    expect(t.l.seeking).toEqual({ since: 1_800_000_000_000, clock: '3+2' });
  });

  it('a speed not played yet draws the range around 1500; "any" sends none', async () => {
    const t = await inLobby();
    t.l.setDraft({ clock: '10+0', range: 300 });
    t.l.seek();
    expect(t.socket().seeks()[0].range).toEqual({ min: 1200, max: 1800 });
    t.l.cancel();
    t.socket().say({ t: 'seeking', seek: null });
    t.l.setDraft({ range: null });
    t.l.seek();
    expect(t.socket().seeks()[1]).toMatchObject({ clock: { initial: 600_000, increment: 0 }, range: null });
  });

  it('Cancel withdraws the seek; its answer is not taken for a withdrawal', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    t.l.cancel();
    expect(t.socket().count('cancel')).toBe(1);
    expect(t.l.wanted).toBeUndefined();
    expect(t.l.seeking).toBeUndefined();
    t.socket().say({ t: 'seeking', seek: null });
    expect(t.l.problem).toBeUndefined();
  });

  it('a seek made while a cancel is unanswered waits for its answer (the server could take them out of order)', async () => {
    const t = await inLobby();
    t.l.seek();
    t.l.cancel();
    t.l.seek();
    expect(t.socket().seeks()).toHaveLength(1);
    t.socket().say({ t: 'seeking', seek: null });
    expect(t.socket().seeks()).toHaveLength(2);
    expect(t.l.wanted).toBeDefined();
  });

  it('a seek the server withdrew by itself is told (paired in another tab)', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    t.socket().say({ t: 'seeking', seek: null });
    expect(t.l.wanted).toBeUndefined();
    expect(t.l.problem).toBe('withdrawn');
  });

  it('a tap on another seek seeks its clock and rated flag, any rating, and keeps them as the choice', async () => {
    const t = await inLobby();
    t.l.accept(seekOf());
    expect(t.socket().seeks()).toEqual([
      { t: 'seek', clock: { initial: 180_000, increment: 2000 }, rated: false, range: null },
    ]);
    expect(t.l.draft).toEqual({ clock: '3+2', rated: false, range: null });
    expect(t.kept()).toEqual({ clock: '3+2', rated: false, range: null });
  });

  it('a seek whose range leaves the player out is not offered', async () => {
    const t = await inLobby();
    expect(t.l.fits(seekOf({ range: { min: 1400, max: 1700 } }))).toBe(true);
    expect(t.l.fits(seekOf({ range: { min: 1700, max: 1900 } }))).toBe(false);
    // 1+0 is bullet, where the player has no games: 1500
    expect(
      t.l.fits(seekOf({ clock: { initial: 60_000, increment: 0 }, range: { min: 1450, max: 1550 } })),
    ).toBe(true);
  });

  it('a busy server gets the same seek again after a wait, and the player is told after too many', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'error', code: 'busy', message: 'busy' });
    expect(t.l.problem).toBe('busy');
    expect(t.socket().seeks()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(t.socket().seeks()).toHaveLength(2);
    expect(t.socket().seeks()[1]).toEqual(t.socket().seeks()[0]);
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    expect(t.l.problem).toBeUndefined();

    const u = await inLobby();
    u.l.seek();
    for (let i = 0; i <= MAX_BUSY; i++) {
      u.socket().say({ t: 'error', code: 'rate-limited', message: 'slow down' });
      vi.advanceTimersByTime(5000);
    }
    expect(u.l.wanted).toBeUndefined();
    expect(u.l.problem).toBe('refused');
    expect(u.socket().seeks()).toHaveLength(MAX_BUSY + 1);
  });

  it('a refused seek (unsupported) ends the seeking and says so', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'error', code: 'unsupported', message: 'no' });
    expect(t.l.wanted).toBeUndefined();
    expect(t.l.problem).toBe('refused');
  });
});

describe('paired', () => {
  it('from the lobby screen: the seat is kept and the game opened at once', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    t.socket().say({ t: 'paired', game: GAME, color: 'black', token: TOKEN });
    expect(t.seats.get(GAME)).toBe(TOKEN);
    expect(t.hashes).toEqual([`#/online/${GAME}/${TOKEN}`]);
    expect(t.sounds).toEqual(['found']);
    expect(t.l.wanted).toBeUndefined();
    expect(t.l.found).toBeUndefined();
  });

  it('while the player is elsewhere: the seek stays open, then a banner (and a sound) leads to the game', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    // off to play the computer: the socket and the seek stay
    t.l.detach();
    expect(t.socket().readyState).toBe(1);
    expect(t.l.seeking).toBeDefined();
    t.socket().say({ t: 'paired', game: GAME, color: 'white', token: TOKEN });
    expect(t.hashes).toEqual([]);
    expect(t.l.found).toEqual({ game: GAME, token: TOKEN });
    expect(t.sounds).toEqual(['found']);
    expect(t.announced).toEqual(['Opponent found!']);
    expect(t.seats.get(GAME)).toBe(TOKEN);
    // nothing wants the socket any more
    expect(t.socket().readyState).toBe(3);
    t.l.goToGame();
    expect(t.hashes).toEqual([`#/online/${GAME}/${TOKEN}`]);
    expect(t.l.found).toBeUndefined();
  });

  it('a Cancel while elsewhere closes the socket', async () => {
    const t = await inLobby();
    t.l.seek();
    t.l.detach();
    t.l.cancel();
    expect(t.socket().count('cancel')).toBe(1);
    expect(t.socket().readyState).toBe(3);
  });
});

describe('correspondence', () => {
  it('seeks days a move, the range drawn around the correspondence rating, and shows the days', async () => {
    const t = await inLobby({
      ratings: {
        blitz: { rating: 1612, provisional: false, games: 30 },
        correspondence: { rating: 1700, provisional: false, games: 12 },
      },
    });
    t.l.setDraft({ clock: '3d', rated: true, range: 200 });
    t.l.seek();
    expect(t.socket().seeks()).toEqual([
      { t: 'seek', clock: { days: 3 }, rated: true, range: { min: 1500, max: 1900 } },
    ]);
    expect(t.l.seeking).toEqual({ since: 1_800_000_000_000, clock: '3 days' });
    expect(readLobbyDraft({ clock: '7d', rated: false, range: null })).toEqual({
      clock: '7d',
      rated: false,
      range: null,
    });
  });

  it('lists others’ correspondence seeks, judged by the correspondence rating; a tap seeks the same days', async () => {
    const t = await inLobby();
    const corr = seekOf({
      id: 'SeekCorr0001',
      clock: { days: 7 },
      rated: true,
      range: { min: 1450, max: 1550 },
    });
    t.socket().say({ t: 'lobby', seeks: [corr, seekOf()], online: 3, playing: 0 });
    // live clocks first, then days
    expect(t.l.otherSeeks().map((x) => x.id)).toEqual(['SeekXyz12345', 'SeekCorr0001']);
    // no correspondence games yet: 1500, inside 1450–1550 (the blitz 1612 would be outside)
    expect(t.l.fits(corr)).toBe(true);
    expect(t.l.fits({ ...corr, range: { min: 1600, max: 1700 } })).toBe(false);
    t.l.accept(corr);
    expect(t.socket().seeks()).toEqual([{ t: 'seek', clock: { days: 7 }, rated: true, range: null }]);
    expect(t.l.draft.clock).toBe('7d');
  });
});

describe('the hello', () => {
  it('a paired game lost with a dropped socket is found in the next hello, and opened (not sought again)', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    // the server paired us, but its message was lost with the socket
    t.socket().drop();
    const s = await reconnect(t);
    s.say(hello({ games: [{ game: GAME, color: 'black', token: TOKEN }] }));
    expect(s.seeks()).toEqual([]);
    expect(t.seats.get(GAME)).toBe(TOKEN);
    expect(t.hashes).toEqual([`#/online/${GAME}/${TOKEN}`]);
    expect(t.l.wanted).toBeUndefined();
    expect(t.sounds).toEqual(['found']);
  });

  it('while elsewhere, the game found again is announced by the banner', async () => {
    const t = await inLobby();
    t.l.seek();
    t.l.detach();
    t.socket().drop();
    const s = await reconnect(t);
    s.say(hello({ games: [{ game: GAME, color: 'white', token: TOKEN }] }));
    expect(t.hashes).toEqual([]);
    expect(t.l.found).toEqual({ game: GAME, token: TOKEN });
    expect(s.seeks()).toEqual([]);
  });

  it('a game this device already holds the seat of is not announced again', async () => {
    const t = setup();
    t.seats.set(GAME, TOKEN);
    t.l.attach();
    await settle();
    t.socket().open();
    t.socket().say(hello({ games: [{ game: GAME, color: 'white', token: TOKEN }] }));
    expect(t.l.found).toBeUndefined();
    expect(t.hashes).toEqual([]);
    expect(t.sounds).toEqual([]);
  });

  it('the seeks of blocked players are not listed, nor of one blocked since', async () => {
    const t = await inLobby({ blocked: ['PlayerBbbb02'] });
    const other = seekOf({ id: 'SeekOther001', player: 'PlayerCccc03', name: 'Bilge Baykuş 3' });
    t.socket().say({ t: 'lobby', seeks: [seekOf(), other], online: 3, playing: 0 });
    expect(t.l.otherSeeks().map((x) => x.id)).toEqual(['SeekOther001']);
    t.l.noteBlocked('PlayerCccc03');
    expect(t.l.otherSeeks()).toEqual([]);
  });
});

describe('a dropped socket', () => {
  it('reconnects with backoff and seeks the same again, the time waited kept', async () => {
    const t = await inLobby();
    t.l.setDraft({ clock: '15+10', rated: false, range: 200 });
    t.l.seek();
    const first = t.socket().seeks()[0];
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    t.l.detach(); // playing the computer meanwhile
    vi.advanceTimersByTime(30_000);
    t.socket().drop();
    expect(t.l.connection).toBe('reconnecting');
    expect(t.l.seekId).toBeNull();
    expect(t.l.seeking).toBeDefined();
    // the backoff: nothing at once
    expect(t.sockets).toHaveLength(1);
    const s = await reconnect(t);
    expect(s.sent).toEqual([{ t: 'hello', player: ME.id, secret: ME.secret }]);
    s.say(hello());
    expect(s.seeks()).toEqual([first]);
    expect(t.l.elapsed()).toBe(30_000 + reconnectWait(6));
    // a second drop before the hello is answered: another try, a longer wait
    s.drop();
    expect(reconnectWait(2)).toBeGreaterThan(reconnectWait(1));
    const s2 = await reconnect(t);
    s2.say(hello());
    expect(s2.seeks()).toEqual([first]);
    // and the choices are still the player's
    expect(t.l.draft).toEqual({ clock: '15+10', rated: false, range: 200 });
  });

  it('the backoff grows to 15 s and no further', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectWait)).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });

  it('is not reopened when nothing wants it', async () => {
    const t = await inLobby();
    t.l.detach();
    t.socket().drop();
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('the network back: connect at once instead of at the end of the wait', async () => {
    const t = await inLobby();
    t.l.seek();
    t.l.networkLost();
    expect(t.l.connection).toBe('reconnecting');
    t.l.networkBack();
    await settle();
    expect(t.sockets).toHaveLength(2);
  });
});

describe('a pairing pause', () => {
  it('from the hello: no seek until it ends', async () => {
    const until = Date.now() + 10 * 60_000;
    const t = await inLobby({ pausedUntil: until });
    expect(t.l.paused()).toBe(true);
    expect(t.l.canSeek()).toBe(false);
    t.l.seek();
    expect(t.socket().seeks()).toHaveLength(0);
    vi.advanceTimersByTime(10 * 60_000 + 1000);
    expect(t.l.paused()).toBe(false);
    expect(t.sockets).toHaveLength(1);
    t.l.seek();
    expect(t.socket().seeks()).toHaveLength(1);
  });

  it('from a refused seek: the seeking ends and the pause is shown with its end', async () => {
    const t = await inLobby();
    t.l.seek();
    const until = Date.now() + 3_600_000;
    t.socket().say({ t: 'error', code: 'paused', message: 'paused', until });
    expect(t.l.wanted).toBeUndefined();
    expect(t.l.pausedUntil).toBe(until);
    expect(t.l.canSeek()).toBe(false);
  });

  it('a seek waiting through a reconnect is dropped when the new hello says paused', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().drop();
    const s = await reconnect(t);
    s.say(hello({ pausedUntil: Date.now() + 60_000 }));
    expect(s.seeks()).toHaveLength(0);
    expect(t.l.wanted).toBeUndefined();
  });
});

describe('bad messages', () => {
  it('are dropped whole: nothing changes, nothing is kept, nothing opens', async () => {
    const t = await inLobby();
    t.l.seek();
    t.socket().say({ t: 'seeking', seek: 'SeekMine0001' });
    t.socket().say({ t: 'lobby', seeks: [seekOf()], online: 3, playing: 1 });
    const before = JSON.stringify({ list: t.l.list, me: t.l.me, ratings: t.l.ratings, wanted: t.l.wanted });
    const bad: unknown[] = [
      'not json',
      '[]',
      'null',
      '{"t":"paired"}',
      { t: 'paired', game: '../../evil', color: 'white', token: TOKEN },
      { t: 'paired', game: GAME, color: 'white', token: 'short' },
      { t: 'paired', game: GAME, color: 'green', token: TOKEN },
      { t: 'lobby', seeks: [seekOf(), { ...seekOf(), rating: 'high' }], online: 3, playing: 1 },
      { t: 'lobby', seeks: [seekOf({ name: '<img src=x onerror=alert(1)>' })], online: 1, playing: 0 },
      { t: 'lobby', seeks: [seekOf({ range: { min: 1800, max: 1200 } })], online: 1, playing: 0 },
      { t: 'lobby', seeks: new Array(101).fill(seekOf()), online: 1, playing: 0 },
      { t: 'lobby', seeks: [], online: -1, playing: 0 },
      { t: 'hello', player: { id: 'x', name: ME.name }, ratings: {}, pausedUntil: null },
      {
        t: 'hello',
        player: { id: ME.id, name: ME.name },
        ratings: { blitz: { rating: 1e9 } },
        pausedUntil: null,
      },
      { t: 'hello', player: { id: ME.id, name: ME.name }, ratings: {}, pausedUntil: 'soon' },
      { t: 'seeking', seek: { id: 1 } },
      { t: 'error', code: 42, message: 'x' },
      { t: 'error', code: 'paused', message: 'x', until: -5 },
      { t: 'nonsense' },
      { t: '__proto__', polluted: true },
      'x'.repeat(300_000),
    ];
    for (const m of bad) t.socket().say(typeof m === 'string' ? m : JSON.stringify(m));
    t.socket().onmessage?.({ data: new ArrayBuffer(8) });
    expect(JSON.stringify({ list: t.l.list, me: t.l.me, ratings: t.l.ratings, wanted: t.l.wanted })).toBe(
      before,
    );
    expect(t.l.seekId).toBe('SeekMine0001');
    expect(t.l.pausedUntil).toBeNull();
    expect(t.hashes).toEqual([]);
    expect(t.seats.size).toBe(0);
    expect(t.l.found).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // and the connection goes on
    t.socket().say({ t: 'paired', game: GAME, color: 'white', token: TOKEN });
    expect(t.hashes).toEqual([`#/online/${GAME}/${TOKEN}`]);
  });

  it('a kept choice that cannot be read gives way to the defaults', () => {
    expect(setup({ draft: { clock: '2+1', rated: true, range: null } }).l.draft).toEqual({
      clock: '5+0',
      rated: true,
      range: null,
    });
    expect(setup({ draft: { clock: '1+0', rated: 'yes', range: null } }).l.draft.clock).toBe('5+0');
    expect(setup({ draft: { clock: '1+0', rated: false, range: 150 } }).l.draft.clock).toBe('5+0');
    const ok: LobbyDraft = { clock: '1+0', rated: false, range: 300 };
    expect(setup({ draft: ok }).l.draft).toEqual(ok);
  });
});
