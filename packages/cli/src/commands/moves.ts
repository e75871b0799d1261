import { createInterface } from 'node:readline';
import { makeNotation } from '@dama/core';
import { UsageError } from '../cli.ts';
import { positionArg } from './position.ts';

function movesLine(fen: string): string {
  return positionArg(fen).legalMoves().map(makeNotation).sort().join(' ');
}

/**
 * `dama moves [FEN]`: the legal moves on one line. Without a FEN, answers every line of standard
 * input with one line, so that many positions can be checked by one process.
 */
export async function movesCommand(argv: string[]): Promise<void> {
  if (argv.length > 1)
    throw new UsageError('usage: dama moves [FEN]  (or FENs on standard input, one per line)');
  if (argv.length === 1) {
    process.stdout.write(`${movesLine(argv[0])}\n`);
    return;
  }
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join(''));
    out.length = 0;
  };
  try {
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      if (line.trim() === '') continue;
      out.push(`${movesLine(line)}\n`);
      if (out.length >= 1000) flush();
    }
  } finally {
    flush();
  }
}
