#!/usr/bin/env node
// The `dama` command. The workspace is TypeScript without a build step, so the sources are loaded
// through tsx, with the repository's tsconfig.json (whose paths send @dama/* to the packages' src/)
// wherever the command is started from.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)) });
await import('../src/main.ts');
