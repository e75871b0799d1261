// What a new player met on first use (issue 43): the analysis board on the home screen, Tab kept in
// the open dialog, the new-game sheet whole when a phone is held sideways, and the end panel's
// count of captured pieces in a game that did not start from the full board.
import { expect, test } from '@playwright/test';

const SHOTS = process.env.NEWCOMER_SHOTS;

test('the home screen opens the analysis board @landscape @desktop', async ({ page }) => {
  await page.goto('./#/');
  const card = page.getByTestId('analysis-card');
  await expect(card).toContainText('Analysis board');
  await card.click();
  await expect(page).toHaveURL(/#\/analysis/);
  await expect(page.getByRole('heading', { name: 'Analysis board', level: 1 }).first()).toBeVisible();
});

test('Tab and Shift+Tab stay inside the new-game sheet @desktop', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  const inside = () => sheet.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `after ${i + 1} Tabs`).toBe(true);
  }
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `after ${i + 1} Shift+Tabs`).toBe(true);
  }
  // and round: from the last control, Tab comes back to the first
  await sheet.getByRole('button', { name: 'Start the game' }).focus();
  await page.keyboard.press('Tab');
  expect(await inside()).toBe(true);
  await expect(sheet.getByRole('button', { name: 'Start the game' })).not.toBeFocused();
});

test('held sideways, the new-game sheet shows every choice and Start without an inner scroll @landscape @desktop', async ({
  page,
}, info) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sheet-${info.project.name}.png` });
  const view = page.viewportSize()!;
  for (const name of ['Master', 'Random', '45+0', 'Start the game']) {
    const box = (await sheet.getByText(name, { exact: true }).first().boundingBox())!;
    expect(box.y, name).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, name).toBeLessThanOrEqual(view.height);
  }
});

test('a game set up from a position counts only the pieces really captured', async ({ page }) => {
  // three White men against one Black man: nothing has been captured yet
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=easy');
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('captures')).toHaveText('Captured: White 0, Black 0');
});
