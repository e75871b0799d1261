/**
 * perft speed of this tree's core against another commit's, A/B in one process: the two cores'
 * `perft` run alternately (A B A B …, so a change of load hits both alike), each timed in CPU time
 * (`process.cpuUsage`, user + system), and the best and median of each are printed. Counts must
 * agree, else the script fails.
 *
 * Usage: npm run bench:perft:compare -- COMMIT [--depth 8] [--runs 8] [--distinct]
 * `COMMIT`'s packages/core is extracted with `git archive` into packages/cli/.cache/core-COMMIT/
 * (git-ignored; extracted once) and imported from its sources. Path mode (every capture path) unless
 * `--distinct`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as here from '@dama/core';

/** The part of a core that is timed (the same in every commit since perft took options). */
interface Core {
  Position: { start(): unknown };
  perft(pos: unknown, depth: number, options?: { paths?: boolean }): number;
}

const cliDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(cliDir, '../..');

/** `commit`'s core sources, extracted on first use. */
async function loadCore(commit: string): Promise<Core> {
  const dir = join(cliDir, '.cache', `core-${commit}`);
  const ready = join(dir, 'ready');
  if (!existsSync(ready)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', commit, 'packages/core/src'], {
      cwd: repoRoot,
      maxBuffer: 1 << 26,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    writeFileSync(ready, `${commit}\n`);
  }
  return (await import(pathToFileURL(join(dir, 'packages/core/src/index.ts')).href)) as Core;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    depth: { type: 'string', default: '8' },
    runs: { type: 'string', default: '8' },
    distinct: { type: 'boolean', default: false },
  },
});
if (positionals.length !== 1) {
  console.error('usage: perft-compare.ts COMMIT [--depth 8] [--runs 8] [--distinct]');
  process.exit(2);
}
const commit = positionals[0];
const depth = Number(values.depth);
const runs = Number(values.runs);
const options = { paths: !values.distinct };

const sides: { name: string; core: Core; times: number[] }[] = [
  { name: commit, core: await loadCore(commit), times: [] },
  { name: 'this tree', core: here as unknown as Core, times: [] },
];

/** CPU seconds of one perft, and its count. */
function timed(core: Core): { seconds: number; nodes: number } {
  const pos = core.Position.start();
  const t0 = process.cpuUsage();
  const nodes = core.perft(pos, depth, options);
  const t = process.cpuUsage(t0);
  return { seconds: (t.user + t.system) / 1e6, nodes };
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`perft ${depth}${options.paths ? ' paths' : ''}, ${runs} runs each, alternating; load ${load()}`);
// One untimed run each, so that both are compiled before the first timed one.
let expected = -1;
for (const s of sides) {
  const { nodes } = timed(s.core);
  if (expected >= 0 && nodes !== expected)
    throw new Error(`${s.name}: ${nodes} nodes, the other ${expected}`);
  expected = nodes;
}
for (let r = 0; r < runs; r++) {
  // Alternate which goes first, so neither always follows the other.
  const order = r % 2 === 0 ? sides : [...sides].reverse();
  for (const s of order) {
    const { seconds, nodes } = timed(s.core);
    if (nodes !== expected) throw new Error(`${s.name}: ${nodes} nodes, expected ${expected}`);
    s.times.push(seconds);
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`${expected} nodes`);
for (const s of sides) {
  const all = s.times.map((t) => t.toFixed(3)).join(' ');
  console.log(
    `${s.name.padEnd(10)} best ${Math.min(...s.times).toFixed(3)} s, median ${median(s.times).toFixed(3)} s  (${all})`,
  );
}
const [a, b] = sides;
const ratio = Math.min(...b.times) / Math.min(...a.times);
console.log(
  `this tree / ${commit}: ${ratio.toFixed(3)} (best), ${(median(b.times) / median(a.times)).toFixed(3)} (median)`,
);
console.log(`load after ${load()}`);
