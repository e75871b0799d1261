// Screenshots of quick pairing in Turkish (and the lobby in English) at 390×844, 844×390 and
// 1280×800: the home screen's card, the lobby idle, with others' seeks, seeking; a paired game with both players' ratings,
// its end with the ratings' change; the banner of an opponent found while playing the computer; and
// the profile with ratings, their graph and the games. Three players (browser contexts) play a few
// rated games first, so that there is a history to draw. After `npm run build -w @dama/web`:
// `npx tsx packages/web/scripts/lobby-screenshots.ts` (its own fresh game server, or BASE_URL's: a
// fresh one, since it makes three players; PNGs in $OUT_DIR, default /tmp/lobby-shots).
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunch } from '../../../scripts/chromium.ts';
import { SIZES, gameServer, openPage, outDir, shot, type Lang, type Size, type State } from './shots.ts';

let BASE = '';
let OUT = '';
const context = (browser: Browser, size: Size, lang: Lang, state?: State) =>
  openPage(browser, size, lang, state ? { state } : {});
const shoot = (page: Page, name: string, fullPage = false) => shot(page, `${OUT}/${name}.png`, fullPage);

async function toLobby(page: Page): Promise<void> {
  await page.goto(`${BASE}#/lobby`);
  await page.locator('[data-testid=lobby-me]').waitFor();
}

/** Seeks a clock (its label), rated or casual (the radio's value), with a range choice. */
async function seek(page: Page, clock: string, rated: boolean, range = 'null'): Promise<void> {
  await toLobby(page);
  await page.locator(`input[name=lobby-clock][value="${clock}"]`).check({ force: true });
  await page.locator(`input[name=lobby-rated][value=${rated ? 'rated' : 'casual'}]`).check({ force: true });
  await page.locator(`input[name=lobby-range][value="${range}"]`).check({ force: true });
  await page.locator('[data-testid=lobby-seek]').click();
}

async function paired(...pages: Page[]): Promise<void> {
  for (const p of pages) {
    await p.waitForURL(/#\/online\//, { timeout: 15_000 });
    await p.locator('[data-testid=online-game][data-status=playing]').waitFor();
  }
}

async function resign(page: Page): Promise<void> {
  await page.locator('[data-testid=resign]').click();
  await page.locator('[data-testid=confirm-resign]').click();
  await page.locator('[data-testid=end]').waitFor();
}

const isWhite = async (p: Page) => (await p.locator('.strip.bottom').getAttribute('data-color')) === 'white';

async function type(page: Page, move: string): Promise<void> {
  await page.locator('#move-input:not([disabled])').waitFor({ timeout: 15_000 });
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
}

/** A rated game between two pages; `loser` resigns after a few moves. */
async function ratedGame(a: Page, b: Page, clock: string, loserIsA: boolean): Promise<void> {
  await seek(a, clock, true);
  await a.locator('[data-testid=lobby-seeking][data-open=yes]').waitFor();
  await seek(b, clock, true);
  await paired(a, b);
  const [w, bl] = (await isWhite(a)) ? [a, b] : [b, a];
  await type(w, 'c3-c4');
  await type(bl, 'f6-f5');
  await resign(loserIsA ? a : b);
  await (loserIsA ? b : a).locator('[data-testid=end]').waitFor();
}

async function main(): Promise<void> {
  OUT = outDir('/tmp/lobby-shots');
  const server = await gameServer();
  BASE = server.base;
  const browser = await chromium.launch(chromiumLaunch);
  try {
    // three players, and a few rated games between the first two (wins and losses for a graph)
    const setup = SIZES[0];
    const p = await context(browser, setup, 'tr');
    const q = await context(browser, setup, 'tr');
    const r = await context(browser, setup, 'tr');
    for (const x of [p, q, r]) await toLobby(x);
    for (const [i, loserIsP] of [false, false, true, false, true, false].entries())
      await ratedGame(p, q, i < 4 ? '5+0' : '10+0', loserIsP);
    const states = await Promise.all([p, q, r].map((x) => x.context().storageState()));
    for (const x of [p, q, r]) await x.context().close();

    for (const size of SIZES) {
      const [P, Q, R] = await Promise.all(states.map((s) => context(browser, size, 'tr', s)));
      const name = (s: string) => `tr-${size.name}-${s}`;
      await P.goto(`${BASE}#/`);
      await shoot(P, name('home'));
      await toLobby(P);
      await P.waitForTimeout(2200);
      await shoot(P, name('lobby'));
      // others seeking: their seeks in the list
      await seek(Q, '3+2', true);
      await seek(R, '10+0', false, '100');
      await P.locator('[data-testid=lobby-seek-row]').nth(1).waitFor({ timeout: 10_000 });
      await shoot(P, name('lobby-seeks'), size.name === 'phone');
      // P seeks a clock nobody else seeks
      await seek(P, '1+0', true, '100');
      await P.locator('[data-testid=lobby-seeking][data-open=yes]').waitFor();
      await P.waitForTimeout(3000);
      await shoot(P, name('lobby-seeking'));
      await P.locator('[data-testid=lobby-cancel]').click();
      await R.locator('[data-testid=lobby-cancel]').click();
      // P takes Q's seek from the list: a rated blitz game with both ratings
      await toLobby(P);
      await P.locator('[data-testid=lobby-seek-row]').first().waitFor({ timeout: 10_000 });
      await P.locator('[data-testid=lobby-seek-row]').first().click();
      await paired(P, Q);
      const [w, b] = (await isWhite(P)) ? [P, Q] : [Q, P];
      await type(w, 'c3-c4');
      await type(b, 'f6-f5');
      await type(w, 'b3-b4');
      await P.waitForTimeout(600);
      await shoot(P, name('game'));
      await resign(Q);
      await P.locator('[data-testid=rating-change-white]').waitFor();
      await shoot(P, name('game-end'));
      // an opponent found while P plays the computer
      await seek(P, '15+10', false);
      await P.locator('[data-testid=lobby-seeking][data-open=yes]').waitFor();
      await P.getByRole('button', { name: 'Beklerken bilgisayarla oyna' }).click();
      await P.locator('.dialog button[type=submit]').click();
      const replace = P.locator('#replace-game');
      await P.waitForTimeout(200);
      if (await replace.isVisible()) await replace.locator('.btn.primary').click();
      await P.waitForURL(/#\/game$/);
      await P.waitForTimeout(2000);
      await shoot(P, name('computer-seeking'));
      await seek(R, '15+10', false);
      await P.locator('[data-testid=found-banner]').waitFor();
      await shoot(P, name('found'));
      await P.locator('[data-testid=found-banner] .btn.primary').click();
      await paired(P, R);
      await resign(P);
      // the profile: ratings, the graph, the games
      await P.goto(`${BASE}#/profile`);
      await P.locator('[data-testid=rating-chart]').waitFor();
      await P.locator('[data-testid=profile-game]').first().waitFor();
      await shoot(P, name('profile'));
      await shoot(P, name('profile-full'), true);
      for (const x of [P, Q, R]) await x.context().close();

      const E = await context(browser, size, 'en', states[0]);
      await toLobby(E);
      await E.waitForTimeout(2200);
      await shoot(E, `en-${size.name}-lobby`);
      await E.goto(`${BASE}#/profile`);
      await E.locator('[data-testid=rating-chart]').waitFor();
      await shoot(E, `en-${size.name}-profile-full`, true);
      await E.context().close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

if (process.argv[1]?.endsWith('lobby-screenshots.ts')) void main();
