// The analysis board and the game review, in the browser: review to the end with a blunder and
// its better move, "play from here", the editor refusing a set-up, multi-PV lines, a tablebase
// verdict, links (and a broken one), and the engine stopping when the screen is left or hidden.
import { expect, test, type Page } from '@playwright/test';
import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';

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

// White's d4-d5 hands Black a man at once (d6xd4): the review must call it a blunder.
const BLUNDER_PDN = '[GameType "30"]\n[SetUp "1"]\n[FEN "W:Wd4,a3:Bd6,h7"]\n1. d4-d5 d6xd4 2. a3-a4 h7-h6 *';

test('review a short finished game: the blunder is marked with the better move @desktop', async ({
  page,
}) => {
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

test('the editor refuses an illegal set-up and says why @desktop', async ({ page }) => {
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
});

test('multi-PV: three engine lines with their depth @desktop', async ({ page }) => {
  await page.goto('./?sw=off#/analysis');
  await page.getByRole('button', { name: '3', exact: true }).click();
  await expect(page.locator('[data-testid=pv-lines] li')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByTestId('engine-state')).toContainText('depth');
  const first = await page.locator('[data-testid=pv-lines] li .pv-moves').allTextContents();
  expect(new Set(first.map((t) => t.split(' ')[1])).size).toBe(3);
});

test('a tablebase verdict in a three-piece position', async ({ page }) => {
  // Two white kings against a black man: White wins; the tablebase says in how many moves.
  await page.goto(`./?sw=off#/analysis?fen=${encodeURIComponent('W:WKa1,Kh1:Bd5')}`);
  await expect(page.getByTestId('tb-verdict')).toContainText(/White wins in \d+ move/, { timeout: 20_000 });
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

test('the engine stops when the tab is hidden and when the screen is left @desktop', async ({ page }) => {
  const closed: string[] = [];
  page.on('worker', (w) => w.on('close', () => closed.push(w.url())));
  await page.goto('./?sw=off#/analysis');
  await expect(page.getByTestId('engine-state')).toContainText('depth', { timeout: 20_000 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => closed.length).toBe(1);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByTestId('engine-state')).toContainText('depth', { timeout: 20_000 });
  await page.evaluate(() => (location.hash = '#/'));
  await expect.poll(() => closed.length).toBe(2);
});
