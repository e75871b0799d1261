/**
 * How fast this host runs the server's kind of work just now: `record.move` (the rules and the new
 * record) over the moves of 300 seeded random games, as the hub plays them (with its held game),
 * in microseconds a move. `bench:server` runs it on the server's core before each step, so that a
 * step's latency can be read against the host's speed at that time: on a shared host it has varied
 * twofold within one session (docs/server-load.md, session 39).
 *
 * Usage: tsx packages/server/scripts/calibrate.ts [--runs 7]
 * Prints one JSON line: { "moveUs": median, "runs": [each run's µs a move] }.
 */
import { parseArgs } from 'node:util';
import { Game, makeNotation } from '@dama/core';
import * as R from '../src/record.ts';
import { random } from '../test/play.ts';

const { values: opt } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Number(opt.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number of runs');

const T0 = 1_700_000_000_000;
const CLOCK = { initial: 600_000, increment: 5_000 };
const at = { at: T0, now: T0, lag: 0 };

function started(): R.ServerGame {
  const rec = R.newRecord({
    id: 'CALIBRATE0',
    creator: 'white',
    token: 'w'.repeat(24),
    clock: CLOCK,
    address: 'calibrate',
    now: T0,
  });
  const joined = R.join(rec, 'b'.repeat(24), T0);
  if (!joined.ok) throw new Error(`calibrate: ${joined.error.message}`);
  return joined.record;
}

function play(rec: R.ServerGame, text: string, held?: R.Replayed): R.Change {
  const seat = R.turnOf(rec);
  return R.move(rec, { seat, text, ply: rec.moves.length, id: `m${rec.moves.length}` }, at, undefined, held);
}

// The games: each played to its end (or 200 moves) by seeded random choices.
const rand = random(3);
const games: string[][] = [];
for (let g = 0; g < 300; g++) {
  const game = new Game();
  const moves: string[] = [];
  while (!game.isOver() && moves.length < 200) {
    const legal = game.position.legalMovesAllPaths();
    const text = makeNotation(legal[Math.floor(rand() * legal.length)]);
    const played = game.playNotation(text);
    if (!played.ok) throw new Error(`calibrate: ${played.error.message}`);
    moves.push(text);
  }
  games.push(moves);
}
const total = games.reduce((s, g) => s + g.length, 0);

function run(): number {
  const start = performance.now();
  for (const moves of games) {
    let rec = started();
    let held: R.Replayed | undefined;
    for (const text of moves) {
      const c = play(rec, text, held);
      if (!c.ok) throw new Error(`calibrate: ${c.error.message}`);
      rec = c.record;
      held = c.game;
    }
  }
  return ((performance.now() - start) * 1000) / total;
}

for (let i = 0; i < 3; i++) run(); // warm up
const runs = Array.from({ length: RUNS }, run);
const sorted = [...runs].sort((a, b) => a - b);
const round = (x: number) => Math.round(x * 100) / 100;
console.log(
  JSON.stringify({ moveUs: round(sorted[Math.floor(RUNS / 2)]), runs: runs.map(round), moves: total }),
);
