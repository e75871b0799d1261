import { Game, makeNotation } from '@dama/core';
import { Engine, formatInfo, LEVELS, type Level, type Limits } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';
import { positionArg } from './position.ts';
import { fileTablebase, tablebaseDir } from './tablebase-files.ts';

/**
 * `dama analyse FEN [--movetime MS | --depth N | --nodes N] [--level L] [--tb DIR]`: search a
 * position, print one protocol `info` line per completed iteration (with `tb=…` when the endgame
 * tables know the position) and then the best move.
 */
export function analyseCommand(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['movetime', 'depth', 'nodes', 'level', 'tb']);
  if (args.positional.length !== 1)
    throw new UsageError('usage: dama analyse FEN [--movetime MS | --depth N | --nodes N] [--level L]');
  const game = new Game(positionArg(args.positional[0]));
  let limits: Limits = { movetime: 3000 };
  if (args.options.has('depth')) limits = { depth: intArg(args.options.get('depth'), '--depth', 1, 100) };
  else if (args.options.has('nodes'))
    limits = { nodes: intArg(args.options.get('nodes'), '--nodes', 1, Number.MAX_SAFE_INTEGER) };
  else if (args.options.has('movetime'))
    limits = { movetime: intArg(args.options.get('movetime'), '--movetime', 1, 86_400_000) };
  const level = args.options.get('level') ?? 'master';
  if (typeof level !== 'string' || !(LEVELS as readonly string[]).includes(level))
    throw new UsageError(`--level must be one of ${LEVELS.join(', ')}`);
  const engine = new Engine({
    level: level as Level,
    tablebase: fileTablebase(tablebaseDir(args.options.get('tb'))),
    patterns: loadWeightsFile(),
  });
  const r = engine.search(game, limits, (info) => process.stdout.write(`${formatInfo(info)}\n`));
  if (!r.move) {
    const outcome = game.outcome();
    process.stdout.write(`no move (${outcome ? outcome.reason : 'game over'})\n`);
    return;
  }
  process.stdout.write(`bestmove ${makeNotation(r.move)}\n`);
}
