import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { Game } from '@dama/core';
import {
  decodeValue,
  flipMaterial,
  materialId,
  materialName,
  tableMaterials,
  TB_MAX_PIECES,
  type Material,
} from '@dama/engine';
import { classStats, verifyClass, type ClassStats } from '@dama/engine-lab';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';
import { positionArg } from './position.ts';
import { loadTablebase, readTable } from '@dama/engine/node';
import { tablebaseDir } from './tablebase-files.ts';

const USAGE =
  'usage: dama tablebase build [--max 4] [--out DIR] [--threads N] | probe FEN [--tb DIR] | verify [--tb DIR]';

/**
 * `dama tablebase build [--max 4] [--out DIR] [--threads N]`: solve every class up to `--max` pieces
 * and write one file per class (a checkpoint: classes whose file exists are read, not solved again).
 * Pairs of one tier (same pieces and men) are independent and are solved on worker threads.
 *
 * `dama tablebase probe FEN [--tb DIR]`: the table's value of a position.
 *
 * `dama tablebase verify [--tb DIR]`: check every position of every class file against its
 * successors (`verifyClass`); exits with 1 when any disagrees.
 */
export async function tablebaseCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'build') return build(rest);
  if (sub === 'probe') return probe(rest);
  if (sub === 'verify') return verify(rest);
  throw new UsageError(USAGE);
}

function probe(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['tb']);
  if (args.positional.length !== 1) throw new UsageError(USAGE);
  const pos = positionArg(args.positional[0]);
  const tb = loadTablebase(tablebaseDir(args.options.get('tb')));
  const code = tb.probe(pos.toBoard(), pos.turnIndex);
  if (new Game(pos).isOver() && code < 0) {
    process.stdout.write('game over\n');
    return;
  }
  if (code < 0) {
    process.stdout.write(
      'not in the tablebase (more than 4 pieces, a man on an end rank, or its class is not built)\n',
    );
    return;
  }
  const v = decodeValue(code);
  process.stdout.write(v.result === 'draw' ? 'draw\n' : `${v.result} in ${v.plies} plies\n`);
}

function verify(argv: string[]): void {
  const args = parseArgs(argv);
  checkOptions(args, ['tb']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const tb = loadTablebase(tablebaseDir(args.options.get('tb')));
  const start = performance.now();
  let checked = 0;
  let wrong = 0;
  for (const m of tableMaterials()) {
    if (!tb.has(m)) continue;
    const r = verifyClass(m, tb);
    checked += r.checked;
    wrong += r.mismatches;
    process.stdout.write(
      `${materialName(m)} checked=${r.checked} mismatches=${r.mismatches}${r.wrong.length > 0 ? ` first=${r.wrong.join(',')}` : ''}\n`,
    );
  }
  process.stdout.write(
    `verified ${checked} positions of ${tb.size} classes: ${wrong} mismatches (${((performance.now() - start) / 1000).toFixed(1)} s)\n`,
  );
  if (wrong > 0) process.exitCode = 1;
}

function line(s: ClassStats, raw: number, bytes: number, seconds?: number): string {
  return [
    materialName(s.material),
    `positions=${s.positions}`,
    `wins=${s.wins}`,
    `losses=${s.losses}`,
    `draws=${s.draws}`,
    `longest=${s.longest}`,
    `raw=${raw}`,
    `gz=${bytes}`,
    ...(seconds !== undefined ? [`time=${seconds.toFixed(1)}s`] : ['(file)']),
  ].join(' ');
}

async function build(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  checkOptions(args, ['max', 'out', 'threads']);
  if (args.positional.length > 0) throw new UsageError(USAGE);
  const max = args.options.has('max')
    ? intArg(args.options.get('max'), '--max', 2, TB_MAX_PIECES)
    : TB_MAX_PIECES;
  const threads = args.options.has('threads')
    ? intArg(args.options.get('threads'), '--threads', 1, 16)
    : Math.min(2, availableParallelism());
  const dir = tablebaseDir(args.options.get('out'));
  const start = performance.now();
  const out = (s: string) => process.stdout.write(`${s}\n`);
  out(`tablebase: up to ${max} pieces into ${dir}, ${threads} thread(s)`);

  // Pairs to solve, grouped in tiers (pieces, men): a tier depends only on earlier ones.
  const tiers = new Map<string, Material[]>();
  const seen = new Set<number>();
  let positions = 0;
  for (const m of tableMaterials(max)) {
    if (seen.has(materialId(m))) continue;
    seen.add(materialId(m));
    seen.add(materialId(flipMaterial(m)));
    const pair = materialId(flipMaterial(m)) === materialId(m) ? [m] : [m, flipMaterial(m)];
    const existing = pair.map((c) => readTable(dir, c));
    if (existing.every((v) => v !== undefined)) {
      pair.forEach((c, i) => {
        const s = classStats(c, existing[i]!);
        positions += s.positions;
        out(line(s, existing[i]!.length, 0));
      });
      continue;
    }
    const key = `${m.wm + m.wk + m.bm + m.bk},${m.wm + m.bm}`;
    tiers.set(key, [...(tiers.get(key) ?? []), m]);
  }

  const workers = Array.from(
    { length: threads },
    () => new Worker(new URL('./tablebase-thread.js', import.meta.url), { workerData: { dir } }),
  );
  try {
    for (const tier of tiers.values()) {
      const queue = [...tier];
      await Promise.all(
        workers.map(async (w) => {
          while (queue.length > 0) {
            const m = queue.shift()!;
            await new Promise<void>((resolve, reject) => {
              const onMessage = (msg: {
                kind: string;
                text?: string;
                results?: { stats: ClassStats; bytes: number; raw: number }[];
                seconds?: number;
              }) => {
                if (msg.kind === 'progress') out(`  ${msg.text}`);
                else {
                  for (const r of msg.results!) {
                    positions += r.stats.positions;
                    out(line(r.stats, r.raw, r.bytes, msg.seconds));
                  }
                  w.off('message', onMessage);
                  w.off('error', reject);
                  resolve();
                }
              };
              w.on('message', onMessage);
              w.on('error', reject);
              w.postMessage(m);
            });
          }
        }),
      );
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  out(`done: ${positions} positions in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
