import { expect, test } from '@playwright/test';
import { moveButtons, sq, typeMove, offlineOnceInstalled } from './helpers.ts';

test('the language switch, and Turkish when the browser says Turkish @desktop', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto('./#/');
  await expect(page.getByRole('button', { name: /Bilgisayara karşı oyna/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page.getByRole('link', { name: 'Ayarlar' }).first().click();
  await page.getByText('English', { exact: true }).click();
  await expect(page.locator('h1')).toHaveText('Settings');
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByText('Türkçe', { exact: true }).click();
  await expect(page.locator('h1')).toHaveText('Ayarlar');
  await context.close();
});

test('a corrupted saved game is reported and set aside, and the app still starts', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('dama.current.v1', '{"v":1,"id":"x","pdn":"1. c3-c9 *"');
      localStorage.setItem('dama.settings.v1', 'not json');
    }
  });
  await page.goto('./#/');
  await expect(page.getByTestId('notice-corruptGame')).toBeVisible();
  await expect(page.getByTestId('notice-corruptSettings')).toBeVisible();
  await expect(page.getByRole('button', { name: /Play the computer/ })).toBeVisible();
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unreadable')));
  expect(kept.length).toBe(2);
  await page.getByTestId('notice-corruptGame').getByRole('button').click();
  await expect(page.getByTestId('notice-corruptGame')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('notice-corruptGame')).toHaveCount(0);
});

test.describe('with its service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('works offline after the first visit', async ({ page, context }) => {
    await page.goto('./#/');
    await offlineOnceInstalled(page, context);
    await page.reload();
    await expect(page.getByRole('button', { name: /Two players/ })).toBeVisible();
    await page.getByRole('button', { name: /Two players/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
    await sq(page, 'e3').click();
    await sq(page, 'e4').click();
    await expect(moveButtons(page)).toHaveText(['e3-e4']);
    // the computer too: its worker comes from the cache
    await page.goto('./?engine=fast#/');
    await page.getByRole('button', { name: /Play the computer/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
    // the two-player game is not finished: it is kept in My games
    await page.getByRole('dialog').getByRole('button', { name: 'Start a new game' }).click();
    await typeMove(page, 'c3-c4');
    await expect(moveButtons(page)).toHaveCount(2);
    await context.setOffline(false);
  });
});

test('export a finished game as PDN, import it, and replay it', async ({ page }) => {
  await page.goto('./?fen=W:Wd4:Bd5,e6,f7,e4,f5');
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Export (PDN)' }).click();
  const pdn = await page.getByTestId('pdn-text').inputValue();
  expect(pdn).toContain('[GameType "30"]');
  expect(pdn).toContain('[Result "0-1"]');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await page.goto('./#/records');
  await page.locator('#pdn-input').fill('[GameType "30"]\n\n1. c3-c4 f6-f5 2. c4-c5 *');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/#\/replay\//);
  await expect(moveButtons(page)).toHaveText(['c3-c4', 'f6-f5', 'c4-c5']);
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(page.locator('.board-wrap [data-square="c3"]')).toBeAttached();
  await page.goto('./#/records');
  await page.locator('#pdn-input').fill('1. c3-c9');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  // the catalogue's sentence, not core's English message
  await expect(page.getByRole('alert')).not.toContainText('is not a move');
});

test('the rules page shows its example boards', async ({ page }) => {
  await page.goto('./#/rules');
  const figures = page.locator('figure.diagram');
  await expect(figures).toHaveCount(4);
  // each board is made when it comes into view
  for (let i = 0; i < 4; i++) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    await expect(figures.nth(i).locator('.dama-board')).toBeVisible();
  }
  // the pieces that must capture glow (their moves come from the rules)
  await expect(page.locator('.diagram [data-square="f3"].must-capture')).toHaveCount(2);
  await expect(page.locator('.diagram [data-square="d4"].must-capture')).toHaveCount(1);
});

test('keyboard play: arrows and Enter on the board, moves announced to screen readers', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  const board = page.locator('.board-wrap .dama-board');
  await board.focus();
  const cursor = async () =>
    (await page
      .locator(`#${await board.getAttribute('aria-activedescendant')}`)
      .getAttribute('data-square')) ?? '';
  const goTo = async (target: string) => {
    for (let i = 0; i < 16 && (await cursor()) !== target; i++) {
      const c = await cursor();
      const key =
        c[0] < target[0]
          ? 'ArrowRight'
          : c[0] > target[0]
            ? 'ArrowLeft'
            : c[1] < target[1]
              ? 'ArrowUp'
              : 'ArrowDown';
      await page.keyboard.press(key);
      // the cursor moves on the next redraw: wait for it before reading it again
      await expect.poll(cursor).not.toBe(c);
    }
    expect(await cursor()).toBe(target);
  };
  await goTo('c3');
  await page.keyboard.press('Enter');
  await goTo('c4');
  await page.keyboard.press('Enter');
  await expect(moveButtons(page)).toHaveText(['c3-c4']);
  await expect(page.getByTestId('live')).toHaveText('White: c3-c4');
});
