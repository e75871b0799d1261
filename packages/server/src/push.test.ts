// Which stored changes notify whom, and which endpoints the server will post to.
import { describe, expect, it } from 'vitest';
import { allowedEndpoint, pushEvents } from './push.ts';
import { newRecord, pairedRecord, type ServerGame } from './record.ts';

const seat = (id: string) => ({ id, name: `name-${id}`, rating: 1500, provisional: true, after: null });
const game = (days: number | null): ServerGame =>
  pairedRecord({
    id: 'g1',
    tokens: { white: 'w'.repeat(24), black: 'b'.repeat(24) },
    players: { white: seat('W'), black: seat('B') },
    rated: false,
    clock: days ? null : { initial: 300_000, increment: 0 },
    days,
    address: 'pairing',
    now: 0,
  });

describe('pushEvents', () => {
  it('tells the side to move of a correspondence move, and nobody of a live one', () => {
    const g = game(3);
    expect(pushEvents(g, { ...g, moves: ['c3-c4'] })).toEqual([
      { player: 'B', kind: 'turn', payload: { kind: 'turn', game: 'g1', opponent: 'name-W' } },
    ]);
    const live = game(null);
    expect(pushEvents(live, { ...live, moves: ['c3-c4'] })).toEqual([]);
  });

  it('tells the other side of an offer, once', () => {
    const g = game(null);
    const offered = { ...g, drawOffer: 'white' as const };
    expect(pushEvents(g, offered)).toEqual([
      {
        player: 'B',
        kind: 'offer',
        payload: { kind: 'offer', game: 'g1', opponent: 'name-W', offer: 'draw' },
      },
    ]);
    expect(pushEvents(offered, { ...offered, presence: offered.presence })).toEqual([]);
    expect(pushEvents(g, { ...g, takebackOffer: 'black' })[0]).toMatchObject({
      player: 'W',
      payload: { offer: 'takeback' },
    });
  });

  it('tells both sides of the end, with the result from each side, and nothing for a game by link', () => {
    const g = game(null);
    const over = {
      ...g,
      status: 'over' as const,
      outcome: { winner: 'black' as const, reason: 'resignation' as const },
    };
    expect(pushEvents(g, over).map((e) => [e.player, e.payload.result])).toEqual([
      ['W', 'lost'],
      ['B', 'won'],
    ]);
    const link = newRecord({
      id: 'g2',
      creator: 'white',
      token: 'x'.repeat(24),
      clock: null,
      address: 'a',
      now: 0,
    });
    expect(
      pushEvents(link, { ...link, status: 'over', outcome: { winner: 'white', reason: 'resignation' } }),
    ).toEqual([]);
  });

  it('tells the maker of a link game who has an identity, and only them: joined, their turn, offers, the end', () => {
    const made = newRecord({
      id: 'g3',
      creator: 'black',
      token: 'x'.repeat(24),
      clock: null,
      days: 3,
      owner: 'M',
      address: 'a',
      now: 0,
    });
    const joined: ServerGame = { ...made, status: 'playing' };
    expect(pushEvents(made, joined)).toEqual([
      { player: 'M', kind: 'joined', payload: { kind: 'joined', game: 'g3' } },
    ]);
    // the friend (White) moved: the maker's turn, with no name for the friend
    const moved = { ...joined, moves: ['c3-c4'] };
    expect(pushEvents(joined, moved)).toEqual([
      { player: 'M', kind: 'turn', payload: { kind: 'turn', game: 'g3' } },
    ]);
    // the maker moved: the friend has no identity, nobody is told
    expect(pushEvents(moved, { ...moved, moves: ['c3-c4', 'f6-f5'] })).toEqual([]);
    // an offer by the friend reaches the maker; the maker's own offer reaches nobody
    expect(pushEvents(moved, { ...moved, drawOffer: 'white' })).toEqual([
      { player: 'M', kind: 'offer', payload: { kind: 'offer', game: 'g3', offer: 'draw' } },
    ]);
    expect(pushEvents(moved, { ...moved, drawOffer: 'black' })).toEqual([]);
    // the end, from the maker's side
    expect(
      pushEvents(moved, { ...moved, status: 'over', outcome: { winner: 'white', reason: 'timeout' } }),
    ).toEqual([{ player: 'M', kind: 'end', payload: { kind: 'end', game: 'g3', result: 'lost' } }]);
  });
});

describe('allowedEndpoint', () => {
  it('takes the browsers’ push services over https only, and the hosts added', () => {
    expect(allowedEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(allowedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(allowedEndpoint('https://web.push.apple.com/Q')).toBe(true);
    expect(allowedEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
    expect(allowedEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(allowedEndpoint('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(allowedEndpoint('https://127.0.0.1/x')).toBe(false);
    expect(allowedEndpoint('https://fcm.googleapis.com:444/x')).toBe(false);
    expect(allowedEndpoint('nonsense')).toBe(false);
    expect(allowedEndpoint('http://127.0.0.1:9999/push/x', ['127.0.0.1:9999'])).toBe(true);
    expect(allowedEndpoint('http://127.0.0.1:9998/push/x', ['127.0.0.1:9999'])).toBe(false);
  });
});

describe('pushEvents for a game by link', () => {
  it('tells the maker with an identity that the friend joined, and nobody else of anything', () => {
    const link = newRecord({
      id: 'g3',
      creator: 'white',
      token: 'x'.repeat(24),
      clock: null,
      owner: 'M',
      address: 'a',
      now: 0,
    });
    const joined = { ...link, status: 'playing' as const };
    expect(pushEvents(link, joined)).toEqual([
      { player: 'M', kind: 'joined', payload: { kind: 'joined', game: 'g3' } },
    ]);
    expect(pushEvents(joined, { ...joined, moves: ['c3-c4'] })).toEqual([]);
    const anonymous = newRecord({
      id: 'g4',
      creator: 'white',
      token: 'x'.repeat(24),
      clock: null,
      address: 'a',
      now: 0,
    });
    expect(pushEvents(anonymous, { ...anonymous, status: 'playing' })).toEqual([]);
  });
});
