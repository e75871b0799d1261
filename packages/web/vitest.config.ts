import { defineProject } from 'vitest/config';

export default defineProject({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
  },
});
