import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { tsconfigPaths: true }, // @dama/* from src/ (tsconfig.base.json)
  test: {
    name: 'cli',
    // Every test spawns the command (tsx compiles on start): seconds each on a loaded machine.
    testTimeout: 60_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
