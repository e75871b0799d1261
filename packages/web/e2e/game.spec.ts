import { expect, test } from '@playwright/test';
import { makeNotation } from '@dama/core';
import {
  gameOnPage,
  moveButtons,
  playedMoves,
  sq,
  startComputerGame,
  typeMove,
  waitForTurn,
} from './helpers.ts';

test('a whole game against the computer, played to its end @desktop', async ({ page }) => {
  test.setTimeout(150_000);
  await startComputerGame(page);
  for (let i = 0; i < 300; i++) {
    if ((await waitForTurn(page)) === 'over') break;
    const g = await gameOnPage(page);
    const legal = g.position.legalMoves();
    // prefer captures and otherwise the first move: quick, and not a wise player
    await typeMove(page, legal[(i * 7) % legal.length]);
  }
  const end = page.getByTestId('end');
  await expect(end).toBeVisible();
  await expect(end.locator('h2')).toHaveText(/You win!|The computer wins|Draw/);
  const g = await gameOnPage(page);
  expect(g.isOver()).toBe(true);
  await expect(end.getByRole('button', { name: 'Rematch' })).toBeVisible();
  // the finished game is in the list
  await page.goto('./#/records');
  await expect(page.locator('.record')).toHaveCount(1);
});

test('a chain capture is chosen by tapping its stops, and the capturing piece glows @desktop', async ({
  page,
}) => {
  // two paths end on f8 (through d6 or through f4); a third ends on d6
  await page.goto('./?fen=W:Wd4:Bd5,e6,f7,e4,f5');
  await expect(sq(page, 'd4')).toHaveClass(/must-capture/);
  await expect(page.getByTestId('status')).toHaveText('White must capture');
  await sq(page, 'd4').click();
  await sq(page, 'f8').click();
  await expect(sq(page, 'f4')).toHaveClass(/next/);
  await expect(sq(page, 'd6')).toHaveClass(/next/);
  await sq(page, 'f4').click();
  await expect(moveButtons(page)).toHaveText(['d4xf4xf6xf8']);
  // promoted at the end of the chain
  await expect(page.locator('.board-wrap [data-piece="white-king"]')).toHaveCount(1);
});

test('undo takes back the move and the computer reply', async ({ page }) => {
  await startComputerGame(page);
  await typeMove(page, 'c3-c4');
  await waitForTurn(page);
  await expect(moveButtons(page)).toHaveCount(2);
  await page.getByTestId('undo').click();
  await expect(moveButtons(page)).toHaveCount(0);
  await expect(page.getByTestId('undo')).toBeDisabled();
});

test('the hint shows the master move with an arrow, without playing it', async ({ page }) => {
  await startComputerGame(page);
  await page.getByTestId('hint').click();
  await expect(page.getByTestId('status')).toContainText('The master would play');
  await expect(
    page
      .locator(
        '.board-wrap .dama-arrows .arrow, .board-wrap .dama-arrows path, .board-wrap .dama-arrows line',
      )
      .first(),
  ).toBeAttached();
  await expect(moveButtons(page)).toHaveCount(0);
  const text = await page.getByTestId('status').textContent();
  const hinted = /play ([a-h][1-8][-x][a-h0-9x]+)/.exec(text ?? '')?.[1];
  expect(hinted).toBeTruthy();
  const g = await gameOnPage(page);
  expect(g.position.legalMoves().map(makeNotation)).toContain(hinted);
});

test('resign asks first, then the computer wins', async ({ page }) => {
  await startComputerGame(page);
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
  await expect(page.getByTestId('end')).toHaveCount(0);
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('end')).toContainText('The computer wins');
  await expect(page.getByTestId('end')).toContainText('By resignation');
});

test('a draw offer asks first; refused in the opening and when the computer stands better, at most twice; accepted when it stands worse @landscape', async ({
  page,
}) => {
  const confirm = () => page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  // the opening: refused at once, even though nothing is decided
  await page.goto('./?engine=fast');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await page.getByTestId('draw').click();
  await expect(page.getByRole('dialog')).toContainText('Offer the computer a draw?');
  await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
  await expect(page.getByTestId('end')).toHaveCount(0);
  await page.getByTestId('draw').click();
  await confirm();
  await expect(page.getByTestId('status')).toContainText('declines the draw. You may offer once more.');
  await expect(page.getByTestId('end')).toHaveCount(0);

  await page.goto('./?engine=fast&vs=computer&color=white&fen=W:Wa2:Ba7,b7,c7,d7,e7');
  await page.getByTestId('draw').click();
  await confirm();
  await expect(page.getByTestId('status')).toContainText('declines the draw. You may offer once more.');
  await page.getByTestId('draw').click();
  await confirm();
  await expect(page.getByTestId('status')).toContainText('No offers left in this game.');
  await expect(page.getByTestId('draw')).toBeDisabled();
  await expect(page.getByTestId('end')).toHaveCount(0);

  await page.goto('./?engine=fast&vs=computer&color=white&fen=W:Wa2,b2,c2,d2,e2,f2:Bh7');
  await page.getByTestId('draw').click();
  await confirm();
  await expect(page.getByTestId('end')).toContainText('Draw');
  await expect(page.getByTestId('end')).toContainText('By agreement');
});

test('a reload brings the game back', async ({ page }) => {
  await startComputerGame(page);
  await typeMove(page, 'd3-d4');
  await waitForTurn(page);
  const before = await playedMoves(page);
  expect(before).toHaveLength(2);
  await page.reload();
  await expect(moveButtons(page)).toHaveText(before);
  await page.goto('./#/');
  await page.getByRole('link', { name: /Continue your game/ }).click();
  await expect(moveButtons(page)).toHaveText(before);
});

test('the move timer plays for the player when 40 seconds run out', async ({ page }) => {
  await page.clock.install();
  await startComputerGame(page, { time: '40 s per move' });
  await expect(page.getByTestId('clock-white')).toHaveText('0:40');
  await page.clock.runFor(31_000);
  await expect(page.getByTestId('clock-white')).toHaveClass(/low/);
  await page.clock.runFor(10_000);
  await expect(moveButtons(page).first()).toBeVisible();
  await expect(page.getByTestId('live')).not.toBeEmpty();
  await waitForTurn(page);
  expect((await playedMoves(page)).length).toBeGreaterThanOrEqual(2);
  // the reason stays after the computer's reply, until the player's own next move
  await expect(page.getByTestId('status')).toContainText('Time is up: the computer played your move.');
  const g = await gameOnPage(page);
  await typeMove(page, g.position.legalMoves()[0]);
  await expect(page.getByTestId('status')).not.toContainText('Time is up');
});

test('the continue card counts the moves played; "New game" at the end opens the new-game sheet @landscape', async ({
  page,
}) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  for (const m of ['c3-c4', 'f6-f5', 'c4-c5']) await typeMove(page, m);
  await page.goto('./#/');
  await expect(page.locator('.card.continue')).toContainText('Two players, 2 moves');

  await page.goto('./?engine=fast&vs=computer&color=white&fen=W:Wa2,b2,c2,d2,e2,f2:Bh7');
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await page.getByTestId('end').getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('dialog')).toContainText('Play the computer');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Start the game' })).toBeVisible();
});

test('a game clock that runs out loses', async ({ page }) => {
  await page.clock.install();
  await startComputerGame(page, { time: '3+2' });
  await expect(page.getByTestId('clock-white')).toHaveText('3:00');
  await page.clock.runFor(181_000);
  await expect(page.getByTestId('end')).toContainText('On time');
});

test('a running clock redraws the clock, not the page: the root and the title are left alone', async ({
  page,
}) => {
  await startComputerGame(page, { time: '3+2' });
  await expect(page.getByTestId('clock-white')).toHaveText('2:59');
  // ten redraws a second while the clock runs; writing the root's `lang` (or the title) at each
  // made the browser restyle the whole page each time
  const seen = await page.evaluate(
    () =>
      new Promise<{ root: number; title: number; clock: number }>((done) => {
        const n = { root: 0, title: 0, clock: 0 };
        const clock = document.querySelector('[data-testid=clock-white]')!;
        new MutationObserver((ms) => {
          for (const m of ms) {
            if (m.target === document.documentElement) n.root++;
            else if (m.target === document.head.querySelector('title')) n.title++;
            else if (clock.contains(m.target)) n.clock++;
          }
        }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
        setTimeout(() => done(n), 2500);
      }),
  );
  expect(seen.clock).toBeGreaterThan(0);
  expect(seen).toEqual({ root: 0, title: 0, clock: seen.clock });
});

test('two players on one device: the board turns to the player to move @desktop', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await expect(page.getByTestId('status')).toHaveText('White to move');
  await expect(page.locator('.strip.bottom')).toHaveAttribute('data-color', 'white');
  await sq(page, 'c3').click();
  await sq(page, 'c4').click();
  await expect(moveButtons(page)).toHaveText(['c3-c4']);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await expect(page.locator('.strip.bottom')).toHaveAttribute('data-color', 'black');
  await sq(page, 'f6').click();
  await sq(page, 'f5').click();
  await expect(moveButtons(page)).toHaveText(['c3-c4', 'f6-f5']);
  // undo takes back one move here
  await page.getByTestId('undo').click();
  await expect(moveButtons(page)).toHaveText(['c3-c4']);
});

test('two players facing each other: the board stays, the far pieces are turned', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByText('Face to face (tablet on a table)').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await typeMove(page, 'c3-c4');
  await expect(page.locator('.strip.bottom')).toHaveAttribute('data-color', 'white');
  await expect(page.locator('.board-wrap .dama-piece.far').first()).toBeAttached();
});

test('stepping back through the moves shows earlier positions, then back to the game', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await typeMove(page, 'c3-c4');
  await typeMove(page, 'f6-f5');
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(page.getByTestId('status')).toContainText('Looking at move 1');
  await expect(sq(page, 'f6')).toHaveAttribute('aria-label', /black man/);
  await expect(page.locator('#move-input')).toBeDisabled();
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(page.getByTestId('status')).toContainText('The starting position');
  await expect(sq(page, 'c3')).toHaveAttribute('aria-label', /white man/);
  await page.getByRole('button', { name: 'Back to the game' }).click();
  await expect(page.getByTestId('status')).toHaveText('White to move');
  await expect(sq(page, 'f5')).toHaveAttribute('aria-label', /black man/);
});
