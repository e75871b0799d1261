/**
 * The Web Worker entry. The web app starts it with
 *   new Worker(new URL('@dama/engine/worker', import.meta.url), { type: 'module' })
 * (or the path of this file) and talks to it with `EngineRequest` / `EngineResponse` messages
 * (service.ts describes them, the latest-request-wins rule and how stop works).
 *
 * @module @dama/engine/worker
 */
import { EngineService, type EngineRequest, type EngineResponse } from './service.ts';

interface WorkerScope {
  postMessage(message: EngineResponse): void;
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const service = new EngineService((response) => scope.postMessage(response));
scope.onmessage = (event) => service.receive(event.data);
