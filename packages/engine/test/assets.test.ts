import { readFileSync } from 'node:fs';
import { parsePosition, Position, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import { loadWeightsFile, WEIGHTS_FILE } from '../src/node.ts';
import { patternEvaluate } from '../src/eval/patterns.ts';
import { decodeWeights } from '../src/eval/weights.ts';

const evalOf = (fen: string) => {
  const p = fen === 'start' ? Position.start() : unwrap(parsePosition(fen));
  return patternEvaluate(loadWeightsFile(), p.toBoard(), p.turnIndex);
};

describe('the shipped weights', () => {
  it('are a weights file of this layout', () => {
    expect(decodeWeights(new Uint8Array(readFileSync(WEIGHTS_FILE))).ok).toBe(true);
  });

  it('score like draughts: the start is about level, a man up is good, a king more so', () => {
    expect(Math.abs(evalOf('start'))).toBeLessThan(30);
    expect(evalOf('W:Wa3,b3,c3:Ba6,b6')).toBeGreaterThan(50);
    expect(evalOf('B:Wa3,b3,c3:Ba6,b6')).toBeLessThan(-50);
    expect(evalOf('W:Wa3,b3,Kh1:Ba6,b6,c6')).toBeGreaterThan(evalOf('W:Wa3,b3,c3:Ba6,b6,c6'));
  });

  it('refuses a missing file with a message that names it', () => {
    expect(() => loadWeightsFile('/nonexistent/eval.bin')).toThrow(/\/nonexistent\/eval\.bin/);
  });
});
