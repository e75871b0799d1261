import { describe, expect, it } from 'vitest';
import trainingText from '@dama/puzzle/training.tsv?raw';
import { parseBank, slowerWin, solutionMoves, startSession, type Puzzle } from '@dama/puzzle';
import type { Move } from '@dama/core';
import { toPath } from '../lib/adapter.ts';
import type { KeyValue } from '../lib/storage.ts';
import { TRAINING_KEY, TrainingCtrl } from './training-ctrl.ts';
import { screenDeps } from './test-deps.ts';

const bank = parseBank(trainingText, 'training');
if (!bank.ok) throw new Error(bank.error);
const pool = bank.value;

class MemoryKv implements KeyValue {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

function make(kv = new MemoryKv()) {
  const ctrl = new TrainingCtrl({
    pool,
    ...screenDeps(kv, () => Date.parse('2026-12-10T09:00:00Z')),
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

describe('the training tab', () => {
  // The prover decides each wrong move (a fraction of a second each): slow on a loaded machine.
  it(
    'rates a solve up and a failure down, keeps both and lists the failure to retry',
    { timeout: 60_000 },
    async () => {
      const { ctrl, kv } = make();
      const first = ctrl.puzzle!;
      expect(ctrl.store.player.rating).toBe(1500);
      const line = solutionMoves(first);
      for (let i = 0; i < line.length; i += 2) await ctrl.userMove(toPath(line[i]));
      expect(ctrl.player.phase).toBe('solved');
      expect(ctrl.change).toBeGreaterThan(0);
      const up = ctrl.store.player.rating;
      expect(up).toBeGreaterThan(1500);
      expect(JSON.parse(kv.getItem(TRAINING_KEY)!).history).toHaveLength(1);

      // The next puzzle with a wrong first move: three of them fail it.
      let wrong: Move | undefined;
      do {
        ctrl.next();
        wrong = wrongMove(ctrl.puzzle!);
      } while (!wrong);
      const second = ctrl.puzzle!;
      expect(second.id).not.toBe(first.id);
      for (let i = 0; i < 3; i++) {
        expect(ctrl.player.playing).toBe(true);
        await ctrl.userMove(toPath(wrong));
      }
      expect(ctrl.player.session.status).toBe('failed');
      expect(ctrl.player.phase).toBe('failed');
      expect(ctrl.change).toBeLessThan(0);
      expect(ctrl.store.player.rating).toBeLessThan(up);
      expect(ctrl.failedPuzzles().map((p) => p.id)).toContain(second.id);

      // Another page on the same device reads the same record; a retry opens the failed puzzle.
      const again = make(kv).ctrl;
      expect(again.store.player.rating).toBe(ctrl.store.player.rating);
      again.retry(second.id);
      expect(again.puzzle?.id).toBe(second.id);
      expect(again.player.playing).toBe(true);

      // The retry, solved after the solution was shown, moves neither rating (the farm of issue 45).
      const down = ctrl.store.player;
      const secondRating = ctrl.store.puzzles[second.id];
      ctrl.retry(second.id);
      const solution = solutionMoves(second);
      for (let i = 0; i < solution.length; i += 2) await ctrl.userMove(toPath(solution[i]));
      expect(ctrl.player.phase).toBe('solved');
      expect(ctrl.unrated).toBe('solution-seen');
      expect(ctrl.change).toBe(0);
      expect(ctrl.store.player).toEqual(down);
      expect(ctrl.store.puzzles[second.id]).toEqual(secondRating);
      expect(ctrl.failedPuzzles().map((p) => p.id)).not.toContain(second.id);
      const stored = JSON.parse(kv.getItem(TRAINING_KEY)!) as { history: { rated: boolean }[] };
      expect(stored.history.map((h) => h.rated)).toEqual([true, true, false]);

      // The other page saw no failure itself; the record says it is a replay, also unrated.
      for (let i = 0; i < solution.length; i += 2) await again.userMove(toPath(solution[i]));
      expect(again.player.phase).toBe('solved');
      expect(again.unrated).toBe('replay');
      expect(again.store.player).toEqual(down);
    },
  );

  it('offers only the themes the pool has, and says when a choice has nothing left', () => {
    const { ctrl } = make();
    for (const t of ctrl.themes()) expect(pool.some((p) => p.themes.includes(t))).toBe(true);
    ctrl.setFilter({ difficulty: 5, theme: ctrl.themes()[0] });
    const left = pool.filter((p) => p.difficulty === 5 && p.themes.includes(ctrl.themes()[0])).length;
    // Every puzzle of the choice played: nothing left to open.
    for (let i = 0; i < left; i++) {
      ctrl.store = {
        ...ctrl.store,
        history: [
          ...ctrl.store.history,
          { id: ctrl.puzzle!.id, solved: true, hinted: false, rated: true, at: 0 },
        ],
      };
      ctrl.next();
    }
    expect(ctrl.puzzle).toBeUndefined();
    expect(ctrl.player.playing).toBe(false);
  });
});
