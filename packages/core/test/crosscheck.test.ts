/**
 * Cross-check of the fast generator in `src/` against the simple reference generator in
 * `reference.ts`, on thousands of deterministic random positions: every capture path, the distinct
 * moves, the position after each move, and perft at small depths.
 */
import { describe, expect, it } from 'vitest';
import {
  makeFen,
  makeNotation,
  parseFen,
  parseNotation,
  perft,
  Position,
  type Move,
  type PositionOptions,
} from '../src/index.ts';
import {
  START_FEN,
  canonicalFen,
  distinctKey,
  pathKey,
  rankOf,
  refNotation,
  squareName,
  refMakeFen,
  refParseFen,
  referenceDistinct,
  referenceMoves,
  referencePerft,
  referencePlay,
  type RefMove,
} from './reference.ts';
import { makeRng, randInt, randomGame, randomPromotionSetup, randomSetup } from './random.ts';

function corePosition(fen: string, options: PositionOptions = {}): Position {
  const setup = parseFen(fen);
  if (!setup.ok) throw new Error(`core parseFen refused ${fen}: ${setup.error.message}`);
  const pos = Position.fromSetup(setup.value, options);
  if (!pos.ok) throw new Error(`core Position.fromSetup refused ${fen}: ${pos.error.message}`);
  return pos.value;
}

const toRef = (m: Move): RefMove => ({ from: m.from, path: m.path, captures: m.captures });
const show = (m: RefMove): string => refNotation(m);

/** Compare the core with the reference on one position; returns human-readable differences. */
function comparePosition(fen: string, options: PositionOptions = {}): string[] {
  const problems: string[] = [];
  let pos: Position;
  try {
    pos = corePosition(fen, options);
  } catch (e) {
    return [(e as Error).message];
  }
  const board = refParseFen(fen);

  if (canonicalFen(makeFen(pos)) !== fen) problems.push(`${fen}: makeFen gives ${makeFen(pos)}`);

  // Path mode: every capture path, as sorted lists of (from, path, captures).
  const corePaths = pos.legalMovesAllPaths();
  const refPaths = referenceMoves(fen);
  const coreKeys = corePaths.map((m) => pathKey(toRef(m))).sort();
  const refKeys = refPaths.map(pathKey).sort();
  if (coreKeys.join(' ') !== refKeys.join(' ')) {
    const coreSet = new Set(coreKeys);
    const refSet = new Set(refKeys);
    const extra = corePaths.filter((m) => !refSet.has(pathKey(toRef(m)))).map((m) => show(toRef(m)));
    const missing = refPaths.filter((m) => !coreSet.has(pathKey(m))).map(show);
    problems.push(
      `${fen}: path mode differs (core ${coreKeys.length}, reference ${refKeys.length}); ` +
        `core only: [${extra.join(' ')}]; reference only: [${missing.join(' ')}]`,
    );
  }

  // Distinct mode: sets keyed by (from, to, sorted captures), without duplicates.
  const coreMoves = pos.legalMoves();
  const refDistinct = referenceDistinct(fen);
  const coreDistinctKeys = coreMoves.map((m) => distinctKey(toRef(m))).sort();
  if (new Set(coreDistinctKeys).size !== coreDistinctKeys.length)
    problems.push(`${fen}: legalMoves lists a move twice: ${coreDistinctKeys.join(' ')}`);
  const refDistinctKeys = refDistinct.map(distinctKey).sort();
  if (coreDistinctKeys.join(' ') !== refDistinctKeys.join(' ')) {
    const refSet = new Set(refDistinctKeys);
    const coreSet = new Set(coreDistinctKeys);
    const extra = coreMoves.filter((m) => !refSet.has(distinctKey(toRef(m)))).map((m) => show(toRef(m)));
    const missing = refDistinct.filter((m) => !coreSet.has(distinctKey(m))).map(show);
    problems.push(
      `${fen}: distinct moves differ (core ${coreDistinctKeys.length}, reference ${refDistinctKeys.length}); ` +
        `core only: [${extra.join(' ')}]; reference only: [${missing.join(' ')}]`,
    );
  }

  // Shape of every move, and the position after it.
  for (const m of [...coreMoves, ...corePaths]) {
    const last = m.path[m.path.length - 1];
    const piece = board.cells[m.from];
    const shapeOk =
      m.to === last &&
      (m.captures.length === 0 ? m.path.length === 1 : m.path.length === m.captures.length) &&
      piece !== null &&
      m.promotes === (!piece.king && rankOf(m.to) === (piece.colour === 'white' ? 7 : 0));
    if (!shapeOk) problems.push(`${fen}: malformed move ${JSON.stringify(m)}`);
  }
  // Notation: every landing square, read back to the same path and move.
  for (const m of corePaths.slice(0, 12)) {
    const text = refNotation(toRef(m));
    if (makeNotation(m) !== text)
      problems.push(`${fen}: makeNotation gives ${makeNotation(m)}, expected ${text}`);
    const parsed = parseNotation(pos, text);
    if (!parsed.ok) problems.push(`${fen}: parseNotation refuses ${text}: ${parsed.error.message}`);
    else if (pathKey(toRef(parsed.value)) !== pathKey(toRef(m)))
      problems.push(`${fen}: parseNotation(${text}) gives ${makeNotation(parsed.value)}`);
  }
  // The short form start x end is accepted exactly when one distinct move matches it.
  for (const m of refDistinct.filter((r) => r.captures.length > 1).slice(0, 8)) {
    const to = m.path[m.path.length - 1];
    const short = `${squareName(m.from)}x${squareName(to)}`;
    const same = refDistinct.filter((r) => r.from === m.from && r.path[r.path.length - 1] === to);
    const parsed = parseNotation(pos, short);
    if (same.length === 1 && (!parsed.ok || distinctKey(toRef(parsed.value)) !== distinctKey(m)))
      problems.push(`${fen}: short form ${short} should give ${show(m)}`);
    if (same.length > 1 && parsed.ok) problems.push(`${fen}: ambiguous short form ${short} accepted`);
  }

  for (const m of coreMoves) {
    const after = canonicalFen(makeFen(pos.play(m)));
    const expected = referencePlay(fen, toRef(m));
    if (after !== expected)
      problems.push(`${fen}: after ${show(toRef(m))} core gives ${after}, expected ${expected}`);
  }
  return problems;
}

function expectNoProblems(problems: string[], checked: number): void {
  if (problems.length > 0) {
    const head = problems.slice(0, 15).join('\n');
    expect.fail(`${problems.length} problem(s) in ${checked} positions; first ones:\n${head}`);
  }
}

describe('cross-check: fast generator against the reference', { timeout: 60_000 }, () => {
  it('agrees on the docs/RULES.md small cases (which put men on rank 1 or 8)', () => {
    const fens = [
      'W:WKa1:Ba3,c5,e3,c1',
      'W:Wb6:Bb7,d8',
      'W:WKd4:Bb4,f4',
      'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4',
    ].map(canonicalFen);
    const problems = fens.flatMap((fen) => comparePosition(fen, { allowEndRankMen: true }));
    expectNoProblems(problems, fens.length);
    expect(corePosition(fens[0], { allowEndRankMen: true }).legalMoves()).toHaveLength(3);
    expect(corePosition(fens[0], { allowEndRankMen: true }).legalMovesAllPaths()).toHaveLength(4);
  });

  it('agrees on hand-made cases', () => {
    const fens = [
      'W:Wa6:Ba7,Kb8,c6',
      'W:WKd1:Bd3,d6',
      'W:Wd4,Ka1:Bd5,c6,Kc1',
      'B:Wd2:Bd3',
      'W:W:Bc3',
      'W:Wa7:BKa8,b7,c7',
      'W:WKa1:BKa3,Kc1,c5,e3',
      'B:WKd4,d5,e4:BKd8,Kh4,a4',
    ].map(canonicalFen);
    const problems = fens.flatMap((fen) => comparePosition(fen));
    expectNoProblems(problems, fens.length);
  });

  it('agrees on positions from random games from the start position', () => {
    const rng = makeRng(20240601);
    const problems: string[] = [];
    let checked = 0;
    for (let game = 0; game < 150; game++) {
      for (const fen of randomGame(rng, START_FEN, 150)) {
        problems.push(...comparePosition(fen));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8000);
    if (process.env.DAMA_VERBOSE) console.log(`checked ${checked} positions`);
    expectNoProblems(problems, checked);
  });

  it('agrees on random set-ups rich in kings, and a few plies after them', () => {
    const rng = makeRng(777);
    const problems: string[] = [];
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const start = refMakeFen(randomSetup(rng, { kings: [1, 8], men: [0, 8] }));
      for (const fen of randomGame(rng, start, randInt(rng, 0, 4))) {
        problems.push(...comparePosition(fen));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
    if (process.env.DAMA_VERBOSE) console.log(`checked ${checked} positions`);
    expectNoProblems(problems, checked);
  });

  it('agrees on crowded random set-ups full of men (long chains of men)', () => {
    const rng = makeRng(4242);
    const problems: string[] = [];
    let checked = 0;
    for (let i = 0; i < 1500; i++) {
      const start = refMakeFen(randomSetup(rng, { kings: [0, 2], men: [8, 16] }));
      for (const fen of randomGame(rng, start, randInt(rng, 0, 6))) {
        problems.push(...comparePosition(fen));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
    if (process.env.DAMA_VERBOSE) console.log(`checked ${checked} positions`);
    expectNoProblems(problems, checked);
  });

  it('agrees around the promotion rank (men reaching it mid-capture)', () => {
    const rng = makeRng(8080);
    const problems: string[] = [];
    let checked = 0;
    for (let i = 0; i < 1500; i++) {
      for (const fen of randomGame(rng, refMakeFen(randomPromotionSetup(rng)), randInt(rng, 0, 2))) {
        problems.push(...comparePosition(fen));
        checked++;
      }
    }
    if (process.env.DAMA_VERBOSE) console.log(`checked ${checked} positions`);
    expectNoProblems(problems, checked);
  });

  it('agrees on set-ups with men on rank 1 or 8 (allowEndRankMen)', () => {
    const rng = makeRng(1234);
    const problems: string[] = [];
    let checked = 0;
    for (let i = 0; i < 600; i++) {
      const start = refMakeFen(randomSetup(rng, { kings: [0, 4], men: [1, 10], endRankMen: true }));
      for (const fen of randomGame(rng, start, randInt(rng, 0, 2))) {
        problems.push(...comparePosition(fen, { allowEndRankMen: true }));
        checked++;
      }
    }
    if (process.env.DAMA_VERBOSE) console.log(`checked ${checked} positions`);
    expectNoProblems(problems, checked);
  });

  it('agrees on perft (both modes) at depths 2–3 from random positions', () => {
    const rng = makeRng(99);
    const problems: string[] = [];
    const fens: string[] = [];
    for (let i = 0; i < 60; i++) fens.push(refMakeFen(randomSetup(rng, { kings: [1, 5], men: [0, 10] })));
    for (let i = 0; i < 10; i++) {
      const game = randomGame(rng, START_FEN, 80);
      fens.push(game[randInt(rng, 0, game.length - 1)]);
    }
    for (const fen of fens) {
      const pos = corePosition(fen);
      for (const paths of [false, true]) {
        for (const depth of [1, 2, 3]) {
          const core = perft(pos, depth, { paths });
          const ref = referencePerft(fen, depth, paths);
          if (core !== ref)
            problems.push(`${fen}: perft ${depth}${paths ? ' paths' : ''} core ${core}, ref ${ref}`);
        }
      }
    }
    expectNoProblems(problems, fens.length);
  });

  it('agrees on start-position perft to depth 5', () => {
    const start = corePosition(START_FEN);
    for (const paths of [false, true]) {
      expect(perft(start, 5, { paths })).toBe(referencePerft(START_FEN, 5, paths));
    }
  });
});
