/**
 * `npm run train -- [options]`: the whole pipeline of the learned evaluation, in three stages that
 * each leave a checkpoint behind.
 *
 *   1. generate — self-play games at a fixed node count per move, appended game by game to
 *      packages/engine-lab/.train/data/games-<seed>.bin (never committed; rerun with another --seed to add)
 *   2. fit — logistic regression of the pattern weights on those records, writing the weights after
 *      every epoch to packages/engine-lab/.train/eval.bin
 *   (relabel) — optional, between the two: search every record's position again at --relabel-nodes
 *      (with the --eval evaluation, the 4-piece tables with --tb) and write the records with the deeper
 *      score to --relabel-out; fit that folder with --data (split over cores with --part K/N)
 *   (netfit) — optional, instead of fit: keep the --init weights (default the shipped ones) and fit
 *      a small network on top of them (the engine's eval/net.ts: every piece, kings included, on the
 *      whole board)
 *      to what the patterns leave in the error; written with the patterns to --out after each epoch
 *      (--hidden 32 units, --batch 512, --net-rate 0.001 Adam's step, --net-l2 0.0001, --epochs;
 *      --keep-net: start from the --init file's network instead of random weights, to fine-tune it;
 *      --sided: output weights for the side to move's view and the other's apart, eval/net.ts)
 *   3. export — copy the fitted weights to the shipped asset, packages/engine/assets/eval.bin
 *      (`@dama/engine/node`'s `WEIGHTS_FILE`; the web app's build serves those bytes at engine/eval.bin)
 *
 * Options: --stages generate,fit,export (default all three) --minutes 48 --nodes 1500 --seed 1
 *          --random 4-12 --epochs 10 --lambda 0.5 --rate 2 --l2 0.0001 --data DIR --out FILE
 *          --compare FILE (print another weights file's held-out loss, e.g. the shipped one)
 *          --init FILE (start the fit from these weights instead of 0 and the hand-weighted terms)
 *          --free all|scalars (what the fit changes; the rest keeps the starting weights)
 *          --eval hand|learned|FILE (the self-play evaluation: hand-weighted, the shipped weights, a file)
 *          --params JSON (the self-play search's margins, `SearchParams`; e.g. '{"pruneSacrifice":1}')
 *          --relabel-nodes 20000 --relabel-out DIR --part 0/1 --tb DIR
 * On a 2-core machine the default run takes about an hour (generation on one core, then minutes of
 * fitting). Compare the result with `npm run bench:strength` and scripts/evalmatch.ts before keeping it.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadRecords } from './train/data.ts';
import { fit } from './train/fit.ts';
import { netFit } from './train/netfit.ts';
import { generate } from './train/generate.ts';
import { relabel } from './train/relabel.ts';
import { loadTablebase, loadWeightsFile, WEIGHTS_FILE } from '@dama/engine/node';
import { paramsOrExit } from './params.ts';

/** The lab's folder: the training data and the fitted weights go to its `.train/` (git-ignored). */
const labDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    stages: { type: 'string', default: 'generate,fit,export' },
    minutes: { type: 'string', default: '48' },
    nodes: { type: 'string', default: '1500' },
    seed: { type: 'string', default: '1' },
    random: { type: 'string', default: '4-12' },
    epochs: { type: 'string', default: '10' },
    lambda: { type: 'string', default: '0.5' },
    rate: { type: 'string', default: '2' },
    l2: { type: 'string', default: '0.0001' },
    data: { type: 'string', default: join(labDir, '.train', 'data') },
    out: { type: 'string', default: join(labDir, '.train', 'eval.bin') },
    compare: { type: 'string' },
    init: { type: 'string' },
    free: { type: 'string', default: 'all' },
    eval: { type: 'string', default: 'hand' },
    'relabel-nodes': { type: 'string', default: '20000' },
    'relabel-out': { type: 'string', default: join(labDir, '.train', 'relabel') },
    part: { type: 'string', default: '0/1' },
    tb: { type: 'string' },
    hidden: { type: 'string', default: '32' },
    'keep-net': { type: 'boolean', default: false },
    sided: { type: 'boolean', default: false },
    batch: { type: 'string', default: '512' },
    'net-rate': { type: 'string', default: '0.001' },
    'net-l2': { type: 'string', default: '0.0001' },
    params: { type: 'string' },
  },
});

const number = (name: keyof typeof values, min: number, max: number): number => {
  const x = Number(values[name]);
  if (!Number.isFinite(x) || x < min || x > max) {
    console.error(`train: --${name} must be a number from ${min} to ${max} (got ${values[name]})`);
    process.exit(2);
  }
  return x;
};
const freeOption = (): 'all' | 'scalars' => {
  const f = String(values.free);
  if (f !== 'all' && f !== 'scalars') {
    console.error(`train: --free must be all or scalars (got ${f})`);
    process.exit(2);
  }
  return f;
};
const stages = String(values.stages).split(',');
for (const s of stages)
  if (!['generate', 'relabel', 'fit', 'netfit', 'export'].includes(s)) {
    console.error(`train: unknown stage ${s} (generate, relabel, fit, netfit, export)`);
    process.exit(2);
  }
const [randomMin, randomMax] = String(values.random).split('-').map(Number);
if (!(randomMin >= 0 && randomMax >= randomMin)) {
  console.error('train: --random must be MIN-MAX plies');
  process.exit(2);
}
/** `--eval hand` (the hand-weighted evaluation) or `learned` / a weights file: what self-play searches with. */
function selfPlayPatterns() {
  const e = String(values.eval);
  if (e === 'hand') return undefined;
  return loadWeightsFile(e === 'learned' ? undefined : e);
}
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
const dataDir = String(values.data);
const out = String(values.out);
mkdirSync(dataDir, { recursive: true });
mkdirSync(dirname(out), { recursive: true });

if (stages.includes('generate')) {
  const r = generate({
    dir: dataDir,
    minutes: number('minutes', 0, 24 * 60),
    nodes: number('nodes', 1, 1e9),
    randomMin,
    randomMax,
    seed: number('seed', 0, 2 ** 31),
    maxPlies: 400,
    patterns: selfPlayPatterns(),
    searchParams: paramsOrExit('train', values.params),
    log,
  });
  log(`generate: done, ${r.games} games, ${r.records} positions`);
}
if (stages.includes('relabel')) {
  const [part, parts] = String(values.part).split('/').map(Number);
  if (!(Number.isInteger(part) && Number.isInteger(parts) && part >= 0 && part < parts)) {
    console.error('train: --part must be K/N with 0 <= K < N');
    process.exit(2);
  }
  const relabelOut = String(values['relabel-out']);
  mkdirSync(relabelOut, { recursive: true });
  const r = relabel({
    input: dataDir,
    out: relabelOut,
    nodes: number('relabel-nodes', 1, 1e9),
    patterns: selfPlayPatterns(),
    tablebase: values.tb ? loadTablebase(String(values.tb)) : undefined,
    part,
    parts,
    minutes: number('minutes', 0, 24 * 60),
    log,
  });
  log(`relabel: ${r.done ? 'done' : 'stopped by --minutes'}, ${r.records} records this run`);
}
if (stages.includes('fit')) {
  const records = loadRecords(dataDir);
  if (records.count === 0) {
    console.error(`train: no records in ${dataDir} (run the generate stage first)`);
    process.exit(1);
  }
  fit(records, {
    epochs: number('epochs', 1, 1000),
    lambda: number('lambda', 0, 1),
    rate: number('rate', 0, 1e6),
    l2: number('l2', 0, 1),
    validShare: 0.05,
    seed: number('seed', 0, 2 ** 31),
    out,
    compare: values.compare ? loadWeightsFile(values.compare) : undefined,
    init: values.init ? loadWeightsFile(values.init) : undefined,
    free: freeOption(),
    log,
  });
}
if (stages.includes('netfit')) {
  const records = loadRecords(dataDir);
  if (records.count === 0) {
    console.error(`train: no records in ${dataDir} (run the generate stage first)`);
    process.exit(1);
  }
  const initWeights = loadWeightsFile(values.init);
  if (values['keep-net'] && !initWeights.net) {
    console.error(`train: --keep-net: ${values.init ?? 'the shipped weights'} have no network to start from`);
    process.exit(2);
  }
  netFit(records, initWeights, {
    hidden: number('hidden', 1, 256),
    epochs: number('epochs', 1, 1000),
    lambda: number('lambda', 0, 1),
    rate: number('net-rate', 0, 1),
    batch: number('batch', 1, 1e6),
    l2: number('net-l2', 0, 1),
    validShare: 0.05,
    seed: number('seed', 0, 2 ** 31),
    start: values['keep-net'] ? initWeights.net : undefined,
    sided: values.sided,
    out,
    log,
  });
}
if (stages.includes('export')) {
  copyFileSync(out, WEIGHTS_FILE);
  log(`export: ${out} -> ${WEIGHTS_FILE}`);
}
