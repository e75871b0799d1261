/**
 * The search thread of `dama engine`: runs the protocol with a shared stop flag, so that the main
 * thread can stop a search at once when `stop` arrives on standard input.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Engine, HubProtocol } from '@dama/engine';
import { fileTablebase, tablebaseDir } from './tablebase-files.ts';
import { loadWeightsFile } from '@dama/engine/node';

const port = parentPort;
if (port) {
  const stopSignal = new Int32Array(workerData.stop as SharedArrayBuffer);
  const protocol = new HubProtocol(
    (line) => port.postMessage(line),
    new Engine({ stopSignal, tablebase: fileTablebase(tablebaseDir()), patterns: loadWeightsFile() }),
  );
  port.on('message', (line: string) => {
    if (!protocol.handle(line)) port.postMessage(null);
  });
}
