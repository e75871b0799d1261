// Screenshots of every screen in Turkish and English at phone (390×844) and desktop (1280×800)
// sizes, for looking at the app. Needs a served build: `npm run build -w @dama/web && npm run preview -w @dama/web`,
// then `npx tsx packages/web/scripts/screenshots.ts` (PNGs in $OUT_DIR, default /tmp/dama-web-shots).
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:4173/';
const OUT = process.env.OUT_DIR ?? '/tmp/dama-web-shots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'landscape', width: 844, height: 390 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function playSome(page: Page): Promise<void> {
  // a few opening moves by typing them; the computer answers at depth 1 (?engine=fast)
  for (const mv of ['c3-c4', 'd3-d4', 'e3-e4']) {
    await page.locator('#move-input:not([disabled])').waitFor({ timeout: 10_000 });
    await page.fill('#move-input', mv);
    await page.press('#move-input', 'Enter');
  }
  await page.locator('#move-input:not([disabled])').waitFor({ timeout: 10_000 });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  for (const lang of ['tr', 'en'] as const) {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
        locale: lang === 'tr' ? 'tr-TR' : 'en-US',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const shot = async (name: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({
          path: `${OUT}/${lang}-${size.name}-${name}.png`,
          fullPage: name === 'rules',
        });
      };
      await page.goto(`${BASE}?engine=fast#/`);
      await shot('home');
      await page.locator('.card').first().click();
      await shot('new-game');
      await page.locator('.dialog button[type=submit]').click();
      await playSome(page);
      await shot('game');
      await page.getByTestId('resign').click();
      await shot('resign');
      await page.locator('#resign-dialog .btn.danger').click();
      await shot('end');
      await page.goto(`${BASE}?engine=fast#/settings`);
      await shot('settings');
      await page.goto(`${BASE}?engine=fast#/rules`);
      await shot('rules');
      await page.goto(`${BASE}?engine=fast#/puzzle`);
      await page.waitForTimeout(800);
      await shot('puzzle');
      await page.goto(`${BASE}?engine=fast#/records`);
      await shot('records');
      await page.locator('.record-main').first().click();
      await shot('replay');
      await context.close();
    }
  }
  await browser.close();
  console.log(`screenshots in ${OUT}`);
}

void main();
