// What a new player met on first use (issue 43): the analysis board on the home screen, Tab kept in
// the open dialog, the new-game sheet whole when a phone is held sideways, and the game's button
// labels on one line.
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

test('the game’s buttons keep their labels on one line and inside the button, on a tablet and a phone', async ({
  browser,
}) => {
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
    [844, 390],
  ])
    for (const locale of ['tr-TR', 'en-US']) {
      const context = await browser.newContext({ locale, viewport: { width, height }, hasTouch: true });
      const page = await context.newPage();
      await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=easy');
      await expect(page.getByTestId('resign')).toBeVisible();
      const labels = await page.locator('.side-col .controls .ctl').evaluateAll((buttons) =>
        buttons.map((b) => {
          const span = b.querySelector('span')!;
          const range = document.createRange();
          range.selectNodeContents(span);
          const text = range.getBoundingClientRect();
          const box = b.getBoundingClientRect();
          const line =
            parseFloat(getComputedStyle(span).lineHeight) || 1.3 * parseFloat(getComputedStyle(b).fontSize);
          return {
            label: span.textContent,
            lines: Math.round(text.height / line),
            inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
          };
        }),
      );
      expect(labels.length, `${locale} ${width}×${height}`).toBeGreaterThanOrEqual(4);
      for (const l of labels)
        expect(l, `${locale} ${width}×${height} ${l.label}`).toMatchObject({ lines: 1, inside: true });
      await context.close();
    }
});
