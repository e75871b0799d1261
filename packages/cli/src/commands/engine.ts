import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { parseArgs, UsageError } from '../cli.ts';

/**
 * `dama engine`: the engine on standard input and output, in the Hub-style line protocol described
 * in packages/engine/src/protocol.ts. The protocol runs in a worker thread and the search polls a
 * shared flag, so `stop` (read here, on the main thread) ends a running search at once. Ends on `quit`
 * or at the end of the input.
 */
export async function engineCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  if (args.positional.length > 0 || args.options.size > 0) throw new UsageError('usage: dama engine');
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  const worker = new Worker(new URL('./engine-thread.js', import.meta.url), { workerData: { stop } });
  const finished = new Promise<void>((resolve) => {
    worker.on('message', (line: string | null) => {
      if (line === null) resolve();
      else process.stdout.write(`${line}\n`);
    });
    worker.on('exit', () => resolve());
    worker.on('error', (e) => {
      process.stderr.write(`dama engine: ${e.message}\n`);
      resolve();
    });
  });
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  input.on('line', (line) => {
    const command = line.trim().split(/\s+/)[0];
    if (command === 'stop') Atomics.store(flag, 0, 1);
    else if (command === 'go') Atomics.store(flag, 0, 0);
    worker.postMessage(line);
  });
  input.on('close', () => worker.postMessage('quit'));
  await finished;
  input.close();
  await worker.terminate();
}
