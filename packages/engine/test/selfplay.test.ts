/**
 * The engine never returns an illegal move and never hangs: thousands of games at tiny limits, every
 * move checked by the core's referee (`Game.play` refuses illegal moves), each played to its end by
 * the rules, with random openings (0–11 random plies, then a random move now and then), random
 * levels, noise seeds and draw rule sets. Tiny limits (1–60 nodes, or depth 1) keep a game at about
 * 3 ms, so 3000 games take about 10 s on an idle core. Games alternate between the learned
 * evaluation (the shipped weights) and the hand-weighted one.
 */
import { Game } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import { makeRng } from '@dama/core';
import { loadWeightsFile } from '../src/node.ts';
import { LEVELS, type Limits } from '../src/types.ts';

const GAMES = 3000;

describe('self-play', () => {
  it(`plays ${GAMES} games at tiny limits with only legal moves`, () => {
    const rng = makeRng(2024);
    const engines = [
      new Engine({ hashMegabytes: 1, patterns: loadWeightsFile() }),
      new Engine({ hashMegabytes: 1 }),
    ];
    let plies = 0;
    const endings = new Map<string, number>();
    for (let n = 0; n < GAMES; n++) {
      const game = new Game(undefined, {
        drawRules: {
          onePieceEach: rng() < 0.3,
          kingVsMan: rng() < 0.3,
          kingsOnly: rng() < 0.3,
          repetition: rng() < 0.9,
        },
      });
      const engine = engines[n & 1];
      engine.newGame();
      engine.setLevel(LEVELS[Math.floor(rng() * LEVELS.length)]);
      engine.setSeed(n);
      const opening = Math.floor(rng() * 12);
      while (!game.isOver()) {
        if (game.plies > 3000) expect.fail('a game that does not end');
        if (game.plies < opening || rng() < 0.05) {
          const legal = game.position.legalMoves();
          expect(game.play(legal[Math.floor(rng() * legal.length)]).ok).toBe(true);
          continue;
        }
        const limits: Limits = rng() < 0.8 ? { nodes: 1 + Math.floor(rng() * 60) } : { depth: 1 };
        const r = engine.search(game, limits);
        if (!r.move || !game.play(r.move).ok)
          expect.fail(`no legal move from the engine at ply ${game.plies}`);
        plies++;
      }
      const reason = game.outcome()!.reason;
      endings.set(reason, (endings.get(reason) ?? 0) + 1);
    }
    expect(plies).toBeGreaterThan(GAMES * 20);
    expect(endings.size).toBeGreaterThan(3);
  }, 120_000);
});
