import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildBanks,
  exportLine,
  extendSchedule,
  formatBank,
  GUESS_MIN_CHOICES,
  isDate,
  istanbulDate,
  nearDuplicates,
  NEAR_DISTANCE,
  NEAR_SPACING_DAYS,
  parseBank,
  parseSchedule,
  MIN_DAILY,
  pct,
  pruneTraining,
  refreshBanks,
  relevelPool,
  replaceFuture,
  respaceDaily,
  THIRD_EDITION_DATE,
  verifyBanks,
  type BankCounts,
  type BankKind,
  type Difficulty,
  type GuessReport,
  type LevelFigures,
  type LineRuleReport,
  type MinedRecord,
  type NearPair,
  type Puzzle,
} from '@dama/puzzle';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';
import { mine } from './puzzles-mine.ts';

/** The banks and the schedule manifest shipped with the game. */
const DATA = (name: string) => fileURLToPath(new URL(`../../../puzzle/data/${name}`, import.meta.url));
const FILES = { daily: DATA('daily.tsv'), training: DATA('training.tsv'), schedule: DATA('schedule.tsv') };

const USAGE = [
  'usage: dama puzzles mine --out FILE [--seed S] [--games N] [--until HH:MM] [--proof-nodes N] [--quick-nodes N] [--random N] [--min-pieces N] [--lopsided]',
  '       dama puzzles generate --from FILE[,FILE…] [--daily N] [--seed S]',
  '       dama puzzles verify [--sample N] [--seed S] [--today YYYY-MM-DD]',
  '       dama puzzles respace [--today YYYY-MM-DD] [--dry-run]',
  '       dama puzzles relevel [--dry-run]',
  '       dama puzzles refresh --from FILE[,FILE…] [--today YYYY-MM-DD] [--seed S] [--dry-run]',
  '       dama puzzles export [--training]',
].join('\n');

/**
 * `dama puzzles mine` finds proven candidates by self-play (checkpointed, see puzzles-mine.ts);
 * `dama puzzles generate` appends new candidates to the daily bank (up to `--daily` puzzles) and
 * the training pool, and extends the schedule manifest, never changing a puzzle already in a bank;
 * `dama puzzles verify` re-proves both banks (or a random sample of each), checks the bank-wide
 * rules and the manifest, prints the counts, the near-duplicates under the spacing rule and the
 * guessable puzzles, and exits with 1 on any failure (future near-duplicates, training puzzles near
 * a daily one and guessable puzzles are failures; `--sample 0` re-proves nothing: the bank-wide
 * report alone, in seconds);
 * `dama puzzles respace [--today D] [--dry-run]` moves future daily puzzles apart from their
 * near-duplicates, drops guessable ones, takes training puzzles near a daily one or guessable out of
 * the pool, and rewrites the banks and the manifest's future lines (`--dry-run`: prints only);
 * `dama puzzles relevel [--dry-run]` sets every training puzzle's level from its hardness
 * (hardness.ts), ids and lines unchanged;
 * `dama puzzles refresh --from FILE[,FILE…] [--today D] [--dry-run]` makes the third edition's
 * banks (refresh.ts): the future daily puzzles and training puzzles that break the line rules leave,
 * new candidates take their places, the future dates are levelled by hardness and scheduled again;
 * `dama puzzles export [--training]` prints a bank, one puzzle a line, tab-separated.
 */
export function puzzlesCommand(argv: string[]): void {
  const [sub, ...rest] = argv;
  if (sub === 'generate') generate(rest);
  else if (sub === 'verify') verify(rest);
  else if (sub === 'mine') mineCommand(rest);
  else if (sub === 'export') exportCommand(rest);
  else if (sub === 'respace') respace(rest);
  else if (sub === 'relevel') relevel(rest);
  else if (sub === 'refresh') refresh(rest);
  else throw new UsageError(USAGE);
}

function stringOption(value: string | true | undefined, name: string): string | undefined {
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

function loadBank(kind: BankKind): Puzzle[] {
  const r = parseBank(readText(FILES[kind]), kind);
  if (!r.ok) throw new UsageError(`${FILES[kind]}: ${r.error}`);
  return r.value;
}

/** Games of one mining run are numbered below this (`--games` is at most 10 million). */
const GAMES_PER_FILE = 10_000_000;

/**
 * The miner's JSON lines of one or more files (comma-separated). Each file is a run with games
 * numbered from 0, so a file's games are renumbered after the previous file's: the per-game cap is
 * per game, not per game number.
 */
function loadCandidates(from: string): MinedRecord[] {
  const candidates: MinedRecord[] = [];
  for (const [k, file] of from.split(',').entries())
    for (const [i, line] of readText(file).split('\n').entries()) {
      if (!line.trim()) continue;
      let r: MinedRecord;
      try {
        r = JSON.parse(line) as MinedRecord;
      } catch {
        throw new UsageError(`${file}:${i + 1}: not JSON`);
      }
      candidates.push(r.game === undefined ? r : { ...r, game: r.game + k * GAMES_PER_FILE });
    }
  return candidates;
}

function generate(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['from', 'daily', 'seed']);
  const from = stringOption(args.options.get('from'), 'from');
  if (!from || args.positional.length > 0) throw new UsageError(USAGE);
  const dailyTarget = args.options.has('daily')
    ? intArg(args.options.get('daily'), '--daily', 1, 1_000_000)
    : MIN_DAILY + 2; // 1,100 under this edition's rules, after the two dates kept from the first
  const seed = args.options.has('seed') ? intArg(args.options.get('seed'), '--seed', 0, 2 ** 31 - 1) : 1;
  const candidates = loadCandidates(from);
  const start = performance.now();
  const report = buildBanks({
    daily: loadBank('daily'),
    training: loadBank('training'),
    candidates,
    dailyTarget,
    seed,
  });
  const schedule = extendSchedule(readText(FILES.schedule), report.daily);
  writeFileSync(FILES.daily, formatBank(report.daily));
  writeFileSync(FILES.training, formatBank(report.training));
  writeFileSync(FILES.schedule, schedule);
  const s = report.skipped;
  process.stdout.write(
    `${candidates.length} candidates: added ${report.added.daily} daily (now ${report.daily.length}) and ` +
      `${report.added.training} training (now ${report.training.length}); skipped ${s.duplicate} duplicates, ` +
      `${s.perGame} over the per-game cap, ${s.shares} over a share, ${s.rules} breaking a line rule, ` +
      `${s.invalid} invalid, in ` +
      `${((performance.now() - start) / 1000).toFixed(1)}s\n`,
  );
}

function exportCommand(argv: string[]): void {
  const args = parseArgs(argv, ['training']);
  checkOptions(args, ['training']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const bank = loadBank(args.options.has('training') ? 'training' : 'daily');
  process.stdout.write(bank.map((p) => `${exportLine(p)}\n`).join(''));
}

/** `dama puzzles mine --out FILE [--seed S] [--games N] [--until HH:MM]` (UTC; default: 1 hour). */
function mineCommand(argv: string[]): void {
  const args = parseArgs(argv, ['lopsided']);
  checkOptions(args, [
    'out',
    'seed',
    'games',
    'until',
    'proof-nodes',
    'quick-nodes',
    'random',
    'lopsided',
    'min-pieces',
  ]);
  const out = stringOption(args.options.get('out'), 'out');
  if (!out || args.positional.length > 0) throw new UsageError(USAGE);
  const seed = args.options.has('seed') ? intArg(args.options.get('seed'), '--seed', 0, 2 ** 31 - 1) : 1;
  const games = args.options.has('games')
    ? intArg(args.options.get('games'), '--games', 1, 10_000_000)
    : 10_000_000;
  const untilText = stringOption(args.options.get('until'), 'until');
  let until = new Date(Date.now() + 3_600_000);
  if (untilText !== undefined) {
    const m = /^(\d\d):(\d\d)$/.exec(untilText);
    if (!m) throw new UsageError('--until takes HH:MM (UTC)');
    until = new Date();
    until.setUTCHours(Number(m[1]), Number(m[2]), 0, 0);
    if (until.getTime() < Date.now()) until = new Date(until.getTime() + 86_400_000);
  }
  const proofNodes = args.options.has('proof-nodes')
    ? intArg(args.options.get('proof-nodes'), '--proof-nodes', 1000, 1e9)
    : 3_000_000;
  const quickNodes = args.options.has('quick-nodes')
    ? intArg(args.options.get('quick-nodes'), '--quick-nodes', 100, 1e9)
    : 3_000;
  const random = args.options.has('random') ? intArg(args.options.get('random'), '--random', 0, 100_000) : 0;
  const lopsided = args.options.has('lopsided');
  const minPieces = args.options.has('min-pieces')
    ? intArg(args.options.get('min-pieces'), '--min-pieces', 0, 32)
    : 0;
  mine({ out, seed, games, until, proofNodes, quickNodes, random, lopsided, minPieces }, (line) =>
    process.stdout.write(`${line}\n`),
  );
}

function verify(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['sample', 'seed', 'today']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const sample = args.options.has('sample')
    ? intArg(args.options.get('sample'), '--sample', 0, 1_000_000)
    : undefined;
  const today = stringOption(args.options.get('today'), 'today');
  if (today !== undefined && !isDate(today))
    throw new UsageError(`--today ${today} is not a date (YYYY-MM-DD)`);
  const seed = args.options.has('seed')
    ? intArg(args.options.get('seed'), '--seed', 0, 2 ** 31 - 1)
    : Math.floor(Math.random() * 2 ** 31);
  const schedule = parseSchedule(readText(FILES.schedule));
  if (!schedule.ok) throw new UsageError(`${FILES.schedule}: ${schedule.error}`);
  const report = verifyBanks(loadBank('daily'), loadBank('training'), schedule.value, {
    sample,
    seed,
    now: () => performance.now(),
    ...(today === undefined ? {} : { today }),
  });
  const line = (name: string, c: BankCounts) => {
    const n = Math.max(1, c.size);
    const list = (o: Record<string, number>) =>
      Object.entries(o)
        .sort()
        .map(([k, v]) => `${k}:${v}`)
        .join(' ');
    const themes = Object.entries(c.byTheme)
      .map(([k, v]) => `${k} ${pct(v, n)}`)
      .join(', ');
    return [
      `${name}: ${c.size} puzzles${c.edition1 ? ` (+${c.edition1} kept from the first edition)` : ''}; ` +
        `lopsided ${pct(c.lopsided, n)}, 10+ pieces ${pct(c.big, n)}`,
      `  moves ${list(c.byMoves)}; difficulty ${list(c.byDifficulty)}; source ${list(c.bySource)}`,
      `  themes ${themes}`,
    ].join('\n');
  };
  process.stdout.write(
    `${line('daily', report.counts.daily)}\n${line('training', report.counts.training)}\n`,
  );
  const near = report.near;
  const pairs = (list: readonly NearPair[], days: boolean) =>
    list.map((p) => `#${p.a}–#${p.b} (${p.distance}${days ? `, ${p.days} d` : ''})`).join(' ');
  const byDistance = (list: readonly NearPair[]) =>
    [0, 1, 2].map((d) => list.filter((p) => p.distance === d).length).join('/');
  const trainingNear = new Set(near.trainingDaily.map((p) => p.a)).size;
  process.stdout.write(
    `near-duplicates (distance ≤ ${NEAR_DISTANCE}): daily pairs within ${NEAR_SPACING_DAYS} days ` +
      `${near.dailyPast.length} published, ${near.dailyFuture.length} future (today ${report.today}); ` +
      `training–daily pairs ${near.trainingDaily.length} (${trainingNear} training puzzles)\n` +
      `  at distance 0/1/2: published ${byDistance(near.dailyPast)}, future ${byDistance(near.dailyFuture)}, ` +
      `training–daily ${byDistance(near.trainingDaily)}\n` +
      `  published: ${pairs(near.dailyPast, true) || 'none'}\n` +
      `  future: ${pairs(near.dailyFuture, true) || 'none'}\n` +
      `  training–daily: ${pairs(near.trainingDaily, false) || 'none'}\n`,
  );
  const guess = (name: string, g: GuessReport) =>
    `  ${name}: ${g.fewMoves.length + g.fewCaptures.length} ` +
    `(quiet first move ${g.fewMoves.length}${g.fewMoves.length ? `: #${g.fewMoves.join(' #')}` : ''}; ` +
    `capture ${g.fewCaptures.length}${g.fewCaptures.length ? `: #${g.fewCaptures.join(' #')}` : ''})\n`;
  process.stdout.write(
    `guessable (fewer than ${GUESS_MIN_CHOICES} first moves to choose from):\n` +
      guess('daily', report.guessable.daily) +
      guess('training', report.guessable.training),
  );
  const rules = (name: string, l: LineRuleReport) =>
    `  ${name}: chasing a lone piece ${l['lone-line'].length}, reflex first move ${l.reflex.length}\n`;
  process.stdout.write(
    `line rules (held from ${THIRD_EDITION_DATE} and in training; the dates before only reported):\n` +
      rules('daily', report.lines.daily) +
      rules('training', report.lines.training),
  );
  const levels = (name: string, list: readonly LevelFigures[]) =>
    `  ${name}: ` +
    list
      .map(
        (l) =>
          `${l.level}: ${l.puzzles} (${l.points.toFixed(2)} points, ${l.calculation.toFixed(1)} plies, ` +
          `lopsided ${pct(l.lopsided, 1)}, reflex ${l.reflex})`,
      )
      .join('; ') +
    '\n';
  process.stdout.write(
    'levels by hardness (mean points, plies of calculation, lopsided share, reflex first moves):\n' +
      levels('daily', report.levels.daily) +
      levels('training', report.levels.training),
  );
  for (const problem of report.bankProblems) process.stdout.write(`bank: ${problem}\n`);
  for (const f of report.failures) process.stdout.write(`${f.bank} #${f.id}: ${f.problems.join('; ')}\n`);
  const ok = report.failures.length === 0 && report.bankProblems.length === 0;
  const what = sample === undefined ? 'every puzzle' : `a sample of ${sample} a bank (seed ${seed})`;
  process.stdout.write(
    `${ok ? 'ok' : 'FAILED'}: re-proved ${what}, ${report.checked} in all, ` +
      `${report.failures.length} failed, in ${(report.milliseconds / 1000).toFixed(2)}s\n`,
  );
  if (!ok) process.exitCode = 1;
}

/**
 * `dama puzzles respace [--today YYYY-MM-DD] [--dry-run]`: the future daily puzzles respaced
 * (`respaceDaily`), the training pool pruned (`pruneTraining`), the manifest's future lines
 * rewritten (`replaceFuture`, which refuses any change to today or before), and what changed.
 */
function respace(argv: string[]): void {
  const args = parseArgs(argv, ['dry-run']);
  checkOptions(args, ['today', 'dry-run']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const today = stringOption(args.options.get('today'), 'today') ?? istanbulDate(new Date());
  if (!isDate(today)) throw new UsageError(`--today ${today} is not a date (YYYY-MM-DD)`);
  const dryRun = args.options.has('dry-run');
  const daily = loadBank('daily');
  const training = loadBank('training');
  const scheduleText = readText(FILES.schedule);
  const before = nearDuplicates(daily, training, today);
  const r = respaceDaily(daily, today);
  const pruned = pruneTraining(training, r.daily);
  const schedule = replaceFuture(scheduleText, r.daily, today);
  const after = nearDuplicates(r.daily, pruned.training, today);
  const levels: Difficulty[] = [1, 2, 3, 4, 5];
  const perLevel = (list: readonly { difficulty: Difficulty }[]) =>
    levels.map((l) => `${l}:${list.filter((m) => m.difficulty === l).length}`).join(' ');
  const ids = (list: readonly number[]) => (list.length > 0 ? `#${list.join(' #')}` : 'none');
  const last = r.daily.at(-1)?.date ?? '-';
  const out = [
    `today ${today}: ${r.published} published dates kept; daily ${daily.length} → ${r.daily.length} ` +
      `(last date ${daily.at(-1)?.date ?? '-'} → ${last})`,
    `moved ${r.moved.length} (by level ${perLevel(r.moved)}): ` +
      (r.moved.map((m) => `#${m.from}→#${m.to}`).join(' ') || 'none'),
    `dropped ${r.dropped.length} (by level ${perLevel(r.dropped)}): ` +
      (r.dropped.map((d) => `#${d.number} (${d.reason})`).join(' ') || 'none'),
    `dates given another level: ${ids(r.levelChanged)}`,
    `training ${training.length} → ${pruned.training.length}: near a daily puzzle ${pruned.near.length}, ` +
      `guessable ${pruned.guessable.length} (${ids(pruned.guessable)}), for the shares ` +
      `${pruned.shares.length} (${ids(pruned.shares)})`,
    `near-duplicate pairs: future daily ${before.dailyFuture.length} → ${after.dailyFuture.length}, ` +
      `published ${before.dailyPast.length} → ${after.dailyPast.length}, ` +
      `training–daily ${before.trainingDaily.length} → ${after.trainingDaily.length}`,
  ];
  if (!dryRun) {
    writeFileSync(FILES.daily, formatBank(r.daily));
    writeFileSync(FILES.training, formatBank(pruned.training));
    writeFileSync(FILES.schedule, schedule);
  }
  out.push(dryRun ? 'dry run: nothing written' : 'wrote daily.tsv, training.tsv and schedule.tsv');
  process.stdout.write(`${out.join('\n')}\n`);
}

/** `dama puzzles relevel [--dry-run]`: the training pool's levels from the hardness measure. */
function relevel(argv: string[]): void {
  const args = parseArgs(argv, ['dry-run']);
  checkOptions(args, ['dry-run']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const training = loadBank('training');
  const r = relevelPool(training);
  const count = (pool: readonly Puzzle[]) =>
    ([1, 2, 3, 4, 5] as const).map((l) => `${l}:${pool.filter((p) => p.difficulty === l).length}`).join(' ');
  if (!args.options.has('dry-run')) writeFileSync(FILES.training, formatBank(r.pool));
  process.stdout.write(
    `training ${training.length}: ${r.changed} changed level; by level ${count(training)} → ${count(r.pool)}\n` +
      (args.options.has('dry-run') ? 'dry run: nothing written\n' : 'wrote training.tsv\n'),
  );
}

/**
 * `dama puzzles refresh --from FILE[,FILE…] [--today D] [--seed S] [--dry-run]`: the third
 * edition's banks (`refreshBanks`) from the shipped ones and mined candidates; the manifest's future
 * lines rewritten (`replaceFuture`, which refuses any change to today or before).
 */
function refresh(argv: string[]): void {
  const args = parseArgs(argv, ['dry-run']);
  checkOptions(args, ['from', 'today', 'seed', 'dry-run']);
  const from = stringOption(args.options.get('from'), 'from');
  if (!from || args.positional.length > 0) throw new UsageError(USAGE);
  const today = stringOption(args.options.get('today'), 'today') ?? istanbulDate(new Date());
  if (!isDate(today)) throw new UsageError(`--today ${today} is not a date (YYYY-MM-DD)`);
  const seed = args.options.has('seed') ? intArg(args.options.get('seed'), '--seed', 0, 2 ** 31 - 1) : 1;
  const dryRun = args.options.has('dry-run');
  const daily = loadBank('daily');
  const training = loadBank('training');
  const candidates = loadCandidates(from);
  const start = performance.now();
  const r = refreshBanks({ daily, training, candidates, today, seed });
  const schedule = replaceFuture(readText(FILES.schedule), r.daily, today);
  const levels: Difficulty[] = [1, 2, 3, 4, 5];
  const perLevel = (list: readonly { difficulty: Difficulty }[]) =>
    levels.map((l) => `${l}:${list.filter((m) => m.difficulty === l).length}`).join(' ');
  const reasons = (list: readonly { reason: string }[]) => {
    const counts = new Map<string, number>();
    for (const x of list) counts.set(x.reason, (counts.get(x.reason) ?? 0) + 1);
    return [...counts].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  };
  const s = r.skipped;
  const out = [
    `today ${today}: ${r.published} published dates kept; ${candidates.length} candidates ` +
      `(skipped ${s.duplicate} duplicates, ${s.perGame} over the per-game cap, ${s.rules} breaking a rule, ` +
      `${s.invalid} invalid, ${s.shares} over a share)`,
    `daily ${daily.length} → ${r.daily.length} (last date ${r.daily.at(-1)?.date ?? '-'}): ` +
      `${r.dailyLeft.length} future puzzles left (${reasons(r.dailyLeft)}), ${r.added.daily} added; ` +
      `future by level ${perLevel(r.daily.slice(r.published))}`,
    `  hardness quantiles at 1/7 2/7 4/7 6/7 of the future: ${r.quantiles.map((q) => q.toFixed(2)).join(' ')}`,
    `  respaced: ${r.respace.moved.length} moved, ${r.respace.dropped.length} dropped ` +
      `(${reasons(r.respace.dropped)}), ${r.respace.levelChanged.length} dates of another level`,
    `training ${training.length} → ${r.training.length}: ${r.trainingLeft.length} left ` +
      `(${reasons(r.trainingLeft)}), ${r.added.training} added, then ${r.pruned.near.length} near a daily ` +
      `puzzle and ${r.pruned.shares.length} for the shares; by level ${perLevel(r.training)}`,
    `  hardness quintiles of the pool: ${r.trainingQuantiles.map((q) => q.toFixed(2)).join(' ')}`,
    `in ${((performance.now() - start) / 1000).toFixed(1)}s`,
  ];
  if (!dryRun) {
    writeFileSync(FILES.daily, formatBank(r.daily));
    writeFileSync(FILES.training, formatBank(r.training));
    writeFileSync(FILES.schedule, schedule);
  }
  out.push(dryRun ? 'dry run: nothing written' : 'wrote daily.tsv, training.tsv and schedule.tsv');
  process.stdout.write(`${out.join('\n')}\n`);
}
