/**
 * Play out won 4-piece endings with the tables from files: Master (with the tables) plays the winning
 * side at a fixed node count, the loser resists by the tables (the longest loss). Counts games whose
 * win arrives in exactly the tables' number of plies.
 *
 *   npx tsx packages/engine-lab/scripts/tbplay.ts [GAMES] [TB_DIR]
 */
import { Game, makeRng, type Move, type Position, randomPosition, unwrap } from '@dama/core';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeTable, decodeValue, Engine, Tablebase, tableFileName } from '@dama/engine';

const games = Number(process.argv[2] ?? 200);
const dir = process.argv[3] ?? new URL('../../web/public/tb/', import.meta.url).pathname;
const tb = new Tablebase((m) => {
  const path = join(dir, tableFileName(m));
  return existsSync(path) ? decodeTable(gunzipSync(readFileSync(path)), m).values : undefined;
});
const probe = (p: Position) => tb.probe(p.toBoard(), p.turnIndex);
const resist = (p: Position): Move => {
  let best: Move | undefined;
  let key = -Infinity;
  for (const m of p.legalMoves()) {
    const v = decodeValue(probe(p.play(m)));
    const k = v.result === 'loss' ? 1000 : v.result === 'draw' ? 500 : v.plies;
    if (k > key) [best, key] = [m, k];
  }
  return best!;
};
const mixes: [[number, number], [number, number]][] = [
  [
    [2, 1],
    [0, 1],
  ],
  [
    [1, 1],
    [1, 1],
  ],
  [
    [2, 2],
    [0, 0],
  ],
  [
    [3, 1],
    [0, 0],
  ],
  [
    [1, 0],
    [2, 1],
  ],
  [
    [1, 1],
    [2, 0],
  ],
  [
    [0, 1],
    [2, 1],
  ],
];
const rng = makeRng(2026);
let played = 0;
let exact = 0;
let longest = 0;
const start = performance.now();
for (let attempt = 0; played < games && attempt < games * 200; attempt++) {
  const [men, kings] = mixes[attempt % mixes.length];
  const pos = randomPosition(rng, men, kings, 'white');
  const v = decodeValue(probe(pos));
  if (v.result !== 'win' || v.plies < 9) continue;
  played++;
  const game = new Game(pos);
  const engine = new Engine({ level: 'master', tablebase: tb, hashMegabytes: 4 });
  let plies = 0;
  while (!game.isOver() && plies < 300) {
    const move =
      game.position.turn === 'white' ? engine.search(game, { nodes: 20000 }).move! : resist(game.position);
    unwrap(game.play(move));
    plies++;
  }
  const won = game.outcome()?.winner === 'white';
  if (won && plies === v.plies) exact++;
  else console.log(`not exact: ${v.plies} expected, ${plies} played, outcome ${game.outcome()?.reason}`);
  longest = Math.max(longest, v.plies);
}
console.log(
  `${played} won 4-piece endings: ${exact} won in exactly the tables' plies (longest ${longest}), ${((performance.now() - start) / 1000).toFixed(1)} s`,
);
