// A correspondence game on the real server, as two players on their phones live it: paired in the
// lobby at 3 days a move, White moves and closes the tab; Black finds the game in the home screen's
// "Your turn" list, opens it and moves (and gives White a day); White comes back from their own list.
import { expect, test } from '@playwright/test';
import { moveButtons } from './helpers.ts';
import { tapMove } from './online-helpers.ts';
import { inGame, lobbyPlayer, seek } from './people-helpers.ts';

test('a 3-day game: move, close the tab, reopen from the "Your turn" list', async ({ browser }) => {
  const a = await lobbyPlayer(browser);
  const b = await lobbyPlayer(browser);
  await seek(a.page, '3 days', 'Rated');
  await expect(a.page.getByTestId('lobby-seeking')).toContainText('3 days · Rated');
  await seek(b.page, '3 days', 'Rated', true);
  const { white, black, id } = await inGame(a.page, b.page);
  const whiteName = white === a.page ? a.name : b.name;
  const blackName = black === a.page ? a.name : b.name;

  // days and hours for the move, never a seconds clock; no claim of the win; "Give a day"
  for (const p of [white, black]) {
    await expect(p.getByTestId('game-kind')).toHaveText('Rated game · 3 days a move');
    await expect(p.getByTestId('clock-black')).toHaveText('3d');
    await expect(p.getByTestId('give-time')).toContainText('Give a day');
    await expect(p.getByTestId('claim')).toHaveCount(0);
  }
  await expect(white.getByTestId('abort-countdown')).toHaveText(
    /^Move within 2d 23h or the game is aborted$/,
  );

  await tapMove(white, 'c3-c4', [black]);
  // Black's move now: its days count, shown as days and hours
  await expect(black.getByTestId('clock-black')).toHaveText('2d 23h');
  await white.close();

  // Black, later, on the home screen: the game is in the list, Black's move, and opens with Black's seat
  await black.goto('./?sw=off#/');
  const blackRow = black.locator(`[data-testid=turn-game][data-game="${id}"]`);
  await expect(blackRow).toHaveAttribute('data-your-turn', 'yes');
  await expect(blackRow).toContainText(whiteName);
  await expect(blackRow).toContainText('3 days');
  await expect(black.getByTestId('turns')).toContainText('Your turn');
  await expect(blackRow).toHaveAccessibleName(
    new RegExp(`^Your turn against ${whiteName}, 2d 23h left, 3 days a move`),
  );
  await blackRow.click();
  await expect(black).toHaveURL(new RegExp(`#/online/${id}/[A-Za-z0-9_-]+$`));
  await expect(black.getByTestId('status')).toHaveText('Your move');
  await expect(moveButtons(black)).toHaveCount(1);
  await tapMove(black, 'f6-f5');
  await expect(black.getByTestId('status')).toHaveText('Your opponent’s move');

  // White comes back: a new tab on White's phone, the list on the home screen, White's move now
  const again = await white.context().newPage();
  await again.goto('./?sw=off#/');
  const whiteRow = again.locator(`[data-testid=turn-game][data-game="${id}"]`);
  await expect(whiteRow).toHaveAttribute('data-your-turn', 'yes');
  await expect(whiteRow).toContainText(blackName);
  await whiteRow.click();
  await expect(again.getByTestId('online-game')).toHaveAttribute('data-status', 'playing');
  await expect(moveButtons(again)).toHaveCount(2);
  await expect(again.getByTestId('status')).toHaveText('Your move');
  await expect(again.getByTestId('clock-white')).toHaveText('2d 23h');

  // Black gives White a day: White's clock has it, and White is told
  await black.getByTestId('give-time').click();
  await expect(again.getByTestId('clock-white')).toHaveText('3d 23h');
  await expect(again.getByTestId('status')).toHaveText('Your opponent gave you a day more for this move.');
  await expect(black.getByTestId('status')).toHaveText('You gave your opponent a day more for this move.');

  // White's list with nothing of Black's move left to wait for: the game is White's, at the top
  await again.goto('./?sw=off#/');
  await expect(again.locator('[data-testid=turn-game]').first()).toHaveAttribute('data-game', id);
  for (const p of [again, black]) await p.context().close();
});

test('a friend link for correspondence: the maker’s player goes with it when the device has one, never made for it', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const made: (string | undefined)[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/games')) made.push(r.headers().authorization);
  });
  const create = async () => {
    await page.goto('./?sw=off#/');
    await page.getByTestId('online-card').click();
    await page.getByText('3 days', { exact: true }).click();
    await expect(page.locator('.online-clocks .note')).toContainText('Each move may take up to 3 days');
    await page.getByTestId('online-create').click();
    await expect(page.getByTestId('invite')).toBeVisible();
    await expect(page.getByTestId('game-kind')).toHaveText('Correspondence · 3 days a move');
  };
  // no player on this device: the link is made without one, and none is made
  await create();
  expect(made).toEqual([undefined]);
  expect(await page.evaluate(() => localStorage.getItem('dama.player.v1'))).toBeNull();
  // with a player (made on the profile): it goes with the link, so that the friend's joining can be told
  await page.goto('./?sw=off#/profile');
  await expect(page.getByTestId('player-name')).toHaveText(/\p{L}+ \p{L}+ \d+/u);
  const held = JSON.parse((await page.evaluate(() => localStorage.getItem('dama.player.v1')))!) as {
    id: string;
    secret: string;
  };
  await create();
  expect(made[1]).toBe(`Bearer ${held.id}.${held.secret}`);
  await context.close();
});
