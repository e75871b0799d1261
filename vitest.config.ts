// Every package's tests, as one Vitest run of projects, in three tiers that also run alone:
// - the unit tests: one project per package (`npm run test:unit`), none needs a service;
// - the slow tests (`npm run test:slow`): the files that take seconds each (`SLOW`), no service;
// - the server's process tests (`npm run test:services`): real PostgreSQL, Redis and servers.
// Each package project is its folder; `@dama/*` resolves to the packages' sources through
// tsconfig.base.json's paths.
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The server's process tests: real PostgreSQL, Redis and server processes, faults and timing. */
const PROCESS_TESTS = ['test/chaos.test.ts', 'test/scale.test.ts', 'test/restart.test.ts'];

/** The slow test files of each package (seconds each on the 2-core machine), run as `slow`. */
const SLOW: Record<string, string[]> = {
  core: ['test/crosscheck.test.ts'],
  engine: ['test/selfplay.test.ts', 'test/bench.test.ts'],
  'engine-lab': ['test/tablebase.test.ts'],
  cli: ['test/cli.test.ts'],
  web: ['src/learn/catalogue.test.ts'],
  server: ['test/server.test.ts', 'test/hostile.test.ts'],
};

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

/** The project of `packages/<dir>`: its tests under src/ and test/, with `test` and `more` added. */
const project = (
  dir: string,
  test: ProjectTest = {},
  more: Omit<TestProjectInlineConfiguration, 'test'> = {},
): TestProjectInlineConfiguration => ({
  resolve: { tsconfigPaths: true },
  ...more,
  test: {
    name: dir,
    root: `packages/${dir}`,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    ...test,
    exclude: [...(test.exclude ?? ['**/node_modules/**']), ...(SLOW[dir] ?? [])],
  },
});

export default defineConfig({
  test: {
    // one file per core (Vitest's default leaves one core idle: on the 2-core machine, one file at a time)
    maxWorkers: availableParallelism(),
    projects: [
      project('core'),
      project('engine'),
      project('engine-lab'),
      project('board'),
      project('puzzle'),
      // every test spawns the command (tsx compiles on start): seconds each on a loaded machine
      project('cli', { testTimeout: 60_000 }),
      project(
        'web',
        { include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'] },
        { oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } } },
      ),
      project('server', { exclude: ['**/node_modules/**', ...PROCESS_TESTS], testTimeout: 30_000 }),
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: 'slow',
          include: Object.entries(SLOW).flatMap(([dir, files]) => files.map((f) => `packages/${dir}/${f}`)),
          testTimeout: 120_000,
        },
      },
      // They judge clocks to a second, so they run after every other project, one file at a time,
      // with the machine's two cores to themselves.
      project('server', {
        name: 'server-process',
        include: PROCESS_TESTS,
        fileParallelism: false,
        sequence: { groupOrder: 1 },
        testTimeout: 30_000,
      }),
    ],
  },
});
