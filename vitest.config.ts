// Every package's unit tests, as one Vitest run of projects (`npm run test:unit` leaves out the
// server's process tests; `npm run test:services` runs only them). Each project is a package's
// folder; `@dama/*` resolves to the packages' sources through tsconfig.base.json's paths.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The server's process tests: real PostgreSQL, Redis and server processes, faults and timing. */
const PROCESS_TESTS = ['test/chaos.test.ts', 'test/scale.test.ts', 'test/restart.test.ts'];

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

/** The project of `packages/<dir>`: its tests under src/ and test/, with `test` and `more` added. */
const project = (
  dir: string,
  test: ProjectTest = {},
  more: Omit<TestProjectInlineConfiguration, 'test'> = {},
): TestProjectInlineConfiguration => ({
  resolve: { tsconfigPaths: true },
  ...more,
  test: { name: dir, root: `packages/${dir}`, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], ...test },
});

export default defineConfig({
  test: {
    projects: [
      project('core'),
      project('engine'),
      project('board'),
      project('puzzle'),
      // every test spawns the command (tsx compiles on start): seconds each on a loaded machine
      project('cli', { testTimeout: 60_000 }),
      project(
        'web',
        { include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'] },
        { oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } } },
      ),
      project('server', { exclude: PROCESS_TESTS, testTimeout: 30_000 }),
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
