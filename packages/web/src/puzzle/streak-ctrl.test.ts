import { describe, expect, it } from 'vitest';
import trainingText from '@dama/puzzle/training.tsv?raw';
import {
  STREAK_STEPS,
  parseBank,
  runLevel,
  slowerWin,
  solutionMoves,
  startSession,
  type Puzzle,
} from '@dama/puzzle';
import type { Move } from '@dama/core';
import { toPath } from '../lib/adapter.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { KEYS } from '../lib/storage.ts';
import { RUNS_KEY } from './run-store.ts';
import { StreakCtrl } from './streak-ctrl.ts';
import { screenDeps } from './test-deps.ts';

const bank = parseBank(trainingText, 'training');
if (!bank.ok) throw new Error(bank.error);
const pool = bank.value;
const NOW = Date.parse('2026-12-10T09:00:00Z');

function make(kv = new MemoryKv(), seed = 1) {
  const ctrl = new StreakCtrl({
    pool,
    seed,
    ...screenDeps(kv, () => NOW),
  });
  return { ctrl, kv };
}

/** A legal first move after which the solver has no win at all. */
function wrongMove(puzzle: Puzzle): Move | undefined {
  const s = startSession(puzzle);
  return s.position
    .legalMovesAllPaths()
    .find((m) => slowerWin(s.position, s.position.findLegal(m)!, puzzle.moves) === 0);
}

async function solve(ctrl: StreakCtrl): Promise<void> {
  const line = solutionMoves(ctrl.puzzle!);
  for (let i = 0; i < line.length; i += 2) await ctrl.userMove(toPath(line[i]));
}

const stored = (kv: MemoryKv) => JSON.parse(kv.getItem(RUNS_KEY) ?? 'null') as { streak: number } | null;

describe('the puzzle streak', () => {
  // The prover decides the wrong move (a fraction of a second): slow on a loaded machine.
  it(
    'climbs from easy puzzles, keeps the best as it goes, and ends at the first wrong move',
    { timeout: 60_000 },
    async () => {
      const { ctrl, kv } = make();
      const seen: Puzzle[] = [];
      for (let n = 0; n < 4; n++) {
        const p = ctrl.puzzle!;
        expect(p.difficulty).toBe(runLevel(STREAK_STEPS, n));
        seen.push(p);
        await solve(ctrl);
        expect(ctrl.solved).toBe(n + 1);
        expect(stored(kv)?.streak).toBe(n + 1);
      }
      expect(ctrl.puzzle!.difficulty).toBe(2);
      expect(seen.map((p) => p.difficulty)).toEqual([1, 1, 1, 2]);
      expect(ctrl.history.map((h) => h.result)).toEqual(['solved', 'solved', 'solved', 'solved']);
      expect(new Set([...seen, ctrl.puzzle].map((p) => p!.id)).size).toBe(5);

      const failing = ctrl.puzzle!;
      const wrong = wrongMove(failing)!;
      await ctrl.userMove(toPath(wrong));
      expect(ctrl.over).toBe(true);
      expect(ctrl.puzzle).toBe(failing);
      // the refutation and then the solution are shown (instant here): the player ends 'failed'
      expect(ctrl.player.phase).toBe('failed');
      expect(ctrl.player.session.tries).toBe(3);
      expect(ctrl.solved).toBe(4);
      expect(ctrl.newBest).toBe(true);
      expect(ctrl.best).toBe(4);
      expect(stored(kv)).toMatchObject({ version: 1, streak: 4 });
      // unrated: the training record is not written
      expect(kv.getItem(KEYS.training)).toBeNull();
      // no move after the end
      await ctrl.userMove(toPath(solutionMoves(failing)[0]));
      expect(ctrl.solved).toBe(4);

      ctrl.restart();
      expect(ctrl).toMatchObject({ solved: 0, over: false, skipUsed: false, bestBefore: 4, best: 4 });
      expect(ctrl.puzzle!.difficulty).toBe(1);
      expect(ctrl.player.playing).toBe(true);
    },
  );

  it('allows one skip a run, to another puzzle of the level, never seen again in the run', async () => {
    const { ctrl, kv } = make(new MemoryKv(), 2);
    const first = ctrl.puzzle!;
    ctrl.skip();
    expect(ctrl.skipUsed).toBe(true);
    expect(ctrl.solved).toBe(0);
    const second = ctrl.puzzle!;
    expect(second.id).not.toBe(first.id);
    expect(second.difficulty).toBe(1);
    ctrl.skip();
    expect(ctrl.puzzle).toBe(second);
    for (let i = 0; i < 3; i++) await solve(ctrl);
    expect(ctrl.history.map((h) => h.result)).toEqual(['skipped', 'solved', 'solved', 'solved']);
    expect(ctrl.history.map((h) => h.puzzle.id)).not.toContain(ctrl.puzzle!.id);
    expect(ctrl.puzzle!.difficulty).toBe(2);
    expect(stored(kv)?.streak).toBe(3);
  });

  it('a worse run leaves the best alone', async () => {
    const kv = new MemoryKv();
    kv.setItem(RUNS_KEY, JSON.stringify({ version: 1, streak: 9, storm: 0 }));
    const { ctrl } = make(kv);
    await solve(ctrl);
    expect(ctrl.solved).toBe(1);
    expect(ctrl.newBest).toBe(false);
    expect(ctrl.best).toBe(9);
    expect(stored(kv)?.streak).toBe(9);
  });
});
