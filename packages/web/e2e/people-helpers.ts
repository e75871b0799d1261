// Helpers for the browser tests of playing people: a player (their own browser context) on the lobby
// screen, a seek, the two pages of one paired game; and a game server of a test's own, for a test
// that must know every game being played (the featured game is the highest-rated of them all).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { gameIdOf } from './online-helpers.ts';

const web = resolve(import.meta.dirname, '..');

/** A new player (a browser context, a phone, English) on the lobby screen, greeted by the server. */
export async function lobbyPlayer(browser: Browser, baseURL?: string): Promise<{ page: Page; name: string }> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  await page.goto('./?sw=off#/');
  await page.getByTestId('lobby-card').click();
  await expect(page.getByRole('heading', { name: 'Play people', level: 1 })).toBeVisible();
  const me = page.getByTestId('lobby-me');
  await expect(me).toHaveText(/^\p{L}+ \p{L}+ \d{1,3}$/u);
  return { page, name: (await me.textContent())!.trim() };
}

/** Chooses a time control ('5+0', '3 days') and rated or casual, and seeks. */
export async function seek(page: Page, clock: string, kind: 'Rated' | 'Casual', pairsAtOnce = false) {
  const form = page.locator('.lobby-form');
  await form.getByText(clock, { exact: true }).click();
  await form.getByText(kind, { exact: true }).click();
  await page.getByTestId('lobby-seek').click();
  if (pairsAtOnce) return;
  const seeking = page.getByTestId('lobby-seeking');
  await expect(seeking).toHaveAttribute('data-open', 'yes');
  await expect(seeking).toContainText(`${clock} · ${kind}`);
}

/** Both pages in the same paired game, as White and Black. */
export async function inGame(a: Page, b: Page): Promise<{ white: Page; black: Page; id: string }> {
  for (const p of [a, b]) await expect(p).toHaveURL(/#\/online\/[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/);
  const id = gameIdOf(a.url());
  expect(gameIdOf(b.url())).toBe(id);
  for (const p of [a, b])
    await expect(p.getByTestId('online-game')).toHaveAttribute('data-status', 'playing');
  const aColor = await a.locator('.strip.bottom').getAttribute('data-color');
  return aColor === 'white' ? { white: a, black: b, id } : { white: b, black: a, id };
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/**
 * A game server of the test's own (the built app the config's server built, an in-memory database),
 * stopped by `stop()`; `env` adds to its environment (`DAMA_LIMITS`, say).
 */
export async function ownServer(
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], {
    cwd: web,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DAMA_DB: ':memory:',
      LOG_LEVEL: 'warn',
      DAMA_PLAYER_LIMITS: '{"newBurst":100,"newPerHour":1000}',
      DAMA_OPEN_GAMES_PER_ADDRESS: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`the game server stopped (${child.exitCode})`);
    const up = await fetch(`${url}api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((ok) => setTimeout(ok, 200));
  }
  await stop();
  throw new Error('the game server did not start');
}
