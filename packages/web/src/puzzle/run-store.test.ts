import { describe, expect, it } from 'vitest';
import { emptyRuns, recordStreak } from '@dama/puzzle';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS, asideKey } from '../lib/storage.ts';
import { RUNS_KEY, keepRuns, loadRuns } from './run-store.ts';

const NOW = 1_765_000_000_000;
const OTHERS = {
  [KEYS.puzzle]: '{"version":1,"days":{"2026-12-09":{"tries":0,"solved":true,"failed":false}},"archive":{}}',
  [KEYS.training]:
    '{"version":1,"player":{"rating":1612,"rd":80,"vol":0.06},"puzzles":{},"history":[],"failed":[]}',
};

function device(runs: string): MemoryKv {
  const kv = new MemoryKv();
  for (const [k, v] of Object.entries(OTHERS)) kv.setItem(k, v);
  kv.setItem(RUNS_KEY, runs);
  return kv;
}

describe('the bests of the runs on the device', () => {
  it('sets an unreadable record aside, starts from nothing, and leaves every other record alone', () => {
    const kv = device('{"version":1,"streak":4,');
    const loaded = loadRuns(kv, NOW);
    expect(loaded).toEqual({ record: emptyRuns(), trouble: true });
    expect(kv.getItem(asideKey(RUNS_KEY, NOW))).toBe('{"version":1,"streak":4,');
    for (const [k, v] of Object.entries(OTHERS)) expect(kv.getItem(k)).toBe(v);
    // read again: the repaired record, no trouble
    expect(loadRuns(kv, NOW + 1)).toEqual({ record: emptyRuns(), trouble: false });
    // a new best is kept as usual
    keepRuns(kv, NOW + 2, (r) => recordStreak(r, 2).record);
    expect(loadRuns(kv, NOW + 3).record.streak).toBe(2);
    expect(kv.getItem(asideKey(RUNS_KEY, NOW))).toBe('{"version":1,"streak":4,');
  });

  it('keeps what it can read of a damaged record, the whole text set aside', () => {
    const text = '{"version":1,"streak":"seven","storm":11,"stormDay":"2026-12-10","stormToday":6}';
    const kv = device(text);
    const loaded = loadRuns(kv, NOW);
    expect(loaded.trouble).toBe(true);
    expect(loaded.record).toEqual({
      version: 1,
      streak: 0,
      storm: 11,
      stormDay: '2026-12-10',
      stormToday: 6,
    });
    expect(kv.getItem(asideKey(RUNS_KEY, NOW))).toBe(text);
    expect(JSON.parse(kv.getItem(RUNS_KEY)!)).toEqual(loaded.record);
    for (const [k, v] of Object.entries(OTHERS)) expect(kv.getItem(k)).toBe(v);
  });

  it('reads a sound record as it is, and writes nothing when nothing is beaten', () => {
    const text = JSON.stringify({ version: 1, streak: 5, storm: 3, stormDay: '2026-12-10', stormToday: 3 });
    const kv = device(text);
    expect(loadRuns(kv, NOW).trouble).toBe(false);
    let writes = 0;
    const set = kv.setItem.bind(kv);
    kv.setItem = (k, v) => {
      writes++;
      set(k, v);
    };
    keepRuns(kv, NOW, (r) => recordStreak(r, 4).record);
    expect(writes).toBe(0);
    expect(kv.getItem(RUNS_KEY)).toBe(text);
  });
});
