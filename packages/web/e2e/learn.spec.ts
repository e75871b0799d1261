// The Learn section (src/learn) in the browser: a level finished with 3 stars from the home card, a
// wrong try answered on the board and retried, an ending won against the computer's defence,
// progress through a reload and a corrupted record, the section offline after one visit, and (with
// LEARN_SHOTS=dir) screenshots in Turkish, a strategy level's refuted try among them. Moves are chosen here with @dama/core and the same judge
// the screen uses; the page is driven only through taps.
import { expect, test, type Page } from '@playwright/test';
import {
  makeNotation,
  parseNotation,
  parsePosition,
  squareName,
  unwrap,
  type Move,
  type Position,
} from '@dama/core';
import { proveWinDistance, winningMoves } from '@dama/puzzle';
import { LEARN_LEVELS } from '../src/learn/catalogue.ts';
import { judgeMove, reply } from '../src/learn/judge.ts';
import { sq, offlineOnceInstalled } from './helpers.ts';

const level = (id: string) => LEARN_LEVELS.find((l) => l.id === id)!;
const start = (id: string): Position => unwrap(parsePosition(level(id).fen));

/** Tap a move on the board: its piece, then every landing square where routes differ, then its end. */
async function tapMove(page: Page, m: Move): Promise<void> {
  await sq(page, squareName(m.from)).click();
  await sq(page, squareName(m.to)).click();
}

const screen = (page: Page) => page.locator('.ln-level-screen');

async function waitForTurn(page: Page): Promise<void> {
  await expect(screen(page)).toHaveAttribute('data-phase', /play|done/, { timeout: 20_000 });
}

test('a level from the home card, finished with 3 stars, then Next @landscape @desktop', async ({ page }) => {
  await page.goto('./#/');
  await expect(page.getByTestId('learn-card')).toContainText('Learn');
  await page.getByTestId('learn-card').click();
  await expect(page).toHaveURL(/#\/learn$/);
  await expect(page.getByTestId('ln-total')).toHaveText(`0 / ${LEARN_LEVELS.length} levels`);
  await page.getByTestId('ln-level-capture1').click();
  await expect(page.getByTestId('ln-goal')).toContainText('capture every black piece');
  await sq(page, 'd4').click();
  await sq(page, 'd6').click();
  await expect(page.getByTestId('ln-done')).toBeVisible();
  await expect(page.getByTestId('ln-result-stars')).toHaveAttribute('data-stars', '3');
  await page.getByTestId('ln-next').click();
  await expect(page).toHaveURL(/#\/learn\/capture2$/);
  await expect(page.getByTestId('ln-title')).toHaveText('Sideways too');
  // the home card counts it
  await page.goto('./#/');
  await expect(page.getByTestId('learn-card')).toContainText(`1 / ${LEARN_LEVELS.length} levels`);
});

test('a wrong move is answered on the board, the level restarts, and the retry earns 2 stars @landscape @desktop', async ({
  page,
}) => {
  const id = 'compulsory3';
  const pos = start(id);
  const g = level(id).goal;
  const wrong = pos.legalMoves().find((m) => judgeMove(g, pos, pos, m, 2).kind === 'wrong')!;
  await page.goto(`./#/learn/${id}`);
  await tapMove(page, wrong);
  const status = page.getByTestId('ln-status');
  await expect(status).toHaveAttribute('data-kind', 'wrong');
  await expect(status).toContainText(makeNotation(wrong));
  // the refutation is played and marked on the board
  await expect(page.locator('.ln-board .dama-arrows .arrow-bad').first()).toBeAttached();
  await expect(status).toHaveAttribute('data-kind', 'retry', { timeout: 10_000 });
  // the right way: the sacrifice, then the win
  let at = pos;
  let left = 2;
  let m = unwrap(parseNotation(at, level(id).solution!));
  for (;;) {
    await tapMove(page, m);
    const v = judgeMove(g, pos, at, m, left);
    at = at.play(m);
    if (v.kind === 'done') break;
    const r = reply(g, pos, at, left - 1)!;
    at = at.play(r);
    left--;
    await waitForTurn(page);
    m = winningMoves(at, left)[0];
  }
  await expect(page.getByTestId('ln-done')).toBeVisible();
  await expect(page.getByTestId('ln-result-stars')).toHaveAttribute('data-stars', '2');
});

test('an ending won against the computer’s defence @landscape @desktop', async ({ page }) => {
  const id = 'kingMan3';
  const g = level(id).goal;
  const pos = start(id);
  await page.goto(`./#/learn/${id}`);
  await expect(page.getByTestId('ln-goal')).toContainText('win in 5 moves at most');
  let at = pos;
  let left = g.kind === 'win' ? g.moves : 0;
  for (;;) {
    const m = winningMoves(at, proveWinDistance(at, left)!)[0];
    await tapMove(page, m);
    const v = judgeMove(g, pos, at, m, left);
    expect(v.kind).not.toBe('wrong');
    at = at.play(m);
    if (v.kind === 'done') break;
    at = at.play(reply(g, pos, at, left - 1)!);
    left--;
    await waitForTurn(page);
    await expect(page.getByTestId('ln-left')).toHaveText(`Moves left: ${left}`);
  }
  await expect(page.getByTestId('ln-done')).toBeVisible();
  await expect(page.getByTestId('ln-result-stars')).toHaveAttribute('data-stars', '3');
});

test('progress survives a reload; a corrupted record is set aside and nothing else is lost', async ({
  page,
}) => {
  await page.goto('./#/learn/capture1');
  await sq(page, 'd4').click();
  await sq(page, 'd6').click();
  await expect(page.getByTestId('ln-done')).toBeVisible();
  await page.goto('./#/learn');
  await page.reload();
  await expect(page.getByTestId('ln-level-capture1').locator('.ln-stars')).toHaveAttribute('data-stars', '3');
  await expect(page.getByTestId('ln-total')).toHaveText(`1 / ${LEARN_LEVELS.length} levels`);
  await page.evaluate(() => {
    localStorage.setItem('dama.settings.v1', localStorage.getItem('dama.settings.v1') ?? '{"v":1}');
    localStorage.setItem('dama.learn.v1', '{"v":1,"stars":{"capture1":');
  });
  const settingsBefore = await page.evaluate(() => localStorage.getItem('dama.settings.v1'));
  await page.reload();
  await expect(page.getByTestId('ln-trouble')).toBeVisible();
  await expect(page.getByTestId('ln-total')).toHaveText(`0 / ${LEARN_LEVELS.length} levels`);
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('dama.learn.v1.unreadable.')),
  );
  expect(kept).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('dama.settings.v1'))).toBe(settingsBefore);
  await page.getByTestId('ln-trouble').getByRole('button').click();
  await expect(page.getByTestId('ln-trouble')).toHaveCount(0);
  // the rules page links to the stages
  await page.goto('./#/rules');
  await page.getByTestId('rules-learn-compulsory').click();
  await expect(page).toHaveURL(/#\/learn\?stage=compulsory$/);
  await expect(page.getByTestId('ln-stage-compulsory')).toHaveClass(/focus/);
});

test.describe('with its service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('works offline after one visit', async ({ page, context }) => {
    await page.goto('./#/learn');
    await expect(page.getByTestId('ln-total')).toBeVisible();
    await offlineOnceInstalled(page, context);
    await page.goto('./#/');
    await page.reload();
    await page.getByTestId('learn-card').click();
    await page.getByTestId('ln-level-man1').click();
    const pos = start('man1');
    await tapMove(
      page,
      pos.legalMoves().find((m) => makeNotation(m) === 'd5-d6')!,
    );
    await waitForTurn(page);
    await expect(page.getByTestId('ln-left')).toHaveText('Moves left: 2');
    await context.setOffline(false);
  });
});

test('screenshots in Turkish @landscape @desktop', async ({ browser }, info) => {
  const dir = process.env.LEARN_SHOTS;
  test.skip(!dir, 'set LEARN_SHOTS=dir to take them');
  const vp = info.project.use.viewport!;
  const context = await browser.newContext({ locale: 'tr-TR', viewport: vp });
  const page = await context.newPage();
  const name = `${vp.width}x${vp.height}`;
  await page.goto('./#/');
  await page.screenshot({ path: `${dir}/home-${name}.png` });
  await page.goto('./#/learn');
  await expect(page.getByTestId('ln-total')).toBeVisible();
  await page.screenshot({ path: `${dir}/map-${name}.png` });
  await page.goto('./#/learn?stage=threeKings');
  await expect(page.getByTestId('ln-stage-threeKings')).toHaveClass(/focus/);
  await page.screenshot({ path: `${dir}/map-endings-${name}.png` });
  await page.goto('./#/learn/kingMan3');
  await expect(page.locator('.ln-board .dama-board')).toBeVisible();
  await page.screenshot({ path: `${dir}/ending-${name}.png` });
  await page.goto('./#/learn/longCapture2');
  await expect(page.locator('.ln-board .dama-board')).toBeVisible();
  await page.getByTestId('ln-hint').click();
  await page.screenshot({ path: `${dir}/level-${name}.png` });
  await sq(page, 'a4').click();
  await sq(page, 'h1').click();
  await expect(page.getByTestId('ln-status')).toHaveAttribute('data-kind', 'notSquare');
  await page.screenshot({ path: `${dir}/wrong-${name}.png` });
  await page.goto('./#/learn/capture1');
  await sq(page, 'd4').click();
  await sq(page, 'd6').click();
  await expect(page.getByTestId('ln-done')).toBeVisible();
  await page.waitForTimeout(800); // the move's animation
  await page.screenshot({ path: `${dir}/done-${name}.png` });
  // a strategy level's wrong try: a back man moved, and the black man takes and crowns
  await page.goto('./#/learn/backRows1');
  await sq(page, 'e2').click();
  await sq(page, 'e3').click();
  await expect(page.locator('.ln-board .dama-arrows .arrow-bad').first()).toBeAttached();
  await page.screenshot({ path: `${dir}/strategy-wrong-${name}.png` });
  await context.close();
});
