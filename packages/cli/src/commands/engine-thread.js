// Entry of the `dama engine` search thread: a worker does not inherit the main thread's tsx loader,
// so it registers its own (with the repository's tsconfig.json, as bin/dama.js does) before loading
// the TypeScript module.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) });
await import('./engine-thread.ts');
