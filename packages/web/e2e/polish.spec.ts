// The small courtesies of issue 11: level lines, Master, material balance, move numbers kept with
// their moves, the title at phone width, and every message in the chosen language.
import { test, expect } from '@playwright/test';
import { levelChoice, typeMove } from './helpers.ts';

test('the new-game sheet offers eight levels, says in one line what each is like, and Master can be chosen @landscape @desktop', async ({
  page,
}) => {
  await page.goto('./?engine=fast#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const dialog = page.getByRole('dialog');
  const about = dialog.getByTestId('level-about');
  // a new player starts at level 2, and has met no level yet
  await expect(dialog.getByRole('radio', { name: '2 Learner' })).toBeChecked();
  await expect(about).toContainText('You have not finished a game against this level yet');
  const lines = [
    'Newcomer: Sees only its own move',
    'Learner: Sees a single take coming',
    'Amateur: Sees a take and the retake',
    'Park player: Looks two moves ahead',
    'Club player: Sees longer exchanges',
    'Strong player: Sound play',
    'Expert: Rarely errs',
    'Master: Full strength',
  ];
  for (const [i, line] of lines.entries()) {
    await levelChoice(dialog, i + 1).click();
    await expect(dialog.getByRole('radio', { checked: true }).first()).toHaveAccessibleName(
      `${i + 1} ${line.split(':')[0]}`,
    );
    const [name, note] = line.split(': ');
    await expect(about).toContainText(`Level ${i + 1} · ${name}`);
    await expect(about).toContainText(note);
  }
  await dialog.getByText('White', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('.topbar h1')).toHaveText('Computer · Master');
  // the whole title is shown, not cut
  const cut = await page.locator('.topbar h1').evaluate((h) => h.scrollWidth > h.clientWidth);
  expect(cut).toBe(false);
  await typeMove(page, 'c3-c4');
  await expect(page.locator('[data-testid=moves] .mv')).toHaveCount(2);
});

test('the material balance instead of capture counts, and the captures after the game @desktop', async ({
  page,
}) => {
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7');
  await expect(page.getByTestId('balance-white')).toContainText('+2');
  await expect(page.getByTestId('balance-black')).toHaveCount(0);
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  // counted from the game's own start: nothing has been captured in it (not 16 minus what is left)
  await expect(page.getByTestId('captures')).toHaveText('Captured: White 0, Black 0');
});

test('a move number stays on the line of its move @desktop', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  const moves = ['a3-a4', 'h6-h5', 'b3-b4', 'g6-g5', 'c3-c4', 'f6-f5', 'd3-d4', 'e6-e5'];
  for (const m of moves) await typeMove(page, m);
  const alone = await page.locator('[data-testid=moves] .num').evaluateAll((nums) =>
    nums.some((n) => {
      const next = n.nextElementSibling;
      const mid = (e: Element) => (e.getBoundingClientRect().top + e.getBoundingClientRect().bottom) / 2;
      return !next || Math.abs(mid(next) - mid(n)) > 4;
    }),
  );
  expect(alone).toBe(false);
});

test('the PDN import error is in Turkish in the Turkish app', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto('./#/records');
  await page.locator('#pdn-input').fill('1. c3-c7 *');
  await page.getByRole('button', { name: 'Aç' }).click();
  await expect(page.getByRole('alert')).toHaveText('1. hamle (c3-c7) bu oyunda kurallara uygun değil.');
  await page.locator('#pdn-input').fill('this is not a game');
  await page.getByRole('button', { name: 'Aç' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bu metin oyun kaydı (PDN) biçiminde yazılmamış.');
  await context.close();
});
