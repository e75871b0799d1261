import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server's process tests run last, alone (packages/server/vitest.process.config.ts).
    projects: ['packages/*', 'packages/server/vitest.process.config.ts'],
  },
});
