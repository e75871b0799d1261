/**
 * Deep looks at what decides the matches, with Master at a fixed node count (the shipped weights,
 * the endgame tables with `--tb`), so every figure is reproducible on any machine.
 *
 * `suite`: the score of every opening of the suite (`--plies`, default 3) for the side to move
 * after it, one JSON line each, then how many openings are level, leaning or decided. An opening
 * whose deep score is a man or more is decided for one colour before the match starts: both
 * engines tend to win it with that colour, so its pair scores 1–1 whoever is stronger.
 *
 * `games FILE`: every position of the games of a `bench:strength` checkpoint (its lines carry the
 * moves), scored for the current engine (`aWhite`); for each game the current engine lost (or
 * `--which draw|win|all`) it prints where the deep score last stood above −1.5 men, who was to move
 * there and the phase (by the pieces on the board), or that the game was lost from the opening on.
 *
 * Both write their lines to `--out` as they go (a rerun skips what is there) and split the work
 * with `--part K/N` (one process per core). Summaries read every `--out` file given again with
 * `--summary`.
 *
 * Usage: npx tsx packages/engine-lab/scripts/study.ts suite [--nodes 2000000] [--tb DIR] --out F [--part K/N]
 *        npx tsx packages/engine-lab/scripts/study.ts games FILE [--nodes 100000] [--tb DIR] --out F [--part K/N]
 *        npx tsx packages/engine-lab/scripts/study.ts suite|games --summary F [F …] [--write FILE]
 * `suite --summary … --write FILE` also writes the scores in suite order as JSON (the committed
 * scripts/suite3-scores.json that `bench:strength --balanced` reads).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Game, makeFen, parseFen } from '@dama/core';
import { Engine, WIN_BOUND } from '@dama/engine';
import { fileTablebase, loadWeightsFile } from '@dama/engine/node';
import { openingSuite } from '../src/index.ts';
import { readJsonLines } from './jsonl.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    nodes: { type: 'string' },
    tb: { type: 'string' },
    out: { type: 'string' },
    part: { type: 'string', default: '0/1' },
    plies: { type: 'string', default: '3' },
    which: { type: 'string', default: 'loss' },
    summary: { type: 'boolean', default: false },
    write: { type: 'string' },
  },
});
const mode = positionals[0];
const fail = (text: string): never => {
  console.error(`study: ${text}`);
  process.exit(2);
};
if (mode !== 'suite' && mode !== 'games') fail('the first argument must be suite or games');

/** The deep score (centi-men) above which an opening counts as decided, and as leaning. */
const DECIDED = 100;
const LEANING = 40;
/** A loser's game is lost from the last position where its deep score stood above this. */
const LOST = -150;

interface SuiteLine {
  i: number;
  fen: string;
  score: number;
  depth: number;
  /** The node count of the search (lines of earlier runs may lack it). */
  nodes?: number;
}
interface GameLine {
  opening: number;
  aWhite: boolean;
  result: string;
  reason: string;
  moves?: string[];
}
interface StudyLine {
  game: number;
  aWhite: boolean;
  result: string;
  /** The current engine's deep score after every ply (null where the game had ended or in the opening). */
  scores: (number | null)[];
  fens: string[];
}

/** `--nodes`, or `fallback` without it. */
function nodesOr(fallback: number): number {
  const nodes = Number(values.nodes ?? fallback);
  if (!Number.isInteger(nodes) || nodes < 1) fail(`--nodes must be a whole number ≥ 1 (got ${values.nodes})`);
  return nodes;
}

const score = (g: { aWhite: boolean; result: string }) =>
  g.result === '1/2-1/2' ? 0.5 : (g.result === '1-0') === g.aWhite ? 1 : 0;

if (values.summary) {
  if (mode === 'suite') summariseSuite(positionals.slice(1).flatMap((f) => readJsonLines<SuiteLine>(f)));
  else summariseGames(positionals.slice(1).flatMap((f) => readJsonLines<StudyLine>(f)));
} else {
  const [k, n] = values.part.split('/').map(Number);
  if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 0 && k < n))
    fail('--part must be K/N with 0 ≤ K < N');
  if (values.out === undefined) fail('--out FILE is needed');
  if (!['loss', 'draw', 'win', 'all'].includes(values.which)) fail('--which must be loss, draw, win or all');
  const out = values.out as string;
  const engine = new Engine({
    level: 'master',
    hashMegabytes: 64,
    patterns: loadWeightsFile(),
    tablebase: values.tb !== undefined ? fileTablebase(values.tb) : undefined,
  });
  if (mode === 'suite') {
    const nodes = nodesOr(2_000_000);
    const done = new Set(readJsonLines<SuiteLine>(out).map((l) => l.i));
    openingSuite(Number(values.plies)).forEach((moves, i) => {
      if (i % n !== k || done.has(i)) return;
      const game = new Game();
      for (const m of moves) game.play(m);
      engine.newGame();
      const r = engine.search(game, { nodes });
      const line: SuiteLine = { i, fen: makeFen(game.position), score: r.score, depth: r.depth, nodes };
      appendFileSync(out, `${JSON.stringify(line)}\n`);
    });
  } else {
    const file = positionals[1] ?? fail('games needs the checkpoint FILE of a bench:strength run');
    const nodes = nodesOr(100_000);
    const done = new Set(readJsonLines<StudyLine>(out).map((l) => l.game));
    const want = values.which;
    readJsonLines<GameLine>(file).forEach((g, index) => {
      if (index % n !== k || done.has(index)) return;
      if (g.moves === undefined) fail(`${file} has no moves (made before bench:strength recorded them)`);
      const s = score(g);
      if (want !== 'all' && s !== { loss: 0, draw: 0.5, win: 1 }[want]) return;
      engine.newGame();
      const scores: (number | null)[] = [];
      const fens: string[] = [];
      const moves = g.moves as string[];
      const replay = new Game();
      for (let ply = 0; ply <= moves.length; ply++) {
        if (ply > 0) {
          const r = replay.playNotation(moves[ply - 1]);
          if (!r.ok) fail(`game ${index}, ply ${ply}: ${r.error.message}`);
        }
        fens.push(makeFen(replay.position));
        if (ply < Number(values.plies) || replay.isOver()) {
          scores.push(null);
          continue;
        }
        const r = engine.search(replay, { nodes });
        const whiteToMove = replay.position.turn === 'white';
        // For the current engine: its side is White when aWhite.
        scores.push(whiteToMove === g.aWhite ? r.score : -r.score);
      }
      const line: StudyLine = { game: index, aWhite: g.aWhite, result: g.result, scores, fens };
      appendFileSync(out, `${JSON.stringify(line)}\n`);
    });
  }
}

function summariseSuite(lines: SuiteLine[]): void {
  const sorted = [...lines].sort((a, b) => a.i - b.i);
  const count = (lo: number, hi: number) =>
    sorted.filter((l) => Math.abs(l.score) >= lo && Math.abs(l.score) < hi).length;
  const forMover = sorted.filter((l) => l.score >= DECIDED).length;
  console.log(
    `${sorted.length} openings: level (|score| < ${LEANING}) ${count(0, LEANING)}, leaning (< ${DECIDED}) ${count(LEANING, DECIDED)}, ` +
      `decided (≥ ${DECIDED}) ${count(DECIDED, Infinity)} (for the side to move ${forMover}), ` +
      `of which ≥ 3 men ${count(300, Infinity)}, won by the tables or a search ${sorted.filter((l) => Math.abs(l.score) >= WIN_BOUND).length}`,
  );
  if (values.write !== undefined) {
    if (sorted.length !== openingSuite(Number(values.plies)).length || sorted.some((l, i) => l.i !== i))
      fail(`--write needs a score for every opening of the ${values.plies}-ply suite`);
    const about =
      `The deep score of every opening of the ${values.plies}-ply suite (openingSuite order), centi-men for the side ` +
      'to move after it: Master with the shipped weights and the 4-piece tables at a fixed node count. ' +
      'Made by scripts/study.ts suite (see its header).';
    // The node count of the lines themselves, or --nodes for lines of runs that did not record it.
    const counts = new Set(sorted.map((l) => l.nodes ?? nodesOr(2_000_000)));
    if (counts.size !== 1)
      fail(`--write needs lines searched at one node count, not ${[...counts].join(', ')}`);
    const [nodes] = counts;
    const json = { about, plies: Number(values.plies), nodes, scores: sorted.map((l) => l.score) };
    writeFileSync(values.write, `${JSON.stringify(json)}\n`);
  }
  const depths = sorted.map((l) => l.depth).sort((a, b) => a - b);
  console.log(`depth reached: median ${depths[depths.length >> 1]}, least ${depths[0]}`);
}

function summariseGames(lines: StudyLine[]): void {
  const setup = (fen: string) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) return fail(`a position of the study is not a FEN (${parsed.error.message})`);
    return parsed.value;
  };
  const phase = (fen: string) => {
    const pieces = setup(fen).pieces.length;
    return pieces >= 24
      ? 'opening (24+ pieces)'
      : pieces >= 16
        ? 'middle game (16–23)'
        : pieces >= 9
          ? 'late middle game (9–15)'
          : 'ending (≤ 8)';
  };
  let fromStart = 0;
  let ownMove = 0;
  const phases: Record<string, number> = {};
  for (const g of lines) {
    const s = g.scores;
    let last = -1;
    for (let p = 0; p < s.length; p++) if (s[p] !== null && (s[p] as number) > LOST) last = p;
    if (last < 0) {
      fromStart++;
      continue;
    }
    // Side to move at `last` is the current engine's when White to move and aWhite, or Black and not.
    const own = (setup(g.fens[last]).turn === 'white') === g.aWhite;
    if (own) ownMove++;
    phases[phase(g.fens[last])] = (phases[phase(g.fens[last])] ?? 0) + 1;
    const next = s.slice(last + 1).find((x) => x !== null);
    console.log(
      `game ${g.game}: ${g.result} (current ${g.aWhite ? 'White' : 'Black'}), last above ${LOST} at ply ${last} ` +
        `(${own ? 'its' : "the opponent's"} move, ${s[last]} → ${next ?? '-'}), ${phase(g.fens[last])}`,
    );
  }
  console.log(
    `${lines.length} games: lost from the opening on (never above ${LOST} after it) ${fromStart}; ` +
      `of the rest, the fall came with the current engine's own move ${ownMove}, with the opponent's ${lines.length - fromStart - ownMove}`,
  );
  console.log('where the rest fell:', phases);
}
