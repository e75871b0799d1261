import { boardText } from '@dama/core';
import { UsageError } from '../cli.ts';
import { positionArg } from './position.ts';

/** `dama show FEN`: the board as text. */
export function showCommand(argv: string[]): void {
  if (argv.length !== 1) throw new UsageError('usage: dama show FEN');
  process.stdout.write(`${boardText(positionArg(argv[0]))}\n`);
}
