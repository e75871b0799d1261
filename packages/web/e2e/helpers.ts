// Helpers for the browser tests. Moves are chosen with @dama/core in the test itself (the page is
// driven only through its UI: taps, the move box, buttons).
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { Game, makeNotation, parsePosition, type Move } from '@dama/core';

export const sq = (page: Page, name: string) => page.locator(`.board-wrap [data-square="${name}"]`);
export const moveButtons = (page: Page) => page.locator('[data-testid=moves] .mv');

export async function playedMoves(page: Page): Promise<string[]> {
  return (await moveButtons(page).allTextContents()).map((s) => s.trim());
}

/** The game as the page shows it, replayed through the rules. */
export async function gameOnPage(page: Page, fen?: string): Promise<Game> {
  const g = new Game(fen ? (parsePosition(fen) as { ok: true; value: Game['initial'] }).value : undefined);
  for (const m of await playedMoves(page)) expect(g.playNotation(m).ok, m).toBe(true);
  return g;
}

/** Type a move in the move box and wait until it is in the list. */
export async function typeMove(page: Page, move: Move | string): Promise<void> {
  const text = typeof move === 'string' ? move : makeNotation(move);
  const before = await moveButtons(page).count();
  await page.locator('#move-input:not([disabled])').fill(text);
  await page.locator('#move-input').press('Enter');
  await expect(moveButtons(page)).not.toHaveCount(before);
}

/** Wait until it is the human's turn (the move box is enabled) or the game is over. */
export async function waitForTurn(page: Page): Promise<'turn' | 'over'> {
  const either = page.locator('#move-input:not([disabled]), [data-testid=end]').first();
  await expect(either).toBeVisible({ timeout: 20_000 });
  return (await page.getByTestId('end').isVisible()) ? 'over' : 'turn';
}

/** Level `n` (1–8) among the choices of a new-game sheet: the label a player taps. */
export const levelChoice = (sheet: Locator, n: number): Locator =>
  sheet
    .locator('.levels label')
    .filter({ has: sheet.page().getByRole('radio', { name: new RegExp(`^${n} `) }) });

export interface ComputerOptions {
  /** 1 (Newcomer) to 8 (Master); by default the sheet's own (level 2 for a new player) */
  level?: number;
  color?: 'White' | 'Black' | 'Random';
  time?: string;
}

/** From the home screen (English), start a game against the computer. */
export async function startComputerGame(page: Page, o: ComputerOptions = {}): Promise<void> {
  await page.goto('./?engine=fast#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const dialog = page.getByRole('dialog');
  if (o.level !== undefined) await levelChoice(dialog, o.level).click();
  await dialog.getByText(o.color ?? 'White', { exact: true }).click();
  await dialog.getByText(o.time ?? 'No clock', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('.board-wrap .dama-board')).toBeVisible();
}

/** A new browser context for one online player (English, a phone unless told; the config's server unless told). */
export async function openOnlinePage(
  browser: Browser,
  viewport = { width: 390, height: 844 },
  baseURL?: string,
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport,
    hasTouch: true,
    isMobile: true,
    ...(baseURL ? { baseURL } : {}),
  });
  return context.newPage();
}

/** The creator makes an online game (their colour, a clock) and gets the link to share. */
export async function createOnlineGame(
  page: Page,
  color: 'White' | 'Black',
  clock = 'No clock',
): Promise<string> {
  await page.goto('./?sw=off#/');
  await page.getByTestId('online-card').click();
  await page.getByText(color, { exact: true }).click();
  await page.getByText(clock, { exact: true }).click();
  await page.getByTestId('online-create').click();
  await expect(page.getByTestId('invite')).toBeVisible();
  await expect(page).toHaveURL(/#\/online\/[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/);
  return page.getByTestId('share-link').inputValue();
}

/** Plays one move on `page` by typing it, and waits until `others` show it too. */
export async function playOnline(page: Page, move: string, others: Page[]): Promise<void> {
  const n = await moveButtons(page).count();
  await page.locator('#move-input:not([disabled])').fill(move);
  await page.locator('#move-input').press('Enter');
  for (const p of [page, ...others]) await expect(moveButtons(p)).toHaveCount(n + 1, { timeout: 10_000 });
}

/**
 * Wait until the app's service worker is installed and controls `page` (after a reload), then take
 * the browser offline. The spec must allow service workers (the config blocks them).
 */
export async function offlineOnceInstalled(page: Page, context: BrowserContext): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
}
