/**
 * Stage 1 of the training pipeline: self-play games at a fixed node count per move, each starting
 * with a few random plies (so that no two games are alike), written game by game to
 * `<dir>/games-<seed>.bin` (data.ts describes the records). A game is appended only when it is
 * finished, so the file is its own checkpoint: a cut-off loses at most the game in progress, and a
 * rerun with another seed adds to the data.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game, hasCapture, makeRng } from '@dama/core';
import { Engine, type PatternWeights, type SearchParams } from '@dama/engine';
import { encodeRecord, RECORD_BYTES } from './data.ts';

export interface GenerateOptions {
  dir: string;
  /** Stop starting games after this many minutes. */
  minutes: number;
  /** Nodes per move. */
  nodes: number;
  /** Random plies at the start of each game: from `randomMin` to `randomMax`. */
  randomMin: number;
  randomMax: number;
  seed: number;
  /** Adjudicate a draw after this many plies. */
  maxPlies: number;
  /** The self-play evaluation: learned weights, or the hand-weighted evaluation when absent. */
  patterns?: PatternWeights;
  /** The self-play search's margins where they differ from the shipped ones (`--params`). */
  searchParams?: Partial<SearchParams>;
  log?: (line: string) => void;
}

export function generate(options: GenerateOptions): { games: number; records: number } {
  const file = join(options.dir, `games-${options.seed}.bin`);
  const rng = makeRng(options.seed);
  const engine = new Engine({
    level: 'master',
    hashMegabytes: 8,
    patterns: options.patterns,
    searchParams: options.searchParams,
  });
  const end = Date.now() + options.minutes * 60_000;
  let games = 0;
  let records = 0;
  const board = new Int32Array(6);
  while (Date.now() < end) {
    const game = new Game();
    const random = options.randomMin + Math.floor(rng() * (options.randomMax - options.randomMin + 1));
    for (let p = 0; p < random && !game.isOver(); p++) {
      const legal = game.position.legalMoves();
      game.play(legal[Math.floor(rng() * legal.length)]);
    }
    engine.newGame();
    const rows: { board: Int32Array; turn: number; score: number }[] = [];
    while (!game.isOver() && game.plies < options.maxPlies) {
      const pos = game.position;
      const result = engine.search(game, { nodes: options.nodes });
      if (!result.move) break;
      board.set([pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi]);
      if (!hasCapture(board, pos.turnIndex))
        rows.push({ board: board.slice(), turn: pos.turnIndex, score: result.score });
      game.play(result.move);
    }
    const outcome = game.outcome();
    const whiteResult = !outcome || !outcome.winner ? 1 : outcome.winner === 'white' ? 2 : 0;
    const bytes = new Uint8Array(rows.length * RECORD_BYTES);
    const view = new DataView(bytes.buffer);
    rows.forEach((r, i) => encodeRecord(view, i * RECORD_BYTES, r.board, r.turn, whiteResult, r.score));
    appendFileSync(file, bytes);
    games++;
    records += rows.length;
    if (games % 50 === 0) options.log?.(`generate: ${games} games, ${records} positions`);
  }
  return { games, records };
}
