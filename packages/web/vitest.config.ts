import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { tsconfigPaths: true }, // @dama/* from src/ (tsconfig.base.json)
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
  },
});
