import { readFileSync } from 'node:fs';
import { lineColumn, makeFen, parsePdnRecords, recordToGame, resultText, type PdnError } from '@dama/core';
import { UsageError } from '../cli.ts';

/**
 * `dama pdn FILE...`: read every game of every file and replay it through the rules. One line per
 * game, tab-separated: the game's number (counted over all files), the result (as the rules decide
 * it where they can, else the record's Result tag), how it ended (an outcome reason, or
 * `unterminated`), the number of plies and the final FEN. A file that cannot be read whole gets
 * `file:line:column: message` on standard error, its games are not printed, and the exit status is 2.
 */
export function pdnCommand(argv: string[]): void {
  if (argv.length === 0 || argv.some((a) => a.startsWith('--')))
    throw new UsageError('usage: dama pdn FILE...');
  let number = 0;
  let failed = false;
  for (const file of argv) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      process.stderr.write(
        `${file}: ${(e as NodeJS.ErrnoException).code ?? 'cannot read'}: cannot read the file\n`,
      );
      failed = true;
      continue;
    }
    const where = (error: PdnError) => {
      const at =
        error.offset === undefined ? '' : `${Object.values(lineColumn(text, error.offset)).join(':')}:`;
      return `${file}:${at} ${error.message}\n`;
    };
    const records = parsePdnRecords(text);
    if (!records.ok) {
      process.stderr.write(where(records.error));
      failed = true;
      continue;
    }
    const lines: string[] = [];
    let bad: PdnError | undefined;
    for (const record of records.value) {
      const read = recordToGame(record);
      if (!read.ok) {
        bad = read.error;
        break;
      }
      const { game } = read.value;
      const outcome = game.outcome();
      lines.push(
        [
          ++number,
          resultText(outcome),
          outcome?.reason ?? 'unterminated',
          game.plies,
          makeFen(game.position),
        ].join('\t'),
      );
    }
    if (bad) {
      process.stderr.write(where(bad));
      failed = true;
      number -= lines.length;
      continue;
    }
    process.stdout.write(lines.map((l) => `${l}\n`).join(''));
  }
  if (failed) process.exitCode = 2;
}
