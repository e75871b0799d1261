// Training offline, then the pooled puzzle ratings: a rated result kept while the browser is
// offline waits on the device and reaches the game server by itself when the browser is back
// online; the server then counts it in the puzzle's pooled rating. The clock is the real one: the
// server refuses results dated far from its own time.
import { expect, test, type Page } from '@playwright/test';
import { squareName, type Move } from '@dama/core';
import { emptyTraining, nextPuzzle, solutionMoves } from '@dama/puzzle';
import type { PuzzleResultsResponse } from '@dama/server/wire';
import { playableByTaps, shippedBank } from './puzzle-helpers.ts';

const pool = shippedBank('training');

async function tap(page: Page, m: Move): Promise<void> {
  const board = page.getByTestId('pz-training');
  await board.locator(`[data-square="${squareName(m.from)}"]`).click();
  await board.locator(`[data-square="${squareName(m.to)}"]`).click();
}

test('a puzzle solved offline is sent when the browser is back online, and pooled', async ({
  page,
  context,
}) => {
  const difficulty = ([1, 2, 3, 4, 5] as const).find((d) => {
    const p = nextPuzzle(pool, emptyTraining(), { difficulty: d });
    return p !== undefined && playableByTaps(p);
  });
  expect(difficulty, 'a difficulty whose first puzzle can be played by taps').toBeDefined();
  const first = nextPuzzle(pool, emptyTraining(), { difficulty: difficulty! })!;
  await page.goto('./#/puzzle');
  await page.getByTestId('pz-tab-training').click();
  await expect(page.getByTestId('tr-rating')).toHaveAttribute('data-rating', '1500');
  await page.getByTestId('tr-difficulty').selectOption(String(difficulty));

  await context.setOffline(true);
  const line = solutionMoves(first);
  const training = page.getByTestId('pz-training');
  for (let i = 0; i < line.length; i += 2) {
    await expect(training).toHaveAttribute('data-phase', 'play');
    await tap(page, line[i]);
  }
  await expect(page.getByTestId('tr-status')).toContainText('Solved!');
  // Played offline: the player's rating moved on the device, and the result waits.
  expect(Number(await page.getByTestId('tr-rating').getAttribute('data-rating'))).toBeGreaterThan(1500);
  const waiting = async () =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem('dama.puzzle-pool.v1') ?? '{"pending":[]}').pending.length,
    );
  expect(await waiting()).toBe(1);

  const sent = page.waitForResponse((r) => r.url().endsWith('/api/puzzles/results') && r.status() === 200);
  await context.setOffline(false);
  const answer = (await (await sent).json()) as PuzzleResultsResponse;
  expect(answer).toMatchObject({ accepted: 1, rejected: 0 });
  await expect.poll(waiting).toBe(0);
  // The server's answer is the puzzle's pooled rating after the result.
  expect(answer.ratings.find((r) => r.puzzle === first.id)?.plays).toBeGreaterThanOrEqual(1);
});
