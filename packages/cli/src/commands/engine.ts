import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { parseArgs, UsageError } from '../cli.ts';

/**
 * `dama engine`: the engine on standard input and output, in the Hub-style line protocol described
 * in packages/engine/src/protocol.ts. The protocol runs in a worker thread and the search polls a
 * shared flag, so `stop` (read here, on the main thread) ends a running search at once. `quit` or the
 * end of the input ends the process at once, during a search too.
 */
export async function engineCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  if (args.positional.length > 0 || args.options.size > 0) throw new UsageError('usage: dama engine');
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  const worker = new Worker(new URL('./engine-thread.js', import.meta.url), { workerData: { stop } });
  let done = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
    worker.on('message', (line: string | null) => {
      if (line === null) resolve();
      else process.stdout.write(`${line}\n`);
    });
    worker.on('error', (e) => {
      process.stderr.write(`dama engine: ${e.message}\n`);
      resolve();
    });
  });
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  // `go`s read so far; `stop` stops every search up to this one (see protocol.ts).
  let searches = 0;
  let ending = false;
  const end = () => {
    // At once, even during a search: the search thread is ended, not asked.
    if (ending) return;
    ending = true;
    input.close();
    process.stdin.destroy(); // an open standard input would keep the process alive
    void worker.terminate().then(done, done);
  };
  input.on('line', (line) => {
    if (ending) return;
    const command = line.trim().split(/\s+/)[0];
    if (command === 'quit') return end();
    if (command === 'stop') Atomics.store(flag, 0, searches);
    else if (command === 'go') searches++;
    worker.postMessage(line);
  });
  input.on('close', end);
  await finished;
  if (!ending) {
    ending = true;
    input.close();
    process.stdin.destroy();
    await worker.terminate();
  }
}
