// The puzzle dashboard in the browser: reached from the training tab, it reads the training history
// of the device (seeded here in localStorage: solves and failures of single-theme puzzles of the
// pool, some in the last week and some earlier in the month) on a mocked date (`page.clock`), shows
// the figures of the last 7 or 30 days with the themes weakest first, and opens training on the
// weakest theme; a puzzle solved there by taps is counted at once. An empty record says so.
import { expect, test, type Page } from '@playwright/test';
import {
  DAY_MS,
  emptyTraining,
  nextPuzzle,
  puzzleDashboard,
  type Puzzle,
  type Theme,
  type TrainingPlay,
  type TrainingStore,
} from '@dama/puzzle';
import { shippedBank, tapLine } from './puzzle-helpers.ts';

const TRAINING_KEY = 'dama.training.v1';
const NOW = Date.parse('2026-12-10T09:00:00Z');

const pool = shippedBank('training');

/** Puzzles of the pool with this one theme only. */
const only = (theme: Theme) => pool.filter((p) => p.themes.length === 1 && p.themes[0] === theme);

const play = (p: Puzzle, daysAgo: number, solved: boolean): TrainingPlay => ({
  id: p.id,
  solved,
  hinted: false,
  rated: true,
  at: NOW - daysAgo * DAY_MS,
});

/**
 * This week: sacrifice 1 of 3 solved, decoy 3 of 3, king 1 of 1 (too few to judge). Earlier in the
 * month: sacrifice 2 of 2, decoy 0 of 3. So over 30 days decoy (3 of 6) is weaker than sacrifice
 * (3 of 5), and over 7 days sacrifice is the only weak theme.
 */
function seeded(): { store: TrainingStore; next: Puzzle } {
  const s = only('sacrifice');
  const d = only('decoy');
  const k = only('king');
  const history = [
    play(s[0], 20, true),
    play(s[1], 19, true),
    play(d[0], 18, false),
    play(d[1], 17, false),
    play(d[2], 16, false),
    play(s[2], 6, false),
    play(s[3], 5, true),
    play(s[4], 4, false),
    play(d[3], 3, true),
    play(d[4], 2.5, true),
    play(d[5], 2, true),
    play(k[0], 1, true),
  ];
  const store: TrainingStore = { ...emptyTraining(), history };
  return { store, next: nextPuzzle(pool, store, { theme: 'sacrifice' })! };
}

async function openDashboard(page: Page, store?: TrainingStore): Promise<void> {
  await page.clock.setFixedTime(NOW);
  await page.goto('./?sw=off#/');
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    [TRAINING_KEY, store ? JSON.stringify(store) : ''] as const,
  );
  await page.goto('./?sw=off#/puzzle');
  await page.getByTestId('pz-tab-training').click();
  await page.getByTestId('tr-dashboard').click();
  await expect(page.getByTestId('pz-dash')).toBeVisible();
}

const themesShown = (page: Page, list: string) =>
  page
    .getByTestId(list)
    .locator('.pz-dash-theme')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-theme')));

test('the dashboard counts 30 and 7 days, weakest theme first, and opens training on it @landscape @desktop', async ({
  page,
}) => {
  const { store, next } = seeded();
  const month = puzzleDashboard(store, pool, NOW, 30);
  expect(month.weakest).toEqual(['decoy', 'sacrifice']);
  await openDashboard(page, store);

  // the last 30 days first
  const dash = page.getByTestId('pz-dash');
  await expect(dash).toHaveAttribute('data-days', '30');
  await expect(page.getByTestId('dash-plays')).toContainText('12');
  await expect(page.getByTestId('dash-solved')).toContainText('58%');
  await expect(page.getByTestId('dash-perf')).toContainText(String(month.total.performance));
  expect(await themesShown(page, 'dash-themes')).toEqual(['decoy', 'sacrifice']);
  expect(await themesShown(page, 'dash-few')).toEqual(['king']);
  await expect(dash.locator('.pz-dash-theme[data-theme=decoy]').first()).toContainText(
    '6 puzzles · 50% solved',
  );
  await expect(page.getByTestId('dash-weakest').getByRole('button')).toHaveText([
    'Train decoy puzzles',
    'Train sacrifice puzzles',
  ]);

  // the last 7 days: sacrifice is the weak one, decoy was always solved
  await page.getByTestId('dash-7').click();
  await expect(dash).toHaveAttribute('data-days', '7');
  await expect(page.getByTestId('dash-plays')).toContainText('7');
  await expect(page.getByTestId('dash-solved')).toContainText('71%');
  expect(await themesShown(page, 'dash-themes')).toEqual(['sacrifice', 'decoy']);
  await expect(dash.locator('.pz-dash-theme[data-theme=sacrifice]').first()).toContainText(
    '3 puzzles · 33% solved',
  );
  await expect(page.getByTestId('dash-weakest').getByRole('button')).toHaveText(['Train sacrifice puzzles']);

  // training opens on the weakest theme; a solve there counts at once
  await page.getByTestId('dash-weakest').getByRole('button').first().click();
  const training = page.getByTestId('pz-training');
  await expect(page.getByTestId('tr-theme')).toHaveValue('sacrifice');
  await expect(training).toHaveAttribute('data-puzzle', String(next.id));
  await tapLine(training, next, () => expect(training).toHaveAttribute('data-phase', 'play'));
  await expect(training).toHaveAttribute('data-phase', 'solved');
  await page.getByTestId('tr-dashboard').click();
  await page.getByTestId('dash-7').click();
  await expect(page.getByTestId('dash-plays')).toContainText('8');
  await expect(page.getByTestId('dash-solved')).toContainText('75%');
  await expect(dash.locator('.pz-dash-theme[data-theme=sacrifice]').first()).toContainText(
    '4 puzzles · 50% solved',
  );
  await page.getByTestId('dash-back').click();
  await expect(training).toBeVisible();
});

test('the dashboard of a device that has played nothing says so, in Turkish too', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId('dash-empty')).toContainText(
    'You have not played a training puzzle in the last 30 days',
  );
  await page.evaluate(() => localStorage.setItem('dama.settings.v1', JSON.stringify({ lang: 'tr' })));
  await page.reload();
  await page.getByTestId('pz-tab-training').click();
  await page.getByTestId('tr-dashboard').click();
  await page.getByTestId('dash-7').click();
  await expect(page.getByTestId('dash-empty')).toContainText('Son 7 günde hiç antrenman bulmacası oynamadın');
  await page.getByRole('button', { name: 'Antrenmana başla' }).click();
  await expect(page.getByTestId('pz-training')).toBeVisible();
});
