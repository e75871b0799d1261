/**
 * `npm run bench:strength`: the current Master against a frozen copy of the engine at commit
 * 945fa26 (the engine before the learned evaluation and the tablebases), from the 3-ply opening suite
 * with both colours, refereed by `@dama/core` (match.ts: `playGame`, `matchStats`).
 *
 * The baseline is rebuilt from git, not kept as a copied tree (scripts/git-tree.ts): `git archive`
 * of that commit's packages into packages/engine-lab/.cache/baseline-<commit>/, so the old engine
 * runs on the old rules code, with that commit's own learned weights when it has any — so `--baseline` with
 * another commit (e.g. main's) is a self-match of this tree's engine against that one. The
 * referee's game is replayed move by move into the old core's `Game` before every search, so the two
 * programs share nothing but the moves.
 *
 * Every finished game is appended to a checkpoint file (one JSON line with its result and its moves,
 * so lost games can be studied afterwards); a rerun skips the games already played, so a cut-off
 * loses at most the games in progress. Games are known by suite opening and colour, so a rerun with
 * another `--games` or `--balanced` replays none and reports only its own openings' games.
 *
 * Usage: npm run bench:strength -- [--movetime MS | --nodes N] [--games N] [--jobs N]
 *        [--sprt ELO0,ELO1] [--checkpoint FILE] [--fresh] [--baseline COMMIT] [--until HH:MM]
 *        [--tb DIR] [--from K] [--balanced CM] [--level]
 * `--tb DIR`: the current Master plays with the endgame tables in DIR (`npm run tablebase` builds them
 * into packages/web/public/tb/), as it does in the product; the baseline has none (945fa26 had none).
 * `--params JSON`: the current Master searches with these margins (`SearchParams`, e.g.
 * `'{"futilityPerDepth":60}'`); `--weights FILE`: with the learned weights in FILE instead of the
 * shipped ones. With `--baseline` set to this tree's own commit, either is a match of one change
 * against the shipped engine (give each run its own `--checkpoint`). `--from K`: start at the run's
 * opening K (of the `--games`/2 picked), e.g. to go on with a long record on another machine whose
 * checkpoint of the first openings was lost. `--level`: of the openings picked, only the level ones
 * (see `levelOnly`).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeFen, makeNotation, type Game, type Move } from '@dama/core';
import type { Limits } from '@dama/engine';
import { fileTablebase, loadWeightsFile } from '@dama/engine/node';
import {
  DEFAULT_SPRT,
  EnginePlayer,
  matchStats,
  openingSuite,
  pickOpeningIndices,
  playGame,
  type Player,
} from '../src/index.ts';
import { buildTree, loadTree } from './git-tree.ts';
import { readJsonLines } from './jsonl.ts';
import { paramsOrExit } from './params.ts';
import { untilOrExit } from './until.ts';

const here = dirname(fileURLToPath(import.meta.url));
const labDir = resolve(here, '..');

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
    until: { type: 'string' },
    tb: { type: 'string' },
    params: { type: 'string' },
    weights: { type: 'string' },
    balanced: { type: 'string' },
    level: { type: 'boolean', default: false },
    from: { type: 'string', default: '0' },
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
const firstOpening = Number(values.from);
if (!Number.isInteger(firstOpening) || firstOpening < 0 || firstOpening >= Math.ceil(games / 2)) {
  console.error(`bench:strength: --from must be an opening index from 0 to ${Math.ceil(games / 2) - 1}`);
  process.exit(2);
}
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
/** `--until HH:MM` (UTC): no game starts after it, so a bounded run ends one game later at most. */
const deadline = untilOrExit('bench:strength', values.until);
const searchParams = paramsOrExit('bench:strength', values.params);
const limitText = 'nodes' in limits ? `nodes=${limits.nodes}` : `movetime=${limits.movetime}`;
const tbText = values.tb !== undefined ? '-tb' : '';
const checkpoint =
  values.checkpoint ??
  join(
    labDir,
    '.cache',
    `strength-${commit}-${limitText}-plies${plies}${values.balanced !== undefined ? `-balanced${values.balanced}` : ''}${values.level ? '-level' : ''}${tbText}.jsonl`,
  );

interface GameLine {
  /** Index into the openings picked for this run; `aWhite`: the current engine had White. */
  opening: number;
  /**
   * The opening's index in the whole suite, so that a rerun with other `--games` or `--balanced`
   * skips only the games it would replay. Lines written before it was kept lack it: they are read
   * as picked by the run's own settings, as they always were.
   */
  suite?: number;
  aWhite: boolean;
  result: string;
  reason: string;
  plies: number;
  /** The game's moves from the start position (opening included), in the notation of `makeNotation`. */
  moves?: string[];
}

/** The frozen engine as a player: it searches its own core's copy of the referee's game. */
async function baselinePlayer(): Promise<Player> {
  const tree = await loadTree(commit);
  const engine = tree.engine(16);
  return {
    name: `Dama ${commit}`,
    newGame(seed: number) {
      engine.newGame();
      engine.setSeed(seed);
    },
    move(game: Game): Move | undefined {
      const fen = tree.parsePosition(makeFen(game.initial));
      if (!fen.ok) return undefined;
      const copy = new tree.Game(fen.value);
      for (const m of game.moves) if (!copy.play(m).ok) return undefined;
      const chosen = engine.search(copy, limits).move;
      if (!chosen) return undefined;
      const same = (m: Move) =>
        m.from === chosen.from && m.to === chosen.to && m.captures.join() === chosen.captures.join();
      return game.position.legalMoves().find(same) ?? { ...chosen, path: [], promotes: false };
    },
  };
}

/** The games played so far (a line torn by a cut-off is played again). */
function readCheckpoint(): GameLine[] {
  return readJsonLines<GameLine>(checkpoint);
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

/** A deep score of a man or more after the opening: one colour wins it at this speed whoever plays it. */
const DECIDED = 100;

const suite = openingSuite(plies);
const kept = balancedSuite();
/** The suite index of each opening this run plays, in the run's order. */
const picked = levelOnly(pickOpeningIndices(kept.length, Math.ceil(games / 2)).map((i) => kept[i]));
const openings: Move[][] = picked.map((i) => suite[i]);

/**
 * With `--level`, only the level ones (under a man either way, as `byOpening` counts them) of the
 * picked openings: the same run's games without its decided pairs, where the engines' difference
 * does not show. A match of two settings against the baseline on these is a record's level part.
 */
function levelOnly(indices: number[]): number[] {
  if (!values.level) return indices;
  const scores = suiteScores();
  if (typeof scores === 'string') {
    console.error(`bench:strength: ${scores}`);
    process.exit(2);
  }
  return indices.filter((i) => Math.abs(scores[i]) < DECIDED);
}

/** The suite's indices, or with `--balanced CM` those of its openings whose deep score is under CM either way. */
function balancedSuite(): number[] {
  const all = suite.map((_, i) => i);
  if (values.balanced === undefined) return all;
  const limit = positiveInt(values.balanced, '--balanced');
  const scores = suiteScores();
  if (typeof scores === 'string') {
    console.error(`bench:strength: ${scores}`);
    process.exit(2);
  }
  return all.filter((i) => Math.abs(scores[i]) < limit);
}

/**
 * The deep score of every suite opening for the side to move after it (scripts/suite3-scores.json,
 * written by `study.ts suite`), or why there is none for this run's suite.
 */
function suiteScores(): number[] | string {
  const file = join(here, 'suite3-scores.json');
  const { plies: scored, scores } = JSON.parse(readFileSync(file, 'utf8')) as {
    plies: number;
    scores: number[];
  };
  if (scored !== plies || scores.length !== suite.length)
    return `${file} scores the ${scored}-ply suite of ${scores.length} openings, not this one`;
  return scores;
}

/**
 * The run's games by opening: level (under a man either way), decided for the current engine's
 * colour, decided against it. In a decided pair each engine tends to win with the good colour, so
 * the level openings are where the engines' difference shows (docs/engine/log.md, session 7).
 */
function byOpening(lines: readonly GameLine[]): string | undefined {
  const scores = suiteScores();
  if (typeof scores === 'string') return undefined;
  const parts: Record<'level' | 'for' | 'against', GameLine[]> = { level: [], for: [], against: [] };
  // The scores are for the side to move after the opening: White after an even number of plies.
  const whiteToMove = plies % 2 === 0;
  for (const g of lines) {
    const i = suiteOf(g);
    if (i === undefined) continue;
    const forA = g.aWhite === whiteToMove ? scores[i] : -scores[i];
    parts[Math.abs(forA) < DECIDED ? 'level' : forA > 0 ? 'for' : 'against'].push(g);
  }
  const names = {
    level: 'level',
    for: "decided for the current engine's colour",
    against: 'decided against it',
  };
  return (Object.keys(parts) as (keyof typeof parts)[])
    .filter((k) => parts[k].length > 0)
    .map((k) => {
      const s = tally(parts[k]);
      return `${names[k]}: ${s.games} games, +${s.wins} =${s.draws} -${s.losses}, ${(s.score * 100).toFixed(1)}%`;
    })
    .join('; ');
}
/** A checkpoint line's suite opening (an old line's by this run's pick); undefined: not one of the suite's. */
const suiteOf = (g: GameLine): number | undefined => g.suite ?? picked[g.opening];
const key = (suiteIndex: number | undefined, aWhite: boolean) => `${suiteIndex}:${aWhite ? 'w' : 'b'}`;
const pickedSet = new Set(picked);
/** The checkpoint's games of this run's openings (a checkpoint of another run may hold others). */
function runLines(): GameLine[] {
  return readCheckpoint().filter((g) => {
    const i = suiteOf(g);
    return i !== undefined && pickedSet.has(i);
  });
}

/** Play the games of one shard (every `of`-th game from `index`) that the checkpoint lacks. */
async function playShard(index: number, of: number): Promise<void> {
  const done = new Set(readCheckpoint().map((g) => key(suiteOf(g), g.aWhite)));
  const a = new EnginePlayer({
    name: 'Dama current',
    limits,
    hashMegabytes: 16,
    patterns: loadWeightsFile(values.weights),
    searchParams,
    tablebase: values.tb !== undefined ? fileTablebase(values.tb) : undefined,
  });
  const b = await baselinePlayer();
  for (let n = firstOpening * 2 + index; n < openings.length * 2; n += of) {
    const opening = n >> 1;
    const aWhite = (n & 1) === 0;
    if (done.has(key(picked[opening], aWhite))) continue;
    if (Date.now() >= deadline) return;
    if (values.sprt !== undefined && tally(runLines()).sprt !== 'continue') return;
    const record = await playGame(aWhite ? a : b, aWhite ? b : a, openings[opening], n);
    const line: GameLine = {
      opening,
      suite: picked[opening],
      aWhite,
      result: record.result,
      reason: record.reason,
      plies: record.moves.length,
      moves: record.moves.map(makeNotation),
    };
    appendFileSync(checkpoint, `${JSON.stringify(line)}\n`);
    if (of === 1) report(false);
  }
}

function report(final: boolean): void {
  const lines = runLines();
  const s = tally(lines);
  const text =
    `current${values.tb !== undefined ? ' (tables)' : ''}${values.weights !== undefined ? ` (weights ${values.weights})` : ''}${values.params !== undefined ? ` (params ${values.params})` : ''} vs ${commit} at ${limitText}: ${s.games} games, +${s.wins} =${s.draws} -${s.losses}, ` +
    `score ${(s.score * 100).toFixed(1)}%, Elo ${s.elo.toFixed(0)} ± ${s.error.toFixed(0)}` +
    (values.sprt !== undefined ? `, SPRT(${sprt.elo0},${sprt.elo1}) LLR ${s.llr.toFixed(2)} ${s.sprt}` : '');
  if (final) {
    console.log(text);
    const split = byOpening(lines);
    if (split !== undefined) console.log(`by opening (scripts/suite3-scores.json): ${split}`);
  } else process.stdout.write(`${text}\n`);
}

mkdirSync(dirname(checkpoint), { recursive: true });
if (values.shard !== undefined) {
  const [i, of] = values.shard.split('/').map(Number);
  await playShard(i, of);
} else {
  if (values.fresh) rmSync(checkpoint, { force: true });
  buildTree(commit);
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
