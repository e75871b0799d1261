import { describe, expect, it } from 'vitest';
import { BENCH_SIGNATURE, runBench } from '../src/bench.ts';
import { loadWeightsFile } from '../src/node.ts';

describe('bench', () => {
  it('searches the bench positions to the node-count signature', () => {
    // A different count means the search changed: if that was intended, update BENCH_SIGNATURE.
    expect(runBench(undefined, undefined, loadWeightsFile()).nodes).toBe(BENCH_SIGNATURE);
  }, 180_000);
});
