/**
 * The ladder (docs/ladder.md): the eight rungs of the engine's `LADDER` (levels.ts) against the
 * fixed anchors of src/anchors.ts (a random mover, a greedy player, a material-only alpha-beta at
 * depths 1–4) and against their neighbouring rungs, with the learned evaluation (the shipped weights), from the 3-ply suite
 * (N openings spread evenly) with both colours. Every measurement is budgeted by nodes or depth,
 * never by time, so the machine's load cannot change a result: each rung searches with its own node
 * budget (`limits: { nodes }`), and Master (rung 8, 2.5 s a move in the product) with
 * `--master-nodes` (default 600 000, about 2.5 s on the machine of docs/ladder.md). No endgame
 * tables (Node has none loaded here). Each rung's mean and longest time per move are printed (wall
 * clock, first moves included), and every game is appended to a checkpoint (JSON lines in
 * packages/engine-lab/.cache, named by the pairing and a hash of both players' settings), so a cut-off
 * loses only the game in progress and a rerun skips the games already played.
 *
 * Usage: npx tsx packages/engine-lab/scripts/ladder.ts [PAIR|GROUP ...] [--n N] [--until HH:MM]
 *          [--master-nodes NODES] [--set rK=field:value,...] [--table]
 * PAIR: `A-B` of players r1…r8 (rungs), random, greedy, ab1…ab4 (anchors), easy, medium, hard,
 * master (the product levels, node-budgeted); the first is the one scored. GROUP: `anchors` (the
 * anchors against each other), `rungs` (each rung against its anchors), `steps` (each rung against
 * the one below, 2–7), `top` (rung 8, Master, against rung 7 and ab4: slow, about 2 minutes a
 * game), `all` (the first three; the default: about 15 minutes on one core).
 * `--n`: openings per pairing (default 20, so 40 games). `--until`: start no game after that UTC
 * time. `--set r3=maxDepth:2,noise:70`: a candidate rung (its games go to checkpoints of their own).
 * `--table`: print the table from the checkpoints without playing.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Game, Move } from '@dama/core';
import { LADDER, LEVEL_SETTINGS, type Level, type LevelSettings } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import {
  EnginePlayer,
  GreedyPlayer,
  MaterialPlayer,
  matchStats,
  openingSuite,
  pickOpeningIndices,
  playGame,
  RandomPlayer,
  type Player,
} from '../src/index.ts';
import { readJsonLines } from './jsonl.ts';
import { untilOrExit } from './until.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    n: { type: 'string', default: '20' },
    until: { type: 'string' },
    'master-nodes': { type: 'string', default: '600000' },
    set: { type: 'string', multiple: true },
    table: { type: 'boolean', default: false },
  },
});
const fail = (msg: string): never => {
  console.error(`ladder: ${msg}`);
  process.exit(2);
};
const n = Number(values.n);
if (!Number.isInteger(n) || n < 1) fail(`--n must be a whole number ≥ 1 (got ${values.n})`);
const masterNodes = Number(values['master-nodes']);
if (!Number.isInteger(masterNodes) || masterNodes < 1) fail(`--master-nodes must be a whole number`);
const deadline = untilOrExit('ladder', values.until);

// Candidate rungs (`--set`), replacing the shipped ones for this run.
const ladder = LADDER as LevelSettings[];
for (const spec of values.set ?? []) {
  const m = /^r([1-8])=(.+)$/.exec(spec);
  if (!m) fail(`--set must be rK=field:value,... (got ${spec})`);
  const k = Number(m![1]) - 1;
  const rung: Record<string, unknown> = { ...ladder[k] };
  for (const kv of m![2].split(',')) {
    const [field, value] = kv.split(':');
    if (
      !(field in LADDER[0]) &&
      !['qsCaptures', 'qsMiss', 'overlook', 'endgameNoise', 'noiseMargin', 'guardMargin'].includes(field)
    )
      fail(`unknown rung field ${field}`);
    rung[field] = value === 'true' ? true : value === 'false' ? false : Number(value);
  }
  ladder[k] = rung as unknown as LevelSettings;
}

const ANCHORS = ['random', 'greedy', 'ab1', 'ab2', 'ab3', 'ab4'];
const RUNGS = LADDER.map((_, i) => `r${i + 1}`);
const PRODUCT: Level[] = ['easy', 'medium', 'hard', 'master'];
/** The anchors each rung plays in `rungs` (chosen around its strength; docs/ladder.md). */
const RUNG_ANCHORS: Record<string, string[]> = {
  r1: ['random', 'greedy'],
  r2: ['greedy', 'ab1', 'ab2'],
  r3: ['ab1', 'ab2'],
  r4: ['ab2', 'ab3'],
  r5: ['ab3', 'ab4'],
  r6: ['ab4'],
  r7: ['ab4'],
  // Rung 8 (Master) is in `top`: its games take two orders of magnitude longer.
  r8: [],
};
const groups: Record<string, string[]> = {
  anchors: ANCHORS.slice(1).map((a, i) => `${a}-${ANCHORS[i]}`),
  rungs: RUNGS.flatMap((r) => RUNG_ANCHORS[r].map((a) => `${r}-${a}`)),
  steps: RUNGS.slice(1, 7).map((r, i) => `${r}-${RUNGS[i]}`),
  top: ['r8-r7', 'r8-ab4'],
};
groups.all = [...groups.anchors, ...groups.rungs, ...groups.steps];
const pairs = (positionals.length > 0 ? positionals : ['all']).flatMap((p) => groups[p] ?? [p]);
const known = (name: string) =>
  ANCHORS.includes(name) || RUNGS.includes(name) || PRODUCT.includes(name as Level);
for (const p of pairs) {
  const [a, b] = p.split('-');
  if (!known(a) || !known(b ?? '')) fail(`unknown pairing ${p}`);
}

/** What a player is, for the checkpoint's name: its settings (a rung's may be a candidate's). */
function settingsOf(name: string): unknown {
  if (RUNGS.includes(name)) {
    const k = Number(name.slice(1));
    return { ...ladder[k - 1], nodes: k === 8 ? masterNodes : ladder[k - 1].maxNodes };
  }
  if (PRODUCT.includes(name as Level)) {
    const s = LEVEL_SETTINGS[name as Level];
    return { ...s, nodes: name === 'master' ? masterNodes : s.maxNodes };
  }
  // The anchors' version: raised whenever anchors.ts changes how they play (2: greedy's own salt).
  return `${name}@2`;
}

const patterns = loadWeightsFile();
function makePlayer(name: string): Player {
  if (name === 'random') return new RandomPlayer();
  if (name === 'greedy') return new GreedyPlayer();
  if (name.startsWith('ab')) return new MaterialPlayer(Number(name.slice(2)));
  if (RUNGS.includes(name)) {
    const k = Number(name.slice(1));
    const nodes = k === 8 ? masterNodes : ladder[k - 1].maxNodes;
    return new EnginePlayer({ rung: k, limits: { nodes }, patterns, name });
  }
  const level = name as Level;
  const nodes = level === 'master' ? masterNodes : LEVEL_SETTINGS[level].maxNodes;
  return new EnginePlayer({ level, limits: { nodes }, patterns, name });
}

/** Times every move of `player` (ms) into `times`. */
function timed(player: Player, times: number[]): Player {
  return {
    name: player.name,
    newGame: (seed) => player.newGame(seed),
    move: async (game: Game): Promise<Move | undefined> => {
      const t = performance.now();
      const m = await player.move(game);
      times.push(performance.now() - t);
      return m;
    },
  };
}

interface Line {
  game: number;
  /** The opening's index in the suite, so that a rerun with another N skips only what it would replay. */
  opening: number;
  result: string;
  upWhite: boolean;
  plies?: number;
  upMs: number[];
  downMs: number[];
}

const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '..', '.cache');
mkdirSync(cacheDir, { recursive: true });
const checkpointOf = (up: string, down: string): string => {
  const hash = createHash('sha1')
    .update(JSON.stringify([settingsOf(up), settingsOf(down)]))
    .digest('hex')
    .slice(0, 8);
  return join(cacheDir, `ladder-${up}-${down}-${hash}-plies3.jsonl`);
};

const suite = openingSuite(3);
const picked = pickOpeningIndices(suite.length, n);
const pickedSet = new Set(picked);

interface Row {
  up: string;
  down: string;
  wins: number;
  draws: number;
  losses: number;
}
const rows: Row[] = [];
const times = new Map<string, number[]>();
const addTimes = (name: string, ms: number[]) => {
  if (!ANCHORS.includes(name)) times.set(name, [...(times.get(name) ?? []), ...ms]);
};
const count = (lines: Line[]): Row & { games: number } => {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  for (const g of lines) {
    if (g.result === (g.upWhite ? '1-0' : '0-1')) wins++;
    else if (g.result === (g.upWhite ? '0-1' : '1-0')) losses++;
    else draws++;
  }
  return { up: '', down: '', wins, draws, losses, games: lines.length };
};
const statsText = (r: { wins: number; draws: number; losses: number }): string => {
  const s = matchStats(r.wins, r.draws, r.losses);
  const err = Number.isFinite(s.error) ? s.error.toFixed(0) : '∞';
  return `${String(s.games).padStart(3)} games +${r.wins} =${r.draws} −${r.losses} score ${(s.score * 100).toFixed(1).padStart(5)}% Elo ${s.elo >= 0 ? '+' : ''}${s.elo.toFixed(0)} ± ${err}`;
};

for (const pair of pairs) {
  const [up, down] = pair.split('-');
  const checkpoint = checkpointOf(up, down);
  const done = readJsonLines<Line>(checkpoint).filter((g) => pickedSet.has(g.opening));
  if (!values.table) {
    const upTimes: number[] = [];
    const downTimes: number[] = [];
    const a = timed(makePlayer(up), upTimes);
    const b = timed(makePlayer(down), downTimes);
    for (let game = 0; game < picked.length * 2; game++) {
      const upWhite = (game & 1) === 0;
      const opening = picked[game >> 1];
      if (done.some((g) => g.opening === opening && g.upWhite === upWhite)) continue;
      if (Date.now() >= deadline) break;
      upTimes.length = 0;
      downTimes.length = 0;
      // The round is the opening's index, so a game is the same whatever N picked it.
      const record = await playGame(
        upWhite ? a : b,
        upWhite ? b : a,
        suite[opening],
        opening * 2 + (upWhite ? 0 : 1),
      );
      const line: Line = {
        game,
        opening,
        result: record.result,
        upWhite,
        plies: record.moves.length,
        upMs: upTimes.map(Math.round),
        downMs: downTimes.map(Math.round),
      };
      appendFileSync(checkpoint, `${JSON.stringify(line)}\n`);
      done.push(line);
    }
    const c = count(done);
    console.log(`${up} vs ${down}: ${statsText(c)}`);
  }
  const c = count(done);
  rows.push({ up, down, wins: c.wins, draws: c.draws, losses: c.losses });
  addTimes(
    up,
    done.flatMap((g) => g.upMs),
  );
  addTimes(
    down,
    done.flatMap((g) => g.downMs),
  );
}

// The table.
console.log('\n| pairing (scored first) | games | result | score | Elo ± 95% |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) {
  const s = matchStats(r.wins, r.draws, r.losses);
  if (s.games === 0) continue;
  const err = Number.isFinite(s.error) ? s.error.toFixed(0) : '∞';
  console.log(
    `| ${r.up} vs ${r.down} | ${s.games} | +${r.wins} =${r.draws} −${r.losses} | ${(s.score * 100).toFixed(1)}% | ${s.elo >= 0 ? '+' : ''}${s.elo.toFixed(0)} ± ${err} |`,
  );
}

// Ratings on the anchor scale (greedy = 0): a Bradley–Terry fit of every pairing played, each
// pairing with one drawn game added as a prior so that a clean sweep keeps a finite rating.
const names = [
  ...new Set(rows.filter((r) => r.wins + r.draws + r.losses > 0).flatMap((r) => [r.up, r.down])),
];
if (names.length > 1) {
  const rating = new Map(names.map((x) => [x, 0]));
  const expected = (d: number) => 1 / (1 + Math.pow(10, -d / 400));
  for (let iter = 0; iter < 2000; iter++) {
    for (const x of names) {
      if (x === 'greedy') continue;
      let grad = 0;
      let curv = 0;
      for (const r of rows) {
        const g = r.wins + r.draws + r.losses;
        if (g === 0 || (r.up !== x && r.down !== x)) continue;
        const sign = r.up === x ? 1 : -1;
        const score = (r.up === x ? r.wins : r.losses) + (r.draws + 1) / 2;
        const e = expected(sign * (rating.get(r.up)! - rating.get(r.down)!));
        grad += score - (g + 1) * e;
        curv += (g + 1) * e * (1 - e);
      }
      if (curv > 0) rating.set(x, rating.get(x)! + (grad / curv) * (400 / Math.LN10) * 0.5);
    }
    if (!rating.has('greedy')) {
      const shift = Math.min(...rating.values());
      for (const x of names) rating.set(x, rating.get(x)! - shift);
    }
  }
  // Only the players connected to greedy through the pairings played have a rating on its scale.
  const linked = new Set(['greedy']);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (r.wins + r.draws + r.losses > 0 && linked.has(r.up) !== linked.has(r.down)) {
        linked.add(r.up);
        linked.add(r.down);
        grew = true;
      }
  }
  console.log('\n| player | Elo (greedy = 0) | think mean / max |');
  console.log('| --- | --- | --- |');
  for (const x of [...ANCHORS, ...RUNGS, ...PRODUCT].filter((y) => rating.has(y))) {
    const ms = times.get(x) ?? [];
    const t =
      ms.length === 0
        ? '—'
        : `${(ms.reduce((s, v) => s + v, 0) / ms.length).toFixed(0)} ms / ${Math.max(...ms).toFixed(0)} ms`;
    const elo = linked.has(x)
      ? `${rating.get(x)! >= 0 ? '+' : ''}${rating.get(x)!.toFixed(0)}`
      : '— (not linked to greedy)';
    console.log(`| ${x} | ${elo} | ${t} |`);
  }
}
