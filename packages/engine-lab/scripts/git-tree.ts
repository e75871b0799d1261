/**
 * An engine of another commit, for the scripts that measure against it (`strength.ts`, `speed.ts`):
 * `git archive` of that commit's packages/core, packages/engine and packages/cli into
 * packages/engine-lab/.cache/baseline-<commit>/ (git-ignored, extracted once; fetched first when the
 * clone lacks the commit), its imports of `@dama/core` pointed at *that* core's sources, so the old
 * engine runs on the old rules code. `loadTree` imports it and, when that commit ships learned weights, reads them
 * with its own decoder.
 */
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Limits, SearchInfo } from '@dama/engine';

const labDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(labDir, '../..');

/** The marker of a finished extraction (renamed when the extraction changes, so old ones are redone). */
const READY = 'ready-2';

/** The directory holding `commit`'s packages (extracted from git on first use). */
export function buildTree(commit: string): string {
  const dir = join(labDir, '.cache', `baseline-${commit}`);
  if (existsSync(join(dir, READY))) return dir;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
  } catch {
    git('fetch', 'origin', commit);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', commit, 'packages/core', 'packages/engine', 'packages/cli'], {
    cwd: repoRoot,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  // Every import of `@dama/core` in that tree becomes a relative path to *its* core's sources: a
  // bare name would be mapped to this tree's core by the workspace's tsconfig paths.
  for (const pkg of ['engine', 'cli']) {
    const root = join(dir, 'packages', pkg);
    if (!existsSync(root)) continue;
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.includes('node_modules')) continue;
      const path = join(root, file);
      const core = relative(dirname(path), join(dir, 'packages/core/src/index.ts'));
      const text = readFileSync(path, 'utf8');
      const fixed = text.replaceAll(`'@dama/core'`, `'${core.startsWith('.') ? core : `./${core}`}'`);
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
  appendFileSync(join(dir, READY), `${commit}\n`);
  return dir;
}

/** The parts of another commit's `@dama/core` and `@dama/engine` the scripts use (typed loosely: they may differ). */
export interface TreeMove {
  from: number;
  to: number;
  captures: number[];
}
export interface TreeGame {
  play(m: TreeMove): { ok: boolean };
}
export interface TreeEngine {
  newGame(): void;
  setSeed(seed: number): void;
  search(
    game: TreeGame,
    limits: Limits,
    onInfo?: (info: SearchInfo) => void,
  ): { move?: TreeMove; depth: number; nodes: number };
}
export interface Tree {
  commit: string;
  Game: new (initial?: unknown) => TreeGame;
  parsePosition(fen: string): { ok: true; value: unknown } | { ok: false };
  /** A Master engine of that commit, with its own shipped weights when it has any. */
  engine(hashMegabytes: number): TreeEngine;
  /** That commit's `runBench(depth)`, with its own weights. */
  runBench(depth?: number): { nodes: number; time: number; nps: number };
}

export async function loadTree(commit: string): Promise<Tree> {
  const dir = buildTree(commit);
  const url = (path: string) => pathToFileURL(join(dir, path)).href;
  const core = (await import(url('packages/core/src/index.ts'))) as Pick<Tree, 'Game' | 'parsePosition'>;
  const engineModule = (await import(url('packages/engine/src/index.ts'))) as {
    Engine: new (options: { level: string; hashMegabytes: number; patterns?: unknown }) => TreeEngine;
    runBench(
      depth?: number,
      onLine?: unknown,
      patterns?: unknown,
    ): { nodes: number; time: number; nps: number };
  };
  let patterns: unknown;
  // The weights reader: the engine's Node entry, or before it had one, a script of its own.
  const reader = ['packages/engine/src/node.ts', 'packages/engine/scripts/weights-file.ts'].find((f) =>
    existsSync(join(dir, f)),
  );
  if (reader) {
    const file = (await import(url(reader))) as { loadWeightsFile(): unknown };
    patterns = file.loadWeightsFile();
  }
  return {
    commit,
    Game: core.Game,
    parsePosition: core.parsePosition,
    engine: (hashMegabytes) => new engineModule.Engine({ level: 'master', hashMegabytes, patterns }),
    runBench: (depth) => engineModule.runBench(depth, undefined, patterns),
  };
}
