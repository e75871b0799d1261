// Every level proven with the prover and the rules: reachable as stated, not reachable more easily
// than its star limit says, its stated first move right, its texts present in both languages, and
// every decision the screen makes on it (judging any first move, the computer's replies) within a
// node limit, so that a phone answers at once.
import { describe, expect, it } from 'vitest';
import { makeNotation, opposite, parseNotation, parsePosition, unwrap, type Position } from '@dama/core';
import { isLost, losesWithin, proverNodes, proveWinDistance, winningMoves, winsWithin } from '@dama/puzzle';
import { en } from '../lib/i18n/en.ts';
import { tr } from '../lib/i18n/tr.ts';
import { GROUPS, LEARN_LEVELS, STAGES, type LearnLevel } from './catalogue.ts';
import {
  gainDistance,
  gainingMoves,
  isSafe,
  judgeMove,
  landingSquares,
  lead,
  promoteDistance,
  reply,
  searchNodes,
  showsWhy,
} from './judge.ts';

/** Prover and search nodes one decision of the screen may take (a phone does ~1M a second). */
const NODE_LIMIT = 250_000;
/** The endings' proofs take a few seconds on a shared test machine. */
const SLOW_MS = 60_000;

const nodes = (): number => proverNodes() + searchNodes();
function measured<T>(f: () => T): T {
  const n0 = nodes();
  const out = f();
  expect(nodes() - n0, 'nodes of one decision').toBeLessThanOrEqual(NODE_LIMIT);
  return out;
}

const positionOf = (l: LearnLevel): Position => unwrap(parsePosition(l.fen));

describe('the catalogue', () => {
  it('has at least 60 levels in stages of 3–8, every group used, ids unique', () => {
    expect(LEARN_LEVELS.length).toBeGreaterThanOrEqual(60);
    for (const s of STAGES) {
      expect(s.levels.length, s.id).toBeGreaterThanOrEqual(3);
      expect(s.levels.length, s.id).toBeLessThanOrEqual(8);
    }
    for (const g of GROUPS) expect(STAGES.some((s) => s.group === g)).toBe(true);
    expect(new Set(LEARN_LEVELS.map((l) => l.id)).size).toBe(LEARN_LEVELS.length);
    expect(new Set(STAGES.map((s) => s.id)).size).toBe(STAGES.length);
  });

  it('has every text in both languages', () => {
    const keys = [
      ...STAGES.flatMap((s) => [`learnStage_${s.id}`]),
      ...LEARN_LEVELS.flatMap((l) => ['title', 'task', 'hint'].map((p) => `learn_${l.id}_${p}`)),
    ];
    for (const k of keys) {
      expect(typeof (en as Record<string, unknown>)[k], `en ${k}`).toBe('string');
      expect(typeof (tr as Record<string, unknown>)[k], `tr ${k}`).toBe('string');
    }
  });

  it('keeps endings small: at most 5 pieces and 15 plies', () => {
    for (const s of STAGES.filter((x) => x.group === 'endings'))
      for (const l of s.levels) {
        const pos = positionOf(l);
        const pieces = pos.count('white') + pos.count('black');
        expect(pieces, l.id).toBeLessThanOrEqual(5);
        if (l.goal.kind !== 'squares') expect(2 * l.goal.moves - 1, l.id).toBeLessThanOrEqual(15);
      }
  });
});

describe.each(LEARN_LEVELS.map((l) => [l.id, l] as const))('level %s', (_id, level) => {
  const pos = positionOf(level);
  const g = level.goal;

  it('is reachable as stated and not more easily', () => {
    expect(isLost(pos)).toBe(false);
    switch (g.kind) {
      case 'capture':
      case 'win':
      case 'only': {
        const par = g.kind === 'win' ? (g.par ?? g.moves) : g.moves;
        expect(par).toBeLessThanOrEqual(g.moves);
        expect(proveWinDistance(pos, g.moves)).toBe(par);
        if (g.kind === 'only') {
          expect(pos.legalMoves().length).toBeGreaterThan(1);
          expect(winningMoves(pos, g.moves)).toHaveLength(1);
        }
        break;
      }
      case 'promote':
        expect(promoteDistance(pos, g.moves)).toBe(g.moves);
        break;
      case 'hold': {
        // the player holds, and it is a question: some first move loses
        expect(losesWithin(pos, g.moves - 1)).toBe(false);
        const losing = pos.legalMoves().filter((m) => winsWithin(pos.play(m), g.moves - 1));
        expect(losing.length).toBeGreaterThan(0);
        break;
      }
      case 'gain':
        // the combination: one first move comes out ahead as stated, none does sooner
        expect(gainDistance(pos, g.moves, pos, g.pieces)).toBe(g.moves);
        expect(gainingMoves(pos, g.moves, g.pieces)).toHaveLength(1);
        break;
      case 'safe': {
        // a question: exactly one move keeps everything, and at least two lose material
        const moves = pos.legalMoves();
        expect(moves.filter((m) => isSafe(pos.play(m), g.moves))).toHaveLength(1);
        expect(moves.length).toBeGreaterThanOrEqual(3);
        // and the board shows why each of the others loses: the computer's answer captures, or
        // threatens a capture or a crowning with the piece it moved (no deep combination)
        for (const m of moves) {
          const v = judgeMove(g, pos, pos, m, 1);
          if (v.kind !== 'wrong') continue;
          expect(v.answer, makeNotation(m)).toBeDefined();
          const why = `${makeNotation(m)}, answered ${makeNotation(v.answer!)}`;
          expect(showsWhy(pos.play(m), v.answer!), why).toBe(true);
        }
        break;
      }
      case 'squares': {
        const from =
          g.from === undefined ? undefined : unwrap(parsePosition(level.fen)).legalMoves()[0] && g.from;
        const targets = landingSquares(pos, from === undefined ? undefined : squareIndex(from));
        expect(targets.length).toBeGreaterThan(0);
        if (from !== undefined) expect(pos.pieceAt(squareIndex(from))?.color).toBe(pos.turn);
        break;
      }
    }
  });

  it(
    'states a right first move, and every first move is judged within the node limit',
    () => {
      if (g.kind === 'squares') return;
      expect(level.solution, 'a solution').toBeDefined();
      const m = unwrap(parseNotation(pos, level.solution!));
      expect(measured(() => judgeMove(g, pos, pos, m, g.moves)).kind).not.toBe('wrong');
      for (const any of pos.legalMoves()) measured(() => judgeMove(g, pos, pos, any, g.moves));
    },
    SLOW_MS,
  );

  it(
    'is played to its goal against the computer’s replies',
    () => {
      if (g.kind === 'squares') return;
      let at = pos;
      let left = g.moves;
      let first = true;
      for (;;) {
        expect(left, 'moves left').toBeGreaterThan(0);
        const candidates = first ? [unwrap(parseNotation(at, level.solution!))] : at.legalMoves();
        first = false;
        let verdict: ReturnType<typeof judgeMove> | undefined;
        const move = candidates.find(
          (c) => (verdict = measured(() => judgeMove(g, pos, at, c, left))).kind !== 'wrong',
        );
        expect(move, `a right move at ${makeNotation(candidates[0])}`).toBeDefined();
        at = at.play(move!);
        if (verdict!.kind === 'done' || g.kind === 'only') break;
        expect(g.kind, 'a safe level ends with its move').not.toBe('safe');
        const answer = measured(() => reply(g, pos, at, left - 1));
        expect(answer).toBeDefined();
        at = at.play(answer!);
        left--;
      }
      if (g.kind === 'capture') expect(at.count(opposite(pos.turn))).toBe(0);
      if (g.kind === 'gain' && !isLost(at))
        for (const r of at.legalMoves())
          expect(lead(pos, at.play(r), pos.turn)).toBeGreaterThanOrEqual(g.pieces);
    },
    SLOW_MS,
  );
});

function squareIndex(name: string): number {
  return (Number(name[1]) - 1) * 8 + (name.charCodeAt(0) - 97);
}
