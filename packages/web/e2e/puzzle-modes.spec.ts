// The streak and the storm tabs of the puzzle page in the browser. The screen names the open puzzle
// (`data-puzzle`); its moves come from the training pool itself (the solution line, and a first move
// after which the solver has no win). The page is driven only through taps on the board and its
// buttons; the storm's three minutes pass on Playwright's mocked clock (`page.clock`).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { offlineOnceInstalled } from './helpers.ts';
import type { Puzzle } from '@dama/puzzle';
import { shippedBank, startOf, tapLine, tapMove, wrongMove } from './puzzle-helpers.ts';

const pool = new Map(shippedBank('training').map((p) => [p.id, p]));

const RUNS_KEY = 'dama.puzzle-runs.v1';

/** Play `wrongMove(p)` by taps on the run's board. */
async function miss(run: Locator, p: Puzzle): Promise<void> {
  const wrong = wrongMove(p);
  expect(wrong, `puzzle ${p.id} has a first move that loses the win`).toBeDefined();
  await tapMove(run, startOf(p), wrong!);
}

/** The puzzle the run shows now. */
async function shown(run: Locator): Promise<Puzzle> {
  await expect(run).toHaveAttribute('data-phase', 'play');
  const id = Number(await run.getAttribute('data-puzzle'));
  const p = pool.get(id);
  expect(p, `puzzle ${id} is in the pool`).toBeDefined();
  return p!;
}

/** Play the solver's moves of the solution; the computer's replies are awaited. */
async function solve(run: Locator, p: Puzzle): Promise<void> {
  await tapLine(run, p, async (ply) => {
    await expect(run).toHaveAttribute('data-phase', 'play');
    if (ply > 0) await expect(run).toHaveAttribute('data-played', String(ply));
  });
}

async function stored(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown>,
    RUNS_KEY,
  );
}

test('streak: puzzles solved by taps count up, the first wrong move ends the run, and the best is kept', async ({
  page,
}) => {
  // a fixed time: the run's choices are seeded by it
  await page.clock.setFixedTime(new Date('2026-12-10T07:00:00Z'));
  await page.goto('./#/puzzle');
  await page.getByTestId('pz-tab-streak').click();
  const run = page.getByTestId('streak-run');
  await expect(page.getByTestId('streak-best')).toHaveAttribute('data-value', '0');
  // the run's one skip: the next puzzle, the score unchanged
  const skipped = await shown(run);
  await page.getByTestId('streak-skip').click();
  await expect(run).not.toHaveAttribute('data-puzzle', String(skipped.id));
  await expect(page.getByTestId('streak-skip')).toBeDisabled();
  await expect(page.getByTestId('streak-score')).toHaveAttribute('data-value', '0');
  let solved = 0;
  while (solved < 2) {
    const p = await shown(run);
    await solve(run, p);
    solved++;
    await expect(page.getByTestId('streak-score')).toHaveAttribute('data-value', String(solved));
    await expect(run).not.toHaveAttribute('data-puzzle', String(p.id));
  }
  await miss(run, await shown(run));
  await expect(run).toHaveAttribute('data-phase', 'over');
  const end = page.getByTestId('streak-end');
  await expect(end).toHaveAttribute('data-score', '2');
  await expect(end).toContainText('You solved 2 puzzles in a row.');
  await expect(page.getByTestId('streak-new-best')).toBeVisible();
  // the refutation, then the solution, are played on the board
  await expect(page.getByTestId('streak-status')).toHaveText('That is the solution.', { timeout: 20_000 });
  expect(await stored(page)).toMatchObject({ version: 1, streak: 2 });

  // a new page: the best is still there, and a new run starts from nothing
  await page.reload();
  await page.getByTestId('pz-tab-streak').click();
  await expect(page.getByTestId('streak-best')).toHaveAttribute('data-value', '2');
  await expect(page.getByTestId('streak-score')).toHaveAttribute('data-value', '0');
});

test('storm: the clock waits for the first move, a solve scores, and the end shows the score when time is up @desktop @landscape', async ({
  page,
}) => {
  await page.clock.install({ time: new Date('2026-12-10T07:00:00Z') });
  await page.goto('./#/puzzle');
  await page.getByTestId('pz-tab-storm').click();
  const run = page.getByTestId('storm-run');
  const clock = page.getByTestId('storm-clock');
  await expect(clock).toContainText('3:00');
  await expect(page.getByTestId('storm-status')).toHaveText('The clock starts with your first move.');
  await page.clock.runFor(20_000);
  await expect(clock).toContainText('3:00');

  // A wrong first move gives the puzzle up (10 s off the clock, the next one), then one is solved.
  // The run's choices follow the clock, and a few puzzles (29 of 3,157) have no wrong first move:
  // such a puzzle, if it comes first, is solved before.
  let score = 0;
  let moves = 0;
  let missed = await shown(run);
  while (!wrongMove(missed)) {
    await solve(run, missed);
    score++;
    moves += missed.moves;
    await expect(run).not.toHaveAttribute('data-puzzle', String(missed.id));
    missed = await shown(run);
  }
  await miss(run, missed);
  const misses = 1;
  moves += 1;
  await expect(run).not.toHaveAttribute('data-puzzle', String(missed.id));
  await expect(page.getByTestId('storm-score')).toHaveAttribute('data-value', String(score));
  const p = await shown(run);
  await solve(run, p);
  score++;
  moves += p.moves;
  await expect(page.getByTestId('storm-score')).toHaveAttribute('data-value', String(score));
  await expect(page.getByTestId('storm-status')).toHaveText('Solved! Here is the next one.');
  await expect(clock).not.toContainText('3:00');

  await page.clock.runFor(181_000);
  const end = page.getByTestId('storm-end');
  await expect(end).toBeVisible();
  await expect(end).toHaveAttribute('data-score', String(score));
  await expect(page.getByTestId('storm-final-score')).toHaveText(String(score));
  await expect(end).toContainText(score === 1 ? '1 puzzle solved' : `${score} puzzles solved`);
  await expect(page.getByTestId('storm-moves')).toHaveAttribute('data-value', String(moves));
  await expect(page.getByTestId('storm-accuracy')).toHaveAttribute(
    'data-value',
    `${Math.round((100 * (moves - misses)) / moves)}%`,
  );
  await expect(page.getByTestId('storm-best-today')).toHaveAttribute('data-value', String(score));
  await expect(page.getByTestId('storm-best-ever')).toHaveAttribute('data-value', String(score));
  await expect(page.getByTestId('storm-new-best')).toBeVisible();
  expect(await stored(page)).toMatchObject({
    version: 1,
    storm: score,
    stormDay: '2026-12-10',
    stormToday: score,
  });

  // a new storm starts with a full clock, waiting again
  await page.getByTestId('storm-again').click();
  await expect(page.getByTestId('storm-clock')).toContainText('3:00');
  await expect(page.getByTestId('storm-score')).toHaveAttribute('data-value', '0');
});

test.describe('with its service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('both tabs open offline, never opened before: their code and the pool are precached', async ({
    page,
    context,
  }) => {
    await page.goto('./#/');
    await offlineOnceInstalled(page, context);
    await page.goto('./#/puzzle');
    await page.reload();
    await page.getByTestId('pz-tab-storm').click();
    await expect(page.getByTestId('storm-run')).toHaveAttribute('data-phase', 'play');
    await page.getByTestId('pz-tab-streak').click();
    await expect(page.getByTestId('streak-run')).toHaveAttribute('data-phase', 'play');
    await context.setOffline(false);
  });
});
