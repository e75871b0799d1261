import { describe, expect, it } from 'vitest';
import { parseParams } from '../scripts/params.ts';

describe('--params of the search scripts', () => {
  it('is absent without the option', () => {
    expect(parseParams(undefined)).toBeUndefined();
  });

  it('reads the search margins it names', () => {
    expect(parseParams('{"lmrSacrifice":64,"pruneSacrifice":1}')).toEqual({
      lmrSacrifice: 64,
      pruneSacrifice: 1,
    });
    expect(parseParams('{}')).toEqual({});
  });

  it('refuses what is not an object of known numeric margins', () => {
    for (const text of [
      '',
      'nope',
      '[1]',
      'null',
      '3',
      '{"bogus":1}',
      '{"aspiration":"25"}',
      '{"aspiration":null}',
    ])
      expect(parseParams(text), text).toMatch(/^--params must be a JSON object of numbers/);
  });
});
