/**
 * The committed deep scores of the 3-ply suite (scripts/suite3-scores.json, read by
 * `bench:strength --balanced`) belong to today's suite: one score per opening, in its order.
 */
import { readFileSync } from 'node:fs';
import { Position } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { WIN_BOUND } from '@dama/engine';
import { openingSuite } from '../src/index.ts';

const file = new URL('../scripts/suite3-scores.json', import.meta.url);
const { plies, scores } = JSON.parse(readFileSync(file, 'utf8')) as { plies: number; scores: number[] };
const suite = openingSuite(3);

describe('the 3-ply suite scores', () => {
  it('has one whole score per opening of the suite', () => {
    expect(plies).toBe(3);
    expect(scores).toHaveLength(suite.length);
    for (const s of scores) {
      expect(Number.isInteger(s)).toBe(true);
      expect(Math.abs(s)).toBeLessThan(WIN_BOUND);
    }
  });

  it('is in suite order: an opening where White has crowned a king scores far below 0 for Black', () => {
    const crowned = suite
      .map((moves, i) => ({ i, pos: moves.reduce((p, m) => p.play(m), Position.start()) }))
      .filter(({ pos }) => {
        const b = pos.toBoard();
        return b[4] !== 0 || b[5] !== 0;
      });
    expect(crowned.length).toBeGreaterThan(0);
    for (const { i } of crowned) expect(scores[i]).toBeLessThan(-300);
  });
});
