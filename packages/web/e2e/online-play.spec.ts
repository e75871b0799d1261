// What two friends do around the moves of an online game, on the real game server: draw offers
// (asked first, a decline told, two at most), a takeback, cancelling an unanswered invitation,
// the rematch played by taps on a fresh board, "My games" from each side, and analysis after.
import { expect, test, type Page } from '@playwright/test';
import { createOnlineGame, moveButtons, openOnlinePage, playedMoves, playOnline, sq } from './helpers.ts';
import { gameIdOf, serverMoves, startOnline, tapMove } from './online-helpers.ts';
import { ownServer } from './people-helpers.ts';

test.describe.configure({ mode: 'serial' });

/** Offers a draw from the button, through its question. */
async function offerDraw(page: Page, question: string): Promise<void> {
  await page.getByTestId('draw').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByTestId('confirm-draw').click();
  await expect(page.getByText('You offered a draw.')).toBeVisible();
}

test('the first moves have a deadline; a draw offer is asked first, its decline told, two at most', async ({
  browser,
}) => {
  const { white, black } = await startOnline(browser);
  // until both sides have moved, the one to move sees the time left to move
  await expect(white.getByTestId('abort-countdown')).toHaveText(
    /^Move within \d:\d\d or the game is aborted$/,
  );
  await expect(black.getByTestId('abort-countdown')).toHaveText(
    /^If your friend does not move within \d:\d\d, the game is aborted$/,
  );
  await tapMove(white, 'c3-c4', [black]);
  await expect(black.getByTestId('abort-countdown')).toContainText('Move within');
  await tapMove(black, 'f6-f5', [white]);
  for (const p of [white, black]) await expect(p.getByTestId('abort-countdown')).toHaveCount(0);

  // asked first: "No" sends nothing
  await black.getByTestId('draw').click();
  await expect(black.getByRole('dialog')).toContainText('Offer your friend a draw?');
  await black.getByRole('dialog').getByRole('button', { name: 'No' }).click();
  await expect(black.getByRole('dialog')).toHaveCount(0);
  await white.waitForTimeout(500);
  await expect(white.getByTestId('draw-offer')).toHaveCount(0);

  await offerDraw(black, 'Offer your friend a draw?');
  await expect(black.getByTestId('draw')).toBeDisabled();
  await white.getByTestId('draw-offer').getByRole('button', { name: 'Decline' }).click();
  await expect(black.getByTestId('status')).toHaveText(
    'Your friend declined the draw. You may offer once more.',
  );
  await expect(black.getByTestId('draw')).toBeEnabled();

  // the second and last
  await offerDraw(black, 'It is your last offer in this game.');
  await white.getByTestId('draw-offer').getByRole('button', { name: 'Decline' }).click();
  await expect(black.getByTestId('status')).toHaveText(
    'Your friend declined the draw. You have no offers left in this game.',
  );
  await expect(black.getByTestId('draw')).toBeDisabled();
  await expect(black.getByTestId('draw')).toHaveAttribute(
    'title',
    'You have no draw offers left in this game.',
  );
  // White still has both, and an accepted offer ends the game drawn
  await offerDraw(white, 'Offer your friend a draw?');
  await black.getByTestId('draw-offer').getByRole('button', { name: 'Accept' }).click();
  for (const p of [white, black]) await expect(p.getByTestId('end')).toContainText('Draw');
  for (const p of [white, black]) await p.context().close();
});

test('a takeback: declined, then accepted; the board goes back and play goes on', async ({ browser }) => {
  const { white, black, id } = await startOnline(browser);
  await expect(white.getByTestId('takeback')).toBeDisabled(); // no move of White's yet
  await tapMove(white, 'c3-c4', [black]);
  await expect(black.getByTestId('takeback')).toBeDisabled();
  await tapMove(black, 'f6-f5', [white]);
  await tapMove(white, 'b3-b4', [black]);

  await white.getByTestId('takeback').click();
  await expect(white.getByTestId('takeback-mine')).toHaveText('You asked to take back your last move.');
  const offer = black.getByTestId('takeback-offer');
  await expect(offer).toContainText('Your friend asks to take back their last move.');
  await offer.getByRole('button', { name: 'Decline' }).click();
  await expect(white.getByTestId('status')).toHaveText('Your friend did not agree to take back your move.');
  await expect(moveButtons(white)).toHaveText(['c3-c4', 'f6-f5', 'b3-b4']);

  await white.getByTestId('takeback').click();
  await black.getByTestId('takeback-offer').getByRole('button', { name: 'Accept' }).click();
  for (const p of [white, black]) await expect(moveButtons(p)).toHaveText(['c3-c4', 'f6-f5']);
  await expect(white.getByTestId('status')).toHaveText(
    'Your friend agreed: your move is taken back. Play again.',
  );
  await expect(black.getByTestId('status')).toHaveText("Your friend's move is taken back.");
  // the board itself went back: b4 empty, b3 White's again, and White moves by tapping
  await expect(sq(white, 'b3')).toHaveAttribute('aria-label', /white man/);
  await expect(sq(white, 'b4')).toHaveAttribute('aria-label', /empty/);
  await tapMove(white, 'a3-a4', [black]);
  await tapMove(black, 'h6-h5', [white]);
  expect(await serverMoves(white, id)).toEqual(['c3-c4', 'f6-f5', 'a3-a4', 'h6-h5']);
  for (const p of [white, black]) await p.context().close();
});

test('a first move not made in time aborts the game: no result for either side, and nothing kept', async ({
  browser,
}) => {
  // With a clock each of the first two moves has 30 s; a server of this test's own gives 10 s, so
  // that the test does not wait out the half-minute (the server's own tests keep the 30 s).
  const server = await ownServer({ DAMA_LIMITS: JSON.stringify({ firstMove: 10_000 }) });
  try {
    const { white, black } = await startOnline(browser, '3+2', undefined, server.url);
    await tapMove(white, 'c3-c4', [black]);
    await expect(black.getByTestId('abort-countdown')).toHaveText(
      /^Move within 0:(10|0\d) or the game is aborted$/,
    );
    await expect(black.getByTestId('end')).toContainText('Game aborted', { timeout: 20_000 });
    await expect(black.getByTestId('end')).toContainText(
      'You did not make your first move in time. The game does not count.',
    );
    await expect(white.getByTestId('end')).toContainText(
      'Your friend did not make their first move in time. The game does not count.',
    );
    for (const p of [white, black]) {
      await expect(p.getByTestId('end')).not.toContainText(/win|won/i);
      await expect(p.getByTestId('abort-countdown')).toHaveCount(0);
      await expect(p.getByTestId('rematch')).toHaveCount(0);
      await p.goto('./?sw=off#/records');
      await expect(p.getByTestId('record')).toHaveCount(0);
    }
    for (const p of [white, black]) await p.context().close();
  } finally {
    await server.stop();
  }
});

test('the creator cancels a game nobody joined; the link then says so', async ({ browser }) => {
  const white = await openOnlinePage(browser);
  const link = await createOnlineGame(white, 'White');
  await white.getByTestId('cancel-game').click();
  await expect(white.getByRole('dialog')).toContainText('Cancel this game?');
  await white.getByTestId('confirm-cancel').click();
  await expect(white.getByTestId('end')).toContainText('Game aborted');
  await expect(white.getByTestId('end')).toContainText('The game was cancelled before it started.');
  await expect(white.getByTestId('invite')).toHaveCount(0);
  const friend = await openOnlinePage(browser);
  await friend.goto(link.replace('#', '?sw=off#'));
  await expect(friend.getByTestId('end')).toContainText('Game aborted');
  await expect(friend.locator('#move-input')).toHaveCount(0);
  for (const p of [white, friend]) await p.context().close();
});

test('a rematch is played by taps on a fresh board, turned for the new colours, each with a new seat', async ({
  browser,
}) => {
  const { white, black, id } = await startOnline(browser);
  await tapMove(white, 'c3-c4', [black]);
  await tapMove(black, 'f6-f5', [white]);
  await white.getByTestId('resign').click();
  await white.getByTestId('confirm-resign').click();
  await expect(black.getByTestId('end')).toContainText('You win');
  const seats = { white: white.url(), black: black.url() };

  await white.getByTestId('rematch').click();
  await expect(black.getByText('Your friend wants a rematch.')).toBeVisible();
  await black.getByTestId('rematch').click();
  for (const p of [white, black]) await expect(p).not.toHaveURL(new RegExp(id), { timeout: 10_000 });
  const next = gameIdOf(white.url());
  expect(gameIdOf(black.url())).toBe(next);
  // each player's own address, with a new token for the new game
  for (const [p, old] of [
    [white, seats.white],
    [black, seats.black],
  ] as const) {
    expect(p.url()).toMatch(/#\/online\/[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/);
    expect(p.url().split('/').at(-1)).not.toBe(old.split('/').at(-1));
  }
  // colours swapped: the former Black plays White, the board turned for each, at the start position
  await expect(black.getByTestId('status')).toHaveText('Your move');
  await expect(white.getByTestId('status')).toHaveText("Your friend's move");
  await expect(black.locator('.board-wrap .dama-board')).toHaveClass(/dama-white/);
  await expect(white.locator('.board-wrap .dama-board')).toHaveClass(/dama-black/);
  for (const p of [white, black]) {
    await expect(moveButtons(p)).toHaveCount(0);
    await expect(p.locator('.board-wrap .dama-board')).toHaveCount(1);
    await expect(sq(p, 'c3')).toHaveAttribute('aria-label', /white man/);
    await expect(sq(p, 'c4')).toHaveAttribute('aria-label', /empty/);
    await expect(sq(p, 'f6')).toHaveAttribute('aria-label', /black man/);
  }
  // White's pieces at the bottom of the new White's board, at the top of the new Black's
  const y = async (p: Page) => (await sq(p, 'c3').boundingBox())!.y;
  expect(await y(black)).toBeGreaterThan(await y(white));

  // played by taps, both ways
  await tapMove(black, 'c3-c4', [white]);
  await tapMove(white, 'f6-f5', [black]);
  await tapMove(black, 'b3-b4', [white]);
  expect(await serverMoves(white, next)).toEqual(['c3-c4', 'f6-f5', 'b3-b4']);
  // a reload keeps the new seat
  await white.reload();
  await expect(white.getByTestId('status')).toHaveText('Your move');
  await tapMove(white, 'h6-h5', [black]);
  for (const p of [white, black]) await p.context().close();
});

test('"My games" tells online games from each side, with the true reason; Analyse opens the game', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { white, black } = await startOnline(browser);
  await tapMove(white, 'c3-c4', [black]);
  await tapMove(black, 'f6-f5', [white]);
  await playOnline(white, 'b3-b4', [black]);
  await black.getByTestId('resign').click();
  await black.getByTestId('confirm-resign').click();
  for (const p of [white, black]) await expect(p.getByTestId('end')).toBeVisible();
  const moves = await playedMoves(white);

  // Analyse: the finished game on the analysis board, the player's side down
  await black.getByTestId('analyse-game').click();
  await expect(black.getByTestId('analysis')).toBeVisible();
  await expect(black.locator('[data-testid=move-list] .mv')).toHaveText(moves);
  await expect(black.locator('.dama-board')).toHaveClass(/dama-black/);

  await white.goto('./?sw=off#/records');
  await expect(white.getByTestId('record').first()).toContainText('Online game');
  await expect(white.getByTestId('record').first()).toContainText('You won · by resignation (1‑0)');
  await black.goto('./?sw=off#/records');
  await expect(black.getByTestId('record').first()).toContainText('Online game');
  await expect(black.getByTestId('record').first()).toContainText('Your friend won · by resignation (1‑0)');
  await expect(black.getByTestId('record')).not.toContainText(['Imported']);

  // in Turkish too
  await black.goto('./?sw=off#/settings');
  await black.getByText('Türkçe', { exact: true }).click();
  await black.goto('./?sw=off#/records');
  await expect(black.getByTestId('record').first()).toContainText('Çevrim içi oyun');
  await expect(black.getByTestId('record').first()).toContainText('Arkadaşın kazandı');
  for (const p of [white, black]) await p.context().close();
});
