// The analysis board and the game review, in the browser: review to the end with a blunder and
// its better move, "play from here", the editor refusing a set-up, multi-PV lines, a tablebase
// verdict, links (and a broken one), the engine stopping when the screen is left or hidden, and the
// one-tap way in from a game, a puzzle and a rules diagram.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import { parseBank, puzzleForDate } from '@dama/puzzle';
import { encodeTable, Engine, tableFileName, Tablebase } from '@dama/engine';
import { buildTablebase } from '@dama/engine-lab';
import { gameOnPage, levelChoice, startComputerGame, typeMove, waitForTurn } from './helpers.ts';

const board = (page: Page) => page.locator('[data-testid=analysis] .dama-board');
const square = (page: Page, name: string) => page.locator(`[data-testid=analysis] [data-square="${name}"]`);

/** The pieces on the analysis board, as { square: kind }. */
async function piecesOnBoard(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    const root = document.querySelector('[data-testid=analysis] .dama-board')!;
    const size = root.getBoundingClientRect();
    for (const el of root.querySelectorAll<HTMLElement>('[data-piece]')) {
      const r = el.getBoundingClientRect();
      const col = Math.round(((r.left - size.left) / size.width) * 8);
      const row = Math.round(((r.top - size.top) / size.height) * 8);
      out[`${'abcdefgh'[col]}${8 - row}`] = el.dataset.piece!;
    }
    return out;
  });
}

function expectedPieces(game: Game): Record<string, string> {
  const out: Record<string, string> = {};
  for (let sq = 0; sq < 64; sq++) {
    const p = game.position.pieceAt(sq);
    if (p) out[`${'abcdefgh'[sq & 7]}${(sq >> 3) + 1}`] = `${p.color}-${p.role}`;
  }
  return out;
}

// White, a man up, plays d4-d5 and hands Black two men and a king (d6xd4xd2, then d2-d1): the
// review must call it a blunder. Seven pieces, so no endgame table decides it (the test refuses the
// tables anyway, as in CI). An earlier version used a man against two for the blunder, which the
// 4-piece tables call a draw; a better network saw that too and stopped calling it a blunder.
const BLUNDER_PDN =
  '[GameType "30"]\n[SetUp "1"]\n[FEN "W:Wd4,d3,a3,b2:Bd6,g7,h7"]\n1. d4-d5 d6xd4xd2 2. a3-a4 h7-h6 *';

test('review a short finished game: the blunder is marked with the better move @desktop', async ({
  page,
}) => {
  await page.route('**/tb/*.dtb.gz', (route) => route.fulfill({ status: 404 }));
  await page.goto('./?sw=off#/records');
  await page.locator('#pdn-input').fill(BLUNDER_PDN);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByTestId('analyse-game').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await page.getByTestId('analyse').click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('count-white-blunder')).toContainText('1');
  await expect(page.getByTestId('graph')).toBeVisible();
  // The blunder is move 1 (ply 1): go there from the move list.
  await page.locator('[data-testid=move-list] .mv[data-ply="1"]').click();
  await expect(page.getByTestId('verdict')).toContainText('blunder');
  await expect(page.getByTestId('better')).toContainText('Better was');
  await expect(page.locator('.dama-arrows .arrow-best')).toHaveCount(1);
  await expect(page.locator('.dama-arrows .arrow-bad')).toHaveCount(1);
  await expect(page.locator('[data-testid=move-list] .mv[data-ply="1"] .glyph')).toHaveText('??');
  // A second look needs no new analysis: the review is kept with the game.
  await page.goto('./?sw=off#/records');
  await page.reload();
  await page.locator('.record a.record-main').first().click();
  await page.getByTestId('analyse-game').click();
  await expect(page.getByTestId('review')).toBeVisible();
  await expect(page.getByTestId('analyse')).toHaveCount(0);
});

test('continue from here plays the computer from the position shown @desktop', async ({ page }) => {
  const fen = 'W:Wa3,c3,e3:Bb6,d6,h7';
  await page.goto(`./?sw=off&engine=fast#/analysis?fen=${encodeURIComponent(fen)}&moves=c3-c4`);
  await expect(board(page)).toBeVisible();
  await page.getByTestId('continue').click();
  await page.getByTestId('continue-black').click();
  await expect(page).toHaveURL(/#\/game$/);
  const g = new Game(unwrap(parsePosition(fen)));
  g.playNotation('c3-c4');
  // Black (the player) is to move: the board shows the analysis position, with c3-c4 in the list.
  await expect(page.locator('[data-testid=moves] .mv')).toHaveText(['c3-c4']);
  await expect(
    page.locator('.board-wrap [data-square="c4"] , .board-wrap [data-piece]').first(),
  ).toBeVisible();
  const count = await page.locator('.board-wrap [data-piece]').count();
  expect(count).toBe(6);
});

test('play from here offers every level, Master too, and asks before setting a game in progress aside @landscape @desktop', async ({
  page,
}) => {
  // a game in progress against the computer, one move in
  await page.goto('./?sw=off&engine=fast#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await page.locator('#move-input:not([disabled])').fill('c3-c4');
  await page.locator('#move-input').press('Enter');
  await expect(page.locator('[data-testid=moves] .mv')).toHaveCount(2);

  const fen = 'W:Wa3,c3,e3:Bb6,d6,h7';
  await page.goto(`./?sw=off&engine=fast#/analysis?fen=${encodeURIComponent(fen)}`);
  await page.getByTestId('continue').click();
  const sheet = page.getByTestId('continue-sheet');
  await expect(sheet.getByRole('radio')).toHaveCount(8);
  for (let level = 1; level <= 8; level++) await expect(levelChoice(sheet, level)).toBeVisible();
  await levelChoice(sheet, 8).click();
  await expect(sheet.getByTestId('level-about')).toContainText('Level 8 · Master');
  await page.getByTestId('continue-white').click();
  // the game in progress is not replaced without a yes
  await expect(page.getByTestId('continue-replace')).toContainText('1 move');
  await expect(page).toHaveURL(/#\/analysis/);
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('continue-white')).toBeVisible();
  await page.getByTestId('continue-white').click();
  await page.getByTestId('continue-confirm').click();
  await expect(page).toHaveURL(/#\/game$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('Master');
  // the game set aside is kept in My games, to be continued
  await page.goto('./?sw=off#/records');
  await expect(page.locator('.record.unfinished')).toHaveCount(1);
});

test('the editor refuses an illegal set-up and says why @landscape @desktop', async ({ page }) => {
  await page.goto('./?sw=off#/analysis');
  await page.getByTestId('edit').click();
  await page.getByRole('button', { name: 'Empty board' }).click();
  await page.getByRole('radio', { name: 'White man' }).click();
  await square(page, 'h8').click();
  await square(page, 'c3').click();
  await page.getByRole('radio', { name: 'Black king' }).click();
  await square(page, 'e5').click();
  await page.getByTestId('apply-setup').click();
  await expect(page.getByTestId('setup-error')).toContainText('first or last rank (h8)');
  await expect(page.getByTestId('editor')).toBeVisible();
  // Remove the bad man: the set-up is taken, and the link carries it.
  await page.getByRole('radio', { name: 'Remove' }).click();
  await square(page, 'h8').click();
  await page.getByTestId('apply-setup').click();
  await expect(page.getByTestId('editor')).toHaveCount(0);
  expect(decodeURIComponent(new URL(page.url()).hash)).toContain('fen=W:Wc3:BKe5');
  // A bad FEN typed in is refused too.
  await page.getByTestId('edit').click();
  await page.getByTestId('fen-input').fill('X:Wc3');
  await page.getByTestId('load-fen').click();
  await expect(page.getByTestId('setup-error')).toContainText('starts with W or B');
  // one square named twice: refused with the square, nothing dropped silently
  await page.getByTestId('fen-input').fill('W:Wa3,b3:Ba3,h7');
  await page.getByTestId('load-fen').click();
  await expect(page.getByTestId('setup-error')).toHaveText('Two pieces stand on one square (a3).');
  // a side with no piece: the editor says so and keeps the set-up open
  await page.getByTestId('fen-input').fill('W:Wa3,b3:B');
  await page.getByTestId('load-fen').click();
  await page.getByTestId('apply-setup').click();
  await expect(page.getByTestId('setup-error')).toHaveText(
    'Each side needs at least one piece on the board.',
  );
  await expect(page.getByTestId('editor')).toBeVisible();
});

test('multi-PV: three engine lines with their depth @desktop', async ({ page }) => {
  await page.goto('./?sw=off#/analysis');
  await page.getByRole('button', { name: '3', exact: true }).click();
  await expect(page.locator('[data-testid=pv-lines] li')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByTestId('engine-state')).toContainText('depth');
  const first = await page.locator('[data-testid=pv-lines] li .pv-moves').allTextContents();
  expect(new Set(first.map((t) => t.split(' ')[1])).size).toBe(3);
});

// The ≤ 3-piece tables, built here (a few seconds) and served to the engine worker in place of the
// app's `tb/` folder, which CI does not have: the verdict comes from these tables alone, whatever the
// machine has in public/tb/ (a class the test did not build answers 404).
test.describe('tablebase', () => {
  const files = new Map<string, Buffer>();
  let tables: Tablebase;
  test.beforeAll(() => {
    test.setTimeout(120_000);
    tables = buildTablebase(3, new Tablebase(), (m, values) =>
      files.set(tableFileName(m), gzipSync(encodeTable(m, values))),
    );
  });

  test('a tablebase verdict in a three-piece position @desktop', async ({ page }) => {
    const served: string[] = [];
    await page.route('**/tb/*.dtb.gz', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!;
      const body = files.get(name);
      if (!body) return route.fulfill({ status: 404 });
      served.push(name);
      return route.fulfill({ status: 200, contentType: 'application/octet-stream', body });
    });
    // Two white kings against a black man: the tables say White wins, and in how many moves.
    const fen = 'W:WKa1,Kh1:Bd5';
    const verdict = new Engine({ tablebase: tables, hashMegabytes: 1 }).tbResult(
      new Game(unwrap(parsePosition(fen))),
    );
    expect(verdict?.result).toBe('win');
    const moves = Math.ceil(verdict!.plies / 2);
    await page.goto(`./?sw=off#/analysis?fen=${encodeURIComponent(fen)}`);
    await expect(page.getByTestId('tb-verdict')).toContainText(
      `White wins in ${moves} ${moves === 1 ? 'move' : 'moves'}`,
      { timeout: 30_000 },
    );
    // The verdict came through the tables served here.
    expect(served.length).toBeGreaterThan(0);
  });
});

test('a shared link opens the same position; a broken link says so @desktop', async ({ page }) => {
  const g = new Game();
  for (const m of ['c3-c4', 'f6-f5', 'c4-c5']) g.playNotation(m);
  await page.goto(`./?sw=off#/analysis?moves=${g.moves.map(makeNotation).join('+')}`);
  await expect(board(page)).toBeVisible();
  expect(await piecesOnBoard(page)).toEqual(expectedPieces(g));
  await expect(page.locator('[data-testid=move-list] .mv')).toHaveCount(3);
  await expect(page.getByTestId('to-move')).toHaveText('Black to move');
  // Back one move: the address bar follows, so the link shows that position.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/ply=2/);
  await page.goto(`./?sw=off#/analysis?moves=c3-c4+a1-a2`);
  await expect(page.getByTestId('link-problem')).toContainText('Move 2 of this link (a1-a2) is not legal');
  await expect(page.locator('[data-testid=move-list] .mv')).toHaveCount(1);
  await page.goto(`./?sw=off#/analysis?fen=${encodeURIComponent('W:Wz9')}`);
  await expect(page.getByTestId('link-problem')).toContainText('could not be read');
  await expect(board(page)).toBeVisible();
});

test('the engine stops at once when the tab is hidden (its worker kept), and its worker ends when the screen is left @desktop', async ({
  page,
}) => {
  // what the engine's workers are told and answer: 'stop' sent, searches 'done'
  await page.addInitScript(() => {
    const seen = { stop: 0, done: 0 };
    Object.assign(window, { engineSeen: seen });
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
          if (e.data?.type === 'done') seen.done++;
        });
      }
      override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
        if ((message as { type?: string })?.type === 'stop') seen.stop++;
        super.postMessage(message, transfer as Transferable[]);
      }
    };
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { engineSeen: { stop: number; done: number } }).engineSeen);
  const closed: string[] = [];
  page.on('worker', (w) => w.on('close', () => closed.push(w.url())));
  await page.goto('./?sw=off#/analysis');
  // the game server makes the page cross-origin isolated: the search is stopped through a shared flag
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByTestId('engine-state')).toContainText('depth', { timeout: 20_000 });
  expect(await seen()).toEqual({ stop: 0, done: 0 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  // the endless analysis answers 'done' only when stopped: the flag ended it, in the worker kept
  await expect.poll(seen).toEqual({ stop: 1, done: 1 });
  expect(closed).toEqual([]);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByTestId('engine-state')).toContainText('depth', { timeout: 20_000 });
  await page.evaluate(() => (location.hash = '#/'));
  await expect.poll(() => closed.length).toBe(1);
});

/** The analysis board shows `game` at its end: the same pieces, its moves in the list. */
async function expectAnalysisOf(page: Page, game: Game, ply = game.plies): Promise<void> {
  await expect(board(page)).toBeVisible();
  await expect(page.getByTestId('link-problem')).toHaveCount(0);
  await expect(page.locator('[data-testid=move-list] .mv')).toHaveCount(game.plies);
  const shown = new Game(game.initial);
  for (const m of game.moves.slice(0, ply)) shown.play(m);
  await expect.poll(() => piecesOnBoard(page)).toEqual(expectedPieces(shown));
  await expect(page.getByTestId('to-move')).toHaveText(
    shown.position.turn === 'white' ? 'White to move' : 'Black to move',
  );
}

test('one tap from a game in progress to its position, and back to the game @desktop', async ({ page }) => {
  await startComputerGame(page);
  await typeMove(page, 'c3-c4');
  await waitForTurn(page);
  const g = await gameOnPage(page);
  expect(g.plies).toBe(2);
  await page.getByTestId('analyse-position').click();
  await expect(page).toHaveURL(/#\/analysis\?moves=c3-c4/);
  await expectAnalysisOf(page, g);
  // The game is still there to go back to.
  await page.goBack();
  await expect(page.locator('[data-testid=moves] .mv')).toHaveText(g.moves.map(makeNotation));
});

// The daily bank, and a record that says the day's puzzle was solved (or failed) already, so that the
// screen opens on its result.
const dailyBank = parseBank(
  readFileSync(createRequire(import.meta.url).resolve('@dama/puzzle/daily.tsv'), 'utf8'),
  'daily',
);

for (const end of ['solved', 'failed'] as const) {
  test(`one tap from a ${end} puzzle to its position with the solution @desktop`, async ({ page }) => {
    if (!dailyBank.ok) throw new Error(dailyBank.error);
    const day = '2026-12-10';
    const puzzle = puzzleForDate(day, dailyBank.value).puzzle!;
    const record = { tries: end === 'solved' ? 0 : 3, solved: end === 'solved', failed: end === 'failed' };
    await page.addInitScript(
      ([day, record]) =>
        localStorage.setItem(
          'dama.puzzle.v1',
          JSON.stringify({ version: 1, days: { [day]: record }, archive: [] }),
        ),
      [day, record] as const,
    );
    await page.clock.setFixedTime(new Date(`${day}T07:00:00Z`));
    await page.goto('./?sw=off#/puzzle');
    await expect(page.getByTestId(`pz-${end}`)).toBeVisible();
    await page.getByTestId('pz-analyse').click();
    const g = new Game(unwrap(parsePosition(puzzle.fen)));
    for (const m of puzzle.line) expect(g.playNotation(m).ok, m).toBe(true);
    // The puzzle's position, with the solution to step through.
    await expectAnalysisOf(page, g, 0);
  });
}

test('one tap from each rules diagram to its position @desktop', async ({ page }) => {
  await page.goto('./?sw=off#/rules');
  const links = page.locator('.diagram .diagram-analyse');
  await expect(links).toHaveCount(4);
  // The first diagram is the largest capture (rules/content.ts, MAX_CAPTURE).
  await links.first().click();
  await expectAnalysisOf(page, new Game(unwrap(parsePosition('W:Wc3,f3:Bc4,f4,f6'))));
  // The others open their own positions too (each link's FEN read back by the analysis board).
  for (let i = 1; i < 4; i++) {
    await page.goBack();
    await links.nth(i).click();
    await expect(board(page)).toBeVisible();
    await expect(page.getByTestId('link-problem')).toHaveCount(0);
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/^#\/analysis\?fen=[WB]:/);
  }
});

// A phone on its side: the board fills the height with the evaluation bar upright beside it, and the
// side to move, the engine's lines and every button are in sight without scrolling the page.
test('the analysis board and its editor held sideways: nothing needed is out of sight @landscape', async ({
  page,
}) => {
  const size = page.viewportSize()!;
  test.skip(size.width < size.height, 'a landscape layout');
  const inSight = async (locator: ReturnType<Page['locator']>) => {
    await expect(locator).toBeVisible();
    const box = (await locator.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height + 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
    return box;
  };
  await page.goto('./?sw=off#/analysis?moves=c3-c4+f6-f5');
  const boardBox = await inSight(board(page));
  expect(boardBox.height).toBeGreaterThan(size.height * 0.8);
  const bar = await inSight(page.getByTestId('eval-bar'));
  expect(bar.x + bar.width).toBeLessThanOrEqual(boardBox.x);
  expect(bar.height).toBeGreaterThan(boardBox.height * 0.9);
  const toMove = await inSight(page.getByTestId('to-move'));
  expect(toMove.x).toBeGreaterThanOrEqual(boardBox.x + boardBox.width);
  await expect(page.locator('[data-testid=pv-lines] li').first()).toBeVisible({ timeout: 20_000 });
  await inSight(page.locator('[data-testid=pv-lines] li').first());
  for (const id of ['edit', 'share', 'export', 'continue']) await inSight(page.getByTestId(id));
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(size.height);
  await page.getByTestId('edit').click();
  await inSight(page.getByTestId('apply-setup'));
  await inSight(page.getByRole('radio', { name: 'Black king' }));
});
