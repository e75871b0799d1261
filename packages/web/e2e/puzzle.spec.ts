// The daily puzzle screen in the browser. The date is mocked with `page.clock.setFixedTime`, and
// the moves come from the bank itself (solution lines, and wrong moves that the puzzle does not
// accept). The page is driven only through taps on the board and its buttons.
import { expect, test, type Page } from '@playwright/test';
import { sameMove, squareName, type Move, type Position } from '@dama/core';
import {
  addDays,
  dateOfNumber,
  emptyTraining,
  losesWithin,
  nextPuzzle,
  recordTraining,
  puzzleForDate,
  puzzleNumber,
  slowerWin,
  solutionMoves,
  type Puzzle,
} from '@dama/puzzle';
import { shippedBank, startOf, tapLine, tapMove, wrongMove } from './puzzle-helpers.ts';

const PUZZLE_URL = './#/puzzle';
const SHOTS = process.env.PUZZLE_SHOTS;

const puzzles = shippedBank('daily');

const puzzleOn = (date: string): Puzzle => puzzleForDate(date, puzzles).puzzle!;
const root = (page: Page) => page.getByTestId('puzzle');

/** The routes of the piece that ends a move on the same square. */
const routesOf = (pos: Position, m: Move): Move[] =>
  pos.legalMovesAllPaths().filter((x) => x.from === m.from && x.to === m.to);

/** The first date from `from` for which `ok` holds. */
function findDate(from: string, ok: (date: string) => boolean): string {
  for (let i = 0; i < 400; i++) if (ok(addDays(from, i))) return addDays(from, i);
  throw new Error('no suitable date in the bank');
}

/** Mid-morning in Istanbul on `date`. */
const morning = (date: string) => new Date(`${date}T07:00:00Z`);

async function openOn(page: Page, date: string): Promise<void> {
  await page.clock.setFixedTime(morning(date));
  // a new document each time (going to the same URL with a #route would only change the hash)
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(PUZZLE_URL);
  await expect(root(page)).toHaveAttribute('data-date', date);
}

/** Play `m` from `pos` by taps on the puzzle's board. */
const tap = (page: Page, pos: Position, m: Move) => tapMove(root(page), pos, m);

/** Play the solution's moves; the computer's replies are awaited. */
async function solve(page: Page, p: Puzzle): Promise<void> {
  await tapLine(root(page), p, async (ply) => {
    if (ply > 0) await expect(root(page)).toHaveAttribute('data-played', String(ply));
    await expect(root(page)).toHaveAttribute('data-phase', 'play');
  });
  await expect(root(page)).toHaveAttribute('data-phase', 'solved');
}

test('daily puzzle #7: a capture with two routes over the same men is played with two taps @landscape @desktop', async ({
  page,
}) => {
  const date = dateOfNumber(7);
  const p = puzzleOn(date);
  // the line has a move of the solver's that two routes play, over the same men: one move, so two
  // taps play it (the board used to ask for a square on the way)
  let pos = startOf(p);
  const routes = solutionMoves(p).map((m, i) => {
    const r = i % 2 === 0 ? routesOf(pos, m) : [];
    expect(r.every((x) => sameMove(x, m))).toBe(true);
    pos = pos.play(m);
    return r.length;
  });
  expect(Math.max(...routes)).toBeGreaterThan(1);
  await openOn(page, date);
  await solve(page, p);
});

async function streak(page: Page): Promise<{ current: string | null; best: string | null }> {
  return {
    current: await page.getByTestId('pz-streak').getAttribute('data-value'),
    best: await page.getByTestId('pz-best').getAttribute('data-value'),
  };
}

test("solve today's puzzle, share the result, and find it solved after a reload @desktop", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { copied?: string };
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void (w.copied = text) },
      configurable: true,
    });
  });
  const day = '2026-12-10';
  const p = puzzleOn(day);
  const number = puzzleNumber(day);
  await openOn(page, day);
  await expect(page.getByTestId('pz-title')).toContainText(`Daily puzzle #${number}`);
  const side = p.fen.startsWith('W') ? 'White' : 'Black';
  await expect(page.getByTestId('pz-task')).toHaveText(`${side} to play and win in ${p.moves} moves`);
  await expect(page.getByTestId('pz-tries')).toHaveAttribute('data-left', '3');
  await solve(page, p);
  const result = page.getByTestId('pz-solved');
  await expect(result).toContainText('Solved on your 1st try.');
  expect(await streak(page)).toEqual({ current: '1', best: '1' });
  await page.getByTestId('pz-share').click();
  await expect(page.getByTestId('pz-share-feedback')).toContainText('Copied');
  // the result, then on a line of its own the link that opens this day's puzzle
  const base = new URL(page.url());
  expect(await page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(
    `Dama daily puzzle #${number} ✅ 1st try · 🔥 1 day\n${base.origin}${base.pathname}#/puzzle?date=${day}`,
  );
  await page.reload();
  await expect(root(page)).toHaveAttribute('data-phase', 'solved');
  await expect(page.getByTestId('pz-status')).toHaveText('You solved this puzzle.');
  expect(await streak(page)).toEqual({ current: '1', best: '1' });
});

test('three wrong moves: each is refuted and undone, then the solution is played out', async ({ page }) => {
  const day = findDate('2026-12-10', (d) => wrongMove(puzzleOn(d)) !== undefined);
  const p = puzzleOn(day);
  const wrong = wrongMove(p)!;
  await openOn(page, day);
  for (const left of [2, 1]) {
    await tap(page, startOf(p), wrong);
    await expect(page.getByTestId('pz-status')).toContainText('does not win');
    await expect(root(page)).toHaveAttribute('data-phase', 'play');
    await expect(page.getByTestId('pz-tries')).toHaveAttribute('data-left', String(left));
    await expect(page.getByTestId('pz-status')).toHaveText(
      `Try again from this position: ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    );
  }
  await tap(page, startOf(p), wrong);
  await expect(page.getByTestId('pz-status')).toContainText('Here comes the solution');
  await expect(root(page)).toHaveAttribute('data-phase', 'failed', { timeout: 20_000 });
  await expect(page.getByTestId('pz-tries')).toHaveAttribute('data-left', '0');
  const shown = (await page.getByTestId('pz-solution').locator('li').allTextContents()).map((t) =>
    t.replace(/^\d+\./, ''),
  );
  expect(shown).toEqual(p.line);
  expect(await streak(page)).toEqual({ current: '0', best: '0' });
  await page.reload();
  await expect(root(page)).toHaveAttribute('data-phase', 'failed');
  await expect(page.getByTestId('pz-solution')).toBeVisible();
});

test('the streak grows over consecutive days and starts again after a missed day', async ({ page }) => {
  const first = '2026-12-01';
  await openOn(page, first);
  await solve(page, puzzleOn(first));
  expect(await streak(page)).toEqual({ current: '1', best: '1' });
  await openOn(page, addDays(first, 1));
  await expect(page.getByTestId('pz-streak-line')).toContainText('Streak: 1 day');
  await solve(page, puzzleOn(addDays(first, 1)));
  expect(await streak(page)).toEqual({ current: '2', best: '2' });
  // the next day is missed
  await openOn(page, addDays(first, 3));
  await expect(page.getByTestId('pz-streak-line')).toContainText('Streak: 0 days');
  await expect(page.getByTestId('pz-streak-line')).toContainText('Best: 2 days');
  await solve(page, puzzleOn(addDays(first, 3)));
  expect(await streak(page)).toEqual({ current: '1', best: '2' });
});

test('archive puzzles are marked in the list and do not change the streak', async ({ page }) => {
  const day = '2026-12-12';
  const past = addDays(day, -1);
  await openOn(page, day);
  await solve(page, puzzleOn(day));
  expect(await streak(page)).toEqual({ current: '1', best: '1' });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('dama.puzzle.v1') ?? '{}').days);

  await page.getByTestId('pz-tab-archive').click();
  const row = page.locator(`.pz-day[data-date="${past}"]`);
  await expect(row).toHaveAttribute('data-mark', 'unplayed');
  await expect(page.locator('.pz-day').first()).toHaveAttribute('data-date', past);
  await row.click();
  await expect(root(page)).toHaveAttribute('data-mode', 'archive');
  await solve(page, puzzleOn(past));
  await expect(page.getByTestId('pz-solved')).toBeVisible();
  await expect(page.getByTestId('pz-streak')).toHaveCount(0);
  await expect(page.getByText('Archive puzzles do not change your streak.')).toBeVisible();

  await page.getByTestId('pz-tab-archive').click();
  await expect(row).toHaveAttribute('data-mark', 'solved');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(root(page)).toHaveAttribute('data-mode', 'daily');
  expect(await streak(page)).toEqual({ current: '1', best: '1' });
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('dama.puzzle.v1') ?? '{}'));
  expect(after.days).toEqual(stored);
  expect(after.archive[past]).toEqual({ tries: 0, solved: true, failed: false });
});

test('a damaged record is reported calmly and repaired without inventing a streak', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem(
      'dama.puzzle.v1',
      JSON.stringify({
        version: 1,
        days: {
          '2026-12-09': { tries: 0, solved: true, failed: false },
          '2026-12-10': { tries: 9, solved: true },
        },
        archive: [],
      }),
    );
  });
  await openOn(page, '2026-12-11');
  await expect(page.getByTestId('pz-trouble')).toContainText('could not be read');
  await expect(page.getByTestId('pz-streak-line')).toContainText('Streak: 0 days');
  await expect(page.getByTestId('pz-streak-line')).toContainText('Best: 1 day');
  await page.getByTestId('pz-trouble').getByRole('button').click();
  await expect(page.getByTestId('pz-trouble')).toHaveCount(0);
  await page.reload();
  await expect(root(page)).toHaveAttribute('data-phase', 'play');
  await expect(page.getByTestId('pz-trouble')).toHaveCount(0);
});

/** A daily puzzle whose second solver move has a slower win (wins, but not in the moves left). */
function slowerSecond(): { date: string; pos: Position; second: Move } | undefined {
  for (const p of puzzles.slice(2, 80)) {
    if (p.moves < 3 || !p.date) continue;
    const line = solutionMoves(p);
    const pos = startOf(p).play(line[0]).play(line[1]);
    for (const m of pos.legalMovesAllPaths()) {
      if (losesWithin(pos.play(m), p.moves - 2)) continue;
      const w = slowerWin(pos, m, p.moves - 1);
      if (w !== undefined && w > 0) return { date: p.date, pos, second: m };
    }
  }
  return undefined;
}

test('a slower winning move costs no try and says why', async ({ page }) => {
  const found = slowerSecond();
  // the bank must hold such a case: a bank without one fails here rather than passing unseen
  expect(found, 'a puzzle with a slower second move among the first 80').toBeDefined();
  const p = puzzleOn(found!.date);
  await openOn(page, found!.date);
  await tap(page, startOf(p), solutionMoves(p)[0]);
  await expect(root(page)).toHaveAttribute('data-played', '2');
  await expect(root(page)).toHaveAttribute('data-phase', 'play');
  await tap(page, found!.pos, found!.second);
  await expect(page.getByTestId('pz-status')).toContainText('No try used');
  await expect(page.getByTestId('pz-tries')).toHaveAttribute('data-left', '3');
  await expect(root(page)).toHaveAttribute('data-phase', 'play');
  await expect(root(page)).toHaveAttribute('data-played', '2');
});

test('the hint marks the piece to move, and the result says a hint was used', async ({ page }) => {
  const day = '2026-12-10';
  const p = puzzleOn(day);
  await openOn(page, day);
  await page.getByTestId('pz-hint').click();
  await expect(page.getByTestId('pz-status')).toHaveText('The marked piece makes the next move.');
  await expect(root(page).locator(`[data-square="${squareName(solutionMoves(p)[0].from)}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The hinted piece is already picked up: one tap on its destination plays the move.
  const line = solutionMoves(p);
  await root(page)
    .locator(`[data-square="${squareName(line[0].to)}"]`)
    .click();
  let pos = startOf(p).play(line[0]);
  for (let i = 2; i < line.length; i += 2) {
    pos = pos.play(line[i - 1]);
    await expect(root(page)).toHaveAttribute('data-played', String(i));
    await expect(root(page)).toHaveAttribute('data-phase', 'play');
    await tap(page, pos, line[i]);
    pos = pos.play(line[i]);
  }
  await expect(root(page)).toHaveAttribute('data-phase', 'solved');
  await expect(page.getByTestId('pz-hinted')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('pz-hinted')).toBeVisible();
});

test('two tabs: solve in one, the other shows it solved at once', async ({ page, context }) => {
  const day = '2026-12-10';
  await openOn(page, day);
  const other = await context.newPage();
  await other.clock.setFixedTime(morning(day));
  await other.goto(PUZZLE_URL);
  await expect(root(other)).toHaveAttribute('data-phase', 'play');
  await solve(page, puzzleOn(day));
  await expect(root(other)).toHaveAttribute('data-phase', 'solved');
  await expect(other.getByTestId('pz-streak')).toHaveAttribute('data-value', '1');
});

test('a page left open across midnight in Istanbul moves on to the new day', async ({ page }) => {
  const day = '2026-12-10';
  await page.clock.install({ time: new Date(`${day}T20:59:40Z`) }); // 23:59:40 in Istanbul
  await page.goto(PUZZLE_URL);
  await expect(root(page)).toHaveAttribute('data-date', day);
  await page.clock.runFor(30_000);
  await expect(root(page)).toHaveAttribute('data-date', addDays(day, 1));
  await expect(page.getByTestId('pz-title')).toContainText(`#${puzzleNumber(addDays(day, 1))}`);
  await solve(page, puzzleOn(addDays(day, 1)));
  await expect(page.getByTestId('pz-streak')).toHaveAttribute('data-value', '1');
});

test('the home screen shows today’s status and the streak', async ({ page }) => {
  const day = '2026-12-10';
  await page.clock.setFixedTime(morning(day));
  await page.goto('./#/');
  await expect(page.getByTestId('home-puzzle')).toHaveAttribute('data-status', 'unplayed');
  await page.goto(PUZZLE_URL);
  await solve(page, puzzleOn(day));
  await page.goto('about:blank');
  await page.goto('./#/');
  await expect(page.getByTestId('home-puzzle')).toHaveAttribute('data-status', 'solved');
  await expect(page.getByTestId('home-puzzle')).toHaveAttribute('data-streak', '1');
  await expect(page.getByTestId('home-puzzle')).toContainText('Solved today.');
});

const pool = shippedBank('training');

test('training: the rating moves up after a solve and down after a failure', async ({ page }) => {
  // A difficulty whose second puzzle has a wrong move.
  const difficulty = ([1, 2, 3, 4, 5] as const).find((d) => {
    const a = nextPuzzle(pool, emptyTraining(), { difficulty: d });
    if (!a) return false;
    const b = nextPuzzle(
      pool,
      recordTraining(emptyTraining(), a, { solved: true, hinted: false, solutionSeen: false }, 0),
      { difficulty: d },
      a.id,
    );
    return b !== undefined && wrongMove(b) !== undefined;
  });
  expect(difficulty, 'a difficulty whose second puzzle has a wrong move').toBeDefined();
  const filter = { difficulty: difficulty! };
  const first = nextPuzzle(pool, emptyTraining(), filter)!;
  await openOn(page, '2026-12-10');
  await page.getByTestId('pz-tab-training').click();
  const rating = page.getByTestId('tr-rating');
  await expect(rating).toHaveAttribute('data-rating', '1500');
  await page.getByTestId('tr-difficulty').selectOption(String(difficulty));
  const training = page.getByTestId('pz-training');
  await tapLine(training, first, async (ply) => {
    if (ply > 0) await expect(page.getByTestId('tr-status')).toContainText('Correct');
    await expect(training).toHaveAttribute('data-phase', 'play');
  });
  await expect(page.getByTestId('tr-status')).toContainText('Solved!');
  const up = Number(await rating.getAttribute('data-rating'));
  expect(up).toBeGreaterThan(1500);
  await page.getByTestId('tr-next').click();
  const after = recordTraining(
    emptyTraining(),
    first,
    { solved: true, hinted: false, solutionSeen: false },
    0,
  );
  const second = nextPuzzle(pool, after, filter, first.id)!;
  const wrong = wrongMove(second);
  expect(wrong, 'a wrong move').toBeDefined();
  for (let i = 0; i < 3; i++) {
    await expect(training).toHaveAttribute('data-phase', 'play');
    await expect(page.getByTestId('tr-hint')).toBeVisible();
    await tap(page, startOf(second), wrong!);
    if (i < 2)
      await expect(page.getByTestId('tr-status')).toContainText(i === 0 ? '2 tries left' : '1 try left');
  }
  await expect(page.getByTestId('tr-status')).toContainText('Not solved');
  expect(Number(await rating.getAttribute('data-rating'))).toBeLessThan(up);
  await expect(page.getByTestId('tr-failed')).toContainText(`${second.id}`);
});

// Screenshots for looking at the screens, in Turkish and English at 390×844, 844×390 and 1280×800:
// the start, the hint with the details, a refuted move (during), solved, failed with the solution,
// the archive, the bank run out, the training tab and the home card. Skipped unless PUZZLE_SHOTS
// names a folder:
// `PUZZLE_SHOTS=/tmp/puzzle-shots npx playwright test -c packages/web/playwright.config.ts puzzle -g screenshots`.
for (const lang of ['tr', 'en'] as const) {
  test.describe(`screenshots ${lang}`, () => {
    test.use({ locale: lang === 'tr' ? 'tr-TR' : 'en-US' });
    test(`the puzzle screens (${lang}) @desktop @landscape`, async ({ page }, info) => {
      test.skip(!SHOTS, 'set PUZZLE_SHOTS to a folder to take screenshots');
      test.setTimeout(120_000);
      const shot = (what: string) =>
        page.screenshot({ path: `${SHOTS}/${lang}-${info.project.name}-${what}.png`, fullPage: true });
      const day = findDate('2026-12-12', (d) => wrongMove(puzzleOn(d)) !== undefined);
      const p = puzzleOn(day);
      await openOn(page, day);
      await page.waitForTimeout(300);
      await shot('1-start');
      await page.getByTestId('pz-hint').click();
      await page.getByTestId('pz-show-details').click();
      await page.waitForTimeout(300);
      await shot('2-hint-details');
      await openOn(page, day); // the hinted piece is picked up: a fresh page to tap the wrong one
      await tap(page, startOf(p), wrongMove(p)!);
      await expect(page.locator('.pz-status.wrong')).toBeVisible();
      await page.waitForTimeout(1000);
      await shot('3-wrong');
      await expect(root(page)).toHaveAttribute('data-phase', 'play');
      await solve(page, p);
      await page.waitForTimeout(350);
      await shot('4-solved');
      const past = findDate(addDays(day, -9), (d) => d === day || wrongMove(puzzleOn(d)) !== undefined);
      expect(past, 'a past day with a wrong move').not.toBe(day);
      await page.getByTestId('pz-tab-archive').click();
      await page.locator(`.pz-day[data-date="${past}"]`).click();
      for (let i = 0; i < 3; i++) {
        await expect(root(page)).toHaveAttribute('data-phase', 'play');
        await tap(page, startOf(puzzleOn(past)), wrongMove(puzzleOn(past))!);
        await expect(page.getByTestId('pz-tries')).toHaveAttribute('data-left', String(2 - i));
      }
      await expect(root(page)).toHaveAttribute('data-phase', 'failed', { timeout: 20_000 });
      await shot('5-failed');
      await page.getByTestId('pz-tab-archive').click();
      await shot('6-archive');
      await page.getByTestId('pz-tab-training').click();
      await expect(page.getByTestId('tr-rating')).toBeVisible();
      await page.waitForTimeout(300);
      await shot('7-training');
      await page.goto('./#/');
      await expect(page.getByTestId('home-puzzle')).toBeVisible();
      await shot('8-home');
      await openOn(page, addDays(puzzles[puzzles.length - 1].date!, 1));
      await expect(page.getByTestId('pz-ended')).toBeVisible();
      await shot('9-bank-ended');
    });
  });
}
