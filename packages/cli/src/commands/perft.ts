import { perft, Position } from '@dama/core';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';
import { positionArg } from './position.ts';

/** `dama perft [--fen FEN] [--paths] DEPTH`: one line per depth: depth, nodes, seconds, nodes per second. */
export function perftCommand(argv: string[]): void {
  const args = parseArgs(argv, ['paths']);
  checkOptions(args, ['fen', 'paths']);
  if (args.positional.length !== 1) throw new UsageError('usage: dama perft [--fen FEN] [--paths] DEPTH');
  const depth = intArg(args.positional[0], 'DEPTH', 1, 30);
  const fen = args.options.get('fen');
  if (fen === true) throw new UsageError('--fen needs a value');
  const pos = fen === undefined ? Position.start() : positionArg(fen);
  const paths = args.options.has('paths');
  for (let d = 1; d <= depth; d++) {
    const start = performance.now();
    const nodes = perft(pos, d, { paths });
    const seconds = (performance.now() - start) / 1000;
    const nps = seconds > 0 ? Math.round(nodes / seconds) : 0;
    process.stdout.write(`${d} ${nodes} ${seconds.toFixed(3)}s ${nps} nodes/s\n`);
  }
}
