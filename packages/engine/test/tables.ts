/**
 * The endgame tables of up to three pieces for the tests, read from `tables/` (15 class files, 39 KB,
 * the engine's own file format). The lab's builder makes them (`npx dama tablebase build --max 3
 * --out packages/engine/test/tables`), and its tests check that these files hold exactly what it
 * builds, so the engine's tests use solved tables without the builder.
 */
import { fileURLToPath } from 'node:url';
import { loadTablebase } from '../src/node.ts';
import type { Tablebase } from '../src/tablebase.ts';

/** The folder of the test tables. */
export const TEST_TABLES = fileURLToPath(new URL('tables/', import.meta.url));

/** Every class of up to `max` pieces (at most 3), read from the test tables. */
export function testTablebase(max = 3): Tablebase {
  if (max > 3) throw new Error('the test tables go up to three pieces');
  const tb = loadTablebase(TEST_TABLES, max);
  if (tb.maxPieces !== max)
    throw new Error(`the test tables in ${TEST_TABLES} lack classes of ${max} pieces`);
  return tb;
}
