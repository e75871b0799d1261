// Quick pairing on the real game server, with one browser context per player: two players seek the
// same time control and are paired into a rated game that moves both ratings (shown at the end and
// on the profile); the lobby shows the other player's seek and the counts, and a tap on it pairs at
// once; a blocked player is never paired with the one who blocked them, while a third is.
import { expect, test, type Page } from '@playwright/test';
import { openOnlinePage, playOnline } from './helpers.ts';
import { tapMove } from './online-helpers.ts';
import { inGame, lobbyPlayer as lobbyPage, seek } from './people-helpers.ts';

test.describe.configure({ mode: 'serial' });

/** '1500 → 1662 (+162)' → 1662, checked against the start and the sign. */
async function ratingAfter(page: Page, color: 'white' | 'black', sign: '+' | '−'): Promise<number> {
  const text = (await page.locator(`[data-testid=rating-change-${color}] .change`).textContent())!;
  const m = /^1500 → (\d+) \(([+−])(\d+)\)$/.exec(text.trim());
  expect(m, text).not.toBeNull();
  const after = Number(m![1]);
  expect(m![2]).toBe(sign);
  expect(Math.abs(after - 1500)).toBe(Number(m![3]));
  return after;
}

test('two players seek 5+0 rated, are paired, play, and both ratings move', async ({ browser }) => {
  const a = await lobbyPage(browser);
  const b = await lobbyPage(browser);
  await seek(a.page, '5+0', 'Rated');
  await seek(b.page, '5+0', 'Rated', true);
  const { white, black } = await inGame(a.page, b.page);
  const whiteName = white === a.page ? a.name : b.name;
  const blackName = black === a.page ? a.name : b.name;

  // each side's name and rating (new players: 1500, provisional) beside the clocks, and the kind
  for (const p of [white, black]) {
    await expect(p.locator('.strip[data-color=white] .name')).toHaveText(whiteName);
    await expect(p.locator('.strip[data-color=black] .name')).toHaveText(blackName);
    await expect(p.getByTestId('rating-white')).toHaveText('1500?');
    await expect(p.getByTestId('rating-black')).toHaveText('1500?');
    await expect(p.getByTestId('clock-white')).toHaveText('5:00');
    await expect(p.getByTestId('game-kind')).toHaveText('Rated game · 5+0');
  }

  // a move by taps, one by the move box, then White resigns
  await tapMove(white, 'c3-c4', [black]);
  await playOnline(black, 'f6-f5', [white]);
  await white.getByTestId('resign').click();
  await white.getByTestId('confirm-resign').click();
  for (const p of [white, black]) await expect(p.getByTestId('end')).toBeVisible();
  await expect(black.getByTestId('end')).toContainText('You win');
  await expect(white.getByTestId('end')).toContainText(`${blackName} wins`);

  // both see both ratings move from 1500: up for the winner, down for the loser
  const up = await ratingAfter(black, 'black', '+');
  const down = await ratingAfter(black, 'white', '−');
  expect(await ratingAfter(white, 'black', '+')).toBe(up);
  expect(await ratingAfter(white, 'white', '−')).toBe(down);
  await expect(black.getByTestId('rating-black')).toContainText(String(up));

  // the winner's profile: the new blitz rating, its graph, and the game won
  await black.goto('./?sw=off#/profile');
  await expect(black.getByTestId('profile-rating-blitz')).toContainText(`Blitz${up}?1 game`);
  await expect(black.getByTestId('rating-chart')).toHaveAttribute('data-points', '1');
  const row = black.getByTestId('profile-game');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-result', 'won');
  await expect(row).toContainText(whiteName);
  await expect(row.getByRole('link')).toHaveAccessibleName(
    new RegExp(`^Won against ${whiteName}\\. 5\\+0 · Rated · `),
  );
  await expect(row.getByTestId('game-change')).toHaveText(`${up}+${up - 1500}`);
  // the loser's too
  await white.goto('./?sw=off#/profile');
  await expect(white.getByTestId('profile-rating-blitz')).toContainText(`${down}?`);
  await expect(white.getByTestId('profile-game')).toHaveAttribute('data-result', 'lost');

  // the winner moves to a new phone by a transfer code: there, the same rating and the same game,
  // also in My games (the server's list merged into the device's own, and replayed from it)
  await black.getByRole('button', { name: 'Show a transfer code' }).click();
  const code = (await black.getByTestId('transfer-code').locator('[aria-hidden=true]').textContent())!;
  const phone = await openOnlinePage(browser);
  await phone.goto(`./?sw=off#/profile?code=${code}`);
  await phone.getByRole('button', { name: 'Use this code' }).click();
  await expect(phone.getByTestId('player-name')).toHaveText(blackName);
  await expect(phone.getByTestId('profile-rating-blitz')).toContainText(`Blitz${up}?1 game`);
  await expect(phone.getByTestId('profile-game')).toHaveAttribute('data-result', 'won');
  await phone.goto('./?sw=off#/records');
  const record = phone.getByTestId('record');
  await expect(record).toHaveCount(1);
  await expect(record).toHaveAttribute('data-remote', 'yes');
  await expect(record).toContainText(whiteName);
  await record.locator('.record-main').click();
  await expect(phone).toHaveURL(/#\/replay\//);
  await expect(phone.getByTestId('moves')).toContainText('c3-c4');
  for (const p of [white, black, phone]) await p.context().close();
});

test('the lobby shows the other player’s seek and the counts; a tap on it pairs at once', async ({
  browser,
}) => {
  const a = await lobbyPage(browser);
  const b = await lobbyPage(browser);
  await seek(a.page, '10+0', 'Casual');
  const row = b.page.getByTestId('lobby-seek-row').filter({ hasText: a.name });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await expect(row).toContainText('1500?');
  await expect(row).toContainText('10+0');
  await expect(row).toContainText('Casual');
  await expect(b.page.getByTestId('lobby-counts')).toHaveText(
    /^([2-9]|\d\d+) players online · \d+ games? being played$/,
  );
  // withdrawn: gone from the other's list
  await a.page.getByTestId('lobby-cancel').click();
  await expect(row).toHaveCount(0, { timeout: 10_000 });
  await seek(a.page, '10+0', 'Casual');
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await row.click();
  const { white, black } = await inGame(a.page, b.page);
  for (const p of [white, black]) await expect(p.getByTestId('game-kind')).toHaveText('Casual game · 10+0');
  // the tap kept the seek's choices as the player's own
  await b.page.goto('./?sw=off#/lobby');
  await expect(b.page.locator('.lobby-form label.on')).toHaveText(['10+0', 'Casual', 'Any']);
  for (const p of [white, black]) await p.context().close();
});

test('a blocked player is not paired with the one who blocked them; a third player is', async ({
  browser,
}) => {
  const a = await lobbyPage(browser);
  const b = await lobbyPage(browser);
  await seek(a.page, '1+0', 'Casual');
  await seek(b.page, '1+0', 'Casual', true);
  const first = await inGame(a.page, b.page);
  await first.white.getByTestId('resign').click();
  await first.white.getByTestId('confirm-resign').click();
  for (const p of [a.page, b.page]) await expect(p.getByTestId('end')).toBeVisible();

  // A blocks B, asked first
  await a.page.getByTestId('block').click();
  const dialog = a.page.getByRole('dialog');
  await expect(dialog).toContainText(`Block ${b.name}?`);
  await dialog.getByTestId('confirm-block').click();
  await expect(a.page.getByTestId('blocked')).toHaveText(
    `${b.name} is blocked: you will not be paired again.`,
  );

  // both seek the same; B first, so that B's seek is the one a newcomer meets first
  await a.page.getByTestId('new-opponent').click();
  await b.page.getByTestId('new-opponent').click();
  await seek(b.page, '3+2', 'Casual');
  await seek(a.page, '3+2', 'Casual');
  await a.page.waitForTimeout(2500);
  for (const p of [a.page, b.page]) {
    await expect(p).toHaveURL(/#\/lobby$/);
    await expect(p.getByTestId('lobby-seeking')).toHaveAttribute('data-open', 'yes');
  }

  // C sees both seeks, seeks the same, and is paired with B; A keeps seeking
  const c = await lobbyPage(browser);
  for (const name of [a.name, b.name])
    await expect(c.page.getByTestId('lobby-seek-row').filter({ hasText: name })).toHaveCount(1, {
      timeout: 10_000,
    });
  await seek(c.page, '3+2', 'Casual', true);
  const second = await inGame(b.page, c.page);
  for (const p of [second.white, second.black])
    await expect(p.locator('.strip.top .name')).toHaveText(p === c.page ? b.name : c.name);
  await expect(a.page).toHaveURL(/#\/lobby$/);
  await expect(a.page.getByTestId('lobby-seeking')).toBeVisible();

  // A plays the computer while waiting: the seek stays open (shown in the header)
  await a.page.getByRole('button', { name: 'Play the computer while you wait' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await expect(a.page).toHaveURL(/#\/game$/);
  await expect(a.page.getByTestId('seek-chip')).toHaveText(/^3\+2 · \d:\d\d$/);
  // C, done with B, seeks again and meets A: A is called to the game by a banner
  await c.page.goto('./?sw=off#/lobby');
  await seek(c.page, '3+2', 'Casual', true);
  const banner = a.page.getByTestId('found-banner');
  await expect(banner).toContainText('Opponent found!');
  await expect(a.page).toHaveURL(/#\/game$/);
  await banner.getByRole('button', { name: 'Go to the game' }).click();
  const third = await inGame(a.page, c.page);
  expect(third.id).not.toBe(second.id);
  await expect(a.page.locator('.strip.top .name')).toHaveText(c.name);
  await expect(a.page.getByTestId('seek-chip')).toHaveCount(0);

  // A's profile lists B as blocked, by name
  await a.page.goto('./?sw=off#/profile');
  await expect(a.page.getByTestId('blocked-player')).toHaveText(new RegExp(`^${b.name}Unblock$`));
  for (const p of [a.page, b.page, c.page]) await p.context().close();
});
