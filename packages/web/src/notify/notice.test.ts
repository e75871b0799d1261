import { describe, expect, it } from 'vitest';
import { browserLang, noticeOf, readPushData } from './notice.ts';

const GAME = 'mNQP196xQa';

describe('a notification from the server’s data', () => {
  it('says each kind in the data’s language and opens its game', () => {
    expect(noticeOf({ kind: 'turn', game: GAME, lang: 'tr', opponent: 'Cesur Kurt 12' }, 'en')).toEqual({
      title: 'Sıra sende',
      body: 'Cesur Kurt 12 hamlesini yaptı. Şimdi sıra sende.',
      hash: `#/online/${GAME}`,
      tag: `dama-${GAME}`,
      lang: 'tr',
    });
    expect(noticeOf({ kind: 'turn', game: GAME, lang: 'en', opponent: 'Cesur Kurt 12' }, 'tr')).toMatchObject(
      {
        title: 'Your move',
        body: 'Cesur Kurt 12 has moved. It is your turn.',
        lang: 'en',
      },
    );
    const en = (d: object) => noticeOf({ game: GAME, lang: 'en', ...d }, 'en');
    const tr = (d: object) => noticeOf({ game: GAME, lang: 'tr', ...d }, 'en');
    expect(en({ kind: 'offer', offer: 'draw', opponent: 'Bilge Baykuş 3' })).toMatchObject({
      title: 'Draw offer',
      body: 'Bilge Baykuş 3 offers a draw.',
    });
    expect(tr({ kind: 'offer', offer: 'takeback', opponent: 'Bilge Baykuş 3' })).toMatchObject({
      title: 'Geri alma isteği',
      body: 'Bilge Baykuş 3 son hamlesini geri almak istiyor.',
    });
    expect(en({ kind: 'end', result: 'won', opponent: 'A B 1' })).toMatchObject({
      title: 'You won!',
      body: 'Your game against A B 1 is over.',
    });
    expect(tr({ kind: 'end', result: 'lost', opponent: 'A B 1' }).title).toBe('Kaybettin');
    expect(tr({ kind: 'end', result: 'draw' })).toMatchObject({ title: 'Berabere', body: 'Oyunun bitti.' });
    expect(en({ kind: 'joined' })).toMatchObject({
      title: 'Your friend is here',
      body: 'Your friend opened the link you sent: the game has begun.',
      hash: `#/online/${GAME}`,
    });
    // no name (a friend by link): the opponent, unnamed
    expect(en({ kind: 'turn' }).body).toBe('Your opponent has moved. It is your turn.');
  });

  it('still gives a plain notice (the browser wants one per push) for data it cannot read, opening the app', () => {
    for (const bad of [
      undefined,
      null,
      'hello',
      { kind: 'hack', game: GAME, lang: 'en' },
      { kind: 'turn', game: 'javascript:alert(1)', lang: 'en' },
      { kind: 'turn', game: GAME, lang: 'de' },
      { kind: 'turn', game: `${GAME}/../x`, lang: 'en' },
    ])
      expect(noticeOf(bad, 'tr'), JSON.stringify(bad)).toEqual({
        title: 'Dama',
        body: 'Oyunlarından birinde yeni bir gelişme var.',
        hash: '#/',
        tag: 'dama',
        lang: 'tr',
      });
    expect(noticeOf(null, 'en').body).toBe('Something new happened in one of your games.');
  });

  it('shows no control characters or overlong names, and leaves out unknown parts', () => {
    expect(
      readPushData({ kind: 'turn', game: GAME, lang: 'en', opponent: 'A\u0000B\u202810', extra: 1 }),
    ).toEqual({
      kind: 'turn',
      game: GAME,
      lang: 'en',
      opponent: 'AB10',
    });
    expect(
      readPushData({ kind: 'turn', game: GAME, lang: 'en', opponent: 'x'.repeat(61) })?.opponent,
    ).toBeUndefined();
    expect(readPushData({ kind: 'offer', game: GAME, lang: 'en', offer: 'resign' })?.offer).toBeUndefined();
    expect(noticeOf({ kind: 'end', game: GAME, lang: 'en', result: 'maybe' }, 'en').title).toBe('Game over');
  });

  it('falls back to the browser’s language', () => {
    expect(browserLang(['tr-TR', 'en'])).toBe('tr');
    expect(browserLang(['en-GB'])).toBe('en');
    expect(browserLang(undefined)).toBe('en');
  });
});
