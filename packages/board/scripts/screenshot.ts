// Screenshots of the demo in headless Chromium, and a check that tap-through works in a real
// browser. Run: npm run screenshots -w @dama/board   (needs Chromium, scripts/chromium.ts; writes to OUT_DIR).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumLaunch } from '../../../scripts/chromium.ts';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.OUT_DIR ?? '/tmp/dama-board-shots';
mkdirSync(out, { recursive: true });

const server = await createServer({ root: join(here, '../demo'), logLevel: 'warn', server: { port: 0 } });
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 5173;
const base = `http://localhost:${port}/`;

const browser = await chromium.launch(chromiumLaunch);

const failures: string[] = [];
function expect(what: string, ok: boolean): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

const tapSquare = (page: Page, sq: string) => page.locator(`[data-square="${sq}"]`).click();
const boardState = (page: Page) =>
  page.evaluate(() => (window as unknown as { board: { getState(): unknown } }).board.getState()) as Promise<{
    selected: string | null;
    stops: string[];
    target: string | null;
    pieces: Record<string, string>;
  }>;

try {
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: 2 });
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    const shot = (name: string) => page.screenshot({ path: join(out, `${w}x${h}-${name}.png`) });

    await page.goto(`${base}?p=0`);
    await page.waitForSelector('[data-piece]');
    await shot('1-king-start');
    await tapSquare(page, 'a1');
    expect(`${w}: tapping the king selects it`, (await boardState(page)).selected === 'a1');
    await shot('2-king-selected');
    await tapSquare(page, 'a1');
    let s = await boardState(page);
    expect(`${w}: tapping a1 (two paths) enters tap-through`, s.target === 'a1' && s.selected === 'a1');
    await shot('3-king-tap-through');
    await tapSquare(page, 'e1');
    s = await boardState(page);
    expect(
      `${w}: tapping the e1 fork plays a1xe1xe5xa5xa1`,
      s.selected === null && s.pieces.a1 === 'white-king' && Object.keys(s.pieces).length === 1,
    );
    await page.waitForTimeout(1000);
    await shot('4-king-played');
    const log = await page.locator('#log').textContent();
    expect(`${w}: onMove got the e1 path`, (log ?? '').includes('a1xe1xe5xa5xa1'));

    await page.goto(`${base}?p=2&twoTone`);
    await page.waitForSelector('[data-piece]');
    await shot('5-two-tone-glow');
    await tapSquare(page, 'f4');
    await shot('6-two-tone-selected');

    await page.goto(`${base}?p=1&flip&far`);
    await page.waitForSelector('[data-piece]');
    await shot('7-start-flipped-far');

    await page.goto(`${base}?p=3&confirm`);
    await page.waitForSelector('[data-piece]');
    await tapSquare(page, 'f3');
    await shot('8-chain-selected');
    await tapSquare(page, 'b7');
    await shot('9-chain-pending');
    await tapSquare(page, 'b7');
    await page.waitForTimeout(1200);
    s = await boardState(page);
    expect(`${w}: confirming plays the chain`, s.pieces.b7 === 'white-man' && s.pieces.f4 === undefined);
    await shot('10-chain-played');

    // Drag: f4 onto f6 in the capture position.
    await page.goto(`${base}?p=2`);
    await page.waitForSelector('[data-piece]');
    const from = await page.locator('[data-square="f4"]').boundingBox();
    const to = await page.locator('[data-square="f6"]').boundingBox();
    if (from && to) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 20, { steps: 8 });
      await shot('11-dragging');
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 2 });
      await page.mouse.up();
      s = await boardState(page);
      expect(`${w}: dragging f4 to f6 plays it`, s.pieces.f6 === 'white-man' && s.pieces.f5 === undefined);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${out}`);
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
