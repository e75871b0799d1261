import { describe, expect, it } from 'vitest';
import type { LobbySeek } from '@dama/server/wire';
import { en } from '../lib/i18n/en.ts';
import { tr } from '../lib/i18n/tr.ts';
import {
  clockLabel,
  clockOf,
  CLOCK_GROUPS,
  keyOf,
  rangeAround,
  speedOf,
  speedOfSeek,
} from '../lib/online/clocks.ts';
import { readLobbyMessage, readSeek } from './read.ts';

const seek: LobbySeek = {
  id: 'SeekXyz12345',
  player: 'PlayerBbbb02',
  name: 'Cesur Kurt 12',
  rating: 1580,
  provisional: true,
  clock: { initial: 300_000, increment: 0 },
  rated: true,
  range: { min: 1400, max: 1700 },
};

const read = (v: unknown) => readLobbyMessage(JSON.stringify(v));

describe('lobby messages', () => {
  it('reads each message of the wire format as sent', () => {
    const hello = {
      t: 'hello',
      player: { id: 'PlayerAaaa01', name: 'Hızlı Kartal 417' },
      ratings: { blitz: { rating: 1612, provisional: false, games: 30 } },
      pausedUntil: null,
      blocked: ['PlayerBbbb02'],
      games: [{ game: 'GameAbCd1234', color: 'white', token: 'seat-token-0123456789' }],
    };
    expect(read(hello)).toEqual(hello);
    // A server before the block list and the unstarted games: none of either.
    const { blocked: _b, games: _g, ...older } = hello;
    expect(read(older)).toEqual({ ...older, blocked: [], games: [] });
    expect(read({ ...hello, blocked: ['<script>'] })).toBeUndefined();
    expect(
      read({ ...hello, games: [{ game: 'GameAbCd1234', color: 'green', token: 'seat-token-0123456789' }] }),
    ).toBeUndefined();
    const lobby = {
      t: 'lobby',
      seeks: [seek, { ...seek, id: 'SeekOther123', range: null }],
      online: 4,
      playing: 1,
    };
    expect(read(lobby)).toEqual(lobby);
    expect(read({ t: 'seeking', seek: 'SeekXyz12345' })).toEqual({ t: 'seeking', seek: 'SeekXyz12345' });
    expect(read({ t: 'seeking', seek: null })).toEqual({ t: 'seeking', seek: null });
    const paired = { t: 'paired', game: 'GameAbCd1234', color: 'black', token: 'seat-token-0123456789' };
    expect(read(paired)).toEqual(paired);
    expect(read({ t: 'pong', n: 3, now: 5 })).toEqual({ t: 'pong', n: 3, now: 5 });
    expect(read({ t: 'error', code: 'paused', message: 'wait', until: 99 })).toEqual({
      t: 'error',
      code: 'paused',
      message: 'wait',
      until: 99,
    });
  });

  it('takes what a server before it or after it adds or leaves out, where that is harmless', () => {
    // a speed this client does not know, and fields it does not read
    const m = read({
      t: 'hello',
      player: { id: 'PlayerAaaa01', name: 'Hızlı Kartal 417', extra: 1 },
      ratings: { blitz: { rating: 1500, provisional: true, games: 0 }, antichess: { rating: 'x' } },
      extra: true,
    });
    expect(m).toMatchObject({ t: 'hello', pausedUntil: null, ratings: { blitz: { rating: 1500 } } });
    // a correspondence seek is read (the screen leaves it out)
    expect(readSeek({ ...seek, clock: { days: 3 } })?.clock).toEqual({ days: 3 });
  });

  it('refuses a broken or hostile message whole', () => {
    for (const bad of [
      { ...seek, id: 'no' },
      { ...seek, player: 'Player 1' },
      { ...seek, name: '' },
      { ...seek, name: 'a'.repeat(61) },
      { ...seek, name: 'Evil <script>' },
      { ...seek, rating: 1580.5 },
      { ...seek, rating: -1 },
      { ...seek, provisional: 'no' },
      { ...seek, rated: 1 },
      { ...seek, clock: { initial: -1, increment: 0 } },
      { ...seek, clock: { days: 0 } },
      { ...seek, clock: null },
      { ...seek, range: { min: 1700, max: 1400 } },
      { ...seek, range: { min: 0 } },
      { ...seek, range: undefined },
    ])
      expect(readSeek(bad), JSON.stringify(bad)).toBeUndefined();
    for (const bad of [
      { t: 'lobby', seeks: [seek, { ...seek, rating: 'x' }], online: 1, playing: 0 },
      { t: 'lobby', seeks: 'all', online: 1, playing: 0 },
      { t: 'lobby', seeks: [], online: 1.5, playing: 0 },
      { t: 'hello', player: { id: 'PlayerAaaa01', name: 'A B 1' }, ratings: [], pausedUntil: null },
      {
        t: 'hello',
        player: { id: 'PlayerAaaa01', name: 'A B 1' },
        ratings: { bullet: { rating: 5000, provisional: true, games: 0 } },
      },
      { t: 'paired', game: 'GameAbCd1234', color: 'white', token: 'a b c d e f g h i j' },
      { t: 'paired', game: 'Game/../1234', color: 'white', token: 'seat-token-0123456789' },
      { t: 'seeking', seek: 12 },
      { t: 'pong', n: -1, now: 0 },
      { t: 'error', code: 'x'.repeat(41), message: '' },
      { t: 'error', code: 'busy' },
      { t: 'error', code: 'paused', message: '', until: 'later' },
      { t: 'hello' },
      { t: 'what' },
      [],
      42,
    ])
      expect(read(bad), JSON.stringify(bad)).toBeUndefined();
    expect(readLobbyMessage('{')).toBeUndefined();
    expect(readLobbyMessage(new Uint8Array(4))).toBeUndefined();
    expect(readLobbyMessage(' '.repeat(300_000))).toBeUndefined();
  });
});

describe('time controls', () => {
  it('are the server’s offered ones, in its speeds: live clocks and correspondence days', () => {
    expect(CLOCK_GROUPS).toEqual([
      ['bullet', ['1+0']],
      ['blitz', ['3+2', '5+0']],
      ['rapid', ['10+0', '15+10']],
      ['correspondence', ['1d', '3d', '7d']],
    ]);
    expect(clockOf('3d')).toEqual({ days: 3 });
    expect(keyOf({ days: 7 })).toBe('7d');
    expect(keyOf({ days: 2 })).toBeUndefined();
    expect(speedOfSeek({ days: 1 })).toBe('correspondence');
    expect(speedOfSeek({ initial: 60_000, increment: 0 })).toBe('bullet');
    expect(clockLabel(en, '1d')).toBe('1 day');
    expect(clockLabel(en, '7d')).toBe('7 days');
    expect(clockLabel(tr, '3d')).toBe('3 gün');
    expect(clockLabel(tr, '5+0')).toBe('5+0');
    expect(speedOf({ initial: 180_000, increment: 2000 })).toBe('blitz'); // 3 min + 80 s
    expect(speedOf({ initial: 900_000, increment: 10_000 })).toBe('rapid'); // 21 min 40 s
    expect(speedOf({ initial: 1_800_000, increment: 0 })).toBe('classical');
    expect(clockOf('15+10')).toEqual({ initial: 900_000, increment: 10_000 });
    expect(keyOf({ initial: 600_000, increment: 0 })).toBe('10+0');
    expect(keyOf({ initial: 120_000, increment: 1000 })).toBeUndefined();
  });

  it('draw a range around a rating within the bounds the server accepts', () => {
    expect(rangeAround(1612, 100)).toEqual({ min: 1512, max: 1712 });
    expect(rangeAround(1500.4, 200)).toEqual({ min: 1300, max: 1700 });
    expect(rangeAround(120, 300)).toEqual({ min: 0, max: 420 });
    expect(rangeAround(3900, 300)).toEqual({ min: 3600, max: 4000 });
    expect(rangeAround(1500, null)).toBeNull();
  });
});
