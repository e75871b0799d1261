import { BENCH_DEPTH, runBench } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';

/**
 * `dama bench [--depth N]`: the engine's fixed positions to a fixed depth. Prints one line per
 * position, then the node-count signature (checked by the engine's tests) and the speed.
 */
export function benchCommand(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['depth']);
  if (args.positional.length > 0) throw new UsageError('usage: dama bench [--depth N]');
  const depth = args.options.has('depth') ? intArg(args.options.get('depth'), '--depth', 1, 30) : BENCH_DEPTH;
  const result = runBench(
    depth,
    (line) =>
      process.stdout.write(
        `${line.nodes.toString().padStart(10)} nodes ${(line.time / 1000).toFixed(3)}s ${line.move.padEnd(12)} ${line.score}  ${line.fen}\n`,
      ),
    loadWeightsFile(),
  );
  process.stdout.write(`signature ${result.nodes}\n`);
  process.stdout.write(`nodes/s ${result.nps} (${(result.time / 1000).toFixed(3)}s, depth ${depth})\n`);
}
