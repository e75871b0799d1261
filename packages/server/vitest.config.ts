import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { tsconfigPaths: true }, // @dama/* from src/ (tsconfig.base.json)
  test: { name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
