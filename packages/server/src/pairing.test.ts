import type { Color } from '@dama/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockList, Seek } from './pairing.ts';
import * as P from './pairing.ts';

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BLITZ = { initial: 180_000, increment: 2_000 };

let ids = 0;
const seek = (player: string, rating: number, more: Partial<Seek> = {}): Seek => ({
  id: `s${++ids}`,
  player,
  rating,
  clock: BLITZ,
  rated: true,
  range: null,
  createdAt: T0 + ids,
  ...more,
});
const NOBODY: BlockList = () => new Set();
const blocks =
  (list: Record<string, string[]>): BlockList =>
  (player) =>
    new Set(list[player] ?? []);
const names = (pairs: [Seek, Seek][]) => pairs.map(([a, b]) => [a.player, b.player]);

describe('compatible', () => {
  it('needs each rating within the other range, both ways, bounds included', () => {
    const a = seek('a', 1500, { range: { min: 1400, max: 1600 } });
    expect(P.compatible(a, seek('b', 1600), NOBODY)).toBe(true);
    expect(P.compatible(a, seek('b', 1601), NOBODY)).toBe(false);
    expect(P.compatible(a, seek('b', 1399), NOBODY)).toBe(false);
    // b's range refuses a, though a accepts b.
    const b = seek('b', 1550, { range: { min: 1510, max: 1700 } });
    expect(P.compatible(a, b, NOBODY)).toBe(false);
    expect(P.compatible(b, a, NOBODY)).toBe(false);
    expect(P.compatible(a, { ...b, range: { min: 1500, max: 1700 } }, NOBODY)).toBe(true);
  });

  it('needs the same time control', () => {
    const a = seek('a', 1500);
    expect(P.compatible(a, seek('b', 1500, { clock: { initial: 180_000, increment: 0 } }), NOBODY)).toBe(
      false,
    );
    expect(P.compatible(a, seek('b', 1500, { clock: { days: 3 } }), NOBODY)).toBe(false);
    const mail = seek('a', 1500, { clock: { days: 3 } });
    expect(P.compatible(mail, seek('b', 1500, { clock: { days: 3 } }), NOBODY)).toBe(true);
    expect(P.compatible(mail, seek('b', 1500, { clock: { days: 7 } }), NOBODY)).toBe(false);
  });

  it('needs the same rated flag', () => {
    expect(P.compatible(seek('a', 1500), seek('b', 1500, { rated: false }), NOBODY)).toBe(false);
    expect(P.compatible(seek('a', 1500, { rated: false }), seek('b', 1500, { rated: false }), NOBODY)).toBe(
      true,
    );
  });

  it('refuses a pair when either player blocked the other', () => {
    const a = seek('a', 1500);
    const b = seek('b', 1500);
    expect(P.compatible(a, b, blocks({ a: ['b'] }))).toBe(false);
    expect(P.compatible(a, b, blocks({ b: ['a'] }))).toBe(false);
    expect(P.compatible(b, a, blocks({ a: ['b'] }))).toBe(false);
    expect(P.compatible(a, b, blocks({ a: ['c'], c: ['b'] }))).toBe(true);
  });

  it('never pairs a player with themself', () => {
    expect(P.compatible(seek('a', 1500), seek('a', 1500), NOBODY)).toBe(false);
  });

  it('ignores provisional: a provisional rating is checked against ranges like any other', () => {
    const a = seek('a', 1500, { range: { min: 1400, max: 1600 } });
    expect(P.compatible(a, seek('b', 1500, { provisional: true }), NOBODY)).toBe(true);
  });
});

describe('pair', () => {
  it('takes the oldest seek first, with its closest compatible partner', () => {
    const a = seek('a', 1500);
    const b = seek('b', 1800);
    const c = seek('c', 1540);
    const d = seek('d', 1790);
    const { pairs, remaining } = P.pair([a, b, c, d], NOBODY);
    expect(names(pairs)).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    expect(remaining).toEqual([]);
  });

  it('breaks a tie in rating for the older seek', () => {
    const a = seek('a', 1500);
    const older = seek('b', 1450);
    const newer = seek('c', 1550);
    expect(names(P.pair([a, newer, older], NOBODY).pairs)).toEqual([['a', 'b']]);
  });

  it('orders by createdAt whatever the order given, and keeps the rest oldest first', () => {
    const late = seek('late', 1500, { createdAt: T0 + 1000 });
    const early = seek('early', 1900, { createdAt: T0 });
    const mid = seek('mid', 2400, { createdAt: T0 + 500, rated: false });
    const { pairs, remaining } = P.pair([late, mid, early], NOBODY);
    expect(names(pairs)).toEqual([['early', 'late']]);
    expect(remaining).toEqual([mid]);
  });

  it('pairs nothing across time controls, rated flags, ranges or blocks', () => {
    const pool = [
      seek('a', 1500),
      seek('b', 1500, { rated: false }),
      seek('c', 1500, { clock: { days: 1 } }),
      seek('d', 1500, { range: { min: 1600, max: 2000 } }),
      seek('e', 1500, { clock: { days: 1 } }),
    ];
    const { pairs, remaining } = P.pair(pool, blocks({ e: ['c'] }));
    expect(pairs).toEqual([]);
    expect(remaining).toEqual(pool);
  });

  it('puts a player in one pair at most; their other seeks stay', () => {
    const a1 = seek('a', 1500);
    const a2 = seek('a', 1500, { clock: { days: 3 } });
    const b = seek('b', 1500);
    const c = seek('c', 1500, { clock: { days: 3 } });
    const { pairs, remaining } = P.pair([a1, a2, b, c], NOBODY);
    expect(names(pairs)).toEqual([['a', 'b']]);
    expect(remaining).toEqual([a2, c]);
    // With a's first game under way, the server may keep a2: the next call pairs it.
    expect(names(P.pair(remaining, NOBODY).pairs)).toEqual([['a', 'c']]);
  });

  it('is greedy, not a maximum matching: the oldest takes its closest even if that strands another', () => {
    // a's closest is b; c accepts only b. A maximum matching would pair a–d and b–c.
    const a = seek('a', 1500);
    const b = seek('b', 1510);
    const c = seek('c', 1700, { range: { min: 1505, max: 1515 } });
    const d = seek('d', 1300, { range: { min: 1400, max: 1600 } });
    const { pairs, remaining } = P.pair([a, b, c, d], NOBODY);
    expect(names(pairs)).toEqual([['a', 'b']]);
    expect(remaining).toEqual([c, d]);
  });

  it('never widens a range, however long the seek has waited', () => {
    const a = seek('a', 1500, { createdAt: T0 - DAY, range: { min: 1450, max: 1550 } });
    expect(P.pair([a, seek('b', 1551)], NOBODY).pairs).toEqual([]);
  });
});

describe('pair on random pools (properties)', () => {
  const CLOCKS = [BLITZ, { initial: 60_000, increment: 0 }, { days: 3 }];
  const players = fc.constantFrom('p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9');
  const arbSeek = fc
    .record({
      player: players,
      rating: fc.integer({ min: 0, max: 20 }).map((n) => 1300 + 25 * n), // ties happen
      clock: fc.constantFrom(...CLOCKS),
      rated: fc.boolean(),
      range: fc.option(
        fc.record({ below: fc.integer({ min: 0, max: 300 }), above: fc.integer({ min: 0, max: 300 }) }),
      ),
      createdAt: fc.integer({ min: 0, max: 20 }).map((n) => T0 + 100 * n), // so do equal times
    })
    .map(({ range, ...s }) => ({
      ...s,
      range: range && { min: s.rating - range.below, max: s.rating + range.above },
    }));
  const arbPool = fc
    .array(arbSeek, { maxLength: 30 })
    .map((seeks) => seeks.map((s, i): Seek => ({ ...s, id: `s${i}` })));
  const arbBlocks = fc.array(fc.tuple(players, players), { maxLength: 8 }).map((edges): BlockList => {
    const list: Record<string, string[]> = {};
    for (const [by, whom] of edges) (list[by] ??= []).push(whom);
    return blocks(list);
  });

  it('pairs only compatible seeks, each seek and each player at most once, and loses none', () => {
    fc.assert(
      fc.property(arbPool, arbBlocks, (pool, blockedBy) => {
        const { pairs, remaining } = P.pair(pool, blockedBy);
        for (const [a, b] of pairs) expect(P.compatible(a, b, blockedBy)).toBe(true);
        const pairedIds = pairs.flat().map((s) => s.id);
        expect(new Set(pairedIds).size).toBe(pairedIds.length);
        const pairedPlayers = pairs.flat().map((s) => s.player);
        expect(new Set(pairedPlayers).size).toBe(pairedPlayers.length);
        expect([...pairedIds, ...remaining.map((s) => s.id)].sort()).toEqual(pool.map((s) => s.id).sort());
        for (let i = 1; i < remaining.length; i++)
          expect(remaining[i].createdAt).toBeGreaterThanOrEqual(remaining[i - 1].createdAt);
      }),
    );
  });

  it('is maximal: two remaining seeks are compatible only if one of their players was just paired', () => {
    fc.assert(
      fc.property(arbPool, arbBlocks, (pool, blockedBy) => {
        const { pairs, remaining } = P.pair(pool, blockedBy);
        const paired = new Set(pairs.flat().map((s) => s.player));
        for (const a of remaining)
          for (const b of remaining)
            if (a !== b && P.compatible(a, b, blockedBy))
              expect(paired.has(a.player) || paired.has(b.player)).toBe(true);
      }),
    );
  });

  it('with one seek per player, no two remaining seeks are compatible', () => {
    fc.assert(
      fc.property(arbPool, arbBlocks, (pool, blockedBy) => {
        const onePerPlayer = pool.filter((s, i) => pool.findIndex((t) => t.player === s.player) === i);
        const { remaining } = P.pair(onePerPlayer, blockedBy);
        for (const a of remaining)
          for (const b of remaining) if (a !== b) expect(P.compatible(a, b, blockedBy)).toBe(false);
      }),
    );
  });

  it('gives the oldest seek first its closest free compatible partner (ties: the older)', () => {
    fc.assert(
      fc.property(arbPool, arbBlocks, (pool, blockedBy) => {
        const { pairs } = P.pair(pool, blockedBy);
        const order = (s: Seek) => [s.createdAt, pool.indexOf(s)];
        const older = (x: Seek, y: Seek) => {
          const [a, b] = [order(x), order(y)];
          return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
        };
        pairs.forEach(([a, b], k) => {
          if (k > 0) expect(older(pairs[k - 1][0], a)).toBe(true);
          expect(older(a, b)).toBe(true);
          const gone = pairs.slice(0, k).flat();
          const busy = new Set(gone.map((s) => s.player));
          for (const c of pool) {
            if (c === a || c === b || gone.includes(c) || busy.has(c.player)) continue;
            if (!P.compatible(a, c, blockedBy)) continue;
            const [gapB, gapC] = [Math.abs(b.rating - a.rating), Math.abs(c.rating - a.rating)];
            expect(gapC > gapB || (gapC === gapB && older(b, c))).toBe(true);
          }
        });
      }),
    );
  });

  it('depends on the seeks, not on the order they are given in (distinct times)', () => {
    fc.assert(
      fc.property(arbPool, arbBlocks, (pool, blockedBy) => {
        const timed = pool.map((s, i) => ({ ...s, createdAt: T0 + i }));
        const ids = (pairs: [Seek, Seek][]) => pairs.map(([a, b]) => [a.id, b.id]);
        expect(ids(P.pair([...timed].reverse(), blockedBy).pairs)).toEqual(
          ids(P.pair(timed, blockedBy).pairs),
        );
      }),
    );
  });
});

describe('colours', () => {
  const never = () => {
    throw new Error('chance was not needed');
  };
  const W = 'white';
  const B = 'black';

  it('gives White to the player who had Black more often lately', () => {
    expect(P.chooseColors([W, W, B], [B, W, B], never)).toEqual([B, W]);
    expect(P.chooseColors([B, B, W], [], never)).toEqual([W, B]);
    expect(P.chooseColors([], [B], never)).toEqual([B, W]);
  });

  it('counts only the last 10 games', () => {
    const old = [...Array<Color>(5).fill(W), ...Array<Color>(10).fill(B)];
    // Over all 15 games it had 5 whites and 10 blacks (balance −5, so White would go to the other,
    // at −10); over the last 10, all black: level, and chance decides.
    expect(P.chooseColors(old, [...Array<Color>(10).fill(B)], () => 0.2)).toEqual([W, B]);
    expect(P.chooseColors(old, [...Array<Color>(9).fill(B), W], never)).toEqual([W, B]);
  });

  it('with balances equal, gives White to the one who had Black last', () => {
    expect(P.chooseColors([W, B], [B, W], never)).toEqual([W, B]);
    expect(P.chooseColors([B, W], [W, B], never)).toEqual([B, W]);
    expect(P.chooseColors([W, B], [], never)).toEqual([W, B]);
    expect(P.chooseColors([], [B, W], never)).toEqual([W, B]);
  });

  it('leaves the rest to the injected chance', () => {
    expect(P.chooseColors([], [], () => 0.2)).toEqual([W, B]);
    expect(P.chooseColors([], [], () => 0.7)).toEqual([B, W]);
    expect(P.chooseColors([W, B], [W, B], () => 0.5)).toEqual([B, W]);
  });

  it('keeps a player even against opponents with any history: alternating against newcomers', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { maxLength: 200 }), (coins) => {
        const mine: Color[] = [];
        let i = 0;
        for (const coin of coins) {
          mine.push(P.chooseColors(mine, [], () => coin)[0]);
          i++;
          const whites = mine.filter((c) => c === W).length;
          expect(Math.abs(2 * whites - i)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('keeps both players of a series level: two players paired again and again alternate', () => {
    const a: Color[] = [];
    const b: Color[] = [];
    for (let i = 0; i < 20; i++) {
      const [ca, cb] = P.chooseColors(a, b, () => 0.3);
      a.push(ca);
      b.push(cb);
    }
    expect(a.join(' ')).toBe(Array.from({ length: 10 }, () => 'white black').join(' '));
  });
});

describe('abort pauses', () => {
  const aborts = (...offsets: number[]) => offsets.map((o) => T0 + o);

  it('pauses nobody for one or two aborts in 24 h, and 5 minutes for the third', () => {
    expect(P.pauseUntil(aborts(0), T0)).toBeNull();
    expect(P.pauseUntil(aborts(0, HOUR), T0 + HOUR)).toBeNull();
    const three = aborts(0, HOUR, 2 * HOUR);
    expect(P.pauseUntil(three, T0 + 2 * HOUR)).toBe(T0 + 2 * HOUR + 5 * MINUTE);
    expect(P.pauseUntil(three, T0 + 2 * HOUR + 5 * MINUTE - 1)).toBe(T0 + 2 * HOUR + 5 * MINUTE);
    expect(P.pauseUntil(three, T0 + 2 * HOUR + 5 * MINUTE)).toBeNull();
  });

  it('counts aborts within 24 h only', () => {
    expect(P.pauseUntil(aborts(0, 12 * HOUR, DAY), T0 + DAY)).toBeNull();
    expect(P.pauseUntil(aborts(0, 12 * HOUR, DAY - 1), T0 + DAY - 1)).toBe(T0 + DAY - 1 + 5 * MINUTE);
  });

  it('escalates: 5 min, 15 min, 1 h, then 24 h for every further abort before a clean day', () => {
    const seq = [0, HOUR, 2 * HOUR];
    const expected = [5 * MINUTE, 15 * MINUTE, HOUR, DAY, DAY];
    let t = 2 * HOUR;
    expected.forEach((pause, k) => {
      if (k > 0) {
        // The player plays again once paused out, and lets the next paired game abort 1 h later.
        t += expected[k - 1] + HOUR;
        seq.push(t);
      }
      expect(P.pauseUntil(aborts(...seq), T0 + t)).toBe(T0 + t + pause);
    });
  });

  it('falls a level for each clean day after the pause', () => {
    const level2 = [0, HOUR, 2 * HOUR, 3 * HOUR]; // paused 5 min, then 15 min from 3 h
    const end = 3 * HOUR + 15 * MINUTE;
    // One clean day: back to level 1, so the next abort is the second offence again (15 min)...
    const t1 = end + DAY + HOUR;
    expect(P.pauseUntil(aborts(...level2, t1), T0 + t1)).toBe(T0 + t1 + 15 * MINUTE);
    // ...where a day less one minute was not clean: the third offence (1 h).
    const t2 = end + DAY - MINUTE;
    expect(P.pauseUntil(aborts(...level2, t2), T0 + t2)).toBe(T0 + t2 + HOUR);
    // Two clean days: level 0, and a single abort is forgiven again.
    const t3 = end + 2 * DAY;
    expect(P.pauseUntil(aborts(...level2, t3), T0 + t3)).toBeNull();
  });

  it('counts clean days from the end of a pause, not from the abort', () => {
    // Offences at 2 h, 3 h, 4 h and 6 h: paused 5 min, 15 min, 1 h, then 24 h.
    const seq = [0, HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR];
    const pauseEnd = 6 * HOUR + DAY;
    expect(P.pauseUntil(aborts(...seq), T0 + 6 * HOUR)).toBe(T0 + pauseEnd);
    const next = pauseEnd + DAY - HOUR; // 47 h after the abort, but not a clean day after the pause
    expect(P.pauseUntil(aborts(...seq, next), T0 + next)).toBe(T0 + next + DAY);
  });

  it('never shortens a pause: an abort during one (a game paired before it) adds its own', () => {
    const seq = [0, HOUR, 2 * HOUR, 2 * HOUR + MINUTE]; // the fourth lands within the 5-minute pause
    expect(P.pauseUntil(aborts(...seq), T0 + 2 * HOUR + MINUTE)).toBe(T0 + 2 * HOUR + MINUTE + 15 * MINUTE);
  });

  it('ignores aborts after now and the order they are given in', () => {
    expect(P.pauseUntil(aborts(0, HOUR, 2 * HOUR), T0 + HOUR)).toBeNull();
    expect(P.pauseUntil(aborts(2 * HOUR, 0, HOUR), T0 + 2 * HOUR)).toBe(T0 + 2 * HOUR + 5 * MINUTE);
  });

  const history = fc.array(
    fc.oneof(fc.integer({ min: 0, max: 12 * DAY }), fc.integer({ min: 0, max: 3 * HOUR })),
    { maxLength: 25 },
  );

  it('depends on the set of aborts only (property)', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 14 * DAY }), (h, at) => {
        const sorted = [...h].sort((x, y) => x - y).map((o) => T0 + o);
        const reversed = [...sorted].reverse();
        expect(P.pauseUntil(reversed, T0 + at)).toBe(P.pauseUntil(sorted, T0 + at));
      }),
    );
  });

  it('is never longer than a day after the last abort (property)', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 14 * DAY }), (h, at) => {
        const past = h.map((o) => T0 + o).filter((t) => t <= T0 + at);
        const until = P.pauseUntil(past, T0 + at);
        if (until !== null) expect(until).toBeLessThanOrEqual(Math.max(...past) + DAY);
      }),
    );
  });

  it('forgets only what no longer matters: relevantAborts keeps every later answer (property)', () => {
    fc.assert(
      fc.property(
        history,
        fc.integer({ min: 0, max: 12 * DAY }),
        fc.array(fc.integer({ min: 0, max: 2 * DAY }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 8 * DAY }),
        (h, at, later, after) => {
          const now = T0 + at;
          const all = h.map((o) => T0 + o);
          const kept = P.relevantAborts(all, now);
          expect(kept.length).toBeLessThanOrEqual(all.length);
          const more = later.map((o) => now + o);
          const t = now + after;
          expect(P.pauseUntil([...kept, ...more], t)).toBe(P.pauseUntil([...all, ...more], t));
        },
      ),
    );
  });

  it('forgets everything after 5 days without an abort', () => {
    expect(P.FORGET_AFTER).toBe(5 * DAY);
    const h = aborts(0, HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR);
    expect(P.relevantAborts(h, T0 + 4 * HOUR + 5 * DAY)).toEqual([]);
    expect(P.relevantAborts([...h, T0 + 10 * DAY], T0 + 10 * DAY)).toEqual([T0 + 10 * DAY]);
    expect(P.relevantAborts(h, T0 + 4 * HOUR + 5 * DAY - 1)).toEqual(h);
  });
});
