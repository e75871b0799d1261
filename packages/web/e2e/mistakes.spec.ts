// "Learn from your mistakes" in the browser: a finished game against the computer (seeded in
// localStorage) is reviewed by the real engine; the player's blunder is kept as a puzzle, offered by
// the review's button, and solved on the puzzle page by taps (the game's move first, which is
// refused with the answer it allows, then the engine's better move). The list marks it solved.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_DRAW_RULES, parseNotation, parsePosition, squareName, unwrap } from '@dama/core';

const RECORDS_KEY = 'dama.records.v1';
const MISTAKES_KEY = 'dama.mistakes.v1';
const NOW = Date.parse('2026-12-10T09:00:00Z');

// White (the player), a man up, plays d4-d5 and hands Black two men (d6xd4xd2): the review calls it
// a blunder (as in analysis.spec.ts). Seven pieces, so no endgame table decides it.
const FEN = 'W:Wd4,d3,a3,b2:Bd6,g7,h7';
const PDN = `[GameType "30"]\n[SetUp "1"]\n[FEN "${FEN}"]\n1. d4-d5 d6xd4xd2 2. a3-a4 h7-h6 *`;
const RECORD = {
  id: 'g-mistakes-1',
  setup: {
    mode: 'computer',
    level: 3,
    playerColor: 'white',
    view: 'rotate',
    time: { kind: 'off' },
    drawRules: DEFAULT_DRAW_RULES,
  },
  pdn: PDN,
  result: '*',
  plies: 4,
  endedAt: NOW - 3_600_000,
};

async function tap(page: Page, text: string): Promise<void> {
  const m = unwrap(parseNotation(unwrap(parsePosition(FEN)), text));
  const root = page.getByTestId('puzzle');
  await root.locator(`[data-square="${squareName(m.from)}"]`).click();
  await root.locator(`[data-square="${squareName(m.to)}"]`).click();
}

interface Kept {
  list: { fen: string; played: string; best: string[]; solved: boolean; game: { id: string; ply: number } }[];
}

const kept = (page: Page): Promise<Kept | null> =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Kept | null, MISTAKES_KEY);

test('a blunder of a reviewed game is offered as a puzzle and solved with the better move @desktop', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.route('**/tb/*.dtb.gz', (route) => route.fulfill({ status: 404 }));
  await page.clock.setFixedTime(NOW);
  await page.goto('./?sw=off#/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    RECORDS_KEY,
    JSON.stringify([RECORD]),
  ] as const);
  // a new document, which reads the records (going to another #route would only change the hash)
  await page.goto('about:blank');
  await page.goto(`./?sw=off#/analysis?record=${RECORD.id}`);
  await page.getByTestId('analyse').click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('count-white-blunder')).toContainText('1');

  // the player's side is known (a game against the computer): the blunder is kept at once
  const stored = await kept(page);
  expect(stored?.list).toHaveLength(1);
  const mistake = stored!.list[0];
  expect(mistake).toMatchObject({ played: 'd4-d5', solved: false, game: { id: RECORD.id, ply: 1 } });
  const better = mistake.best[0];
  expect(better).not.toBe('d4-d5');

  const practise = page.getByTestId('practise-mistakes');
  await expect(practise).toHaveText('Learn from your mistakes (1)');
  await practise.click();
  await expect(page).toHaveURL(/#\/puzzle\?mistakes=g-mistakes-1$/);
  const screen = page.getByTestId('pz-mistakes');
  await expect(screen).toHaveAttribute('data-phase', 'play');
  await expect(page.getByTestId('mk-status')).toHaveText(
    'White to play: find a better move than the one in your game.',
  );
  await expect(page.getByTestId('mk-played')).toHaveText('In the game you played d4-d5, a blunder.');

  // the game's move again: refused, its answer shown, then the position comes back
  await tap(page, 'd4-d5');
  await expect(page.getByTestId('mk-status')).toContainText('d4-d5 is the move from your game');
  await expect(screen).toHaveAttribute('data-feedback', 'retry');
  await expect(screen).toHaveAttribute('data-phase', 'play');

  // the engine's better move solves it
  await tap(page, better);
  await expect(screen).toHaveAttribute('data-phase', 'solved');
  await expect(page.getByTestId('mk-status')).toHaveText(`Yes! ${better} is the engine's choice.`);
  expect((await kept(page))?.list[0].solved).toBe(true);

  // the list marks it solved; training shows nothing left to solve
  await page.getByTestId('mk-list-open').click();
  await expect(screen).toHaveAttribute('data-phase', 'list');
  await expect(page.getByTestId('mk-list').locator('.pz-day')).toHaveAttribute('data-mark', 'solved');
  await page.getByTestId('mk-back').click();
  await expect(page.getByTestId('tr-mistakes')).toHaveText('Your mistakes');

  // the review is kept with the game: its button is there again without a new analysis
  await page.goto(`./?sw=off#/analysis?record=${RECORD.id}`);
  await expect(page.getByTestId('practise-mistakes')).toHaveText('Learn from your mistakes (1)');
});

test('the list of mistakes is empty on a new device, and a damaged record is set aside', async ({ page }) => {
  await page.goto('./?sw=off#/puzzle');
  await page.getByTestId('pz-tab-training').click();
  await page.getByTestId('tr-mistakes').click();
  await expect(page.getByTestId('mk-empty')).toBeVisible();
  await page.evaluate((key) => localStorage.setItem(key, '{"version":1,"list":['), MISTAKES_KEY);
  await page.reload();
  await page.getByTestId('pz-tab-training').click();
  await page.getByTestId('tr-mistakes').click();
  await expect(page.getByText('Part of your kept mistakes could not be read')).toBeVisible();
  const aside = await page.evaluate(
    (key) => Object.keys(localStorage).filter((k) => k.startsWith(`${key}.unreadable.`)),
    MISTAKES_KEY,
  );
  expect(aside).toHaveLength(1);
});
