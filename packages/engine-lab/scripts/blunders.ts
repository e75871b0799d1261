/**
 * The positions where the current engine threw a game away with its own move, from `study.ts games`
 * output (the deep score for the current engine before and after each move): a move by the current
 * engine after which its deep score fell by `--drop` centi-men or more, from a position not already
 * lost (above −150). For each search variant (`--params`, as treesize.ts), it searches every such
 * position at `--nodes` and counts how often it plays the recorded blunder again, and the mean of
 * the deep score (study's, or a fresh search at `--check` nodes) of the move it chooses instead.
 * A machine-independent first look at a search change against the losses of a match; a match decides.
 *
 * Usage: npx tsx packages/engine-lab/scripts/blunders.ts STUDY.jsonl… [--nodes 60000] [--drop 150]
 *          [--check 300000] [--tb DIR] [--params JSON]…
 */
import { parseArgs } from 'node:util';
import { Game, makeFen, makeNotation, parsePosition, unwrap } from '@dama/core';
import { Engine, type SearchParams } from '@dama/engine';
import { fileTablebase, loadWeightsFile } from '@dama/engine/node';
import { readJsonLines } from './jsonl.ts';
import { paramsOrExit } from './params.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    nodes: { type: 'string', default: '60000' },
    drop: { type: 'string', default: '150' },
    check: { type: 'string', default: '300000' },
    tb: { type: 'string' },
    params: { type: 'string', multiple: true },
  },
});
interface StudyLine {
  game: number;
  aWhite: boolean;
  scores: (number | null)[];
  fens: string[];
}
const position = (fen: string) => unwrap(parsePosition(fen));
const nodes = Number(values.nodes);
const drop = Number(values.drop);
const check = Number(values.check);
const patterns = loadWeightsFile();
const tables = values.tb !== undefined ? fileTablebase(values.tb) : undefined;
const variants: Partial<SearchParams>[] = (values.params ?? ['{}']).map(
  (p) => paramsOrExit('blunders', p) ?? {},
);

interface Case {
  fen: string;
  blunder: string;
  /** The study's deep score after the blunder. */
  after: number;
}
const cases: Case[] = [];
for (const file of positionals)
  for (const line of readJsonLines<StudyLine>(file)) {
    for (let p = 0; p + 1 < line.scores.length; p++) {
      const a = line.scores[p];
      const b = line.scores[p + 1];
      if (a === null || b === null || a <= -150 || a - b < drop) continue;
      const white = line.fens[p].startsWith('W');
      if (white !== line.aWhite) continue;
      // The move played: the one that leads from fens[p] to fens[p + 1].
      const pos = position(line.fens[p]);
      const move = pos.legalMoves().find((m) => makeFen(pos.play(m)) === line.fens[p + 1]);
      if (move === undefined) continue;
      cases.push({ fen: line.fens[p], blunder: makeNotation(move), after: b });
    }
  }
console.log(`${cases.length} positions where the current engine's own move dropped ≥ ${drop}`);

const checker = new Engine({ level: 'master', patterns, tablebase: tables });
const deep = new Map<string, number>();
/** The deep score, for the mover of `fen`, of playing `notation` there. */
function deepScore(fen: string, notation: string): number {
  const key = `${fen} ${notation}`;
  const have = deep.get(key);
  if (have !== undefined) return have;
  const g = new Game(position(fen));
  const r = g.playNotation(notation);
  if (!r.ok) throw new Error(r.error.message);
  checker.newGame();
  const s = g.isOver() ? 0 : -checker.search(g, { nodes: check }).score;
  deep.set(key, s);
  return s;
}

for (const params of variants) {
  const engine = new Engine({ level: 'master', patterns, tablebase: tables, searchParams: params });
  let again = 0;
  let sum = 0;
  let total = 0;
  const t0 = performance.now();
  for (const c of cases) {
    engine.newGame();
    const g = new Game(position(c.fen));
    const r = engine.search(g, { nodes });
    total += r.nodes;
    const played = makeNotation(r.move!);
    if (played === c.blunder) {
      again++;
      sum += c.after;
    } else sum += deepScore(c.fen, played);
  }
  console.log(
    `${JSON.stringify(params)}: the blunder again ${again}/${cases.length}, mean deep score of the move ${(sum / cases.length).toFixed(0)}, ` +
      `${total} nodes, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
