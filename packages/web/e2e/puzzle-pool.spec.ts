// Training offline, then the pooled puzzle ratings: a rated result kept while the browser is
// offline waits on the device and reaches the game server by itself when the browser is back
// online; the server then counts it in the puzzle's pooled rating. The clock is the real one: the
// server refuses results dated far from its own time.
import { expect, test } from '@playwright/test';
import { emptyTraining, nextPuzzle } from '@dama/puzzle';
import type { PuzzleResultsResponse } from '@dama/server/wire';
import { shippedBank, tapLine } from './puzzle-helpers.ts';

const pool = shippedBank('training');

test('a puzzle solved offline is sent when the browser is back online, and pooled', async ({
  page,
  context,
}) => {
  const difficulty = 1;
  const first = nextPuzzle(pool, emptyTraining(), { difficulty })!;
  await page.goto('./#/puzzle');
  await page.getByTestId('pz-tab-training').click();
  await expect(page.getByTestId('tr-rating')).toHaveAttribute('data-rating', '1500');
  await page.getByTestId('tr-difficulty').selectOption(String(difficulty));

  await context.setOffline(true);
  const training = page.getByTestId('pz-training');
  await tapLine(training, first, () => expect(training).toHaveAttribute('data-phase', 'play'));
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
