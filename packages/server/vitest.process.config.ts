import { defineProject } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.config.ts';

/**
 * The tests that start real processes (PostgreSQL, Redis, server instances) and inject faults.
 * They judge clocks to a second, so they run after every other project, one file at a time, with
 * the machine's two cores to themselves.
 */
export default defineProject({
  resolve: { tsconfigPaths: true },
  test: {
    name: 'server-process',
    include: PROCESS_TESTS,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
  },
});
