import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBank, type Puzzle } from './bank.ts';
import { BANK_RULES, buildBanks, describeEntry, TRAINING_RULES, type MinedRecord } from './build.ts';
import { countBank, duplicateProblems, shareProblems } from './verify.ts';
import { parsePosition, unwrap } from '@dama/core';
import { dailyLevelOf, levelOf } from './hardness.ts';
import { lineRuleBroken } from './mine.ts';

const read = (name: string) => readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');
const bank = (kind: 'daily' | 'training') => {
  const r = parseBank(read(`${kind}.tsv`), kind);
  if (!r.ok) throw new Error(r.error);
  return r.value.filter((p) => p.source !== 'edition-1');
};
const all = [...bank('daily'), ...bank('training')];
const lopsided = all.filter((p) => describeEntry(p)?.lopsided);
/** As many lopsided puzzles of the shipped banks as others: half lopsided. */
const shipped = [...lopsided, ...all.filter((p) => !describeEntry(p)?.lopsided).slice(0, lopsided.length)];

/** Those puzzles as the miner would have written them. */
const mined: MinedRecord[] = shipped.map((p, i) => ({
  fen: p.fen,
  moves: p.moves,
  line: p.line,
  source: p.source,
  stats: { legal: 12, depth: 2, nodes: 100 + i },
  game: i,
}));

describe('building the banks from candidates', () => {
  it('fills the daily bank to its target within its shares, the training pool with the rest', () => {
    const r = buildBanks({ daily: [], training: [], candidates: mined, dailyTarget: 60 });
    expect(r.daily).toHaveLength(60);
    expect(r.training.length).toBeGreaterThan(0);
    expect(shareProblems('daily', countBank(r.daily), 0, BANK_RULES)).toEqual([]);
    expect(shareProblems('training', countBank(r.training), 0, TRAINING_RULES)).toEqual([]);
    expect(duplicateProblems(r.daily, r.training)).toEqual([]);
    const s = r.skipped;
    expect(
      r.daily.length + r.training.length + s.duplicate + s.perGame + s.shares + s.invalid + s.rules,
    ).toBe(mined.length);
    // The second edition's banks hold puzzles that the line rules now turn away; none gets in.
    expect(s.rules).toBeGreaterThan(0);
    for (const p of [...r.daily, ...r.training])
      expect(lineRuleBroken(unwrap(parsePosition(p.fen)), p.line), `#${p.id}`).toBeUndefined();
    // Levels are the hardness measure's: the daily one for the daily bank, the pool's for training.
    for (const p of r.daily) expect(p.difficulty).toBe(dailyLevelOf(p));
    for (const p of r.training) expect(p.difficulty).toBe(levelOf(p));
    // The lopsided half cannot all fit under a fifth: some are turned away, never squeezed in.
    expect(s.shares).toBeGreaterThan(0);
    expect(r.daily.map((p) => p.id)).toEqual(r.daily.map((_, i) => i + 1));
  });

  it('only appends: what a bank holds stays, in place, and candidates already in a bank are skipped', () => {
    const first = buildBanks({ daily: [], training: [], candidates: mined.slice(0, 300), dailyTarget: 60 });
    const second = buildBanks({
      daily: first.daily,
      training: first.training,
      candidates: mined,
      dailyTarget: 100,
    });
    const same = (a: readonly Puzzle[], b: readonly Puzzle[]) => expect(b.slice(0, a.length)).toEqual(a);
    same(first.daily, second.daily);
    same(first.training, second.training);
    expect(second.skipped.duplicate).toBeGreaterThanOrEqual(first.daily.length + first.training.length);
    expect(duplicateProblems(second.daily, second.training)).toEqual([]);
    const again = buildBanks({
      daily: second.daily,
      training: second.training,
      candidates: mined,
      dailyTarget: 100,
    });
    expect(again.added).toEqual({ daily: 0, training: 0 });
  });

  it('numbers new training puzzles after the highest id, leaving the gaps of puzzles taken out', () => {
    const half = mined.filter((_, i) => i % 2 === 0);
    const first = buildBanks({ daily: [], training: [], candidates: half, dailyTarget: 60 });
    const kept = first.training.filter((p) => p.id % 2 === 1);
    const highest = kept[kept.length - 1].id;
    const next = buildBanks({ daily: first.daily, training: kept, candidates: mined, dailyTarget: 60 });
    expect(next.training.slice(0, kept.length)).toEqual(kept);
    const added = next.training.slice(kept.length).map((p) => p.id);
    expect(added.length).toBeGreaterThan(0);
    expect(added).toEqual(added.map((_, i) => highest + i + 1));
  });
});
