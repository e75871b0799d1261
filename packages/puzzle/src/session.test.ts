import { makeNotation, parsePosition, unwrap } from '@dama/core';
import { describe, expect, it } from 'vitest';
import type { Puzzle } from './bank.ts';
import { provenLine, winsWithinOneMore } from './mine.ts';
import { proveWinDistance } from './prover.ts';
import {
  acceptedMoves,
  hintMove,
  playMove,
  refutation,
  slowerWin,
  solutionMoves,
  startSession,
  takeHint,
} from './session.ts';

/** A puzzle made from a position by the prover (bank rules aside: the session does not need them). */
function puzzleOf(fen: string): Puzzle {
  const pos = unwrap(parsePosition(fen));
  const moves = proveWinDistance(pos, 4);
  if (moves === undefined) throw new Error(`${fen}: no win`);
  return {
    id: 1,
    date: undefined,
    fen,
    moves,
    line: provenLine(pos, moves),
    themes: [],
    difficulty: 1,
    source: 'test',
  };
}

// Win in 3 (see prover.test.ts): h7-h8, h6-g6, h8x… along the h-file, then the last man falls.
const WIN_IN_3 = puzzleOf('W:Wf5,h7:Bh5,h6');
// Win in 2 whose last move can be played by two capture paths of one move: after g6-g3 d3xf3 the
// king takes f3 and c3, landing on e3 or d3 on the way (g3xe3xa3 = g3xd3xa3).
const TWO_PATHS = puzzleOf('W:WKe3,h3,a5,Kg6,a7:Bc3,d3');

describe('session', () => {
  it('answers accepted moves with the prepared defence until solved', () => {
    let s = startSession(WIN_IN_3);
    let r = playMove(s, 'h7-h8');
    expect(r.result.kind).toBe('correct');
    if (r.result.kind === 'correct') expect(makeNotation(r.result.reply)).toBe('h6-g6');
    s = r.state;
    expect(s.movesLeft).toBe(2);
    // Not the main line's h8xh1 but another accepted landing square.
    r = playMove(s, 'h8xh3');
    expect(r.result.kind).toBe('correct');
    s = r.state;
    expect(acceptedMoves(s).length).toBeGreaterThan(0);
    const last = acceptedMoves(s)[0];
    r = playMove(s, last);
    expect(r.result.kind).toBe('solved');
    expect(r.state.status).toBe('solved');
    expect(r.state.played).toHaveLength(5);
    expect(playMove(r.state, 'h1-h2').result.kind).toBe('over');
  });

  it('accepts any capture path of an accepted move', () => {
    let s = startSession(TWO_PATHS);
    expect(TWO_PATHS.line).toEqual(['g6-g3', 'd3xf3', 'g3xe3xa3']);
    s = playMove(s, 'g6-g3').state;
    expect(playMove(s, 'g3xd3xa3').result.kind).toBe('solved');
    expect(playMove(s, 'g3xe3xa3').result.kind).toBe('solved');
  });

  it('a wrong move uses a try and shows the refutation; three wrong moves fail with the solution', () => {
    let s = startSession(WIN_IN_3);
    const first = playMove(s, 'f5-f6');
    expect(first.result.kind).toBe('wrong');
    if (first.result.kind === 'wrong') {
      expect(first.result.triesLeft).toBe(2);
      expect(first.result.refutation.map(makeNotation)[0]).toBe('f5-f6');
      expect(first.result.refutation).toHaveLength(2);
    }
    s = first.state;
    expect(s.position.equals(startSession(WIN_IN_3).position)).toBe(true);
    s = playMove(s, 'f5-e5').state;
    expect(s.tries).toBe(2);
    const third = playMove(s, 'h7-g7');
    expect(third.result.kind).toBe('failed');
    expect(third.state.status).toBe('failed');
    if (third.result.kind === 'failed')
      expect(third.result.solution.map(makeNotation)).toEqual(WIN_IN_3.line);
  });

  it('refuses illegal moves without using a try', () => {
    const s = startSession(WIN_IN_3);
    const r = playMove(s, 'h7-h6');
    expect(r.result.kind).toBe('illegal');
    expect(r.state).toBe(s);
    expect(playMove(s, 'zz').result.kind).toBe('illegal');
    expect(playMove(s, { from: 0, to: 1, path: [1], captures: [], promotes: false }).result.kind).toBe(
      'illegal',
    );
  });

  it('the refutation escapes the win in the moves left', () => {
    const pos = startSession(WIN_IN_3).position;
    const wrong = pos.legalMoves().find((m) => makeNotation(m) === 'f5-g5')!;
    const line = refutation(pos, wrong, 3);
    expect(line).toHaveLength(2);
    expect(solutionMoves(WIN_IN_3).map(makeNotation)).toEqual(WIN_IN_3.line);
  });

  it('a slower win is told it wins, costs no try, and keeps the position', () => {
    // One first move wins in n; another wins only in n + 1.
    const puzzle = puzzleOf('B:Wd3,e4:BKb2,h2,b3,g4,g5');
    const pos = startSession(puzzle).position;
    const slow = winsWithinOneMore(pos, puzzle.moves).find((m) => makeNotation(m) !== puzzle.line[0])!;
    expect(slowerWin(pos, slow, puzzle.moves)).toBe(puzzle.moves + 1);
    const s = startSession(puzzle);
    const r = playMove(s, slow);
    expect(r.result).toMatchObject({ kind: 'slower', winsIn: puzzle.moves + 1, movesLeft: puzzle.moves });
    expect(r.state.tries).toBe(0);
    expect(r.state.position.equals(s.position)).toBe(true);
    // A move that throws the win away costs a try.
    const bad = pos.legalMoves().find((m) => slowerWin(pos, m, puzzle.moves) === 0)!;
    expect(playMove(s, bad).result.kind).toBe('wrong');
  });

  it('a hint points at the piece to move and is recorded', () => {
    const s = startSession(WIN_IN_3);
    expect(s.hinted).toBe(false);
    expect(makeNotation(hintMove(s)!)).toBe('h7-h8');
    const h = takeHint(s);
    expect(h.hinted).toBe(true);
    const next = playMove(h, 'h7-h8').state;
    expect(next.hinted).toBe(true);
    expect(acceptedMoves(next).map(makeNotation)).toContain(makeNotation(hintMove(next)!));
  });
});
