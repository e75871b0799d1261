// Every screen shape: the whole board fits without scrolling and fills at least 80% of the short
// side, with the panels beside it when the screen is wide (the game, the replay, the puzzle).
import { test, expect, type Page } from '@playwright/test';
import { gameOnPage, startComputerGame, typeMove, waitForTurn } from './helpers.ts';

const SHAPES = [
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 667, height: 375 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

async function boardFits(page: Page, selector: string, shape: { width: number; height: number }) {
  const board = page.locator(selector).first();
  await expect(board).toBeVisible();
  const box = (await board.boundingBox())!;
  const short = Math.min(shape.width, shape.height);
  const where = `${shape.width}×${shape.height}`;
  expect(box.y, `${where}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${where}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${where}: bottom edge on screen`).toBeLessThanOrEqual(shape.height + 0.5);
  expect(box.x + box.width, `${where}: right edge on screen`).toBeLessThanOrEqual(shape.width + 0.5);
  expect(box.width / short, `${where}: share of the short side`).toBeGreaterThanOrEqual(0.8);
  expect(Math.abs(box.width - box.height), `${where}: square`).toBeLessThan(2);
  if (shape.width > shape.height) {
    // the panels are beside the board, not below it
    const side = (await page.locator('.side-col, .pz-side').first().boundingBox())!;
    expect(side.x, `${where}: panel beside the board`).toBeGreaterThanOrEqual(box.x + box.width - 1);
  }
}

for (const shape of SHAPES) {
  test(`the board fits whole at ${shape.width}×${shape.height}: the game and the puzzle`, async ({
    page,
  }) => {
    await page.setViewportSize(shape);
    await page.goto('./?engine=fast#/');
    await page.getByRole('button', { name: /Two players/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
    await boardFits(page, '.board-wrap .dama-board', shape);
    await page.goto('./#/puzzle');
    await boardFits(page, '.pz-board .dama-board', shape);
  });
}

/**
 * Held sideways, everything a player needs in a game is in sight at once: the panel beside the
 * board does not scroll, and the status line, the buttons, the move list's navigation and the move
 * box are inside it and on the screen.
 */
async function panelShowsAll(page: Page, where: string) {
  const panel = page.locator('.game .side-col');
  const fit = await panel.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
    scrollTop: el.scrollTop,
  }));
  expect(fit.scrollHeight, `${where}: the panel does not overflow`).toBeLessThanOrEqual(fit.clientHeight + 1);
  expect(fit.scrollTop, `${where}: the panel is not scrolled`).toBe(0);
  const view = page.viewportSize()!;
  const side = (await panel.boundingBox())!;
  const parts = {
    status: page.getByTestId('status'),
    buttons: page.locator('.side-col > .controls'),
    'move navigation': page.locator('.side-col .move-nav'),
    'move box': page.locator('#move-input'),
    'play button': page.locator('.type-move button[type=submit]'),
  };
  for (const [name, locator] of Object.entries(parts)) {
    const box = (await locator.boundingBox())!;
    expect(box, `${where}: ${name} is shown`).not.toBeNull();
    expect(box.y, `${where}: ${name} top in the panel`).toBeGreaterThanOrEqual(side.y - 0.5);
    expect(box.y + box.height, `${where}: ${name} bottom in the panel`).toBeLessThanOrEqual(
      side.y + side.height + 0.5,
    );
    expect(box.y, `${where}: ${name} top on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${where}: ${name} bottom on screen`).toBeLessThanOrEqual(view.height + 0.5);
    expect(box.x + box.width, `${where}: ${name} right edge on screen`).toBeLessThanOrEqual(view.width + 0.5);
  }
}

for (const shape of [
  { width: 844, height: 390 },
  { width: 740, height: 360 },
  { width: 915, height: 412 },
]) {
  test(`held sideways at ${shape.width}×${shape.height}, the game needs no scrolling: status, buttons, moves and move box in sight`, async ({
    page,
  }) => {
    await page.setViewportSize(shape);
    await startComputerGame(page, { level: 'Master' });
    await expect(page.locator('#move-input')).toBeEnabled();
    await panelShowsAll(page, `${shape.width}×${shape.height} at the start`);
    // a few moves (the panel used to scroll the status away when the move box was used)
    for (let i = 0; i < 4; i++) {
      expect(await waitForTurn(page)).toBe('turn');
      await typeMove(page, (await gameOnPage(page)).position.legalMoves()[0]);
    }
    expect(await waitForTurn(page)).toBe('turn');
    await panelShowsAll(page, `${shape.width}×${shape.height} after a few moves`);
    // the opponent's whole name, next to its clock and balance
    const cut = await page.locator('.strip.top .name').evaluate((n) => n.scrollWidth > n.clientWidth);
    expect(cut, 'the name is not cut').toBe(false);
  });
}

test.describe('in Turkish', () => {
  test.use({ locale: 'tr-TR' });
  test('held sideways, the whole name of the computer is shown while it thinks', async ({ page }) => {
    await page.setViewportSize({ width: 844, height: 390 });
    // not ?engine=fast: the computer takes its human pace, long enough to see it thinking
    await page.goto('./#/');
    await page.locator('.home > .card').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Usta', { exact: true }).click();
    await dialog.getByText('Beyaz', { exact: true }).click();
    await dialog.locator('button[type=submit]').click();
    await page.locator('#move-input:not([disabled])').fill('c3-c4');
    await page.locator('#move-input').press('Enter');
    const name = page.locator('.strip.top .name');
    await expect(name).toHaveText('Bilgisayar (Usta) · Siyah');
    await expect(page.locator('.strip.top .thinking')).toBeVisible();
    expect(await name.evaluate((n) => n.scrollWidth > n.clientWidth), 'the name is not cut').toBe(false);
  });
});
