// The player identity without sign-up, on the real game server: a first visit to the profile makes
// the player, its name is chosen from the lists, and a transfer code moves it to another device
// (a second browser context), which then shows the same name, also after a reload.
import { expect, test } from '@playwright/test';
import { openOnlinePage } from './helpers.ts';

test('a renamed player moves to another device with a transfer code and keeps its name', async ({
  browser,
}) => {
  // A: the old phone
  const a = await openOnlinePage(browser);
  await a.goto('./?sw=off#/');
  await a.getByTestId('profile-tile').click();
  await expect(a.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  const nameA = a.getByTestId('player-name');
  // a generated name: two words and a number
  await expect(nameA).toHaveText(/^\p{L}+ \p{L}+ \d{1,3}$/u);
  const [, , number] = (await nameA.textContent())!.split(' ');

  // the new name: two other words from the lists, the same number
  await a.getByTestId('change-name').click();
  const dialog = a.getByRole('dialog', { name: 'Choose your name' });
  const adjective = dialog.getByLabel('First word');
  const noun = dialog.getByLabel('Second word');
  const adjectives = await adjective.locator('option').allTextContents();
  const nouns = await noun.locator('option').allTextContents();
  expect(adjectives.length).toBeGreaterThan(10);
  const [word1, word2] = [adjectives.at(-1)!, nouns.at(-1)!];
  await adjective.selectOption(word1);
  await noun.selectOption(word2);
  await expect(dialog).toContainText(`Your new name: ${word1} ${word2} ${number}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const renamed = `${word1} ${word2} ${number}`;
  await expect(nameA).toHaveText(renamed);
  // the focus is back where the player was
  await expect(a.getByTestId('change-name')).toBeFocused();

  // the transfer code, its time left and its QR code
  await a.getByRole('button', { name: 'Show a transfer code' }).click();
  const shown = a.getByTestId('transfer-code').locator('[aria-hidden=true]');
  await expect(shown).toHaveText(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  const code = (await shown.textContent())!;
  await expect(a.getByTestId('transfer-left')).toHaveText(/^Time left: (10:00|9:[0-5]\d)$/);
  await expect(a.getByRole('img', { name: /QR code/ })).toBeVisible();

  // C: the new phone opens its profile (a player of its own is made), then enters the code,
  // typed as people type it
  const c = await openOnlinePage(browser);
  await c.goto('./?sw=off#/profile');
  const nameC = c.getByTestId('player-name');
  await expect(nameC).toHaveText(/^\p{L}+ \p{L}+ \d{1,3}$/u);
  await c.getByLabel('Transfer code').fill(code.toLowerCase().replace('-', ' '));
  await c.getByRole('button', { name: 'Use this code' }).click();
  // its own player was made a moment ago on this screen: nothing to lose, so it is not asked
  await expect(c.getByRole('dialog')).toHaveCount(0);
  await expect(nameC).toHaveText(renamed);
  await expect(c.getByTestId('player-told')).toHaveText(`Done: this device now plays as ${renamed}.`);
  // kept on the device: still the same player after a reload, on both phones
  await c.reload();
  await expect(nameC).toHaveText(renamed);
  await a.reload();
  await expect(nameA).toHaveText(renamed);

  // the code was used once: on a third device it no longer works
  const b = await openOnlinePage(browser);
  await b.goto(`./?sw=off#/profile?code=${code}`);
  await b.getByRole('button', { name: 'Use this code' }).click();
  await expect(b.getByRole('alert')).toContainText('This code does not work');
  await expect(b.getByTestId('player-name')).toHaveCount(0);
  for (const p of [a, b, c]) await p.context().close();
});
