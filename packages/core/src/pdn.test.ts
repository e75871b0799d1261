import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFen, parsePosition } from './fen.ts';
import { Game } from './game.ts';
import { lineColumn, makePdn, parsePdn, parsePdnRecords } from './pdn.ts';
import { START_FEN } from './setup.ts';
import { unwrap } from './types.ts';

/** A game of random legal moves, deterministic for a seed. */
function randomGame(seed: number, plies: number, fen?: string): Game {
  let s = seed;
  const rnd = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
  const g = new Game(fen ? unwrap(parsePosition(fen)) : undefined);
  for (let i = 0; i < plies && !g.isOver(); i++) {
    const moves = g.position.legalMovesAllPaths();
    g.play(moves[rnd(moves.length)]);
  }
  return g;
}

describe('PDN', () => {
  it('writes a game that reads back identically', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = randomGame(seed, 40 + seed * 5);
      const text = makePdn(g, { Event: 'Test "quoted"', White: 'Ayşe', Black: 'İsmail' });
      const [back] = unwrap(parsePdn(text));
      expect(back.game.notation()).toEqual(g.notation());
      expect(back.game.outcome()).toEqual(g.outcome());
      expect(makePdn(back.game, back.tags)).toBe(text);
      expect(back.tags).toContainEqual(['White', 'Ayşe']);
      expect(back.tags).toContainEqual(['Event', 'Test "quoted"']);
    }
  });
  it('writes the game type and the set-up of a game that does not start from the start', () => {
    const g = randomGame(5, 6, 'B:WKa1,c3,d3:Bf6,g6,Kh8');
    const text = makePdn(g);
    expect(text).toContain('[GameType "30"]');
    expect(text).toContain('[FEN "B:WKa1,c3,d3:Bf6,g6,Kh8"]');
    expect(text).toMatch(/\n1\.\.\. /);
    const [back] = unwrap(parsePdn(text));
    expect(makeFen(back.game.initial)).toBe('B:WKa1,c3,d3:Bf6,g6,Kh8');
    expect(back.game.notation()).toEqual(g.notation());
  });
  it('keeps resignation, timeout and agreement', () => {
    for (const end of ['resign', 'timeout', 'draw'] as const) {
      const g = randomGame(3, 10);
      if (end === 'resign') g.resign('black');
      else if (end === 'timeout') g.timeout('white');
      else g.agreeDraw();
      const [back] = unwrap(parsePdn(makePdn(g)));
      expect(back.game.outcome()).toEqual(g.outcome());
    }
  });
  it('skips comments, variations, glyphs and move numbers, and reads several games', () => {
    const text = `[Event "One"]
[GameType "30,W,8,8,A0,0"]
1. c3-c4 {a quiet start (really)} f6-f5 (1... b6-b5 2. b3-b4) 2.d3-d4! $1 ; a line comment
b6-b5?! 1/2-1/2

[Event "Two"]
1.c3-c4 f6-f5 *`;
    const games = unwrap(parsePdn(text));
    expect(games).toHaveLength(2);
    expect(games[0].game.notation()).toEqual(['c3-c4', 'f6-f5', 'd3-d4', 'b6-b5']);
    expect(games[0].game.outcome()).toEqual({ winner: undefined, reason: 'agreement' });
    expect(games[1].game.notation()).toEqual(['c3-c4', 'f6-f5']);
    expect(games[1].result).toBe('*');
  });
  it('reads short capture notation', () => {
    const text =
      '[FEN "W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4"]\n1. f3xb7 *';
    expect(unwrap(parsePdn(text))[0].game.notation()).toEqual(['f3xf5xd5xd7xb7']);
  });
  it.each([
    ['', 'pdn-empty'],
    ['[Event "x"', 'pdn-syntax'],
    ['[Event x]', 'pdn-syntax'],
    ['1. c3-c4 {unclosed', 'pdn-syntax'],
    ['1. c3-c4 (f6-f5', 'pdn-syntax'],
    ['1. Nf3 *', 'pdn-syntax'],
    ['[GameType "20"]\n1. c3-c4 *', 'pdn-game-type'],
    ['[FEN "W:Wz9"]\n*', 'pdn-fen'],
    ['1. c3-c5 *', 'pdn-move'],
    ['1. c3-c4 c3-c4 *', 'pdn-move'],
    ['[FEN "W:WKa1:BKh8"]\n1-0', 'pdn-result'],
  ])('refuses %j (%s)', (text, code) => {
    expect(parsePdn(text)).toMatchObject({ ok: false, error: { code } });
  });
  it('says which move is wrong', () => {
    const r = parsePdn('1. c3-c4 f6-f5 2. c4-c6 *');
    expect(!r.ok && r.error.message).toMatch(/^Move 2 \(c4-c6\)/);
  });
  it('parses records without replaying them', () => {
    expect(unwrap(parsePdnRecords('[White "A"]\n1. c3-c4 1-0')).map((r) => r.result)).toEqual(['1-0']);
  });
});

describe('PDN as other programs write it', () => {
  const fixture = readFileSync(new URL('../test/fixtures/referee.pdn', import.meta.url), 'utf8');

  it('reads a whole file from another program: bracketed and escaped tags, comments, NAGs, variations', () => {
    const games = unwrap(parsePdn(fixture));
    expect(games).toHaveLength(3);
    const [first, second, third] = games;
    expect(first.tags).toContainEqual(['White', 'engine [nodes=2000]']);
    expect(first.tags).toContainEqual(['Black', 'engine [nodes=4000, eval="nnue"]']);
    expect(first.tags).toContainEqual(['Event', 'Referee match [round-robin] "A" vs "B"']);
    expect(first.tags).toContainEqual(['Site', 'lab\\cluster-2']);
    expect(first.game.plies).toBe(68);
    expect(first.game.outcome()).toEqual({ winner: 'black', reason: 'no-pieces' });
    expect(second.game.initial.key()).toBe(unwrap(parsePosition('W:WKd4,a3,b3:Bf6,g6,h7')).key());
    expect(second.game.outcome()).toEqual({ winner: 'white', reason: 'no-pieces' });
    expect(third.game.plies).toBe(24);
    expect(third.game.outcome()).toEqual({ winner: 'black', reason: 'timeout' });
  });

  it('writes tags with brackets and quotes that it reads back', () => {
    const g = randomGame(3, 10);
    const text = makePdn(g, { Event: 'Cup [final]', White: 'a "b" [c] \\ d]' });
    expect(text).toContain('[Event "Cup [final]"]');
    const [back] = unwrap(parsePdn(text));
    expect(back.tags).toContainEqual(['Event', 'Cup [final]']);
    expect(back.tags).toContainEqual(['White', 'a "b" [c] \\ d]']);
  });

  it('always writes Termination, and a rules-decided one survives re-export', () => {
    expect(makePdn(new Game())).toContain('[Termination "unterminated"]');
    const g = new Game(unwrap(parsePosition('W:WKa1:BKh8')));
    expect(makePdn(g)).toContain('[Termination "king-vs-king"]');
    const [back] = unwrap(parsePdn(makePdn(g)));
    expect(makePdn(back.game, back.tags)).toContain('[Termination "king-vs-king"]');
  });

  it('a one-piece-each draw reads back as itself, not as an agreement', () => {
    const g = new Game(unwrap(parsePosition('W:Wc3:Bf6')), { drawRules: { onePieceEach: true } });
    expect(g.outcome()?.reason).toBe('one-piece-each');
    const text = makePdn(g);
    expect(text).toContain('[DrawRules "repetition,king-vs-king,no-progress,one-piece-each"]');
    const [back] = unwrap(parsePdn(text));
    expect(back.game.outcome()).toEqual({ winner: undefined, reason: 'one-piece-each' });
  });

  it('keeps the start counters', () => {
    const g = new Game(unwrap(parsePosition('W:WKa1,c3:BKh8,f6')), {
      counters: { noProgress: 47, kingsOnly: 5 },
    });
    const text = makePdn(g);
    expect(text).toContain('[StartCounters "47,5"]');
    const [back] = unwrap(parsePdn(text));
    expect(back.game.initialCounters).toEqual({ noProgress: 47, kingsOnly: 5 });
  });

  it('refuses bad DrawRules and StartCounters tags with a reason', () => {
    const bad = (tag: string) => parsePdn(`[DrawRules "${tag}"]\n1. c3-c4 *`);
    expect(bad('repetition,fifty')).toMatchObject({ ok: false, error: { code: 'pdn-tag' } });
    expect(parsePdn('[StartCounters "x"]\n1. c3-c4 *')).toMatchObject({
      ok: false,
      error: { code: 'pdn-tag' },
    });
  });

  it('says where a malformed record goes wrong, and quotes control bytes as escapes', () => {
    const text = '[Event "a"]\n\n1. c3-c4 f6-f5\n2. c4-c9 *';
    const r = parsePdn(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(lineColumn(text, r.error.offset!)).toEqual({ line: 4, column: 4 });
    }
    const moved = parsePdn('1. c3-c4 f6-f5 2. c4-c6 *');
    expect(moved.ok || moved.error.offset).toBe(18);
    const unclosed = parsePdn('[Event "a\u0007]\n1. c3-c4 *');
    expect(unclosed.ok).toBe(false);
    const junk = parsePdn('1. c3-c4 \u001b[2J *');
    expect(junk.ok).toBe(false);
    if (!junk.ok)
      expect(junk.error.message).toSatisfy((m: string) => [...m].every((c) => c.charCodeAt(0) >= 32));
  });
});

describe('PDN round trips of every draw rule set', () => {
  const names = ['repetition', 'kingVsKing', 'noProgress', 'onePieceEach', 'kingVsMan', 'kingsOnly'] as const;
  it('keeps each of the 64 rule sets, the start counters and the outcome they decide', () => {
    // One piece each, kings only: the position where every rule has something to decide.
    const initial = unwrap(parsePosition('W:WKa1:BKh8'));
    for (let bits = 0; bits < 64; bits++) {
      const drawRules = Object.fromEntries(names.map((n, i) => [n, (bits & (1 << i)) !== 0])) as Record<
        (typeof names)[number],
        boolean
      >;
      for (const counters of [
        { noProgress: 0, kingsOnly: 0 },
        { noProgress: 49, kingsOnly: 59 },
      ]) {
        const g = new Game(initial, { drawRules, counters });
        if (!g.isOver()) g.playNotation('a1-a2');
        const text = makePdn(g);
        const [back] = unwrap(parsePdn(text));
        expect(back.game.drawRules, text).toEqual(drawRules);
        expect(back.game.initialCounters, text).toEqual(counters);
        expect(back.game.outcome(), text).toEqual(g.outcome());
        expect(makePdn(back.game, back.tags)).toBe(text);
      }
    }
  });
});

describe('PDN round trips (property-based)', () => {
  const tagText = fc
    .array(fc.constantFrom('[', ']', '"', '\\', 'a', 'Z', ' ', 'ş', 'İ', '=', '{', '}', ';', '%', '(', '1'), {
      maxLength: 24,
    })
    .map((cs) => cs.join(''));
  const rules = fc.record({
    repetition: fc.boolean(),
    kingVsKing: fc.boolean(),
    noProgress: fc.boolean(),
    onePieceEach: fc.boolean(),
    kingVsMan: fc.boolean(),
    kingsOnly: fc.boolean(),
  });
  const counters = fc.record({
    noProgress: fc.integer({ min: 0, max: 45 }),
    kingsOnly: fc.integer({ min: 0, max: 45 }),
  });

  it(
    'tags, every draw rule set and the start counters come back, and the text is written again the same',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(
          tagText,
          tagText,
          rules,
          counters,
          fc.integer({ min: 1, max: 1000 }),
          fc.boolean(),
          (event, white, drawRules, start, seed, fromSetup) => {
            const initial = unwrap(parsePosition(fromSetup ? 'W:WKa1,c3,d3,e3:BKh8,f6,g6' : START_FEN));
            const g = new Game(initial, { drawRules, counters: start });
            let s = seed;
            for (let i = 0; i < 30 && !g.isOver(); i++) {
              s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
              const moves = g.position.legalMoves();
              g.play(moves[s % moves.length]);
            }
            const text = makePdn(g, { Event: event, White: white });
            const [back] = unwrap(parsePdn(text));
            expect(back.tags).toContainEqual(['Event', event]);
            expect(back.tags).toContainEqual(['White', white]);
            expect(back.game.drawRules).toEqual(drawRules);
            expect(back.game.initialCounters).toEqual(start);
            expect(back.game.notation()).toEqual(g.notation());
            expect(back.game.outcome()).toEqual(g.outcome());
            expect(makePdn(back.game, back.tags)).toBe(text);
          },
        ),
        { numRuns: 120, seed: 8 },
      );
    },
  );
});
