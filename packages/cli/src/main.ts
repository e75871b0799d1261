/** The `dama` command: one sub-command per file in ./commands. */
import { type Command, UsageError } from './cli.ts';
import { analyseCommand } from './commands/analyse.ts';
import { benchCommand } from './commands/bench.ts';
import { engineCommand } from './commands/engine.ts';
import { matchCommand } from './commands/match.ts';
import { movesCommand } from './commands/moves.ts';
import { pdnCommand } from './commands/pdn.ts';
import { perftCommand } from './commands/perft.ts';
import { puzzlesCommand } from './commands/puzzles.ts';
import { showCommand } from './commands/show.ts';
import { tablebaseCommand } from './commands/tablebase.ts';

const commands: Record<string, { run: Command; help: string }> = {
  perft: { run: perftCommand, help: 'perft [--fen FEN] [--paths] DEPTH   count move sequences' },
  moves: {
    run: movesCommand,
    help: 'moves [FEN]                          legal moves (FENs from stdin if none)',
  },
  pdn: {
    run: pdnCommand,
    help: 'pdn FILE...                          replay every game: number, result, end, plies, FEN',
  },
  show: { run: showCommand, help: 'show FEN                             the board as text' },
  puzzles: { run: puzzlesCommand, help: 'puzzles generate|verify [...]        the puzzle bank' },
  bench: { run: benchCommand, help: 'bench [--depth N]                    engine signature, nodes/s' },
  analyse: { run: analyseCommand, help: 'analyse FEN [--movetime MS|--depth N] search a position' },
  match: { run: matchCommand, help: 'match --a SPEC --b SPEC [--openings N] engine match' },
  engine: { run: engineCommand, help: 'engine                               Hub protocol on stdin' },
  tablebase: {
    run: tablebaseCommand,
    help: 'tablebase build [--max 4] [--out DIR] | probe FEN   endgame tablebases',
  },
};

function usage(): string {
  return ['usage: dama COMMAND ...', ...Object.values(commands).map((c) => `  dama ${c.help}`)].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}" (try dama help)`);
  await command.run(rest);
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError) {
    process.stderr.write(`dama: ${e.message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = 2;
  } else throw e;
}
