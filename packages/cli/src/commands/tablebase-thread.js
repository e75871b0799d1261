// Entry of a `dama tablebase build` solver thread: a worker does not inherit the main thread's tsx
// loader, so it registers its own before loading the TypeScript module.
import { register } from 'tsx/esm/api';

register();
await import('./tablebase-thread.ts');
