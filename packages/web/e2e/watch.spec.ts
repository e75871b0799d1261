// Watching on a game server of this test's own (so that the featured game, the highest-rated being
// played, is the one made here): two players are paired, a third person opens Watch from the home
// screen, sees the game with both players, ratings and clocks, and a move made there appears.
import { expect, test } from '@playwright/test';
import { tapMove } from './online-helpers.ts';
import { inGame, lobbyPlayer, ownServer, seek } from './people-helpers.ts';

test('a third person watches the featured game, live @desktop', async ({ browser }) => {
  const server = await ownServer();
  try {
    const a = await lobbyPlayer(browser, server.url);
    const b = await lobbyPlayer(browser, server.url);
    await seek(a.page, '5+0', 'Rated');
    await seek(b.page, '5+0', 'Rated', true);
    const { white, black, id } = await inGame(a.page, b.page);
    const whiteName = white === a.page ? a.name : b.name;
    const blackName = black === a.page ? a.name : b.name;

    // the viewer at the project's size (a phone, or a desktop window)
    const { viewport, isMobile, hasTouch } = test.info().project.use;
    const viewer = await (
      await browser.newContext({ locale: 'en-US', baseURL: server.url, viewport, isMobile, hasTouch })
    ).newPage();
    await viewer.goto('./?sw=off#/');
    await viewer.getByTestId('watch-card').click();
    await expect(viewer.getByRole('heading', { name: 'Watch', level: 1 })).toBeVisible();
    const featured = viewer.getByTestId('featured');
    await expect(featured).toHaveAttribute('data-game', id);
    await expect(featured).toHaveAttribute('data-status', 'playing');
    await expect(featured.locator('.strip[data-color=white] .name')).toHaveText(whiteName);
    await expect(featured.locator('.strip[data-color=black] .name')).toHaveText(blackName);
    await expect(featured.getByTestId('rating-white')).toHaveText('1500?');
    await expect(featured.getByTestId('clock-white')).toHaveText('5:00');
    await expect(featured.getByTestId('game-kind')).toHaveText('Rated game · 5+0');
    await expect(viewer.getByTestId('featured-status')).toHaveText(`${whiteName} to move`);
    await expect(viewer.getByTestId('featured-moves')).toHaveText('0 moves');
    // the viewer is no player: no buttons of a player
    await expect(viewer.getByTestId('resign')).toHaveCount(0);

    // White moves: the viewer sees it at once, and Black's clock running
    await tapMove(white, 'c3-c4', [black]);
    await expect(viewer.getByTestId('featured-moves')).toHaveText('1 move');
    await expect(viewer.getByTestId('featured-status')).toHaveText(`${blackName} to move`);
    await expect(featured.locator('.strip[data-color=black] .clock')).toHaveClass(/running/);
    await expect(featured.locator('.board-wrap [data-square="c4"]')).toHaveAccessibleName(/white man/i);
    await expect(featured.locator('.board-wrap [data-square="c3"]')).not.toHaveAccessibleName(/man/i);

    // and the leaderboards are a tap away: nobody qualifies on a new server
    await viewer.getByTestId('leaders-link').click();
    await expect(viewer.getByRole('heading', { name: 'Leaderboards', level: 1 })).toBeVisible();
    await expect(viewer.getByTestId('leaders-empty')).toBeVisible();
    for (const p of [white, black, viewer]) await p.context().close();
  } finally {
    await server.stop();
  }
});
