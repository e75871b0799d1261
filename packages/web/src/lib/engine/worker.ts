// How the browser starts the engine: Vite bundles @dama/engine's worker entry as its own chunk
// (an ES-module worker), so none of the engine is in the page's initial JavaScript.
import EngineWorker from '@dama/engine/worker?worker';
import type { WorkerLike } from './client.ts';

export const spawnEngineWorker = (): WorkerLike => new EngineWorker() as unknown as WorkerLike;
