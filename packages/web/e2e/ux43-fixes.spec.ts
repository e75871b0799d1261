// Issue 43 in the browser: the replay beside its board on a wide screen, with the arrow keys; a game
// imported again is not listed twice; the tablebase's verdict in place of a meaningless depth; the
// analysis engine resting (and saying so) while the tab is hidden; a shared puzzle link opening its day.
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import { istanbulDate } from '@dama/puzzle';
import { encodeTable, Engine, tableFileName, Tablebase } from '@dama/engine';
import { buildTablebase } from '@dama/engine-lab';

/** A long game that is not over: moves drawn by a fixed seed, the longest of a few hundred tries. */
function longGamePdn(plies: number, from = 1): { pdn: string; game: Game } {
  const play = (seed: number) => {
    const g = new Game();
    for (let i = 0; i < plies && !g.isOver(); i++) {
      const ms = g.position.legalMoves();
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      g.play(ms[seed % ms.length]);
    }
    return g;
  };
  let game = play(from);
  for (let s = from + 1; s < from + 400 && game.plies < plies; s++) {
    const g = play(s);
    if (g.plies > game.plies) game = g;
  }
  const moves = game.moves.map(makeNotation);
  const text = moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m)).join(' ');
  return { pdn: `[GameType "30"]\n\n${text} *`, game };
}

async function importPdn(page: Page, pdn: string): Promise<void> {
  await page.goto('./?sw=off#/records');
  await page.locator('#pdn-input').fill(pdn);
  await page.locator('.import button[type=submit]').click();
}

const current = (page: Page) => page.locator('[data-testid=moves] .mv.current');

async function expectInView(
  page: Page,
  name: string,
  box: { x: number; y: number; width: number; height: number } | null,
) {
  const vp = page.viewportSize()!;
  expect(box, name).not.toBeNull();
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, name).toBeLessThanOrEqual(vp.height);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(vp.width);
}

/** Whether `box` lies wholly inside the page's viewport. */
function isInView(page: Page, box: { x: number; y: number; width: number; height: number } | null): boolean {
  const vp = page.viewportSize()!;
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= vp.width &&
    box.y + box.height <= vp.height
  );
}

test('the replay keeps the board, the current move, its arrows and both buttons in sight; the arrow keys step @desktop @landscape', async ({
  page,
}) => {
  const sizes = [page.viewportSize()!];
  // a tablet held sideways too, where the desktop layout is checked
  if (sizes[0].width === 1280) sizes.push({ width: 1024, height: 768 });
  for (const [i, size] of sizes.entries()) {
    // another game for each size: the same one would be refused as already in My games
    const { pdn, game } = longGamePdn(90, 1 + 1000 * i);
    expect(game.plies).toBeGreaterThan(60);
    await page.setViewportSize(size);
    await importPdn(page, pdn);
    await expect(page.locator('.replay .dama-board')).toBeVisible();
    await expect(current(page)).toHaveText(makeNotation(game.moves[game.plies - 1]));
    const wide = size.width > size.height;
    if (wide) {
      for (const [name, loc] of [
        ['board', page.locator('.replay .board-wrap')],
        ['current move', current(page)],
        ['back', page.getByRole('button', { name: 'Previous move', exact: true })],
        ['forward', page.getByRole('button', { name: 'Next move', exact: true })],
        ['export', page.getByRole('button', { name: 'Export (PDN)' })],
        ['analyse', page.getByTestId('analyse-game')],
      ] as const)
        await expectInView(page, `${name} at ${size.width}×${size.height}`, await loc.boundingBox());
      // the board and the move list side by side
      const board = (await page.locator('.replay .board-wrap').boundingBox())!;
      const moves = (await page.locator('.replay .moves').boundingBox())!;
      expect(moves.x).toBeGreaterThanOrEqual(board.x + board.width);
    }
    // the keys: ← one back, → one forward, Home the start, End the end
    await page.keyboard.press('ArrowLeft');
    await expect(current(page)).toHaveText(makeNotation(game.moves[game.plies - 2]));
    await expect(page.getByTestId('analyse-game')).toHaveAttribute(
      'href',
      new RegExp(`ply=${game.plies - 1}$`),
    );
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await expect(current(page)).toHaveText(makeNotation(game.moves[game.plies - 2]));
    await page.keyboard.press('Home');
    await expect(current(page)).toHaveCount(0);
    await expect(page.getByTestId('analyse-game')).toHaveAttribute('href', /ply=0$/);
    await page.keyboard.press('End');
    await expect(current(page)).toHaveText(makeNotation(game.moves[game.plies - 1]));
    // the list scrolls the current move into sight after it is drawn: wait for it, as a player would
    if (wide)
      await expect
        .poll(async () => isInView(page, await current(page).boundingBox()), {
          message: `current move after End at ${size.width}×${size.height}`,
        })
        .toBe(true);
  }
});

test('the replay’s keys leave a text field alone', async ({ page }) => {
  const { pdn, game } = longGamePdn(20);
  await importPdn(page, pdn);
  await expect(current(page)).toHaveText(makeNotation(game.moves[game.plies - 1]));
  await page.getByRole('button', { name: 'Export (PDN)' }).click();
  await page.getByTestId('pdn-text').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  await page.keyboard.press('Escape');
  await expect(current(page)).toHaveText(makeNotation(game.moves[game.plies - 1]));
});

test('importing an exported game again adds no second entry and says it is there @desktop @landscape', async ({
  page,
}) => {
  const pdn = '[GameType "30"]\n\n1. c3-c4 f6-f5 2. c4-c5 *';
  await importPdn(page, pdn);
  await expect(page).toHaveURL(/#\/replay\//);
  const replay = page.url();
  // the game's own export, read back in
  await page.getByRole('button', { name: 'Export (PDN)' }).click();
  const exported = await page.getByTestId('pdn-text').inputValue();
  await importPdn(page, exported);
  await expect(page.getByTestId('snackbar')).toContainText('This game is already in My games.');
  await expect(page).toHaveURL(/#\/records$/);
  await expect(page.getByTestId('record')).toHaveCount(1);
  await page.screenshot({ path: `/tmp/ux43/dup-${page.viewportSize()!.width}.png` });
  await page.getByTestId('snackbar').getByRole('link', { name: 'Show it' }).click();
  expect(page.url()).toBe(replay);
  // in Turkish too
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('dama.settings.v1') ?? '{}');
    localStorage.setItem('dama.settings.v1', JSON.stringify({ ...s, lang: 'tr' }));
  });
  await page.reload();
  await importPdn(page, exported);
  await expect(page.getByTestId('snackbar')).toContainText('Bu oyun zaten Oyunlarım listesinde var.');
  await expect(page.getByTestId('record')).toHaveCount(1);
});

// The ≤ 3-piece tables, built here and served in place of `tb/` (as analysis.spec.ts does).
test.describe('tablebase', () => {
  const files = new Map<string, Buffer>();
  let tables: Tablebase;
  test.beforeAll(() => {
    test.setTimeout(120_000);
    tables = buildTablebase(3, new Tablebase(), (m, values) =>
      files.set(tableFileName(m), gzipSync(encodeTable(m, values))),
    );
  });

  test('a position the tables decide shows their verdict, not a depth @desktop @landscape', async ({
    page,
  }) => {
    await page.route('**/tb/*.dtb.gz', (route) => {
      const body = files.get(new URL(route.request().url()).pathname.split('/').pop()!);
      return body
        ? route.fulfill({ status: 200, contentType: 'application/octet-stream', body })
        : route.fulfill({ status: 404 });
    });
    const fen = 'W:WKa1,Kh1:Bd5';
    const verdict = new Engine({ tablebase: tables, hashMegabytes: 1 }).tbResult(
      new Game(unwrap(parsePosition(fen))),
    )!;
    const moves = Math.ceil(verdict.plies / 2);
    await page.goto(`./?sw=off#/analysis?fen=${encodeURIComponent(fen)}`);
    const state = page.getByTestId('engine-state');
    await expect(state).toHaveText(`Tablebase: White wins in ${moves} moves`, { timeout: 30_000 });
    // later depths keep saying so: never "depth 127 · 1447k/s"
    await page.waitForTimeout(1000);
    await expect(state).toHaveText(`Tablebase: White wins in ${moves} moves`);
    await page.screenshot({ path: `/tmp/ux43/tb-${page.viewportSize()!.width}.png` });
  });
});

// The search is stopped in the same task as the event: the page is cross-origin isolated, so the
// client sets the stop flag it shares with the worker and posts `stop`; the search then ends within
// milliseconds (analysis.spec.ts checks that it answers; docs/analysis-stop.md has the times).
test('the analysis engine is stopped at once while the tab is hidden and says so, and thinks again when shown @desktop @landscape', async ({
  page,
}) => {
  await page.addInitScript(`{
    const post = Worker.prototype.postMessage;
    window.__stopped = [];
    Worker.prototype.postMessage = function (message, transfer) {
      if (message && message.type === 'stop') window.__stopped.push(performance.now());
      return post.call(this, message, transfer);
    };
  }`);
  const stopped = () => page.evaluate<number>('window.__stopped.length');
  await page.goto('./?sw=off#/analysis');
  const state = page.getByTestId('engine-state');
  await expect(state).toContainText('depth', { timeout: 20_000 });
  const before = await stopped();
  // hidden: the search is stopped in the same task as the event, and the panel says it rests
  const delay = await page.evaluate<number>(`(() => {
    const t0 = performance.now();
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    const t = window.__stopped.at(-1);
    return t === undefined || t < t0 ? -1 : t - t0;
  })()`);
  expect(delay).toBeGreaterThanOrEqual(0);
  expect(delay).toBeLessThan(50);
  expect(await stopped()).toBe(before + 1);
  await expect(state).toHaveText('Paused while this tab is hidden');
  await page.waitForTimeout(500);
  await expect(state).toHaveText('Paused while this tab is hidden');
  await page.screenshot({ path: `/tmp/ux43/hidden-${page.viewportSize()!.width}.png` });
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
  await expect(state).toContainText('depth', { timeout: 20_000 });
  // turned off: stopped at once too, and the panel says off
  await page.locator('label[for=engine-on]').click();
  expect(await stopped()).toBe(before + 2);
  await expect(state).toHaveText('Engine off');
  await page.locator('label[for=engine-on]').click();
  await expect(state).toContainText('depth', { timeout: 20_000 });
  // the screen left: stopped at once (and its worker ended)
  await page.evaluate(`location.hash = '#/'`);
  await expect.poll(stopped).toBe(before + 3);
});

test('a shared puzzle link opens the puzzle of its day', async ({ page }) => {
  const today = istanbulDate(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 3);
  const day = d.toISOString().slice(0, 10);
  await page.goto(`./?sw=off#/puzzle?date=${day}`);
  await expect(page.getByTestId('puzzle')).toHaveAttribute('data-date', day);
  await expect(page.getByTestId('puzzle')).toHaveAttribute('data-mode', 'archive');
  await page.goto(`./?sw=off#/`);
  await page.goto(`./?sw=off#/puzzle`);
  await expect(page.getByTestId('puzzle')).toHaveAttribute('data-date', today);
});
