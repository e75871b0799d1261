import { describe, expect, it } from 'vitest';
import trainingText from '@dama/puzzle/training.tsv?raw';
import { STORM, parseBank, slowerWin, solutionMoves, startSession, type Puzzle } from '@dama/puzzle';
import type { Move } from '@dama/core';
import { toPath } from '../lib/adapter.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS } from '../lib/storage.ts';
import { RUNS_KEY } from './run-store.ts';
import { StormCtrl } from './storm-ctrl.ts';
import { screenDeps } from './test-deps.ts';

const bank = parseBank(trainingText, 'training');
if (!bank.ok) throw new Error(bank.error);
const pool = bank.value;

/** 09:00 in Istanbul on 2026-12-10. */
const T0 = Date.parse('2026-12-10T06:00:00Z');

/** A storm whose clock is `clock.t`, moved by the test. */
function make(kv = new MemoryKv()) {
  const clock = { t: T0 };
  let redraws = 0;
  const ctrl = new StormCtrl({
    pool,
    seed: 3,
    ...screenDeps(
      kv,
      () => clock.t,
      () => redraws++,
    ),
  });
  return { ctrl, kv, clock, redraws: () => redraws };
}

function wrongMove(puzzle: Puzzle): Move | undefined {
  const s = startSession(puzzle);
  return s.position
    .legalMovesAllPaths()
    .find((m) => slowerWin(s.position, s.position.findLegal(m)!, puzzle.moves) === 0);
}

/** Solve the open puzzle, a second a move; returns the moves played. */
async function solve(ctrl: StormCtrl, clock: { t: number }): Promise<number> {
  const line = solutionMoves(ctrl.puzzle!);
  let n = 0;
  for (let i = 0; i < line.length; i += 2) {
    clock.t += 1000;
    await ctrl.userMove(toPath(line[i]));
    n++;
  }
  return n;
}

const stored = (kv: MemoryKv) =>
  JSON.parse(kv.getItem(RUNS_KEY) ?? 'null') as {
    storm: number;
    stormDay: string;
    stormToday: number;
  } | null;

describe('the puzzle storm', () => {
  it(
    'starts the clock at the first move; good moves in a row earn time, a wrong one costs 10 s and the puzzle',
    { timeout: 60_000 },
    async () => {
      const { ctrl, kv, clock } = make();
      clock.t += 60_000; // looking at the first puzzle costs nothing
      ctrl.tick();
      expect(ctrl.started).toBe(false);
      expect(ctrl.remaining()).toBe(STORM.time);
      const start = clock.t;
      let moves = 0;
      const firstLevels: number[] = [];
      // solve until the combo has passed 5 (the first bonus, +3 s)
      while (moves < 5) {
        firstLevels.push(ctrl.puzzle!.difficulty);
        moves += await solve(ctrl, clock);
      }
      expect(ctrl.state.startedAt).toBe(start + 1000);
      expect(firstLevels.every((d) => d === 1)).toBe(true);
      expect(ctrl.state).toMatchObject({ moves, errors: 0, combo: moves, solved: firstLevels.length });
      expect(ctrl.flash?.seconds).toBe(3);
      const elapsed = clock.t - (start + 1000);
      expect(ctrl.remaining()).toBe(STORM.time + 3000 - elapsed);
      expect(stored(kv)).toMatchObject({ storm: firstLevels.length, stormToday: firstLevels.length });

      const missed = ctrl.puzzle!;
      const before = ctrl.remaining();
      clock.t += 1000;
      await ctrl.userMove(toPath(wrongMove(missed)!));
      expect(ctrl.state).toMatchObject({ moves: moves + 1, errors: 1, combo: 0, bestCombo: moves });
      expect(ctrl.flash?.seconds).toBe(-10);
      expect(ctrl.remaining()).toBe(before - 1000 - STORM.penalty);
      // the next puzzle is open at once, ready to play
      expect(ctrl.puzzle).not.toBe(missed);
      expect(ctrl.history[ctrl.history.length - 1]).toEqual({ puzzle: missed, solved: false });
      expect(ctrl.last).toBe('missed');
      expect(ctrl.player.playing).toBe(true);
      expect(ctrl.player.session.played).toHaveLength(0);
      expect(new Set([...ctrl.history.map((h) => h.puzzle.id), ctrl.puzzle!.id]).size).toBe(
        ctrl.history.length + 1,
      );
      expect(kv.getItem(KEYS.training)).toBeNull();
    },
  );

  it('ends when the clock runs out: no move after it, and the bests of the day and of all time are kept', async () => {
    const kv = new MemoryKv();
    kv.setItem(
      RUNS_KEY,
      JSON.stringify({ version: 1, streak: 3, storm: 5, stormDay: '2026-12-09', stormToday: 5 }),
    );
    const { ctrl, clock, redraws } = make(kv);
    expect(ctrl.before).toEqual({ best: 5, today: 0 });
    await solve(ctrl, clock);
    await solve(ctrl, clock);
    expect(ctrl.state.solved).toBe(2);
    expect(stored(kv)).toMatchObject({ storm: 5, stormDay: '2026-12-10', stormToday: 2 });
    const drawn = redraws();
    clock.t += 30_000;
    ctrl.tick();
    expect(redraws()).toBeGreaterThan(drawn);
    expect(ctrl.over).toBe(false);
    const zero = ctrl.state.startedAt! + STORM.time + ctrl.state.extra;
    clock.t = zero + 700; // the tick comes a little after
    ctrl.tick();
    expect(ctrl.over).toBe(true);
    expect(ctrl.remaining()).toBe(0);
    expect(ctrl.duration()).toBe(zero - ctrl.state.startedAt!);
    expect(ctrl.player.playing).toBe(false);
    const open = ctrl.puzzle!;
    await ctrl.userMove(toPath(solutionMoves(open)[0]));
    expect(ctrl.state.moves).toBe(ctrl.history.reduce((n, h) => n + Math.ceil(h.puzzle.line.length / 2), 0));
    expect(ctrl.player.session.played).toHaveLength(0);
    expect(ctrl.bests).toMatchObject({ streak: 3, storm: 5, stormToday: 2 });

    ctrl.restart();
    expect(ctrl.over).toBe(false);
    expect(ctrl.started).toBe(false);
    expect(ctrl.before).toEqual({ best: 5, today: 2 });
    expect(ctrl.history).toEqual([]);
    expect(ctrl.puzzle!.difficulty).toBe(1);
  });
});
