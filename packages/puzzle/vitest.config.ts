import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'puzzle',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
