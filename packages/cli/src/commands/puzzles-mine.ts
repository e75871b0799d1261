/**
 * `dama puzzles mine`: self-play games with the engine of `@dama/engine` at strong-ish, varied
 * settings (a node budget per move, a little evaluation noise, a few random opening plies), and every
 * position of them judged by the prover (`judge` in `@dama/puzzle`), and so is the position after
 * each move not played (a side line: would the opponent have had a combination?). Proven candidates are appended
 * to a JSON-lines file as they are found, so the file is its own checkpoint: a second run with the
 * same file continues after the last finished game. Bounded by `--until HH:MM` (UTC) and `--games`.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Game, makeFen } from '@dama/core';
import { Engine, isWinScore } from '@dama/engine';
import {
  isLopsided,
  judge,
  precheck,
  randomSetup,
  Random,
  REJECTIONS,
  setProverTable,
  proveWinDistance,
  withNodeLimit,
  type JudgeRejection as Rejection,
} from '@dama/puzzle';

export interface MineOptions {
  out: string;
  seed: number;
  games: number;
  /** Stop starting games after this instant. */
  until: Date;
  /** Node limit of each proof. */
  proofNodes: number;
  /** Node limit of the quick test of a side line (the other moves of a position in the game). */
  quickNodes: number;
  /** Random endgame set-ups judged after each game (0: self-play only). */
  random: number;
  /**
   * Judge lopsided positions too (`isLopsided`: the solver 3+ pieces ahead, or a king against men
   * only). Off by default: the banks hold at most a fifth of them, and the first runs found plenty.
   */
  lopsided: boolean;
  /**
   * Positions (and side lines) with fewer pieces than this are not judged (0: all). The banks hold
   * a share of positions of 10+ pieces; this mines for them alone.
   */
  minPieces?: number;
}

/** Node budgets per move and evaluation noise (centi-men) the two sides draw from, per game. */
const BUDGETS = [1000, 2000, 4000, 8000] as const;
const NOISE = [0, 10, 20, 40] as const;
/** Positions are judged only when the side to move's engine score says it is this far ahead. */
const PREFILTER = 150;
/** Side lines are tried in positions with at most this many pieces. */
const BRANCH_MAX_PIECES = 20;
/** Nor when the side to move is this far ahead (the opponent rarely has a combination then). */
const BRANCH_MAX_SCORE = 300;

export function mine(options: MineOptions, log: (line: string) => void): void {
  setProverTable(22);
  const progress = `${options.out}.progress`;
  const fens = new Set<string>();
  let first = 0;
  if (existsSync(options.out))
    for (const line of readFileSync(options.out, 'utf8').split('\n'))
      if (line.trim()) fens.add((JSON.parse(line) as { fen: string }).fen);
  if (existsSync(progress)) first = Number(readFileSync(progress, 'utf8').trim()) || 0;
  const rejected = Object.fromEntries(REJECTIONS.map((r) => [r, 0])) as Record<Rejection, number>;
  let found = 0;
  let judged = 0;
  const start = performance.now();
  for (let g = first; g < options.games && Date.now() < options.until.getTime(); g++) {
    const random = new Random(options.seed * 1_000_003 + g);
    const sides = [0, 1].map(() => ({
      nodes: random.pick(BUDGETS),
      noise: random.pick(NOISE),
    }));
    const engines = sides.map((s, i) => new Engine({ level: 'master', noise: s.noise, seed: g * 2 + i }));
    const game = new Game();
    const opening = 2 + random.int(6);
    let kept = 0;
    while (!game.isOver() && game.plies < 240) {
      const pos = game.position;
      const legal = pos.legalMoves();
      if (legal.length === 0) break;
      if (game.plies < opening) {
        game.play(random.pick(legal));
        continue;
      }
      const side = sides[pos.turnIndex];
      const r = engines[pos.turnIndex].search(game, { nodes: side.nodes });
      if (!r.move) break;
      const fen = makeFen(pos);
      const pieces = pos.count('white') + pos.count('black');
      const bigEnough = pieces >= (options.minPieces ?? 0);
      if (
        bigEnough &&
        (r.score >= PREFILTER || isWinScore(r.score)) &&
        !fens.has(fen) &&
        (options.lopsided || !isLopsided(pos)) &&
        precheck(pos) === undefined &&
        withNodeLimit(options.quickNodes, () => proveWinDistance(pos, 4) !== undefined)
      ) {
        judged++;
        const verdict = judge(pos, `selfplay-n${side.nodes}`, options.proofNodes);
        if ('rejected' in verdict) rejected[verdict.rejected]++;
        else {
          fens.add(fen);
          found++;
          kept++;
          appendFileSync(
            options.out,
            JSON.stringify({ ...verdict.candidate, game: g, ply: game.plies, score: r.score }) + '\n',
          );
        }
      }
      // The moves not played: would the opponent have had a combination after one of them?
      if (bigEnough && pieces <= BRANCH_MAX_PIECES && r.score < BRANCH_MAX_SCORE)
        for (const m of legal) {
          if (m.from === r.move.from && m.to === r.move.to) continue;
          const after = pos.play(m);
          const afterFen = makeFen(after);
          if (fens.has(afterFen) || (!options.lopsided && isLopsided(after)) || precheck(after) !== undefined)
            continue;
          const quick = withNodeLimit(options.quickNodes, () => proveWinDistance(after, 4) !== undefined);
          if (!quick) continue;
          judged++;
          const verdict = judge(after, `sideline-n${side.nodes}`, options.proofNodes);
          if ('rejected' in verdict) rejected[verdict.rejected]++;
          else {
            fens.add(afterFen);
            found++;
            kept++;
            appendFileSync(
              options.out,
              JSON.stringify({ ...verdict.candidate, game: g, ply: game.plies }) + '\n',
            );
          }
        }
      game.play(r.move);
    }
    // Random endgames (source `random`): only those that are not lopsided.
    for (let i = 0; i < options.random; i++) {
      const pos = randomSetup(random);
      if (!pos || isLopsided(pos) || precheck(pos) !== undefined) continue;
      const fen = makeFen(pos);
      if (fens.has(fen) || !withNodeLimit(options.quickNodes, () => proveWinDistance(pos, 4) !== undefined))
        continue;
      judged++;
      const verdict = judge(pos, 'random', options.proofNodes);
      if ('rejected' in verdict) rejected[verdict.rejected]++;
      else {
        fens.add(fen);
        found++;
        kept++;
        appendFileSync(options.out, JSON.stringify({ ...verdict.candidate, game: g, ply: -1 }) + '\n');
      }
    }
    writeFileSync(progress, `${g + 1}\n`);
    if (g % 10 === 0 || kept > 0)
      log(
        `game ${g}: ${game.plies} plies, ${kept} kept; total ${found} found of ${judged} judged in ` +
          `${((performance.now() - start) / 1000).toFixed(0)}s; rejected ` +
          Object.entries(rejected)
            .filter(([, v]) => v > 0)
            .map(([k, v]) => `${k}:${v}`)
            .join(' '),
      );
  }
}
