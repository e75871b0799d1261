import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'board',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
