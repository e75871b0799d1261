import { describe, expect, it } from 'vitest';
import { defaultSettings, readSettings } from './settings.ts';

describe('readSettings', () => {
  it('keeps valid fields and defaults the rest', () => {
    const s = readSettings(
      { lang: 'en', theme: 'two-tone', sound: false, animation: 'warp', drawRules: { kingVsMan: true } },
      'tr',
    );
    expect(s).toEqual({
      ...defaultSettings('tr'),
      lang: 'en',
      theme: 'two-tone',
      sound: false,
      drawRules: { onePieceEach: false, kingVsMan: true, kingsOnly: false },
    });
  });

  it('refuses what is not an object', () => {
    expect(readSettings('x', 'tr')).toBeUndefined();
    expect(readSettings(null, 'tr')).toBeUndefined();
  });
});
