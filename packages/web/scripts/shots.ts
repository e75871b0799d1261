// What the screenshot scripts share: the three screen shapes, the game server they look at, a page
// in a fresh browser context, and a screenshot taken as a player sees the screen after a tap.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'landscape', width: 844, height: 390 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type Size = (typeof SIZES)[number];
export type Lang = 'tr' | 'en';
/** A context's cookies and storage (a player kept across contexts). */
export type State = Awaited<ReturnType<BrowserContext['storageState']>>;

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server to look at: `BASE_URL` when set, otherwise a fresh game server on a free loopback port
 * over the built app (`npm run build -w @dama/web` first), with an in-memory database and room for
 * many new players from one address. `stop` ends the server it started.
 */
export async function gameServer(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, stop: () => {} };
  const port = await new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], {
    cwd: WEB,
    env: {
      ...process.env,
      PORT: String(port),
      DAMA_DB: ':memory:',
      LOG_LEVEL: 'warn',
      DAMA_PLAYER_LIMITS: '{"newBurst":100,"newPerHour":1000}',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${base}api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, stop: () => child.kill() };
    await new Promise((ok) => setTimeout(ok, 200));
  }
  child.kill();
  throw new Error('the game server did not start');
}

/** The folder the PNGs go to: `OUT_DIR`, or `fallback`; made if missing. */
export function outDir(fallback: string): string {
  const dir = process.env.OUT_DIR ?? fallback;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A page in a new context of this shape and language (touch but on the desktop; page errors logged). */
export async function openPage(
  browser: Browser,
  size: Size,
  lang: Lang,
  o: { state?: State; serviceWorkers?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
    locale: lang === 'tr' ? 'tr-TR' : 'en-US',
    serviceWorkers: o.serviceWorkers ? 'allow' : 'block',
    hasTouch: size.name !== 'desktop',
    isMobile: size.name !== 'desktop',
    ...(o.state ? { storageState: o.state } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

/** A screenshot as a player sees the screen after a tap: no focus ring left, the page at its top. */
export async function shot(page: Page, path: string, fullPage = false): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(450);
  await page.screenshot({ path, fullPage });
}
