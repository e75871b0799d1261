/**
 * The level ladder: each level against the next one up, with the learned evaluation (the shipped
 * weights, as the product plays), from the 3-ply suite (N openings spread evenly) with both colours.
 * Each level plays exactly as in the product — its own node budget, noise and time limit, no limits
 * passed — except the human pace the web app adds, and without the endgame tables (Node has none
 * loaded here; Hard and Master use them in the product). Each level's mean and longest time per move
 * are printed with the result, and every game is appended to a checkpoint (JSON lines) so a cut-off
 * loses only the game in progress; a rerun skips the games already played.
 *
 * Usage: npx tsx packages/engine/scripts/ladder.ts PAIR [N] [--until HH:MM] [--easy NODES/NOISE]
 * PAIR: easy-random, medium-easy, hard-medium or master-hard; N openings (default 20, so 40 games);
 * `--until`: start no game after that UTC time. `--easy 4000/60`: a candidate Easy instead of the
 * shipped one (that node budget and evaluation noise, the rest as the level), to retune the level
 * before changing `LEVEL_SETTINGS`; its games go to a checkpoint of their own. The same matches
 * (without the timing) run through the CLI, e.g. `dama match --a level=hard --b level=medium --plies 3`.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Game, Move } from '@dama/core';
import { makeRng } from '@dama/core';
import {
  EnginePlayer,
  matchStats,
  openingSuite,
  pickOpeningIndices,
  playGame,
  type Level,
  type Player,
} from '../src/index.ts';
import { loadWeightsFile } from '../src/node.ts';
import { readJsonLines } from './jsonl.ts';
import { untilOrExit } from './until.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { until: { type: 'string' }, easy: { type: 'string' } },
});
const pair = positionals[0] ?? '';
const n = Number(positionals[1] ?? 20);
const [up, down] = pair.split('-');
const levels: Level[] = ['easy', 'medium', 'hard', 'master'];
if (!levels.includes(up as Level) || !(levels.includes(down as Level) || down === 'random')) {
  console.error('ladder: PAIR must be easy-random, medium-easy, hard-medium or master-hard');
  process.exit(2);
}
const deadline = untilOrExit('ladder', values.until);

/** A player that knows only the rules: a uniformly random legal move. */
function randomPlayer(): Player {
  let rng = makeRng(1);
  return {
    name: 'random',
    newGame: (seed: number) => {
      rng = makeRng(seed + 1);
    },
    move: (game: Game) => {
      const legal = game.position.legalMoves();
      return legal[Math.floor(rng() * legal.length)];
    },
  };
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

const easy = (() => {
  if (values.easy === undefined) return undefined;
  const [nodes, noise] = values.easy.split('/').map(Number);
  if (!Number.isInteger(nodes) || nodes < 1 || !Number.isInteger(noise) || noise < 0) {
    console.error(`ladder: --easy must be NODES/NOISE, two whole numbers (got ${values.easy})`);
    process.exit(2);
  }
  return { nodes, noise };
})();

const patterns = loadWeightsFile();
const player = (level: string): Player => {
  if (level === 'random') return randomPlayer();
  if (level === 'easy' && easy !== undefined)
    // Master's search (no level cap) held to the candidate's node budget, with its noise.
    return new EnginePlayer({
      level: 'master',
      limits: { nodes: easy.nodes },
      noise: easy.noise,
      patterns,
      name: 'easy',
    });
  return new EnginePlayer({ level: level as Level, patterns, name: level });
};
const upTimes: number[] = [];
const downTimes: number[] = [];
const a = timed(player(up), upTimes);
const b = timed(player(down), downTimes);

const checkpoint = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '.cache',
  `ladder-${pair}${easy !== undefined ? `-easy${easy.nodes}n${easy.noise}` : ''}-plies3.jsonl`,
);
mkdirSync(dirname(checkpoint), { recursive: true });
interface Line {
  game: number;
  /** The opening's index in the suite, so that a rerun with another N skips only what it would replay. */
  opening: number;
  result: string;
  upWhite: boolean;
  upMs: number[];
  downMs: number[];
}
const done: Line[] = readJsonLines<Line>(checkpoint);

const summary = (ms: number[]) =>
  ms.length === 0
    ? '-'
    : `mean ${(ms.reduce((s, x) => s + x, 0) / ms.length).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`;

function report(): void {
  let w = 0;
  let d = 0;
  let l = 0;
  for (const g of done) {
    if (g.result === (g.upWhite ? '1-0' : '0-1')) w++;
    else if (g.result === (g.upWhite ? '0-1' : '1-0')) l++;
    else d++;
  }
  const s = matchStats(w, d, l);
  console.log(
    `${up} vs ${down}: ${s.games} games +${s.wins} =${s.draws} -${s.losses} ` +
      `score ${(s.score * 100).toFixed(1)}% Elo ${s.elo.toFixed(0)} ± ${s.error.toFixed(0)}; ` +
      `${up} ${summary(done.flatMap((g) => g.upMs))}; ${down} ${summary(done.flatMap((g) => g.downMs))}`,
  );
}

const suite = openingSuite(3);
const picked = pickOpeningIndices(suite.length, n);
for (let game = 0; game < picked.length * 2; game++) {
  const upWhite = (game & 1) === 0;
  const opening = picked[game >> 1];
  if (done.some((g) => g.opening === opening && g.upWhite === upWhite)) continue;
  if (Date.now() >= deadline) break;
  upTimes.length = 0;
  downTimes.length = 0;
  const record = await playGame(upWhite ? a : b, upWhite ? b : a, suite[opening], game);
  const line: Line = {
    game,
    opening,
    result: record.result,
    upWhite,
    upMs: upTimes.map(Math.round),
    downMs: downTimes.map(Math.round),
  };
  appendFileSync(checkpoint, `${JSON.stringify(line)}\n`);
  done.push(line);
  report();
}
report();
