// An online game through broken connections, on the real game server: a reload, the device's
// network gone and back, a move lost on its way, a move whose answer is lost, a move delivered
// twice. Each time play goes on, and the server's game has every move exactly once.
import { expect, test } from '@playwright/test';
import { Game } from '@dama/core';
import { moveButtons, playOnline, playedMoves } from './helpers.ts';
import { Middle, serverMoves, startOnline, tapMove } from './online-helpers.ts';

test.describe.configure({ mode: 'serial' });

test('a reload and the network gone mid-game: play goes on, no move lost or doubled', async ({ browser }) => {
  test.setTimeout(90_000);
  const { white, black, id } = await startOnline(browser);
  await tapMove(white, 'c3-c4', [black]);
  await tapMove(black, 'f6-f5', [white]);

  // White reloads: the same seat, the same game, White to move
  await white.reload();
  await expect(moveButtons(white)).toHaveText(['c3-c4', 'f6-f5']);
  await expect(white.getByTestId('status')).toHaveText('Your move');

  // Black's device loses its network: told at once, over the board; White plays on meanwhile
  await black.context().setOffline(true);
  await expect(black.getByTestId('reconnecting')).toBeVisible();
  await expect(black.getByTestId('reconnecting')).toContainText('Reconnecting…');
  await expect(black.getByTestId('connection')).toHaveText('Connection lost. Reconnecting…');
  await tapMove(white, 'b3-b4');
  // it stays while the network is away (the reconnect attempts fail), and Black sees no new move
  await black.waitForTimeout(3000);
  await expect(black.getByTestId('reconnecting')).toBeVisible();
  await expect(moveButtons(black)).toHaveText(['c3-c4', 'f6-f5']);
  await expect(black.locator('#move-input')).toBeDisabled();

  // back: the game as the server has it, and Black plays on
  await black.context().setOffline(false);
  await expect(black.getByTestId('reconnecting')).toHaveCount(0, { timeout: 10_000 });
  await expect(moveButtons(black)).toHaveText(['c3-c4', 'f6-f5', 'b3-b4']);
  await expect(black.getByTestId('status')).toHaveText('Your move');
  await tapMove(black, 'h6-h5', [white]);
  await playOnline(white, 'a3-a4', [black]);

  const expected = ['c3-c4', 'f6-f5', 'b3-b4', 'h6-h5', 'a3-a4'];
  for (const p of [white, black]) expect(await playedMoves(p)).toEqual(expected);
  expect(await serverMoves(white, id)).toEqual(expected);
  for (const p of [white, black]) await p.context().close();
});

test('a move lost on its way is sent again and played once; so is one whose answer is lost, and one sent twice', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  let middle: Middle | undefined;
  const { white, black, id } = await startOnline(browser, 'No clock', async (context) => {
    middle = await Middle.on(context);
  });
  const mid = middle!;
  const game = new Game();
  const play = (m: string) => expect(game.playNotation(m).ok, m).toBe(true);
  await tapMove(white, 'c3-c4', [black]);
  play('c3-c4');

  // 1. Black's move never reaches the server, and the connection breaks
  mid.lose = (m) => m.t === 'move';
  await tapMove(black, 'f6-f5');
  play('f6-f5');
  await expect(moveButtons(white)).toHaveText(game.notation());
  expect(mid.sockets).toBe(2);
  const first = mid.delivered.filter((m) => m.t === 'move');
  expect(first).toHaveLength(1);
  expect(first[0]).toMatchObject({ move: 'f6-f5', ply: 1 });
  // the hello that came back said which version it had
  expect(mid.delivered.filter((m) => m.t === 'hello').at(-1)).toHaveProperty('v');
  await playOnline(white, 'b3-b4', [black]);
  play('b3-b4');

  // 2. the server stores Black's move, but its answers never arrive and the connection breaks
  mid.loseAnswerTo = (m) => m.t === 'move';
  await tapMove(black, 'h6-h5');
  play('h6-h5');
  await expect(moveButtons(white)).toHaveText(game.notation());
  await expect.poll(() => mid.sockets).toBe(3);
  await expect(black.getByTestId('status')).toHaveText("Your friend's move");
  await expect(black.getByTestId('reconnecting')).toHaveCount(0);
  await playOnline(white, 'c4-c5', [black]);
  play('c4-c5');

  // 3. the network delivers Black's move (a capture) twice, with its one id: played once
  mid.twice = (m) => m.t === 'move';
  await playOnline(black, 'c6xc4xa4', [white]);
  play('c6xc4xa4');
  await playOnline(white, 'a3xa5', [black]);
  play('a3xa5');

  expect(await serverMoves(white, id)).toEqual(game.notation());
  for (const p of [white, black]) expect(await playedMoves(p)).toEqual(game.notation());
  // each of Black's three moves went out with one id of its own, however often it was sent
  const sent = mid.delivered.filter((m) => m.t === 'move');
  expect(sent.map((m) => m.move)).toEqual(['f6-f5', 'h6-h5', 'c6xc4xa4', 'c6xc4xa4']);
  expect(new Set(sent.map((m) => m.id)).size).toBe(3);
  for (const p of [white, black]) await p.context().close();
});

test('a link gone dead without a word (the socket still open) is noticed and replaced', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  let middle: Middle | undefined;
  const { white, black, id } = await startOnline(browser, 'No clock', async (context) => {
    middle = await Middle.on(context);
  });
  const mid = middle!;
  await tapMove(white, 'c3-c4', [black]);
  mid.silent = true;
  // the device says its network is back (as after a switch of networks): the socket must answer a ping
  await black.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => mid.sockets, { timeout: 15_000 }).toBe(2);
  await expect(black.getByTestId('status')).toHaveText('Your move');
  await tapMove(black, 'f6-f5', [white]);
  expect(await serverMoves(white, id)).toEqual(['c3-c4', 'f6-f5']);
  for (const p of [white, black]) await p.context().close();
});
