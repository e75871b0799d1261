import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateBank, prettyJson, verifyBank } from '@dama/puzzle';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';

/** The bank shipped with the game. */
const BANK = fileURLToPath(new URL('../../../puzzle/data/bank.json', import.meta.url));

const USAGE =
  'usage: dama puzzles generate [--count N] [--seed S] [--out FILE] | dama puzzles verify [--sample N] [--seed S] [--file FILE]';

/**
 * `dama puzzles generate` builds the daily-puzzle bank (deterministic for a seed) and writes it;
 * `dama puzzles verify` re-proves every puzzle of a bank (or a random sample), prints a summary and
 * the run time, and exits with 1 on any failure.
 */
export function puzzlesCommand(argv: string[]): void {
  const [sub, ...rest] = argv;
  if (sub === 'generate') generate(rest);
  else if (sub === 'verify') verify(rest);
  else throw new UsageError(USAGE);
}

function stringOption(value: string | true | undefined, name: string): string | undefined {
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

function generate(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['count', 'seed', 'out']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const count = args.options.has('count') ? intArg(args.options.get('count'), '--count', 1, 100_000) : 760;
  const seed = args.options.has('seed') ? intArg(args.options.get('seed'), '--seed', 0, 2 ** 31 - 1) : 1;
  const out = stringOption(args.options.get('out'), 'out') ?? BANK;
  const start = performance.now();
  const report = generateBank({
    count,
    seed,
    onProgress: (kept, tried) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${kept} kept of ${tried} tried`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  writeFileSync(out, prettyJson(report.bank));
  const seconds = (performance.now() - start) / 1000;
  const puzzles = report.bank.puzzles;
  const by = (f: (p: (typeof puzzles)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const p of puzzles) counts.set(f(p), (counts.get(f(p)) ?? 0) + 1);
    return [...counts]
      .sort()
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
  };
  const rejected = Object.entries(report.rejected)
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');
  process.stdout.write(
    [
      `wrote ${puzzles.length} puzzles to ${out} in ${seconds.toFixed(1)}s (seed ${seed}, ${report.tried} candidates)`,
      `moves       ${by((p) => String(p.moves))}`,
      `difficulty  ${by((p) => String(p.difficulty))}`,
      `source      ${by((p) => p.source)}`,
      `themes      ${by((p) => p.themes.join('+') || 'none')}`,
      `rejected    ${rejected}`,
    ].join('\n') + '\n',
  );
}

function verify(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['sample', 'seed', 'file']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const file = stringOption(args.options.get('file'), 'file') ?? BANK;
  const sample = args.options.has('sample')
    ? intArg(args.options.get('sample'), '--sample', 1, 1_000_000)
    : undefined;
  const seed = args.options.has('seed')
    ? intArg(args.options.get('seed'), '--seed', 0, 2 ** 31 - 1)
    : Math.floor(Math.random() * 2 ** 31);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const report = verifyBank(raw, { sample, seed, now: () => performance.now() });
  for (const problem of report.bankProblems) process.stdout.write(`bank: ${problem}\n`);
  for (const f of report.failures) process.stdout.write(`puzzle ${f.id}: ${f.problems.join('; ')}\n`);
  const ok = report.failures.length === 0 && report.bankProblems.length === 0;
  const what = sample === undefined ? 'all' : `a sample (seed ${seed}) of`;
  process.stdout.write(
    `${ok ? 'ok' : 'FAILED'}: re-proved ${what} ${report.checked} of ${report.total} puzzles, ` +
      `${report.failures.length} failed, in ${(report.milliseconds / 1000).toFixed(2)}s\n`,
  );
  if (!ok) process.exitCode = 1;
}
