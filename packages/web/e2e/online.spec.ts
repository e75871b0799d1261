// Play a friend online, through the real game server (packages/server) that serves the app: two
// browser contexts play a whole game by link, a third watches, a reload resumes, and the finished
// game is in both players' "My games". Moves are chosen with @dama/core and played through the UI.
import { expect, test } from '@playwright/test';
import { Game, makeNotation } from '@dama/core';
import { createOnlineGame, moveButtons, openOnlinePage, playedMoves, playOnline, sq } from './helpers.ts';

/** A seeded choice, so the game is the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test.describe.configure({ mode: 'serial' });

test('two players play a whole game by link, a third watches, a reload resumes, both keep the game', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const white = await openOnlinePage(browser);
  const link = await createOnlineGame(white, 'White');
  expect(link).toMatch(/#\/online\/[A-Za-z0-9]+$/);
  // The share link carries no seat token.
  expect(link.split('/').length).toBe(6);

  const black = await openOnlinePage(browser);
  await black.goto(link.replace('#', '?sw=off#'));
  await expect(black).toHaveURL(/#\/online\/[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/);
  await expect(white.getByTestId('invite')).toHaveCount(0);
  await expect(white.getByTestId('status')).toHaveText('Your move');
  await expect(black.getByTestId('status')).toHaveText("Your friend's move");
  await expect(white.getByTestId('presence-black')).toHaveText('online');

  const watcher = await openOnlinePage(browser);
  await watcher.goto(link.replace('#', '?sw=off#'));
  await expect(watcher.getByText('You are watching this game')).toBeVisible();
  await expect(watcher.locator('#move-input')).toHaveCount(0);

  // The first moves by tapping the board, as a phone player would.
  await sq(white, 'c3').click();
  await sq(white, 'c4').click();
  for (const p of [white, black, watcher]) await expect(moveButtons(p)).toHaveText(['c3-c4']);
  await sq(black, 'f6').click();
  await sq(black, 'f5').click();
  for (const p of [white, black, watcher]) await expect(moveButtons(p)).toHaveText(['c3-c4', 'f6-f5']);

  // A reload mid-game resumes exactly, in the same seat.
  await black.reload();
  await expect(moveButtons(black)).toHaveText(['c3-c4', 'f6-f5']);
  await expect(black.getByTestId('status')).toHaveText(/Your friend's move/);

  // Then on to the end, each move by the player whose turn it is.
  const rand = random(7);
  const game = new Game();
  for (const m of await playedMoves(white)) game.playNotation(m);
  while (!game.isOver()) {
    const legal = game.position.legalMovesAllPaths();
    const move = makeNotation(legal[Math.floor(rand() * legal.length)]);
    const mover = game.position.turn === 'white' ? white : black;
    await playOnline(mover, move, [mover === white ? black : white]);
    game.playNotation(move);
  }
  for (const p of [white, black, watcher]) await expect(p.getByTestId('end')).toBeVisible();
  expect(await playedMoves(watcher)).toEqual(game.notation());
  const winner = game.outcome()!.winner;
  if (winner) {
    await expect(white.getByTestId('end')).toContainText(winner === 'white' ? 'You win' : 'Your friend wins');
    await expect(watcher.getByTestId('end')).toContainText(winner === 'white' ? 'White wins' : 'Black wins');
  }
  // Both players find it in "My games" as an online game, told from their side, with its PDN.
  for (const [p, side] of [
    [white, 'white'],
    [black, 'black'],
  ] as const) {
    await p.goto('./?sw=off#/records');
    const record = p.getByTestId('record').first();
    await expect(record).toContainText('Online game');
    await expect(record).toContainText(!winner ? 'Draw' : winner === side ? 'You won' : 'Your friend won');
    const kept = await p.evaluate(() => localStorage.getItem('dama.records.v1') ?? '');
    expect(kept).toContain('Dama, online game');
    expect(kept).toContain(game.notation()[0]);
  }
  for (const p of [white, black, watcher]) await p.context().close();
});

test('draw offer, then a rematch with colours swapped; resign ends the rematch', async ({ browser }) => {
  const white = await openOnlinePage(browser);
  const link = await createOnlineGame(white, 'White', '5+3');
  const black = await openOnlinePage(browser);
  await black.goto(link.replace('#', '?sw=off#'));
  await expect(white.getByTestId('clock-white')).toHaveText('5:00');
  await playOnline(white, 'c3-c4', [black]);
  await expect(white.getByTestId('clock-white')).toContainText('5:0');
  await black.getByTestId('draw').click();
  await black.getByTestId('confirm-draw').click();
  await expect(white.getByTestId('draw-offer')).toBeVisible();
  await white.getByTestId('draw-offer').getByRole('button', { name: 'Accept' }).click();
  for (const p of [white, black]) await expect(p.getByTestId('end')).toContainText('Draw');
  await white.getByTestId('rematch').click();
  await expect(black.getByText('Your friend wants a rematch.')).toBeVisible();
  await black.getByTestId('rematch').click();
  // Both are taken to the new game, colours swapped: the former Black moves first.
  await expect(black.getByTestId('status')).toHaveText('Your move', { timeout: 10_000 });
  await expect(white.getByTestId('status')).toHaveText("Your friend's move");
  await black.getByTestId('react-good-luck').click();
  await expect(white.getByTestId('reaction')).toContainText('Good luck!');
  await white.getByTestId('resign').click();
  await white.getByTestId('confirm-resign').click();
  await expect(black.getByTestId('end')).toContainText('You win');
  await expect(white.getByTestId('end')).toContainText('Your friend wins');
  for (const p of [white, black]) await p.context().close();
});

test('a player who left can be claimed as a loss after the set time', async ({ browser }) => {
  const white = await openOnlinePage(browser);
  const link = await createOnlineGame(white, 'White');
  const black = await openOnlinePage(browser);
  await black.goto(link.replace('#', '?sw=off#'));
  await playOnline(white, 'c3-c4', [black]);
  await black.context().close();
  await expect(white.getByTestId('presence-black')).toHaveText('reconnecting');
  // The test server lets a player claim after 4 s (DAMA_CLAIM_AFTER_MS).
  await expect(white.getByTestId('presence-black')).toHaveText('left', { timeout: 10_000 });
  await white.getByTestId('claim').click();
  await expect(white.getByTestId('end')).toContainText('You win');
  await expect(white.getByTestId('end')).toContainText('The opponent left');
  // kept as won because the friend left, not "on time"
  await white.goto('./?sw=off#/records');
  await expect(white.getByTestId('record').first()).toContainText('You won · the opponent left (1‑0)');
  await white.context().close();
});

test('an unknown game says so', async ({ page }) => {
  await page.goto('./?sw=off#/online/ZZZZZZZZZZ');
  await expect(page.getByText('This game does not exist any more')).toBeVisible();
});
