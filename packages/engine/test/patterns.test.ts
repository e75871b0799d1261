import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  patternEntries,
  patternEvaluate,
  patternEvaluateReference,
  PATTERNS,
  SCALAR_COUNT,
  scalarFeatures,
  WINDOW_FILES,
  WINDOW_RANKS,
  WINDOWS,
} from '../src/eval/patterns.ts';
import { type Board, Game, makeRng } from '@dama/core';
import { rootState } from '../src/engine.ts';
import { decodeWeights, expandWeights, symmetryClasses } from '../src/eval/weights.ts';
import { loadWeightsFile, WEIGHTS_FILE } from '../src/node.ts';
import { randomPositions } from './positions.ts';

/** Top to bottom (each half's four ranks reversed, the halves swapped). */
const flipRanks = (x: number) => (x >>> 24) | ((x >>> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
/** Left to right: the bits of every byte reversed. */
const mirrorFiles = (x: number) => {
  let y = 0;
  for (let sq = 0; sq < 32; sq++) if ((x >>> sq) & 1) y |= 1 << ((sq & ~7) | (7 - (sq & 7)));
  return y;
};

function randomWeights(seed: number) {
  const rng = makeRng(seed);
  const { count } = symmetryClasses();
  const classes = Array.from({ length: count * 2 }, () => Math.round((rng() - 0.5) * 4000));
  const scalars = Array.from({ length: SCALAR_COUNT * 2 }, () => Math.round((rng() - 0.5) * 4000));
  return { classes, scalars, weights: expandWeights(classes, scalars) };
}

describe('pattern evaluation', () => {
  it('reads each window square by square', () => {
    const entries = new Int32Array(WINDOWS);
    for (const p of randomPositions(1, 300)) {
      patternEntries(p.wLo & ~p.kLo, p.wHi & ~p.kHi, p.bLo & ~p.kLo, p.bHi & ~p.kHi, entries);
      for (let r = 0; r < WINDOW_RANKS; r++)
        WINDOW_FILES.forEach((f, i) => {
          let pattern = 0;
          for (let k = 7; k >= 0; k--) {
            const piece = p.pieceAt((r + (k >> 2)) * 8 + f + (k & 3));
            const digit = !piece || piece.role === 'king' ? 0 : piece.color === 'white' ? 1 : 2;
            pattern = pattern * 3 + digit;
          }
          expect(entries[r * 3 + i]).toBe((r * 3 + i) * PATTERNS + pattern);
        });
    }
  });

  it('is the same for either colour and for mirrored files, whatever the weights', () => {
    const { weights } = randomWeights(2);
    for (const p of randomPositions(3, 300)) {
      const a = patternEvaluate(weights, p.toBoard(), p.turnIndex);
      const f = flipRanks;
      const swapped = patternEvaluate(
        weights,
        Int32Array.of(f(p.bHi), f(p.bLo), f(p.wHi), f(p.wLo), f(p.kHi), f(p.kLo)),
        p.turnIndex ^ 1,
      );
      const m = mirrorFiles;
      const mirrored = patternEvaluate(
        weights,
        Int32Array.of(m(p.wLo), m(p.wHi), m(p.bLo), m(p.bHi), m(p.kLo), m(p.kHi)),
        p.turnIndex,
      );
      expect(swapped).toBe(a);
      expect(mirrored).toBe(a);
    }
  });

  it('sums the table entries and the scalar terms, blended by phase', () => {
    const { weights } = randomWeights(4);
    const entries = new Int32Array(WINDOWS);
    const scalars = new Int32Array(SCALAR_COUNT);
    for (const p of randomPositions(5, 300)) {
      // Skip the positions the endgame rules rescale; they are tested below.
      const wm = p.count('white', 'man');
      const bm = p.count('black', 'man');
      if (wm + bm === 0 || p.count('white') <= 1 || p.count('black') <= 1) continue;
      patternEntries(p.wLo & ~p.kLo, p.wHi & ~p.kHi, p.bLo & ~p.kLo, p.bHi & ~p.kHi, entries);
      scalarFeatures(p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, scalars);
      let mid = 0;
      let end = 0;
      for (const e of entries) {
        mid += weights.table[2 * e];
        end += weights.table[2 * e + 1];
      }
      for (let s = 0; s < SCALAR_COUNT - 1; s++) {
        mid += scalars[s] * weights.scalars[2 * s];
        end += scalars[s] * weights.scalars[2 * s + 1];
      }
      const phase = (wm + bm) * 8;
      const white = Math.trunc((mid * phase + end * (256 - phase)) / 2048);
      const t = SCALAR_COUNT - 1;
      const tempo = Math.floor(
        (weights.scalars[2 * t] * phase + weights.scalars[2 * t + 1] * (256 - phase)) / 2048,
      );
      expect(patternEvaluate(weights, p.toBoard(), p.turnIndex)).toBe(
        (p.turnIndex === 0 ? white : -white) + tempo,
      );
    }
  });

  it('gives in one pass exactly the plain sum of its features, on random positions and game lines', () => {
    const shipped = loadWeightsFile();
    const checks: [number, number][] = [];
    const check = (w: ReturnType<typeof expandWeights>, b: Board, turn: number) => {
      checks.push([patternEvaluate(w, b, turn), patternEvaluateReference(w, b, turn)]);
    };
    // Every material mix, endings included (the rules that rescale them too), under three sets of weights.
    const sets = [shipped, randomWeights(8).weights, randomWeights(9).weights];
    for (const p of randomPositions(7, 4000)) for (const w of sets) check(w, p.toBoard(), p.turnIndex);
    // Positions as the search meets them: along random games to their end.
    const rng = makeRng(10);
    for (let g = 0; g < 40; g++) {
      const game = new Game();
      while (!game.isOver() && game.plies < 200) {
        const legal = game.position.legalMoves();
        game.play(legal[Math.floor(rng() * legal.length)]);
        const r = rootState(game);
        for (const w of sets) check(w, r.board, r.turn);
      }
    }
    expect(checks.length).toBeGreaterThan(15_000);
    const differ = checks.filter(([fast, plain]) => fast !== plain);
    expect(differ).toEqual([]);
  });

  it('counts passed men and races', () => {
    const out = new Int32Array(SCALAR_COUNT);
    // White: a man on d6 with nothing ahead on c–e files; Black: a man on a3 blocked by White's b2.
    const bit = (sq: number) => [sq < 32 ? 1 << sq : 0, sq >= 32 ? 1 << (sq - 32) : 0];
    const [dLo, dHi] = bit(5 * 8 + 3);
    const [aLo, aHi] = bit(2 * 8 + 0);
    const [bLo, bHi] = bit(1 * 8 + 1);
    scalarFeatures(dLo | bLo, dHi | bHi, aLo, aHi, 0, 0, out);
    expect(out[0]).toBe(1); // men: 2 − 1
    expect(out[6]).toBe(1); // passed on relative rank 6 (d6)
    expect(out[10]).toBe(1); // and a race: Black has no king
    // Black's a3 man would be passed on its own relative rank 6, but White's b2 is ahead of it.
    expect([out[4], out[5], out[7], out[8], out[9], out[11]]).toEqual([0, 0, 0, 0, 0, 0]);
    scalarFeatures(dLo, dHi, aLo, aHi, 0, 0, out);
    expect(out[6]).toBe(0); // both passed on relative rank 6 now
    expect(out[10]).toBe(0);
  });
});

describe('weights file', () => {
  it('refuses what is not a weights file of this layout', () => {
    // The shipped file (the lab's tests make files of every version with its writer and read them back).
    const good = new Uint8Array(readFileSync(WEIGHTS_FILE));
    const code = (bytes: Uint8Array) => {
      const r = decodeWeights(bytes);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(new TextEncoder().encode('<!doctype html><html></html>'))).toBe('bad-magic');
    expect(code(new Uint8Array(0))).toBe('bad-magic');
    const version = good.slice();
    version[4] = 9;
    expect(code(version)).toBe('bad-version');
    const shape = good.slice();
    shape[5] = 20;
    expect(code(shape)).toBe('bad-shape');
    expect(code(good.subarray(0, good.length - 2))).toBe('bad-length');
    expect(code(good)).toBe('ok');
  });

  it('has one weight per symmetry class', () => {
    const { count, classOf, sign } = symmetryClasses();
    // 21 windows × 6 561 patterns, in orbits of up to four.
    expect(count).toBeGreaterThan((WINDOWS * PATTERNS) / 4 - 1);
    expect(count).toBeLessThan((WINDOWS * PATTERNS) / 2);
    // The empty window on ranks 4–5 is its own colour-swapped image: forced to 0.
    const middle = 3 * WINDOW_FILES.length * PATTERNS;
    expect(classOf[middle]).toBe(-1);
    expect(sign[middle]).toBe(0);
    // The empty window on ranks 1–2 is the negated image of the one on ranks 7–8.
    const top = 6 * WINDOW_FILES.length * PATTERNS;
    expect(classOf[0]).toBe(classOf[top]);
    expect(sign[0]).toBe(-sign[top]);
  });
});
