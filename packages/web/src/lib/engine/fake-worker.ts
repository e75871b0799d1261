// A stand-in for the engine's Web Worker in unit tests: it keeps what it was sent, whether it was
// ended, and lets a test answer as the worker would (`reply`). Imported by tests only.
import type { EngineRequest, EngineResponse } from '@dama/engine';
import type { WorkerLike } from './client.ts';

export interface FakeWorker extends WorkerLike {
  sent: EngineRequest[];
  terminated: boolean;
  reply(m: EngineResponse): void;
}

export function fakeWorker(): FakeWorker {
  const w: FakeWorker = {
    sent: [],
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage: (m: EngineRequest) => void w.sent.push(m),
    terminate: () => void (w.terminated = true),
    reply: (m: EngineResponse) => w.onmessage?.({ data: m } as MessageEvent<EngineResponse>),
  };
  return w;
}
