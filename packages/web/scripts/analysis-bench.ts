// Figures of the analysis screens in the machine's Chromium, against a served build
// (`npm run build -w @dama/web && npx vite preview --port 4406` in packages/web, or BASE=url):
//   - the review time of a 60-move game (120 plies, engine self-play) at a 4× CPU throttle
//     (CDP Emulation.setCPUThrottlingRate, to approximate a phone) and without;
//   - the analysis board's depth after 5 s from the start position (1 and 2 lines).
// Run: npx tsx packages/web/scripts/analysis-bench.ts
import { chromium, type Page } from '@playwright/test';
import { Game, makePdn } from '@dama/core';
import { Engine } from '@dama/engine';
import { chromiumLaunch } from '../../../scripts/chromium.ts';

const BASE = process.env.BASE ?? 'http://127.0.0.1:4406/';

/** A game of `plies` plies by the engine against itself (Medium, with noise for variety). */
function selfPlay(plies: number): Game {
  for (let seed = 1; ; seed++) {
    const g = new Game();
    const white = new Engine({ level: 'medium', seed });
    const black = new Engine({ level: 'medium', seed: seed + 1000 });
    while (!g.isOver() && g.plies < plies) {
      const e = g.position.turn === 'white' ? white : black;
      const r = e.search(g, { nodes: 5000 });
      if (!r.move) break;
      g.play(r.move);
    }
    if (g.plies >= plies) return g;
  }
}

async function reviewTime(page: Page, pdn: string, throttle: number): Promise<number> {
  await page.goto(`${BASE}?sw=off#/records`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('#pdn-input').fill(pdn);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByTestId('analyse-game').click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const t0 = Date.now();
  await page.getByTestId('analyse').click();
  await page.getByTestId('review').waitFor({ timeout: 600_000 });
  const ms = Date.now() - t0;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return ms;
}

async function depthAfter(page: Page, ms: number, lines: number): Promise<string> {
  await page.goto(`${BASE}?sw=off#/analysis`);
  await page.getByTestId('engine-panel').waitFor();
  if (lines !== 2) await page.getByRole('button', { name: String(lines), exact: true }).click();
  await page.waitForTimeout(ms);
  return (await page.getByTestId('engine-state').textContent()) ?? '';
}

async function main(): Promise<void> {
  const game = selfPlay(120);
  const pdn = makePdn(game, { Event: 'bench' });
  const browser = await chromium.launch(chromiumLaunch);
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  console.log(`depth after 5 s, start position, 1 line: ${await depthAfter(page, 5000, 1)}`);
  console.log(`depth after 5 s, start position, 2 lines: ${await depthAfter(page, 5000, 2)}`);
  for (const rate of [1, 4]) {
    const ms = await reviewTime(page, pdn, rate);
    console.log(`review of a ${game.plies}-ply game at ${rate}× CPU throttle: ${(ms / 1000).toFixed(1)} s`);
  }
  await browser.close();
}

void main();
