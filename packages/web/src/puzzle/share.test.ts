import { describe, expect, it } from 'vitest';
import { shareText, type ShareTarget } from './share.ts';

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
