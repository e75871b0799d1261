import { describe, expect, it } from 'vitest';
import { linkedDate, puzzleLink, shareText, withLink, type ShareTarget } from './share.ts';

const abort = () => Object.assign(new Error('closed'), { name: 'AbortError' });

describe('sharing', () => {
  it('uses the share sheet when there is one', async () => {
    const sent: string[] = [];
    const nav: ShareTarget = { share: async ({ text }) => void sent.push(text) };
    expect(await shareText('hi', nav)).toBe('shared');
    expect(sent).toEqual(['hi']);
  });

  it('says nothing when the player closes the sheet', async () => {
    const nav: ShareTarget = {
      share: async () => {
        throw abort();
      },
      clipboard: { writeText: async () => undefined },
    };
    expect(await shareText('hi', nav)).toBe('cancelled');
  });

  it('copies when there is no sheet or it fails', async () => {
    const copied: string[] = [];
    const clipboard = { writeText: async (t: string) => void copied.push(t) };
    expect(await shareText('a', { clipboard })).toBe('copied');
    const broken: ShareTarget = {
      share: async () => {
        throw new Error('not allowed');
      },
      clipboard,
    };
    expect(await shareText('b', broken)).toBe('copied');
    expect(copied).toEqual(['a', 'b']);
  });

  it('reports a failure when nothing works', async () => {
    expect(await shareText('a', {})).toBe('failed');
    expect(await shareText('a', undefined)).toBe('failed');
    const denied = {
      writeText: async () => {
        throw new Error('denied');
      },
    };
    expect(await shareText('a', { clipboard: denied })).toBe('failed');
  });
});

describe('the link in the shared text', () => {
  it('is the app’s address of that day’s puzzle, on a line of its own', () => {
    const link = puzzleLink('https://dama.example/app/', '2026-12-06');
    expect(link).toBe('https://dama.example/app/#/puzzle?date=2026-12-06');
    expect(withLink('Dama daily puzzle #11 ✅ 1st try · 🔥 1 day', link)).toBe(
      'Dama daily puzzle #11 ✅ 1st try · 🔥 1 day\nhttps://dama.example/app/#/puzzle?date=2026-12-06',
    );
    expect(withLink('no page known', undefined)).toBe('no page known');
  });

  it('opens the day it names, and only a well-formed day', () => {
    expect(linkedDate(new URL(puzzleLink('https://dama.example/', '2026-11-30')).hash)).toBe('2026-11-30');
    expect(linkedDate('#/puzzle?date=2026-11-30&x=1')).toBe('2026-11-30');
    expect(linkedDate('#/puzzle')).toBeUndefined();
    expect(linkedDate('#/puzzle?date=yesterday')).toBeUndefined();
    expect(linkedDate('#/analysis?date=2026-11-30')).toBeUndefined();
  });

  it('is what the share sheet is given', async () => {
    const sent: { text: string }[] = [];
    const nav: ShareTarget = { share: async (d) => void sent.push(d) };
    const text = withLink(
      'Dama puzzle #10 (archive) ✅ 1st try',
      puzzleLink('http://127.0.0.1:4520/', '2026-12-05'),
    );
    expect(await shareText(text, nav)).toBe('shared');
    expect(sent[0].text.split('\n')).toEqual([
      'Dama puzzle #10 (archive) ✅ 1st try',
      'http://127.0.0.1:4520/#/puzzle?date=2026-12-05',
    ]);
  });
});
