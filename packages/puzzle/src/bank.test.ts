import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { parseBank, prettyJson } from './bank.ts';

const config = JSON.parse(readFileSync(new URL('../../../.prettierrc.json', import.meta.url), 'utf8'));

describe('prettyJson', () => {
  it('prints JSON exactly as Prettier does', async () => {
    const samples: unknown[] = [
      {
        a: [
          { x: 1, y: 2 },
          { x: 1, y: 2 },
        ],
        b: { c: 1, d: [1, 2] },
        e: ['aa', 'bb'],
        f: { g: null },
      },
      { long: 'x'.repeat(120), list: Array.from({ length: 30 }, (_, i) => `move${i}`) },
      {
        nested: { deeper: { deepest: { key: 'v'.repeat(70), other: 'w'.repeat(20) } } },
        empty: {},
        none: [],
      },
      { exact: 'y'.repeat(97) },
      { exact: 'y'.repeat(98) },
    ];
    for (const s of samples) {
      const text = prettyJson(s);
      expect(text).toBe(await format(text, { ...config, parser: 'json' }));
      expect(JSON.parse(text)).toEqual(s);
    }
  });
});

describe('parseBank', () => {
  it('checks the shape', () => {
    expect(parseBank(null).ok).toBe(false);
    expect(parseBank({ version: 1, seed: 1, puzzles: [] }).ok).toBe(true);
    expect(parseBank({ version: 1, seed: 1, puzzles: [{ id: 1 }] })).toEqual({
      ok: false,
      error: 'puzzle 1: fen is not text',
    });
  });
});
