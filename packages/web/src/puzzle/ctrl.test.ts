import { describe, expect, it } from 'vitest';
import { makeNotation, parsePosition, squareName, unwrap, type Move } from '@dama/core';
import dailyText from '@dama/puzzle/daily.tsv?raw';
import {
  addDays,
  parseBank,
  provenLine,
  puzzleForDate,
  slowerWin,
  solutionMoves,
  startSession,
  proveWinDistance,
  winsWithinOneMore,
  type Puzzle,
} from '@dama/puzzle';
import { toPath } from '../lib/adapter.ts';
import type { KeyValue } from '../lib/storage.ts';
import { PuzzleCtrl, type PuzzleDeps } from './ctrl.ts';
import { PUZZLE_KEY } from './store.ts';
import { screenDeps } from './test-deps.ts';

const bank = parseBank(dailyText, 'daily');
if (!bank.ok) throw new Error(bank.error);
const puzzles = bank.value;

class MemoryKv implements KeyValue {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

/** Noon in Istanbul on `date`. */
const noon = (date: string) => Date.parse(`${date}T09:00:00Z`);

function make(date: string, kv = new MemoryKv(), extra: Partial<PuzzleDeps> = {}) {
  let redraws = 0;
  const ctrl = new PuzzleCtrl({
    puzzles,
    ...screenDeps(
      kv,
      () => noon(date),
      () => redraws++,
    ),
    ...extra,
  });
  return { ctrl, kv, redraws: () => redraws };
}

const puzzleOn = (date: string): Puzzle => puzzleForDate(date, puzzles).puzzle!;

/** Play the solver's moves of the main line. */
async function solve(ctrl: PuzzleCtrl): Promise<void> {
  const line = solutionMoves(ctrl.open.puzzle);
  for (let i = 0; i < line.length; i += 2) {
    expect(ctrl.phase).toBe('play');
    await ctrl.userMove(toPath(line[i]));
  }
}

/** A legal move that the puzzle does not accept at the start. */
function wrongMove(puzzle: Puzzle): Move {
  const s = startSession(puzzle);
  const wrong = s.position
    .legalMovesAllPaths()
    .find((m) => slowerWin(s.position, s.position.findLegal(m)!, puzzle.moves) === 0);
  if (!wrong) throw new Error(`puzzle ${puzzle.id} has no wrong move`);
  return wrong;
}

const DAY = '2026-12-10';

describe('the daily puzzle screen', () => {
  it('opens today’s puzzle with its number, side and moves', () => {
    const { ctrl } = make(DAY);
    expect(ctrl.today).toBe(DAY);
    expect(ctrl.open.number).toBe(11);
    expect(ctrl.open.mode).toBe('daily');
    expect(ctrl.open.puzzle).toBe(puzzleOn(DAY));
    expect(ctrl.solver).toBe(puzzleOn(DAY).fen.startsWith('W') ? 'white' : 'black');
    expect(ctrl.boardConfig().orientation).toBe(ctrl.solver);
    expect(ctrl.boardConfig().movable?.color).toBe(ctrl.solver);
    expect(ctrl.triesLeft).toBe(3);
    expect(ctrl.feedback.kind).toBe('start');
  });

  it('the day follows Istanbul: 22:30 UTC is already the next day', () => {
    const { ctrl } = make(DAY, new MemoryKv(), { now: () => Date.parse('2026-12-10T22:30:00Z') });
    expect(ctrl.today).toBe('2026-12-11');
  });

  it('a solve: the computer answers, the result and the streak are kept', async () => {
    const { ctrl, kv } = make(DAY);
    const line = solutionMoves(ctrl.open.puzzle);
    await ctrl.userMove(toPath(line[0]));
    if (line.length > 1) {
      expect(ctrl.phase).toBe('play');
      expect(ctrl.feedback.kind).toBe('next');
      expect(ctrl.lastMove && makeNotation(ctrl.lastMove)).toBe(makeNotation(line[1]));
    }
    for (let i = 2; i < line.length; i += 2) await ctrl.userMove(toPath(line[i]));
    expect(ctrl.phase).toBe('solved');
    expect(ctrl.celebrate).toBe(true);
    expect(ctrl.boardConfig().movable?.color).toBe('none');
    expect(ctrl.store.days[DAY]).toEqual({ tries: 0, solved: true, failed: false });
    expect(JSON.parse(kv.getItem(PUZZLE_KEY)!).days[DAY].solved).toBe(true);
    expect(ctrl.summary()).toMatchObject({ current: 1, best: 1 });
    expect(ctrl.shareText()).toBe('Dama daily puzzle #11 ✅ 1st try · 🔥 1 day');
  });

  it('a wrong move uses a try, plays the refutation and goes back', async () => {
    const { ctrl } = make(DAY);
    const start = ctrl.shown;
    await ctrl.userMove(toPath(wrongMove(ctrl.open.puzzle)));
    expect(ctrl.phase).toBe('play');
    expect(ctrl.triesLeft).toBe(2);
    expect(ctrl.feedback).toEqual({ kind: 'retry', triesLeft: 2 });
    expect(ctrl.shown.equals(start)).toBe(true);
    expect(ctrl.store.days[DAY]).toEqual({ tries: 1, solved: false, failed: false });
    // solved on the second try
    await solve(ctrl);
    expect(ctrl.phase).toBe('solved');
    expect(ctrl.store.days[DAY]).toEqual({ tries: 1, solved: true, failed: false });
    expect(ctrl.shareText()).toBe('Dama daily puzzle #11 ✅ 2nd try · 🔥 1 day');
  });

  it('three failures: the solution is shown, the puzzle is failed and the streak ends', async () => {
    const kv = new MemoryKv();
    const yesterday = make(addDays(DAY, -1), kv).ctrl;
    await solve(yesterday);
    const { ctrl } = make(DAY, kv);
    expect(ctrl.summary().current).toBe(1); // yesterday counts while today is open
    const wrong = toPath(wrongMove(ctrl.open.puzzle));
    await ctrl.userMove(wrong);
    await ctrl.userMove(wrong);
    expect(ctrl.triesLeft).toBe(1);
    await ctrl.userMove(wrong);
    expect(ctrl.phase).toBe('failed');
    expect(ctrl.feedback.kind).toBe('solution');
    expect(ctrl.triesLeft).toBe(0);
    const line = solutionMoves(ctrl.open.puzzle);
    let end = startSession(ctrl.open.puzzle).position;
    for (const m of line) end = end.play(m);
    expect(ctrl.shown.equals(end)).toBe(true);
    expect(ctrl.lastMove && makeNotation(ctrl.lastMove)).toBe(makeNotation(line[line.length - 1]));
    expect(ctrl.store.days[DAY]).toEqual({ tries: 3, solved: false, failed: true });
    expect(ctrl.summary()).toMatchObject({ current: 0, best: 1 });
    expect(ctrl.shareText()).toBe('Dama daily puzzle #11 ❌ not this time');
    // a move after the end changes nothing
    await ctrl.userMove(wrong);
    expect(ctrl.store.days[DAY].tries).toBe(3);
  });

  it('the day’s result and the tries used are restored when the screen opens again', async () => {
    const kv = new MemoryKv();
    const first = make(DAY, kv).ctrl;
    await first.userMove(toPath(wrongMove(first.open.puzzle)));
    const again = make(DAY, kv).ctrl;
    expect(again.phase).toBe('play');
    expect(again.triesLeft).toBe(2);
    expect(again.feedback).toEqual({ kind: 'retry', triesLeft: 2 });
    await solve(again);
    const third = make(DAY, kv).ctrl;
    expect(third.phase).toBe('solved');
    expect(third.celebrate).toBe(false);
    expect(third.feedback.kind).toBe('wasSolved');
    expect(third.session.tries).toBe(1);
    expect(third.boardConfig().movable?.color).toBe('none');
    expect(third.shareText()).toBe('Dama daily puzzle #11 ✅ 2nd try · 🔥 1 day');
  });

  it('the streak grows over consecutive days and starts again after a missed day', async () => {
    const kv = new MemoryKv();
    for (const [i, date] of ['2026-12-01', '2026-12-02', '2026-12-03'].entries()) {
      const { ctrl } = make(date, kv);
      expect(ctrl.summary().current).toBe(i);
      await solve(ctrl);
      expect(ctrl.summary().current).toBe(i + 1);
    }
    const gap = make('2026-12-05', kv).ctrl; // the 4th was missed
    expect(gap.summary()).toMatchObject({ current: 0, best: 3 });
    await solve(gap);
    expect(gap.summary()).toMatchObject({ current: 1, best: 3 });
  });

  it('archive puzzles are recorded apart and never change the streak', async () => {
    const kv = new MemoryKv();
    const { ctrl } = make(DAY, kv);
    await solve(ctrl);
    const before = ctrl.summary();
    ctrl.openArchive();
    const rows = ctrl.archiveRows();
    expect(rows[0]).toEqual({ date: '2026-12-09', number: 10, mark: 'unplayed' });
    expect(rows.at(-1)?.date).toBe('2026-11-30');
    ctrl.openDate('2026-12-09');
    expect(ctrl.open.mode).toBe('archive');
    expect(ctrl.screen).toBe('puzzle');
    await solve(ctrl);
    expect(ctrl.phase).toBe('solved');
    expect(ctrl.store.archive['2026-12-09']).toEqual({ tries: 0, solved: true, failed: false });
    expect(ctrl.store.days['2026-12-09']).toBeUndefined();
    expect(ctrl.summary()).toEqual(before);
    expect(ctrl.shareText()).toBe('Dama puzzle #10 (archive) ✅ 1st try');
    // failing another archive day leaves the streak alone too
    ctrl.openDate('2026-12-08');
    const wrong = toPath(wrongMove(ctrl.open.puzzle));
    for (let i = 0; i < 3; i++) await ctrl.userMove(wrong);
    expect(ctrl.phase).toBe('failed');
    expect(ctrl.summary()).toEqual(before);
    expect(
      ctrl
        .archiveRows()
        .slice(0, 3)
        .map((r) => r.mark),
    ).toEqual(['solved', 'failed', 'unplayed']);
    // a future date cannot be opened; today's from the archive is the daily one
    ctrl.openDate('2026-12-11');
    expect(ctrl.open.date).toBe('2026-12-08');
    ctrl.openToday();
    expect(ctrl.open).toMatchObject({ date: DAY, mode: 'daily' });
    expect(ctrl.phase).toBe('solved');
  });

  it('leaving for the archive in the middle of a refutation or a reply leaves a playable position', async () => {
    const { ctrl } = make(DAY);
    const start = ctrl.shown;
    const refuted = ctrl.userMove(toPath(wrongMove(ctrl.open.puzzle)));
    expect(ctrl.phase).toBe('busy');
    ctrl.openArchive();
    await refuted;
    ctrl.openToday();
    expect(ctrl.phase).toBe('play');
    expect(ctrl.shown.equals(start)).toBe(true);
    expect(ctrl.triesLeft).toBe(2);
    const line = solutionMoves(ctrl.open.puzzle);
    if (line.length > 1) {
      const replied = ctrl.userMove(toPath(line[0]));
      ctrl.openArchive();
      await replied;
      ctrl.openToday();
      expect(ctrl.phase).toBe('play');
      expect(ctrl.session.played).toHaveLength(2);
      expect(ctrl.shown.equals(ctrl.session.position)).toBe(true);
    }
  });

  it('a finished puzzle can be practised without recording anything', async () => {
    const kv = new MemoryKv();
    const { ctrl } = make(DAY, kv);
    await solve(ctrl);
    const stored = kv.getItem(PUZZLE_KEY);
    ctrl.practice();
    expect(ctrl.open.mode).toBe('practice');
    expect(ctrl.phase).toBe('play');
    const wrong = toPath(wrongMove(ctrl.open.puzzle));
    for (let i = 0; i < 3; i++) await ctrl.userMove(wrong);
    expect(ctrl.phase).toBe('failed');
    expect(kv.getItem(PUZZLE_KEY)).toBe(stored);
  });

  it('a damaged record is repaired calmly, kept aside, and no streak is invented', () => {
    const kv = new MemoryKv();
    kv.setItem(
      PUZZLE_KEY,
      JSON.stringify({
        version: 1,
        days: {
          '2026-12-08': { tries: 0, solved: true, failed: false },
          '2026-12-09': { tries: 5, solved: true, failed: false },
          '2026-13-01': { tries: 0, solved: true, failed: false },
        },
        archive: {},
      }),
    );
    const { ctrl } = make(DAY, kv);
    expect(ctrl.trouble).toBe('repaired');
    expect(Object.keys(ctrl.store.days)).toEqual(['2026-12-08']);
    expect(ctrl.summary()).toMatchObject({ current: 0, best: 1 });
    expect([...kv.map.keys()].some((k) => k.startsWith(`${PUZZLE_KEY}.unreadable.`))).toBe(true);
    expect(make(DAY, kv).ctrl.trouble).toBeUndefined(); // repaired once, fine afterwards
  });

  it('an unreadable record starts afresh', () => {
    const kv = new MemoryKv();
    kv.setItem(PUZZLE_KEY, '{"version":1,"days":');
    const { ctrl } = make(DAY, kv);
    expect(ctrl.trouble).toBe('reset');
    expect(ctrl.summary()).toMatchObject({ current: 0, best: 0, solved: 0 });
  });

  it('shares through the given channel and reports how it went', async () => {
    const sent: string[] = [];
    const { ctrl } = make(DAY, new MemoryKv(), {
      share: async (text) => {
        sent.push(text);
        return 'copied';
      },
    });
    await solve(ctrl);
    await ctrl.share();
    expect(sent).toEqual(['Dama daily puzzle #11 ✅ 1st try · 🔥 1 day']);
    expect(ctrl.shareResult).toBe('copied');
  });

  it('shares the link that opens the same day’s puzzle', async () => {
    const sent: string[] = [];
    const { ctrl } = make(DAY, new MemoryKv(), {
      page: 'https://dama.example/',
      share: async (text) => {
        sent.push(text);
        return 'shared';
      },
    });
    await solve(ctrl);
    await ctrl.share();
    expect(sent).toEqual([
      `Dama daily puzzle #11 ✅ 1st try · 🔥 1 day\nhttps://dama.example/#/puzzle?date=${DAY}`,
    ]);
  });

  it('before the launch and after the end of the bank there is no puzzle, and the screen says so', () => {
    const { ctrl } = make('2026-11-29');
    expect(ctrl.open.number).toBeLessThan(1);
    expect(ctrl.ended).toBeDefined();
    expect(ctrl.archiveRows()).toEqual([]);
    const last = puzzles[puzzles.length - 1].date!;
    const after = make(addDays(last, 1)).ctrl;
    expect(after.ended).toBe(last);
    expect(after.boardConfig().movable?.color).toBe('none');
    expect(make(last).ctrl.ended).toBeUndefined();
  });

  it('a slower win costs no try and says why', async () => {
    // One first move wins in n, another only in n + 1.
    const fen = 'B:Wd3,e4:BKb2,h2,b3,g4,g5';
    const pos = unwrap(parsePosition(fen));
    const n = proveWinDistance(pos, 4)!;
    const special: Puzzle = { ...puzzleOn(DAY), fen, moves: n, line: provenLine(pos, n) };
    const list = puzzles.map((p) => (p.date === DAY ? special : p));
    const { ctrl } = make(DAY, new MemoryKv(), { puzzles: list });
    const slow = winsWithinOneMore(pos, n).find((m) => makeNotation(m) !== special.line[0])!;
    await ctrl.userMove(toPath(slow));
    expect(ctrl.feedback).toMatchObject({ kind: 'slower', winsIn: n + 1, movesLeft: n });
    expect(ctrl.triesLeft).toBe(3);
    expect(ctrl.phase).toBe('play');
    expect(ctrl.shown.equals(pos)).toBe(true);
  });

  it('a hint marks the piece to move, is recorded, and the share text says so', async () => {
    const { ctrl } = make(DAY);
    const first = solutionMoves(ctrl.open.puzzle)[0];
    ctrl.hint();
    expect(ctrl.boardConfig().selected).toBe(squareName(first.from));
    expect(ctrl.store.days[DAY]?.hinted).toBe(true);
    await solve(ctrl);
    expect(ctrl.store.days[DAY]).toMatchObject({ solved: true, hinted: true });
    expect(ctrl.shareText()).toMatch(/with a hint/);
  });

  it('two tabs: a solve in one shows at once in the other, and a failure there cannot undo it', async () => {
    const kv = new MemoryKv();
    const a = make(DAY, kv).ctrl;
    const b = make(DAY, kv).ctrl;
    await solve(a);
    b.storageChanged();
    expect(b.phase).toBe('solved');
    expect(b.summary().current).toBe(1);
    // A third tab still open on the old state fails the puzzle: the solve stands.
    const c = make(DAY, new MemoryKv()).ctrl;
    (c as unknown as { deps: { kv: KeyValue } }).deps.kv = kv;
    for (let i = 0; i < 3; i++) await c.userMove(toPath(wrongMove(c.open.puzzle)));
    expect(JSON.parse(kv.getItem(PUZZLE_KEY)!).days[DAY].solved).toBe(true);
  });

  it('a page left open across midnight moves on and never credits the wrong day', async () => {
    let now = Date.parse(`${DAY}T20:59:00Z`); // 23:59 in Istanbul
    const { ctrl } = make(DAY, new MemoryKv(), { now: () => now });
    const line = solutionMoves(ctrl.open.puzzle);
    now = Date.parse(`${DAY}T21:01:00Z`); // 00:01 the next day
    // Solved after midnight, before the page noticed: it counts for the archive, not a streak day.
    for (let i = 0; i < line.length; i += 2) await ctrl.userMove(toPath(line[i]));
    expect(ctrl.store.days[DAY]).toBeUndefined();
    expect(ctrl.store.archive[DAY]?.solved).toBe(true);
    ctrl.tick();
    expect(ctrl.today).toBe(addDays(DAY, 1));
    expect(ctrl.open.date).toBe(addDays(DAY, 1));
    expect(ctrl.phase).toBe('play');
  });

  it('a clock set backward gives no notice about the history', async () => {
    const kv = new MemoryKv();
    await solve(make(DAY, kv).ctrl);
    const back = make(addDays(DAY, -3), kv).ctrl;
    expect(back.trouble).toBeUndefined();
    expect(make(DAY, kv).ctrl.store.days[DAY].solved).toBe(true);
  });
});
