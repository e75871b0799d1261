import { describe, expect, it } from 'vitest';
import {
  EnginePlayer,
  gamesToPdn,
  matchStats,
  openingSuite,
  pickOpeningIndices,
  pickOpenings,
  playMatch,
} from '../src/index.ts';

describe('match', () => {
  it('builds the opening suite of distinct positions', () => {
    expect(openingSuite(1).length).toBe(8);
    expect(openingSuite(2).length).toBe(64);
    expect(pickOpenings(openingSuite(2), 4).length).toBe(4);
  });

  it('spreads picked openings evenly, so a longer pick of the same suite contains a shorter one', () => {
    expect(pickOpeningIndices(456, 4)).toEqual([0, 114, 228, 342]);
    expect(pickOpeningIndices(8, 20)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const twenty = pickOpeningIndices(456, 20);
    const forty = pickOpeningIndices(456, 40);
    expect(twenty.every((i) => forty.includes(i))).toBe(true);
    const suite = openingSuite(2);
    expect(pickOpenings(suite, 5)).toEqual(pickOpeningIndices(64, 5).map((i) => suite[i]));
  });

  it('computes Elo, its error and the SPRT', () => {
    const even = matchStats(10, 80, 10);
    expect(even.score).toBe(0.5);
    expect(Math.abs(even.elo)).toBeLessThan(1e-9);
    expect(even.error).toBeGreaterThan(0);
    const strong = matchStats(300, 100, 20);
    expect(strong.elo).toBeGreaterThan(150);
    expect(strong.sprt).toBe('H1');
    expect(matchStats(20, 100, 300).sprt).toBe('H0');
  });

  it('plays a small match, refereed, and writes PDN', async () => {
    const a = new EnginePlayer({ level: 'medium', limits: { nodes: 300 } });
    const b = new EnginePlayer({ level: 'easy', limits: { nodes: 100 } });
    const { stats, games } = await playMatch(a, b, { openings: pickOpenings(openingSuite(2), 2) });
    expect(stats.games).toBe(4);
    expect(games.every((g) => g.result !== '*')).toBe(true);
    const pdn = gamesToPdn(games);
    expect(pdn).toContain('[GameType "30"]');
    expect(pdn.match(/\[Event /g)?.length).toBe(4);
  });
});
