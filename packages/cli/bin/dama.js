#!/usr/bin/env node
// The `dama` command. The workspace is TypeScript without a build step, so the sources are loaded through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
