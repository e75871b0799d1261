import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { tsconfigPaths: true }, // @dama/* from src/ (tsconfig.base.json)
  test: {
    name: 'core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
