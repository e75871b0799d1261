// Screenshots of correspondence games (offered in the lobby and by link), watching, the leaderboards and the notification settings, in
// Turkish (and the home screen and a correspondence game in English) at 390×844, 844×390 and
// 1280×800: the home screen with the "Your turn" list, a correspondence game, the Watch screen with
// the featured game and another live game, a leaderboard (its rows are a stand-in answer: nobody
// qualifies on a fresh server) with the player's own row, and the notification settings (the
// browser's push manager a stand-in, as in e2e/push.spec.ts). After `npm run build -w @dama/web`:
// `npx tsx packages/web/scripts/web3-screenshots.ts` (its own game server, or BASE_URL's; PNGs in
// $OUT_DIR, default /tmp/web3-shots).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunch } from '../../../scripts/chromium.ts';
import { SIZES, gameServer, openPage, outDir, shot, type Lang, type Size, type State } from './shots.ts';

let BASE = '';
let OUT = '';
const context = (browser: Browser, size: Size, lang: Lang, state?: State, sw = false) =>
  openPage(browser, size, lang, { ...(state ? { state } : {}), serviceWorkers: sw });
const shoot = (page: Page, name: string, fullPage = false) => shot(page, `${OUT}/${name}.png`, fullPage);

async function seek(page: Page, clock: string, rated: boolean): Promise<void> {
  await page.goto(`${BASE}#/lobby`);
  await page.locator('[data-testid=lobby-me]').waitFor();
  await page.locator(`input[name=lobby-clock][value="${clock}"]`).check({ force: true });
  await page.locator(`input[name=lobby-rated][value=${rated ? 'rated' : 'casual'}]`).check({ force: true });
  await page.locator('[data-testid=lobby-seek]').click();
}

/** Two pages paired at `clock`; returns them as White and Black. */
async function pair(a: Page, b: Page, clock: string, rated = true): Promise<[Page, Page]> {
  await seek(a, clock, rated);
  await a.locator('[data-testid=lobby-seeking][data-open=yes]').waitFor();
  await seek(b, clock, rated);
  for (const p of [a, b]) {
    await p.waitForURL(/#\/online\//, { timeout: 15_000 });
    await p.locator('[data-testid=online-game][data-status=playing]').waitFor();
  }
  return (await a.locator('.strip.bottom').getAttribute('data-color')) === 'white' ? [a, b] : [b, a];
}

async function type(page: Page, move: string): Promise<void> {
  const n = await page.locator('[data-testid=moves] .mv').count();
  await page.locator('#move-input:not([disabled])').waitFor({ timeout: 15_000 });
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  await page.locator('[data-testid=moves] .mv').nth(n).waitFor();
}

/** The stand-in push manager of e2e/push.spec.ts, already subscribed to two kinds' worth. */
async function fakePush(ctx: BrowserContext): Promise<void> {
  // as text: tsx would wrap a function with helpers the page does not have
  await ctx.addInitScript(`(() => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/screenshot';
    const sub = {
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe: async () => true,
    };
    let subscribed = sessionStorage.getItem('fake-sub') === '1';
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'granted' });
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'pushManager', {
      configurable: true,
      get: () => ({
        getSubscription: async () => (subscribed ? sub : null),
        subscribe: async () => {
          subscribed = true;
          sessionStorage.setItem('fake-sub', '1');
          return sub;
        },
      }),
    });
  })();`);
  await ctx.route('**/api/players/me/push', (r) => r.fulfill({ status: 204 }));
}

async function main(): Promise<void> {
  OUT = outDir('/tmp/web3-shots');
  const server = await gameServer();
  BASE = server.base;
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const setup = SIZES[0];
    const [P, Q, R, S, U, V] = await Promise.all([0, 1, 2, 3, 4, 5].map(() => context(browser, setup, 'tr')));
    // P's correspondence games: one against Q where it is P's move, one where Q is to move
    let [w, b] = await pair(P, Q, '3d');
    await type(w, 'c3-c4');
    if (w === P) await type(b, 'f6-f5');
    [w, b] = await pair(P, Q, '1d', false);
    await type(w, 'c3-c4');
    if (b === P) await type(b, 'f6-f5');
    // and one by link with R, 7 days a move
    await P.goto(`${BASE}#/online`);
    await P.locator('input[name=online-clock][value="7d"]').check({ force: true });
    await P.locator('[data-testid=online-create]').click();
    const link = await P.locator('[data-testid=share-link]').inputValue();
    await R.goto(link);
    await R.locator('[data-testid=online-game][data-status=playing]').waitFor();
    // two live games to watch: S against U (15+10, the first moves made), R against V
    [w, b] = await pair(S, U, '15+10');
    await type(w, 'c3-c4');
    await type(b, 'f6-f5');
    await type(w, 'b3-b4');
    [w, b] = await pair(R, V, '10+0');
    await type(w, 'c3-c4');
    await type(b, 'f6-f5');
    const pState = await P.context().storageState();
    const pId = JSON.parse(
      pState.origins[0].localStorage.find((e) => e.name === 'dama.player.v1')!.value,
    ) as { id: string; name: string };

    for (const size of SIZES) {
      const name = (s: string) => `tr-${size.name}-${s}`;
      const H = await context(browser, size, 'tr', pState);
      await H.goto(`${BASE}#/`);
      await H.locator('[data-testid=turn-game]').nth(2).waitFor();
      await shoot(H, name('home-turns'));
      // the correspondence game at the top of the list
      await H.locator('[data-testid=turn-game]').first().click();
      await H.locator('[data-testid=online-game][data-status=playing]').waitFor();
      await H.waitForTimeout(600);
      await shoot(H, name('correspondence'));
      // correspondence offered beside the live clocks: the lobby and the friend link
      await H.goto(`${BASE}#/lobby`);
      await H.locator('[data-testid=lobby-me]').waitFor();
      await H.locator('input[name=lobby-clock][value="3d"]').check({ force: true });
      await shoot(H, name('lobby-correspondence'), size.name === 'phone');
      await H.goto(`${BASE}#/online`);
      await H.locator('input[name=online-clock][value="3d"]').check({ force: true });
      await shoot(H, name('link-correspondence'));
      await H.goto(`${BASE}#/watch`);
      await H.locator('[data-testid=featured][data-status=playing]').waitFor();
      await H.locator('[data-testid=live-game]').first().waitFor();
      await H.waitForTimeout(600);
      await shoot(H, name('watch'));
      // a leaderboard (a stand-in answer), the player's own row among them
      await H.route('**/api/leaderboard/blitz', (r) =>
        r.fulfill({
          json: {
            speed: 'blitz',
            players: [
              { id: 'PlayerAaaa01', name: 'Bilge Baykuş 12', rating: 1984, games: 212 },
              { id: 'PlayerBbbb02', name: 'Cesur Kartal 7', rating: 1871, games: 64 },
              { id: 'PlayerCccc03', name: 'Sakin Turna 230', rating: 1803, games: 33 },
              { id: pId.id, name: pId.name, rating: 1762, games: 41 },
              { id: 'PlayerDddd04', name: 'Hızlı Tilki 88', rating: 1655, games: 18 },
              { id: 'PlayerEeee05', name: 'Usta Ceylan 401', rating: 1610, games: 11 },
            ],
          },
        }),
      );
      await H.goto(`${BASE}#/leaderboard/blitz`);
      await H.locator('[data-testid=leader]').first().waitFor();
      await shoot(H, name('leaderboard'));
      await H.goto(`${BASE}#/leaderboard/correspondence`);
      await H.locator('[data-testid=leaders-empty]').waitFor();
      await shoot(H, name('leaderboard-empty'));
      await H.context().close();
      // the notification settings: two kinds on
      const N = await context(browser, size, 'tr', pState, true);
      await fakePush(N.context());
      await N.goto(`${BASE}#/settings`);
      await N.locator('[data-testid=notify][data-phase=ready]').waitFor({ timeout: 30_000 });
      for (const k of ['turn', 'end']) {
        await N.locator(`label[for=notify-${k}]`).click();
        await N.locator(`[data-testid=notify-${k}]:checked`).waitFor({ state: 'attached' });
      }
      await N.locator('[data-testid=notify]').scrollIntoViewIfNeeded();
      await N.waitForTimeout(400);
      await N.screenshot({ path: `${OUT}/${name('notifications')}.png` });
      await N.context().close();
      // a device without a player: what the section says
      const F = await context(browser, size, 'tr', undefined, true);
      await F.goto(`${BASE}#/settings`);
      await F.locator('[data-testid=notify-no-player]').waitFor({ timeout: 30_000 });
      await F.locator('[data-testid=notify]').scrollIntoViewIfNeeded();
      await F.screenshot({ path: `${OUT}/${name('notifications-no-player')}.png` });
      await F.context().close();
      // English
      const E = await context(browser, size, 'en', pState);
      await E.goto(`${BASE}#/`);
      await E.locator('[data-testid=turn-game]').nth(2).waitFor();
      await shoot(E, `en-${size.name}-home-turns`);
      await E.locator('[data-testid=turn-game]').first().click();
      await E.locator('[data-testid=online-game][data-status=playing]').waitFor();
      await E.waitForTimeout(600);
      await shoot(E, `en-${size.name}-correspondence`);
      await E.goto(`${BASE}#/lobby`);
      await E.locator('[data-testid=lobby-me]').waitFor();
      await E.locator('input[name=lobby-clock][value="7d"]').check({ force: true });
      await shoot(E, `en-${size.name}-lobby-correspondence`);
      await E.context().close();
    }
    for (const x of [P, Q, R, S, U, V]) await x.context().close();
  } finally {
    await browser.close();
    server.stop();
  }
}

if (process.argv[1]?.endsWith('web3-screenshots.ts')) void main();
