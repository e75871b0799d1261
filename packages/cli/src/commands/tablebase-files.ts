/**
 * Where the CLI's tablebase files live: `packages/web/public/tb/` by default, so the web app serves the
 * same files under `/tb/` (see packages/engine/README.md); `--tb DIR` or `DAMA_TB` chooses another.
 * Reading and writing them is `@dama/engine/node`'s.
 */
import { fileURLToPath } from 'node:url';
import type { Tablebase } from '@dama/engine';
import { fileTablebase as engineFileTablebase } from '@dama/engine/node';

export const DEFAULT_TB_DIR = fileURLToPath(new URL('../../../web/public/tb/', import.meta.url));

/** The directory named by `--tb`, else `DAMA_TB`, else the default. */
export const tablebaseDir = (option?: string | true): string =>
  typeof option === 'string' ? option : (process.env.DAMA_TB ?? DEFAULT_TB_DIR);

/** Tables read from `dir` when a search first needs them; a damaged file is reported once on standard error and not used. */
export const fileTablebase = (dir: string): Tablebase =>
  engineFileTablebase(dir, (e) => process.stderr.write(`dama: ${e.message}\n`));
