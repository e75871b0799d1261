/**
 * `npm run bench:strength`: the current Master against a frozen copy of the engine at commit
 * 945fa26 (the engine before the learned evaluation and the tablebases), from the 3-ply opening suite
 * with both colours, refereed by `@dama/core` (match.ts: `playGame`, `matchStats`).
 *
 * The baseline is rebuilt from git, not kept as a copied tree: `git archive` of that commit's
 * packages/core, packages/engine and packages/cli into packages/engine/.cache/baseline-945fa26/, with
 * a node_modules/@dama/core link to *that* core, so the old engine runs on the old rules code. The
 * referee's game is replayed move by move into the old core's `Game` before every search, so the two
 * programs share nothing but the moves.
 *
 * Every finished game is appended to a checkpoint file (one JSON line); a rerun with the same
 * settings skips the games already played, so a cut-off loses at most the games in progress.
 *
 * Usage: npm run bench:strength -- [--movetime MS | --nodes N] [--games N] [--jobs N]
 *        [--sprt ELO0,ELO1] [--checkpoint FILE] [--fresh] [--baseline COMMIT]
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makeFen, type Game, type Move } from '@dama/core';
import {
  DEFAULT_SPRT,
  EnginePlayer,
  matchStats,
  openingSuite,
  pickOpenings,
  playGame,
  type Limits,
  type Player,
} from '../src/index.ts';
import { loadWeightsFile } from './weights-file.ts';

const here = dirname(fileURLToPath(import.meta.url));
const engineDir = resolve(here, '..');
const repoRoot = resolve(engineDir, '../..');

const { values } = parseArgs({
  options: {
    movetime: { type: 'string' },
    nodes: { type: 'string' },
    games: { type: 'string', default: '400' },
    jobs: { type: 'string', default: '1' },
    sprt: { type: 'string' },
    checkpoint: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    baseline: { type: 'string', default: '945fa26' },
    plies: { type: 'string', default: '3' },
    shard: { type: 'string' },
  },
});

function positiveInt(text: string | undefined, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench:strength: ${what} must be a whole number ≥ 1 (got ${text})`);
    process.exit(2);
  }
  return n;
}

if (values.movetime !== undefined && values.nodes !== undefined) {
  console.error('bench:strength: give --movetime or --nodes, not both');
  process.exit(2);
}
const limits: Limits =
  values.nodes !== undefined
    ? { nodes: positiveInt(values.nodes, '--nodes') }
    : { movetime: positiveInt(values.movetime ?? '100', '--movetime') };
const games = positiveInt(values.games, '--games');
const jobs = positiveInt(values.jobs, '--jobs');
const plies = positiveInt(values.plies, '--plies');
const commit = values.baseline;
let sprt = DEFAULT_SPRT;
if (values.sprt !== undefined) {
  const [e0, e1] = values.sprt.split(',').map(Number);
  if (!Number.isFinite(e0) || !Number.isFinite(e1)) {
    console.error('bench:strength: --sprt must be ELO0,ELO1');
    process.exit(2);
  }
  sprt = { ...DEFAULT_SPRT, elo0: e0, elo1: e1 };
}
const limitText = 'nodes' in limits ? `nodes=${limits.nodes}` : `movetime=${limits.movetime}`;
const checkpoint =
  values.checkpoint ?? join(engineDir, '.cache', `strength-${commit}-${limitText}-plies${plies}.jsonl`);

interface GameLine {
  /** Index into the openings picked for this run; `aWhite`: the current engine had White. */
  opening: number;
  aWhite: boolean;
  result: string;
  reason: string;
  plies: number;
}

/** The baseline's sources, extracted from git once (fetched first when the clone lacks the commit). */
function buildBaseline(): string {
  const dir = join(engineDir, '.cache', `baseline-${commit}`);
  if (existsSync(join(dir, 'ready'))) return dir;
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
  mkdirSync(join(dir, 'node_modules', '@dama'), { recursive: true });
  symlinkSync('../../packages/core', join(dir, 'node_modules', '@dama', 'core'));
  appendFileSync(join(dir, 'ready'), `${commit}\n`);
  return dir;
}

interface BaselineCore {
  Game: new (initial: unknown) => {
    play(m: Pick<Move, 'from' | 'to' | 'captures'>): { ok: boolean };
  };
  parsePosition(fen: string): { ok: true; value: unknown } | { ok: false };
}
interface BaselineEngine {
  Engine: new (options: { level: string; hashMegabytes: number }) => {
    newGame(): void;
    setSeed(seed: number): void;
    search(game: unknown, limits: Limits): { move?: Pick<Move, 'from' | 'to' | 'captures'> };
  };
}

/** The frozen engine as a player: it searches its own core's copy of the referee's game. */
async function baselinePlayer(dir: string): Promise<Player> {
  const core = (await import(pathToFileURL(join(dir, 'packages/core/src/index.ts')).href)) as BaselineCore;
  const { Engine } = (await import(
    pathToFileURL(join(dir, 'packages/engine/src/index.ts')).href
  )) as BaselineEngine;
  const engine = new Engine({ level: 'master', hashMegabytes: 16 });
  return {
    name: `Dama ${commit}`,
    newGame(seed: number) {
      engine.newGame();
      engine.setSeed(seed);
    },
    move(game: Game): Move | undefined {
      const fen = core.parsePosition(makeFen(game.initial));
      if (!fen.ok) return undefined;
      const copy = new core.Game(fen.value);
      for (const m of game.moves) if (!copy.play(m).ok) return undefined;
      const chosen = engine.search(copy, limits).move;
      if (!chosen) return undefined;
      const same = (m: Move) =>
        m.from === chosen.from && m.to === chosen.to && m.captures.join() === chosen.captures.join();
      return game.position.legalMoves().find(same) ?? { ...chosen, path: [], promotes: false };
    },
  };
}

function readCheckpoint(): GameLine[] {
  if (!existsSync(checkpoint)) return [];
  const out: GameLine[] = [];
  for (const line of readFileSync(checkpoint, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as GameLine);
    } catch {
      // A line torn by a cut-off: that game is played again.
    }
  }
  return out;
}

function tally(lines: readonly GameLine[]) {
  let w = 0;
  let d = 0;
  let l = 0;
  for (const g of lines) {
    const aWon = g.result === (g.aWhite ? '1-0' : '0-1');
    const bWon = g.result === (g.aWhite ? '0-1' : '1-0');
    if (aWon) w++;
    else if (bWon) l++;
    else d++;
  }
  return matchStats(w, d, l, sprt);
}

const openings = pickOpenings(openingSuite(plies), Math.ceil(games / 2));
const key = (opening: number, aWhite: boolean) => `${opening}:${aWhite ? 'w' : 'b'}`;

/** Play the games of one shard (every `of`-th game from `index`) that the checkpoint lacks. */
async function playShard(index: number, of: number): Promise<void> {
  const done = new Set(readCheckpoint().map((g) => key(g.opening, g.aWhite)));
  const dir = buildBaseline();
  const a = new EnginePlayer({
    name: 'Dama current',
    limits,
    hashMegabytes: 16,
    patterns: loadWeightsFile(),
  });
  const b = await baselinePlayer(dir);
  for (let n = index; n < openings.length * 2; n += of) {
    const opening = n >> 1;
    const aWhite = (n & 1) === 0;
    if (done.has(key(opening, aWhite))) continue;
    if (values.sprt !== undefined && tally(readCheckpoint()).sprt !== 'continue') return;
    const record = await playGame(aWhite ? a : b, aWhite ? b : a, openings[opening], n);
    const line: GameLine = {
      opening,
      aWhite,
      result: record.result,
      reason: record.reason,
      plies: record.moves.length,
    };
    appendFileSync(checkpoint, `${JSON.stringify(line)}\n`);
    if (of === 1) report(false);
  }
}

function report(final: boolean): void {
  const lines = readCheckpoint().filter((g) => g.opening < openings.length);
  const s = tally(lines);
  const text =
    `current vs ${commit} at ${limitText}: ${s.games} games, +${s.wins} =${s.draws} -${s.losses}, ` +
    `score ${(s.score * 100).toFixed(1)}%, Elo ${s.elo.toFixed(0)} ± ${s.error.toFixed(0)}` +
    (values.sprt !== undefined ? `, SPRT(${sprt.elo0},${sprt.elo1}) LLR ${s.llr.toFixed(2)} ${s.sprt}` : '');
  if (final) console.log(text);
  else process.stdout.write(`${text}\n`);
}

mkdirSync(dirname(checkpoint), { recursive: true });
if (values.shard !== undefined) {
  const [i, of] = values.shard.split('/').map(Number);
  await playShard(i, of);
} else {
  if (values.fresh) rmSync(checkpoint, { force: true });
  buildBaseline();
  console.log(`checkpoint: ${checkpoint}`);
  if (jobs === 1) await playShard(0, 1);
  else {
    const script = fileURLToPath(import.meta.url);
    const passOn = process.argv.slice(2).filter((a) => a !== '--fresh');
    const children = Array.from({ length: jobs }, (_, i) =>
      spawn(process.execPath, [...process.execArgv, script, ...passOn, '--shard', `${i}/${jobs}`], {
        stdio: 'inherit',
      }),
    );
    const timer = setInterval(() => report(false), 60_000);
    const codes = await Promise.all(children.map((c) => new Promise((r) => c.on('exit', r))));
    clearInterval(timer);
    if (codes.some((c) => c !== 0))
      console.error(`bench:strength: a job failed (exit codes ${codes.join(', ')})`);
  }
  report(true);
}
