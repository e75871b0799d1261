import { parsePosition, type Position } from '@dama/core';
import { UsageError } from '../cli.ts';

/**
 * Read a FEN given on the command line. Analysis commands accept men on rank 1 or 8 (positions no
 * game reaches, but rule examples and composed problems use them); everything else must be legal.
 */
export function positionArg(fen: string): Position {
  const pos = parsePosition(fen, { allowEndRankMen: true });
  if (!pos.ok) throw new UsageError(`bad FEN: ${pos.error.message}`);
  return pos.value;
}
