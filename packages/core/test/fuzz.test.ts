/**
 * Property tests and fuzzing of the text interfaces of the core: FEN round trips, and malformed
 * FEN, notation and PDN, which must give an error result, never throw and never hang.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Game,
  makeFen,
  makeNotation,
  makePdn,
  parseFen,
  parseNotation,
  parsePdn,
  parsePosition,
  Position,
  type Placement,
  type Setup,
} from '../src/index.ts';
import { START_FEN, canonicalFen, distinctKey, refMakeFen, refNotation, refParseFen } from './reference.ts';
import { makeRng, randomGame, randomSetup } from './random.ts';

const SEED = 20250101;
const FILES = 'abcdefgh';
const name = (sq: number) => FILES[sq % 8] + String(Math.floor(sq / 8) + 1);
const sortPieces = (pieces: Placement[]) =>
  [...pieces]
    .sort((a, b) => a.square - b.square)
    .map((p) => ({ square: p.square, color: p.color, role: p.role }));

/** Random legal set-ups: at least one piece (a FEN of none is refused), men never on rank 1 or 8, at most 16 a side. */
const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    turn: fc.constantFrom('white' as const, 'black' as const),
    pieces: fc.uniqueArray(
      fc.record({
        square: fc.integer({ min: 0, max: 63 }),
        color: fc.constantFrom('white' as const, 'black' as const),
        role: fc.constantFrom('man' as const, 'king' as const),
      }),
      { selector: (p) => p.square, minLength: 1, maxLength: 32 },
    ),
  })
  .map(({ turn, pieces }) => {
    const count = { white: 0, black: 0 };
    const kept: Placement[] = [];
    for (const p of pieces) {
      if (count[p.color] === 16) continue;
      count[p.color]++;
      const endRank = p.square < 8 || p.square >= 56;
      kept.push({ ...p, role: endRank ? 'king' : p.role });
    }
    return { turn, pieces: kept };
  });

/** The same set-up written in any of the forms a FEN may take: any order, spaces, a final dot. */
const fenTextArb = setupArb.chain((setup) =>
  fc
    .record({
      whiteOrder: fc.shuffledSubarray(
        setup.pieces.filter((p) => p.color === 'white'),
        { minLength: setup.pieces.filter((p) => p.color === 'white').length },
      ),
      blackOrder: fc.shuffledSubarray(
        setup.pieces.filter((p) => p.color === 'black'),
        { minLength: setup.pieces.filter((p) => p.color === 'black').length },
      ),
      blackFirst: fc.boolean(),
      spaces: fc.boolean(),
      dot: fc.boolean(),
    })
    .map(({ whiteOrder, blackOrder, blackFirst, spaces, dot }) => {
      const sep = spaces ? ', ' : ',';
      const list = (ps: Placement[]) =>
        ps.map((p) => (p.role === 'king' ? 'K' : '') + name(p.square)).join(sep);
      const w = `W${list(whiteOrder)}`;
      const b = `B${list(blackOrder)}`;
      const text = `${setup.turn === 'white' ? 'W' : 'B'}:${blackFirst ? `${b}:${w}` : `${w}:${b}`}${dot ? '.' : ''}`;
      return { setup, text };
    }),
);

/** Characters FENs are made of, plus a few that break them. */
const FEN_CHARS = 'WBKwbk:,.abcdefghijz0123456789 -"\n\t;x';
const fenishString = fc.string({ unit: fc.constantFrom(...FEN_CHARS.split('')), maxLength: 60 });

/** Delete, insert, replace or swap characters of a valid text. */
function mutatedArb(base: fc.Arbitrary<string>, alphabet: string): fc.Arbitrary<string> {
  const edit = fc.record({
    kind: fc.constantFrom('delete', 'insert', 'replace', 'swap'),
    at: fc.nat(),
    char: fc.constantFrom(...alphabet.split('')),
  });
  return fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
    let s = text;
    for (const e of edits) {
      const i = s.length === 0 ? 0 : e.at % s.length;
      if (e.kind === 'delete') s = s.slice(0, i) + s.slice(i + 1);
      else if (e.kind === 'insert') s = s.slice(0, i) + e.char + s.slice(i);
      else if (e.kind === 'replace') s = s.slice(0, i) + e.char + s.slice(i + 1);
      else if (i + 1 < s.length) s = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    }
    return s;
  });
}

/** A result must be `{ ok: true, value }` or `{ ok: false, error: { code, message } }`. */
function expectResultShape(r: { ok: boolean; error?: unknown }): void {
  expect(typeof r.ok).toBe('boolean');
  if (!r.ok) {
    const e = r.error as { code: unknown; message: unknown };
    expect(typeof e.code).toBe('string');
    expect(typeof e.message).toBe('string');
    expect((e.message as string).length).toBeGreaterThan(0);
  }
}

/** Run `f`, failing if it throws or takes longer than `ms`. */
function timed<T>(f: () => T, ms = 1000): T {
  const t0 = performance.now();
  const r = f();
  expect(performance.now() - t0).toBeLessThan(ms);
  return r;
}

/** The reference parser's verdict: the canonical FEN, or undefined if it refuses the text. */
function referenceVerdict(text: string): string | undefined {
  // The reference parser takes repeated sections; a FEN has at most one of each colour.
  const sections = text.trim().split(':').slice(1);
  if (sections.length > 2) return undefined;
  const letters = sections.map((x) => x.trim()[0]).filter((x) => x !== undefined);
  if (new Set(letters).size !== letters.length) return undefined;
  try {
    const board = refParseFen(text);
    for (let sq = 0; sq < 64; sq++) {
      const p = board.cells[sq];
      if (p !== null && !p.king && (sq < 8 || sq >= 56)) return undefined;
    }
    const count = (c: string) => board.cells.filter((p) => p !== null && p.colour === c).length;
    if (count('white') > 16 || count('black') > 16) return undefined;
    // A FEN that names no piece at all is refused (docs/RULES.md positions always have pieces).
    if (count('white') + count('black') === 0) return undefined;
    return refMakeFen(board);
  } catch {
    return undefined;
  }
}

describe('FEN round trips', { timeout: 60_000 }, () => {
  it('makeFen → parseFen gives the same set-up, and writes the canonical form', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const fen = makeFen(setup);
        const parsed = parseFen(fen);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value.turn).toBe(setup.turn);
        expect(sortPieces(parsed.value.pieces)).toEqual(sortPieces(setup.pieces));
        expect(makeFen(parsed.value)).toBe(fen);
        // The core and the reference write the same canonical text.
        expect(canonicalFen(fen)).toBe(fen);
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  it('a legal set-up makes a position that writes the same FEN', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const pos = Position.fromSetup(setup);
        expect(pos.ok).toBe(true);
        if (!pos.ok) return;
        expect(makeFen(pos.value)).toBe(makeFen(setup));
        expect(sortPieces(pos.value.toSetup().pieces)).toEqual(sortPieces(setup.pieces));
      }),
      { numRuns: 500, seed: SEED + 1 },
    );
  });

  it('any order, spaces, section order and a final dot read the same', () => {
    fc.assert(
      fc.property(fenTextArb, ({ setup, text }) => {
        const parsed = parseFen(text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(makeFen(parsed.value)).toBe(makeFen(setup));
        expect(makeFen(parsed.value)).toBe(canonicalFen(text));
      }),
      { numRuns: 500, seed: SEED + 2 },
    );
  });

  it('parse(make(parse(x))) equals parse(x) whenever x parses', () => {
    const arb = fc.oneof(
      fenishString,
      mutatedArb(
        fenTextArb.map((x) => x.text),
        FEN_CHARS,
      ),
    );
    fc.assert(
      fc.property(arb, (text) => {
        const first = parseFen(text);
        if (!first.ok) return;
        const second = parseFen(makeFen(first.value));
        expect(second.ok).toBe(true);
        if (!second.ok) return;
        expect(second.value.turn).toBe(first.value.turn);
        expect(sortPieces(second.value.pieces)).toEqual(sortPieces(first.value.pieces));
      }),
      { numRuns: 1000, seed: SEED + 3 },
    );
  });

  it('positions from random games write back what they read', () => {
    const rng = makeRng(SEED);
    for (let g = 0; g < 20; g++) {
      for (const fen of randomGame(rng, START_FEN, 100)) {
        const pos = parsePosition(fen);
        expect(pos.ok).toBe(true);
        if (pos.ok) expect(makeFen(pos.value)).toBe(fen);
      }
    }
  });
});

describe('malformed FEN', { timeout: 60_000 }, () => {
  const bad = [
    '',
    ' ',
    'X:Wa1:Bb2',
    'WW:Wa2:Bb7',
    'W:Wa9:Bb7',
    'W:Wi2:Bb7',
    'W:Wa:Bb7',
    'W:W2a:Bb7',
    'W:Wa2,:Bb7',
    'W:W,a2:Bb7',
    'W:Wa2,,b2:Bb7',
    'W:WKK a2:Bb7',
    'W:WK:Bb7',
    'W:Xa2:Bb7',
    'W:Wa2:Bb7:Wc2',
    'W:Wa2:Wc2',
    'W:Wa2:Bb7:',
    'W:Wa2,a2:Bb7',
    'W:Wa2:Ba2',
    'W:Wa10:Bb7',
    'W:Wa2-a4:Bb7',
    'W;Wa2;Bb7',
    '[FEN "W:Wa2:Bb7"]',
    'W:W' + Array.from({ length: 17 }, (_, i) => name(8 + i)).join(',') + ':Bh8',
    'W:Wa2:B' + 'a7,'.repeat(400) + 'b7',
    'W:W\u0000a2:Bb7',
  ];
  it.each(bad)('%j is refused with an error result', (text) => {
    const setup = parseFen(text);
    expectResultShape(setup);
    const pos = parsePosition(text);
    expectResultShape(pos);
    expect(pos.ok).toBe(false);
  });

  it('random text never throws, and what parses agrees with the reference parser', () => {
    const arb = fc.oneof(
      fenishString,
      fc.string({ unit: 'binary', maxLength: 80 }),
      mutatedArb(
        fenTextArb.map((x) => x.text),
        FEN_CHARS,
      ),
    );
    fc.assert(
      fc.property(arb, (text) => {
        const setup = timed(() => parseFen(text));
        expectResultShape(setup);
        const pos = timed(() => parsePosition(text));
        expectResultShape(pos);
        // Where the strict reference parser accepts a legal position, the core must accept it too.
        const verdict = referenceVerdict(text);
        if (verdict !== undefined) {
          expect(pos.ok).toBe(true);
          if (pos.ok) expect(makeFen(pos.value)).toBe(verdict);
        }
        if (pos.ok) pos.value.legalMoves();
      }),
      { numRuns: 3000, seed: SEED + 4 },
    );
  });

  it('a long or huge input is refused quickly', () => {
    for (const text of ['W:W' + 'a2,'.repeat(100_000) + 'b2:B', 'W'.repeat(1_000_000), ':'.repeat(100_000)]) {
      const r = timed(() => parseFen(text));
      expectResultShape(r);
      expect(r.ok).toBe(false);
    }
  });

  it('Position.fromSetup never throws on garbage', () => {
    const arb = fc.oneof(
      fc.anything(),
      fc.record({ turn: fc.anything(), pieces: fc.anything() }),
      fc.record({
        turn: fc.constantFrom('white', 'black', 'w', undefined),
        pieces: fc.array(
          fc.record({
            square: fc.oneof(fc.integer({ min: -5, max: 70 }), fc.double(), fc.string()),
            color: fc.constantFrom('white', 'black', 'red', 0),
            role: fc.constantFrom('man', 'king', 'queen', null),
          }),
          { maxLength: 40 },
        ),
      }),
    );
    fc.assert(
      fc.property(arb, (value) => {
        const r = Position.fromSetup(value as Setup);
        expectResultShape(r);
      }),
      { numRuns: 2000, seed: SEED + 5 },
    );
  });
});

describe('malformed notation', { timeout: 60_000 }, () => {
  const rng = makeRng(SEED + 6);
  const fens = [START_FEN];
  for (let g = 0; g < 6; g++) {
    const game = randomGame(rng, START_FEN, 60);
    fens.push(game[Math.floor(rng() * game.length)]);
  }
  for (let i = 0; i < 6; i++) fens.push(refMakeFen(randomSetup(rng, { kings: [1, 4], men: [2, 8] })));
  const positions = fens.map((fen) => {
    const pos = parsePosition(fen);
    if (!pos.ok) throw new Error(`core refused ${fen}`);
    return pos.value;
  });
  const legalTexts = positions.flatMap((pos) =>
    pos.legalMovesAllPaths().map((m) => refNotation({ from: m.from, path: m.path, captures: m.captures })),
  );

  const bad = [
    '',
    ' ',
    'c3',
    'c3-',
    '-c4',
    'c3-c9',
    'i3-c4',
    'c3--c4',
    'c3c4',
    'c3 c4',
    'c3-c4-',
    'c3-c4 extra',
    'c3-c5',
    'c3-d4',
    'c3-c2',
    'a1-a2',
    'c3xc4-c5',
    'x',
    'c3x',
    'xc3',
    'c3-c4'.repeat(50),
    'c3x'.repeat(1000) + 'c4',
    '\u0000c3-c4',
    'ｃ3-c4',
  ];
  it.each(bad)('%j is refused in the start position', (text) => {
    const r = timed(() => parseNotation(positions[0], text));
    expectResultShape(r);
    expect(r.ok).toBe(false);
  });

  it('every legal move reads back, and the start position knows all eight', () => {
    expect(positions[0].legalMoves().map(makeNotation).sort()).toEqual(
      ['a3-a4', 'b3-b4', 'c3-c4', 'd3-d4', 'e3-e4', 'f3-f4', 'g3-g4', 'h3-h4'].sort(),
    );
  });

  it('random and mutated notation never throws; what it accepts is a legal move', () => {
    const alphabet = 'abcdefghi0123456789x-: X';
    const arb = fc.tuple(
      fc.integer({ min: 0, max: positions.length - 1 }),
      fc.oneof(
        fc.string({ unit: fc.constantFrom(...alphabet.split('')), maxLength: 20 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        mutatedArb(fc.constantFrom(...legalTexts), alphabet),
      ),
    );
    fc.assert(
      fc.property(arb, ([index, text]) => {
        const pos = positions[index];
        const r = timed(() => parseNotation(pos, text));
        expectResultShape(r);
        if (r.ok) {
          const key = distinctKey(r.value);
          expect(pos.legalMoves().map((m) => distinctKey(m))).toContain(key);
        }
      }),
      { numRuns: 3000, seed: SEED + 7 },
    );
  });
});

// ---- PDN ----------------------------------------------------------------------------------------

/** Valid PDN texts: random games from the start and from random set-ups, written by makePdn. */
function validPdns(count: number): string[] {
  const rng = makeRng(SEED + 8);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const startFen = i % 3 === 2 ? refMakeFen(randomSetup(rng, { kings: [1, 3], men: [1, 6] })) : START_FEN;
    const start = parsePosition(startFen);
    if (!start.ok) throw new Error(`core refused ${startFen}`);
    const game = new Game(start.value);
    const plies = Math.floor(rng() * 60);
    for (let p = 0; p < plies && !game.isOver(); p++) {
      const moves = game.position.legalMoves();
      game.play(moves[Math.floor(rng() * moves.length)]);
    }
    if (i % 5 === 1 && !game.isOver()) game.resign(game.position.turn);
    texts.push(makePdn(game, { Event: `Fuzz ${i}`, White: 'A "quoted" name', Black: 'back\\slash' }));
  }
  return texts;
}

interface ChildLine {
  i: number;
  ok: boolean;
  code?: string;
  threw?: string;
  ms: number;
}

/** Run the PDN readers on `inputs` in a child process, killed after `timeoutMs`. */
function runPdnChildOnce(
  inputs: string[],
  timeoutMs: number,
): { lines: ChildLine[]; hung?: number; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dama-fuzz-'));
  try {
    const file = join(dir, 'inputs.json');
    writeFileSync(file, JSON.stringify(inputs));
    const child = fileURLToPath(new URL('./fuzz-child.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, file], {
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines: ChildLine[] = [];
    let lastStart: number | undefined;
    for (const line of (r.stdout ?? '').split('\n')) {
      if (line.startsWith('start ')) lastStart = Number(line.slice(6));
      else if (line.startsWith('{')) {
        lines.push(JSON.parse(line) as ChildLine);
        lastStart = undefined;
      }
    }
    const finished = (r.stdout ?? '').includes('\ndone\n');
    // Exited on its own without finishing: a crash, not a hang (a hang is killed at the time limit).
    if (!finished && r.error === undefined && r.signal === null)
      throw new Error(`the PDN child process crashed (exit ${r.status}): ${r.stderr}`);
    return { lines, hung: finished ? undefined : (lastStart ?? -1), stderr: r.stderr ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Run the PDN readers on every input in child processes. An input on which a reader does not return
 * within the time limit is recorded as hung, and the run goes on after it (at most `maxHangs` times).
 */
function runPdnChild(
  inputs: string[],
  timeoutMs = 10_000,
  maxHangs = 3,
): { lines: ChildLine[]; hung: number[]; stderr: string } {
  const lines: ChildLine[] = [];
  const hung: number[] = [];
  let stderr = '';
  let offset = 0;
  while (offset < inputs.length) {
    const r = runPdnChildOnce(inputs.slice(offset), timeoutMs);
    lines.push(...r.lines.map((l) => ({ ...l, i: l.i + offset })));
    stderr += r.stderr;
    if (r.hung === undefined) break;
    if (r.hung < 0) {
      hung.push(-1); // the child died before starting: report it
      break;
    }
    hung.push(r.hung + offset);
    offset += r.hung + 1;
    if (hung.length >= maxHangs) break;
  }
  return { lines, hung, stderr };
}

describe('PDN', { timeout: 60_000 }, () => {
  const valid = validPdns(30);

  it('makePdn → parsePdn gives back the same game', () => {
    for (const text of valid) {
      const r = parsePdn(text);
      expect(r.ok, text).toBe(true);
      if (!r.ok) continue;
      expect(r.value).toHaveLength(1);
      const again = makePdn(r.value[0].game, r.value[0].tags);
      expect(again).toBe(text);
    }
  });

  it('malformed PDN gives an error result, never throws and never hangs (run in a child process)', () => {
    const definitelyBad = [
      '',
      '   \n\t',
      '[Event "x"',
      '[Event x]',
      '[GameType "20"]\n1. c3-c4 *',
      '[FEN "W:Wa9:Bb7"]\n*',
      '[FEN "X"]\n1. c3-c4 *',
      '1. c3-c5 *',
      '1. c3-c4 c6-c5 2. d3-d4 *',
      '1. c3-c4 c6-c5 2. c4xc6 *',
      '1. c3-c4 {unclosed comment',
      '1. c3-c4 (2. d3-d4',
      '1. c3-c4 garbage *',
      ')',
      ']',
      '}',
      '1. c3-c4 )',
      '1. c3-c4 } *',
      '[Event "x"] ] 1. c3-c4 *',
    ];
    const pdnChars = ' \n[]{}()";%$!?.:-x0123456789abchKWB*/½';
    const samples = fc.sample(
      fc.oneof(
        fc.string({ unit: fc.constantFrom(...pdnChars.split('')), maxLength: 80 }),
        fc.string({ unit: 'binary', maxLength: 80 }),
        mutatedArb(fc.constantFrom(...valid), pdnChars),
      ),
      { numRuns: 600, seed: SEED + 10 },
    );
    const huge = [
      '('.repeat(200_000),
      '{'.repeat(200_000),
      '1. c3-c4 '.repeat(20_000) + '*',
      '['.repeat(100_000),
    ];
    const inputs = [...definitelyBad, ...samples, ...huge];

    const { lines, hung, stderr } = runPdnChild(inputs);
    if (hung.length > 0) {
      expect.fail(
        `a PDN reader did not return within the time limit on ${hung.length} input(s): ` +
          hung.map((i) => JSON.stringify(inputs[i]?.slice(0, 200))).join(', ') +
          ` (the run stops after ${hung.length})\n${stderr.slice(0, 2000)}`,
      );
    }
    expect(lines).toHaveLength(inputs.length);
    const threw = lines.filter((l) => l.threw !== undefined);
    expect(threw.map((l) => `${JSON.stringify(inputs[l.i].slice(0, 80))}: ${l.threw}`)).toEqual([]);
    const slow = lines.filter((l) => l.ms > 2000);
    expect(slow.map((l) => JSON.stringify(inputs[l.i].slice(0, 80)))).toEqual([]);
    const acceptedBad = lines.filter((l) => l.i < definitelyBad.length && l.ok);
    expect(acceptedBad.map((l) => definitelyBad[l.i])).toEqual([]);
  }, 60_000);
});
