// Every screen shape: the whole board fits without scrolling and fills at least 80% of the short
// side, with the panels beside it when the screen is wide (the game, the replay, the puzzle).
import { test, expect, type Page } from '@playwright/test';

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
