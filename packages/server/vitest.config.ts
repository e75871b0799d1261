import { defineProject } from 'vitest/config';

/** The process tests: real PostgreSQL, Redis and server processes, faults and timing; see vitest.process.config.ts. */
export const PROCESS_TESTS = ['test/chaos.test.ts', 'test/scale.test.ts', 'test/restart.test.ts'];

export default defineProject({
  resolve: { tsconfigPaths: true }, // @dama/* from src/ (tsconfig.base.json)
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: PROCESS_TESTS,
    testTimeout: 30_000,
  },
});
