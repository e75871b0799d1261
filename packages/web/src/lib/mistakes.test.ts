import { describe, expect, it } from 'vitest';
import { parseNotation, parsePosition, squareName, unwrap, type Move } from '@dama/core';
import { MemoryKv } from './memory-kv.ts';
import {
  MAX_MISTAKES,
  MISTAKES_KEY,
  addMistakes,
  checkAnswer,
  emptyMistakes,
  keepMistakes,
  loadMistakes,
  markSolved,
  mistakesToSolve,
  saveMistakes,
  type FoundMistake,
  type Look,
} from './mistakes.ts';
import { KEYS, asideKey } from './storage.ts';

const NOW = 1_765_000_000_000;

// White, a man up, played d4-d5 in the game and lost two men to d6xd4xd2.
const FEN = 'W:Wd4,d3,a3,b2:Bd6,g7,h7';
const found = (fen: string, game = 'g-1', ply = 1): FoundMistake => ({
  fen,
  side: 'white',
  played: 'd4-d5',
  best: ['a3-a4', 'h7-h6'],
  answer: ['d6xd4xd2'],
  judgement: 'blunder',
  minScore: 0,
  game: { id: game, ply, at: NOW - 60_000 },
});

/** A position of two pieces, different for every i < 240. */
const fenOf = (i: number) => `W:W${squareName(8 + (i % 48))}:BK${squareName(Math.floor(i / 48))}`;

describe('the mistakes kept from reviews', () => {
  it('adds a review’s mistakes unsolved, newest first, those of one game in its order', () => {
    const first = addMistakes(emptyMistakes(), [found(fenOf(0), 'g-1', 3), found(fenOf(1), 'g-1', 9)], NOW);
    const s = addMistakes(first, [found(fenOf(2), 'g-2', 5)], NOW + 1);
    expect(s.list.map((m) => [m.fen, m.game.id, m.game.ply, m.solved, m.added])).toEqual([
      [fenOf(2), 'g-2', 5, false, NOW + 1],
      [fenOf(0), 'g-1', 3, false, NOW],
      [fenOf(1), 'g-1', 9, false, NOW],
    ]);
    const solved = markSolved(s, fenOf(0));
    expect(solved.list.map((m) => m.solved)).toEqual([false, true, false]);
    expect(markSolved(solved, fenOf(0))).toBe(solved);
  });

  it(`keeps at most ${MAX_MISTAKES}: the oldest go`, () => {
    let s = emptyMistakes();
    for (let i = 0; i < 205; i++) s = addMistakes(s, [found(fenOf(i), `g-${i}`)], NOW + i);
    expect(s.list).toHaveLength(MAX_MISTAKES);
    expect(s.list[0].fen).toBe(fenOf(204));
    expect(s.list.at(-1)?.fen).toBe(fenOf(5));
    // and a record of that size reads back whole
    const kv = new MemoryKv();
    saveMistakes(kv, s);
    expect(loadMistakes(kv, NOW).store).toEqual(s);
  });

  it('does not add a position twice: from the same game it stays (solved too), from another it comes back to the top unsolved', () => {
    let s = addMistakes(emptyMistakes(), [found(fenOf(0)), found(fenOf(1))], NOW);
    s = markSolved(s, fenOf(1));
    // the same review again (the button pressed twice), and a repetition inside one review
    expect(addMistakes(s, [found(fenOf(0)), found(fenOf(1))], NOW + 5)).toBe(s);
    const twice = addMistakes(emptyMistakes(), [found(fenOf(3), 'g-1', 4), found(fenOf(3), 'g-1', 12)], NOW);
    expect(twice.list.map((m) => m.game.ply)).toEqual([4]);
    // the same position went wrong again in another game
    const again = addMistakes(s, [found(fenOf(1), 'g-2', 7)], NOW + 9);
    expect(again.list.map((m) => [m.fen, m.game.id, m.solved])).toEqual([
      [fenOf(1), 'g-2', false],
      [fenOf(0), 'g-1', false],
    ]);
  });

  it('sets a damaged record aside, keeps what it can read, and leaves the other records alone', () => {
    const good = addMistakes(emptyMistakes(), [found(FEN)], NOW).list[0];
    const text = JSON.stringify({
      version: 1,
      list: [good, { ...good, fen: 'W:Wz9' }, { ...good, fen: fenOf(7), best: [] }],
    });
    const kv = new MemoryKv();
    kv.setItem(KEYS.training, '{"version":1}');
    kv.setItem(MISTAKES_KEY, text);
    const loaded = loadMistakes(kv, NOW);
    expect(loaded.trouble).toBe(true);
    expect(loaded.store.list).toEqual([good]);
    expect(kv.getItem(asideKey(MISTAKES_KEY, NOW))).toBe(text);
    expect(kv.getItem(KEYS.training)).toBe('{"version":1}');
    // the repaired record was written back: read again, no trouble
    expect(loadMistakes(kv, NOW + 1)).toEqual({ store: { version: 1, list: [good] }, trouble: false });
    // text that is not JSON: set aside, nothing kept
    kv.setItem(MISTAKES_KEY, '{"version":1,"list":[');
    expect(mistakesToSolve(kv)).toBe(0);
    expect(loadMistakes(kv, NOW + 2)).toEqual({ store: emptyMistakes(), trouble: true });
    expect(kv.getItem(asideKey(MISTAKES_KEY, NOW + 2))).toBe('{"version":1,"list":[');
  });

  it('keeps a change on top of what another tab stored', () => {
    const kv = new MemoryKv();
    keepMistakes(kv, NOW, (s) => addMistakes(s, [found(fenOf(0))], NOW));
    keepMistakes(kv, NOW, (s) => addMistakes(s, [found(fenOf(1), 'g-2')], NOW));
    expect(mistakesToSolve(kv)).toBe(2);
    keepMistakes(kv, NOW, (s) => markSolved(s, fenOf(0)));
    expect(mistakesToSolve(kv)).toBe(1);
  });
});

describe('the answer to a mistake', () => {
  const pos = unwrap(parsePosition(FEN));
  const move = (text: string): Move => unwrap(parseNotation(pos, text));
  // the mistake: played d4-d5; better a3-a4; a move that keeps more than 0 (White's side) is as good
  const mistake = found(FEN);
  const engine = (scores: Record<string, number>) => {
    const asked: string[] = [];
    const look = (fen: string, m: Move): Promise<Look | undefined> => {
      expect(fen).toBe(FEN);
      const key = Object.keys(scores).find((k) => move(k).from === m.from && move(k).to === m.to);
      asked.push(key ?? '?');
      // the engine's score is for the side to move after the move: Black
      return Promise.resolve(key === undefined ? undefined : { score: -scores[key], reply: 'h7-h6' });
    };
    return { asked, look };
  };

  it('accepts the engine’s better move at once', async () => {
    const e = engine({});
    expect(await checkAnswer(mistake, move('a3-a4'), e.look)).toEqual({ kind: 'best', move: 'a3-a4' });
    expect(e.asked).toEqual([]);
  });

  it('accepts another move as good as the engine’s by the review’s measure, and refuses a worse one', async () => {
    const e = engine({ 'b2-b3': 40, 'd3-e3': -60, 'd3-c3': 0 });
    expect(await checkAnswer(mistake, move('b2-b3'), e.look)).toEqual({ kind: 'good', move: 'b2-b3' });
    expect(await checkAnswer(mistake, move('d3-e3'), e.look)).toEqual({
      kind: 'worse',
      move: 'd3-e3',
      reply: 'h7-h6',
    });
    // exactly at the bar is already an inaccuracy
    expect((await checkAnswer(mistake, move('d3-c3'), e.look)).kind).toBe('worse');
    expect(e.asked).toEqual(['b2-b3', 'd3-e3', 'd3-c3']);
  });

  it('refuses the game’s own move at once with the review’s answer, and decides nothing without an engine', async () => {
    const e = engine({});
    expect(await checkAnswer(mistake, move('d4-d5'), e.look)).toEqual({
      kind: 'again',
      move: 'd4-d5',
      reply: 'd6xd4xd2',
    });
    expect(await checkAnswer(mistake, move('b2-b3'), () => Promise.resolve(undefined))).toEqual({
      kind: 'unknown',
      move: 'b2-b3',
    });
    expect(e.asked).toEqual([]);
  });
});
