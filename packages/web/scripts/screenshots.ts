// Screenshots of every screen, in Turkish, at 390×844 (phone), 844×390 (phone held sideways) and
// 1280×800 (desktop), and the game in English too, for looking at the app as a new player would.
// After `npm run build -w @dama/web`: `npm run screenshots -w @dama/web` (its own game server, so
// that the online screens work, or BASE_URL's; PNGs in $OUT_DIR, default /tmp/dama-web-shots, named
// <lang>-<size>-<screen>.png).
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunch } from '../../../scripts/chromium.ts';
import { SIZES, gameServer, openPage, outDir, shot, type Lang, type Size } from './shots.ts';

let BASE = '';
let OUT = '';

/** A few opening moves typed in the move box; the computer answers at depth 1 (?engine=fast). */
async function playSome(page: Page, moves: readonly string[]): Promise<void> {
  for (const mv of moves) {
    await page.locator('#move-input:not([disabled])').waitFor({ timeout: 15_000 });
    await page.fill('#move-input', mv);
    await page.press('#move-input', 'Enter');
  }
  await page.locator('#move-input:not([disabled])').waitFor({ timeout: 15_000 });
}

async function open(browser: Browser, lang: Lang, size: Size) {
  const page = await openPage(browser, size, lang);
  const shoot = (name: string, fullPage = false) =>
    shot(page, `${OUT}/${lang}-${size.name}-${name}.png`, fullPage);
  return { context: page.context(), page, shot: shoot };
}

/** Start the new-game sheet's game (over an unfinished one: confirmed). */
async function submitSheet(page: Page): Promise<void> {
  await page.locator('.dialog button[type=submit]').click();
  const replace = page.locator('#replace-game');
  await page.waitForTimeout(200);
  if (await replace.isVisible()) await replace.locator('.btn.primary').click();
}

async function turkish(browser: Browser, size: Size): Promise<void> {
  const { context, page, shot } = await open(browser, 'tr', size);
  // a few finished games first, so that the home screen and My games have something to show
  await page.goto(`${BASE}?engine=fast&fen=W:Wc3:Bc4&vs=computer&color=white&level=1`);
  await page.locator('.board-wrap [data-square=c3]').click();
  await page.locator('.board-wrap [data-square=c5]').click();
  await page.goto(`${BASE}?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=2`);
  await page.getByTestId('resign').click();
  await page.locator('#resign-dialog .btn.danger').click();

  await page.goto(`${BASE}?engine=fast#/`);
  await shot('home');
  await page.locator('.home button.card').first().click();
  await shot('new-game');
  await page.locator('.dialog button[type=submit]').click();
  await playSome(page, ['c3-c4', 'd3-d4', 'e3-e4']);
  await shot('game');
  // a refused tap: a piece that may not move
  await page.locator('.board-wrap [data-square=a2]').click();
  await shot('game-refused');
  await page.getByTestId('resign').click();
  await shot('resign');
  await page.locator('#resign-dialog .btn.cancel, #resign-dialog .btn:not(.danger)').first().click();

  // a new game over this unfinished one: asked first
  await page.goto(`${BASE}?engine=fast#/`);
  await page.locator('.home button.card').first().click();
  await page.locator('.dialog button[type=submit]').click();
  await shot('replace-game');
  await page.locator('#replace-game .btn.primary').click();
  await playSome(page, ['a3-a4']);
  await page.getByTestId('resign').click();
  await page.locator('#resign-dialog .btn.danger').click();
  await shot('end');

  // two players face to face, with clocks
  await page.goto(`${BASE}#/`);
  await page.locator('.home button.card').nth(1).click();
  await page.locator('.dialog label', { hasText: 'Karşılıklı' }).click();
  await page.locator('.dialog label', { hasText: /^5\+0$/ }).click();
  await submitSheet(page);
  // by touch: a tablet on a table has no move box when it is short
  for (const [from, to] of [
    ['c3', 'c4'],
    ['f6', 'f5'],
  ]) {
    await page.locator(`.board-wrap [data-square=${from}]`).click();
    await page.locator(`.board-wrap [data-square=${to}]`).click();
  }
  await shot('face-to-face');

  await page.goto(`${BASE}#/records`);
  await shot('records');
  await page.locator('.record:not(.unfinished) .record-main').first().click();
  await shot('replay');
  await page.goto(`${BASE}#/records`);
  await page.locator('.record .icon-btn').last().click();
  await shot('records-undo');

  await page.goto(`${BASE}#/settings`);
  await shot('settings');
  await page.goto(`${BASE}#/rules`);
  await shot('rules');
  await shot('rules-full', true);
  await page.goto(`${BASE}#/puzzle`);
  await page.waitForTimeout(800);
  await shot('puzzle');
  await page.goto(`${BASE}?engine=fast#/analysis?fen=${encodeURIComponent('W:Wa3,b3,c3,d4:Ba6,b6,e5')}`);
  await page.waitForTimeout(1500);
  await shot('analysis');

  // the profile: the player made on this first visit, then its transfer code with the QR code
  await page.goto(`${BASE}#/profile`);
  await page.getByTestId('player-name').waitFor();
  await shot('profile');
  await page.getByTestId('make-code').click();
  await page.getByTestId('transfer-qr').waitFor();
  await shot('profile-code');

  // online: the lobby, the invitation, then the game once a friend has come by the link
  await page.goto(`${BASE}#/online`);
  await shot('online-lobby');
  await page.getByTestId('online-create').click();
  await page.getByTestId('invite').waitFor();
  await shot('online-invite');
  const link = await page.getByTestId('share-link').inputValue();
  const friend = await context.browser()!.newContext({ locale: 'tr-TR', serviceWorkers: 'block' });
  const other = await friend.newPage();
  await other.goto(link);
  await page.locator('#move-input').waitFor();
  await other.locator('.board-wrap').waitFor();
  await page.waitForTimeout(800);
  await shot('online-game');
  await friend.close();
  await context.close();
}

async function english(browser: Browser, size: Size): Promise<void> {
  const { context, page, shot } = await open(browser, 'en', size);
  await page.goto(`${BASE}?engine=fast#/`);
  await page.locator('.home button.card').first().click();
  await submitSheet(page);
  await playSome(page, ['c3-c4', 'd3-d4', 'e3-e4']);
  await shot('game');
  await context.close();
}

async function main(): Promise<void> {
  OUT = outDir('/tmp/dama-web-shots');
  const server = await gameServer();
  BASE = server.base;
  const browser = await chromium.launch(chromiumLaunch);
  try {
    for (const size of SIZES) {
      await turkish(browser, size);
      await english(browser, size);
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`screenshots in ${OUT}`);
}

await main();
