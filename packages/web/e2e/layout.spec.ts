// Every screen shape: the whole board fits without scrolling and fills at least 80% of the short
// side, with the panels beside it when the screen is wide (the game, the replay, the puzzle). Held
// sideways, down to 740×360, the panel beside the board never scrolls: the game, the analysis board,
// the puzzle, and an online game with a reaction and a draw offer shown. On a phone held upright,
// the move list keeps the current move and the one before it in sight.
import { test, expect, type Locator, type Page } from '@playwright/test';
import {
  createOnlineGame,
  gameOnPage,
  levelChoice,
  moveButtons,
  openOnlinePage,
  playOnline,
  startComputerGame,
  typeMove,
  waitForTurn,
} from './helpers.ts';

const SHAPES = [
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 667, height: 375 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

async function boardFits(page: Page, selector: string, shape: { width: number; height: number }) {
  const board = page.locator(selector).first();
  await expect(board).toBeVisible();
  const box = (await board.boundingBox())!;
  const short = Math.min(shape.width, shape.height);
  const where = `${shape.width}×${shape.height}`;
  expect(box.y, `${where}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${where}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${where}: bottom edge on screen`).toBeLessThanOrEqual(shape.height + 0.5);
  expect(box.x + box.width, `${where}: right edge on screen`).toBeLessThanOrEqual(shape.width + 0.5);
  expect(box.width / short, `${where}: share of the short side`).toBeGreaterThanOrEqual(0.8);
  expect(Math.abs(box.width - box.height), `${where}: square`).toBeLessThan(2);
  if (shape.width > shape.height) {
    // the panels are beside the board, not below it
    const side = (await page.locator('.side-col, .pz-side').first().boundingBox())!;
    expect(side.x, `${where}: panel beside the board`).toBeGreaterThanOrEqual(box.x + box.width - 1);
  }
}

for (const shape of SHAPES) {
  test(`the board fits whole at ${shape.width}×${shape.height}: the game and the puzzle`, async ({
    page,
  }) => {
    await page.setViewportSize(shape);
    await page.goto('./?engine=fast#/');
    await page.getByRole('button', { name: /Two players/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
    await boardFits(page, '.board-wrap .dama-board', shape);
    await page.goto('./#/puzzle');
    await boardFits(page, '.pz-board .dama-board', shape);
  });
}

/**
 * The panel beside the board does not scroll (its content no taller than its box, not scrolled),
 * and each of `parts` is inside it and on the screen.
 */
async function panelFits(page: Page, panel: Locator, parts: Record<string, Locator>, where: string) {
  const fit = await panel.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
    scrollTop: el.scrollTop,
  }));
  expect(fit.scrollHeight, `${where}: the panel does not overflow`).toBeLessThanOrEqual(fit.clientHeight + 1);
  expect(fit.scrollTop, `${where}: the panel is not scrolled`).toBe(0);
  const view = page.viewportSize()!;
  const side = (await panel.boundingBox())!;
  for (const [name, locator] of Object.entries(parts)) {
    const box = (await locator.boundingBox())!;
    expect(box, `${where}: ${name} is shown`).not.toBeNull();
    expect(box.y, `${where}: ${name} top in the panel`).toBeGreaterThanOrEqual(side.y - 0.5);
    expect(box.y + box.height, `${where}: ${name} bottom in the panel`).toBeLessThanOrEqual(
      side.y + side.height + 0.5,
    );
    expect(box.y, `${where}: ${name} top on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${where}: ${name} bottom on screen`).toBeLessThanOrEqual(view.height + 0.5);
    expect(box.x + box.width, `${where}: ${name} right edge on screen`).toBeLessThanOrEqual(view.width + 0.5);
  }
  // the move list's buttons inside its frame, not pushed over its edge
  const moves = panel.locator(':scope > .moves');
  if ((await moves.count()) > 0) {
    const frame = (await moves.boundingBox())!;
    const nav = (await moves.locator('.move-nav').boundingBox())!;
    expect(nav.y + nav.height, `${where}: the move buttons inside the move list`).toBeLessThanOrEqual(
      frame.y + frame.height + 0.5,
    );
  }
}

/**
 * Held sideways, everything a player needs in a game is in sight at once: the panel beside the
 * board does not scroll, and the status line, the buttons, the move list's navigation and the move
 * box are inside it and on the screen.
 */
async function panelShowsAll(page: Page, where: string) {
  await panelFits(
    page,
    page.locator('.game .side-col'),
    {
      status: page.getByTestId('status'),
      buttons: page.locator('.side-col > .controls'),
      'move navigation': page.locator('.side-col .move-nav'),
      'move box': page.locator('#move-input'),
      'play button': page.locator('.type-move button[type=submit]'),
    },
    where,
  );
}

for (const shape of [
  { width: 844, height: 390 },
  { width: 740, height: 360 },
  { width: 915, height: 412 },
]) {
  test(`held sideways at ${shape.width}×${shape.height}, the game needs no scrolling: status, buttons, moves and move box in sight`, async ({
    page,
  }) => {
    await page.setViewportSize(shape);
    await startComputerGame(page, { level: 8 });
    await expect(page.locator('#move-input')).toBeEnabled();
    await panelShowsAll(page, `${shape.width}×${shape.height} at the start`);
    // a few moves (the panel used to scroll the status away when the move box was used)
    for (let i = 0; i < 4; i++) {
      expect(await waitForTurn(page)).toBe('turn');
      await typeMove(page, (await gameOnPage(page)).position.legalMoves()[0]);
    }
    expect(await waitForTurn(page)).toBe('turn');
    await panelShowsAll(page, `${shape.width}×${shape.height} after a few moves`);
    // the opponent's whole name, next to its clock and balance
    const cut = await page.locator('.strip.top .name').evaluate((n) => n.scrollWidth > n.clientWidth);
    expect(cut, 'the name is not cut').toBe(false);
  });
}

const SIDEWAYS = [
  { width: 740, height: 360 },
  { width: 844, height: 390 },
  { width: 915, height: 412 },
];

/** `panelFits` at every sideways shape in turn. */
async function fitsSideways(page: Page, panel: Locator, parts: Record<string, Locator>, what: string) {
  for (const shape of SIDEWAYS) {
    await page.setViewportSize(shape);
    await panelFits(page, panel, parts, `${what} at ${shape.width}×${shape.height}`);
  }
}

test('held sideways, the analysis board needs no scrolling: its lines, moves and buttons in sight', async ({
  page,
}) => {
  await page.setViewportSize(SIDEWAYS[0]);
  await page.goto('./?sw=off#/analysis?moves=c3-c4+f6-f5');
  await expect(page.locator('[data-testid=pv-lines] li')).toHaveCount(2, { timeout: 20_000 });
  await fitsSideways(
    page,
    page.locator('.game.analysis .side-col'),
    {
      'engine lines': page.getByTestId('pv-lines'),
      'move list': page.getByTestId('move-list'),
      'move navigation': page.locator('.side-col .move-nav'),
      'set-up button': page.getByTestId('edit'),
      'play-from-here button': page.getByTestId('continue'),
    },
    'analysis',
  );
});

test('held sideways, the puzzle needs no scrolling: its status, buttons and streak in sight', async ({
  page,
}) => {
  await page.setViewportSize(SIDEWAYS[0]);
  await page.goto('./?sw=off#/puzzle');
  await expect(page.locator('.pz-board .dama-board')).toBeVisible();
  await fitsSideways(
    page,
    page.locator('.pz-side'),
    {
      status: page.locator('.pz-side .pz-status'),
      details: page.getByTestId('pz-show-details'),
      hint: page.getByTestId('pz-hint'),
      streak: page.getByTestId('pz-streak-line'),
    },
    'puzzle',
  );
});

test('held sideways, an online game needs no scrolling with a reaction and a draw offer shown', async ({
  browser,
}) => {
  const white = await openOnlinePage(browser, SIDEWAYS[0]);
  const link = await createOnlineGame(white, 'White', '5+3');
  const black = await openOnlinePage(browser);
  await black.goto(link.replace('#', '?sw=off#'));
  await playOnline(white, 'c3-c4', [black]);
  await playOnline(black, 'f6-f5', [white]);
  const panel = white.locator('.game .side-col');
  const always = {
    status: white.getByTestId('status'),
    'move navigation': white.locator('.side-col .move-nav'),
    'move box': white.locator('#move-input'),
    'play button': white.locator('.type-move button[type=submit]'),
  };
  const check = async (what: string, parts: Record<string, Locator>) => {
    for (const shape of SIDEWAYS.slice(0, 2)) {
      await white.setViewportSize(shape);
      await panelFits(white, panel, { ...always, ...parts }, `${what} at ${shape.width}×${shape.height}`);
    }
  };
  await check('the game', {
    buttons: white.locator('.side-col > .controls'),
    reactions: white.locator('.side-col > .reactions'),
  });
  // a reaction (shown for 4 s)
  await black.getByTestId('react-good-luck').click();
  await expect(white.getByTestId('reaction')).toContainText('Good luck!');
  await check('a reaction', { reaction: white.getByTestId('reaction') });
  // the friend's draw offer, with a reaction over it
  await black.getByTestId('draw').click();
  await black.getByTestId('confirm-draw').click();
  const offer = white.getByTestId('draw-offer');
  await expect(offer).toBeVisible();
  await black.getByTestId('react-well-played').click();
  await expect(white.getByTestId('reaction')).toContainText('Well played!');
  await check('a draw offer and a reaction', {
    reaction: white.getByTestId('reaction'),
    'offer text': offer.locator('span'),
    decline: offer.getByRole('button', { name: 'Decline' }),
    accept: offer.getByRole('button', { name: 'Accept' }),
  });
  // upright, the offer's words above its two buttons, side by side on one row (Accept used to wrap)
  for (const shape of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    await white.setViewportSize(shape);
    const decline = (await offer.getByRole('button', { name: 'Decline' }).boundingBox())!;
    const accept = (await offer.getByRole('button', { name: 'Accept' }).boundingBox())!;
    const words = (await offer.locator('span').boundingBox())!;
    const where = `the draw offer at ${shape.width}×${shape.height}`;
    expect(Math.abs(accept.y - decline.y), `${where}: the buttons on one row`).toBeLessThan(1);
    expect(accept.height, `${where}: Accept on one line`).toBeLessThanOrEqual(decline.height + 0.5);
    expect(words.y + words.height, `${where}: the words above the buttons`).toBeLessThanOrEqual(
      decline.y + 0.5,
    );
  }
  // declined, then one's own offer waiting for the friend's answer
  await offer.getByRole('button', { name: 'Decline' }).click();
  await expect(offer).toHaveCount(0);
  await white.getByTestId('draw').click();
  await white.getByTestId('confirm-draw').click();
  await expect(white.getByText('You offered a draw.')).toBeVisible();
  await check("one's own draw offer", {
    'offer note': white.locator('.side-col .offer'),
    buttons: white.locator('.side-col > .controls'),
  });
  for (const p of [white, black]) await p.context().close();
});

test('held sideways, a correspondence game needs no scrolling while its first moves have a deadline', async ({
  browser,
}) => {
  const white = await openOnlinePage(browser, SIDEWAYS[1]);
  const link = await createOnlineGame(white, 'White', '3 days');
  const black = await openOnlinePage(browser);
  await black.goto(link.replace('#', '?sw=off#'));
  const parts = {
    kind: white.getByTestId('game-kind'),
    status: white.getByTestId('status'),
    deadline: white.getByTestId('abort-countdown'),
    buttons: white.locator('.side-col > .controls'),
    'move navigation': white.locator('.side-col .move-nav'),
    'move box': white.locator('#move-input'),
  };
  await expect(parts.deadline).toBeVisible();
  for (const shape of SIDEWAYS) {
    await white.setViewportSize(shape);
    await panelFits(white, white.locator('.game .side-col'), parts, `${shape.width}×${shape.height}`);
  }
  for (const p of [white, black]) await p.context().close();
});

test('held sideways, the invitation to an online game needs no scrolling: its link, copy button, code and waiting line in sight', async ({
  browser,
}) => {
  const page = await openOnlinePage(browser, SIDEWAYS[0]);
  await createOnlineGame(page, 'White', '5+3');
  const invite = page.getByTestId('invite');
  await fitsSideways(
    page,
    page.locator('.game .side-col'),
    {
      link: page.getByTestId('share-link'),
      copy: invite.locator('.actions .btn').first(),
      code: invite.locator('.qr'),
      waiting: invite.locator('p.status'),
    },
    'the invitation',
  );
  await page.context().close();
});

test("on the shortest phone held sideways, with a Share button, the link field shows the end of the link (the game's code)", async ({
  browser,
}) => {
  const page = await openOnlinePage(browser, { width: 667, height: 375 });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: async () => undefined });
  });
  await createOnlineGame(page, 'White', '5+3');
  await expect(page.getByTestId('invite').getByRole('button', { name: 'Share' })).toBeVisible();
  const field = await page
    .getByTestId('share-link')
    .evaluate((i: HTMLInputElement) => ({ left: i.scrollLeft, shown: i.clientWidth, all: i.scrollWidth }));
  expect(field.shown * 2, 'the link field shows less than half the link').toBeLessThan(field.all);
  expect(field.left + field.shown, "the link field scrolled to the link's end").toBeGreaterThanOrEqual(
    field.all - 1,
  );
  await page.context().close();
});

/** The current move and the one before it are wholly inside the move list's visible box. */
async function lastTwoInSight(page: Page, where: string) {
  const seen = await page.getByTestId('moves').evaluate(
    (list) =>
      new Promise<{ name: string; left: number; right: number; top: number; bottom: number }[]>((done) =>
        // after the list has scrolled to the move (on the next frame)
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const box = list.getBoundingClientRect();
            const moves = [...list.querySelectorAll<HTMLElement>('.mv')];
            const at = moves.findIndex((m) => m.classList.contains('current'));
            done(
              moves.slice(Math.max(0, at - 1), at + 1).map((m) => {
                const r = m.getBoundingClientRect();
                return {
                  name: m.textContent ?? '',
                  left: r.left - box.left,
                  right: box.right - r.right,
                  top: r.top - box.top,
                  bottom: box.bottom - r.bottom,
                };
              }),
            );
          }),
        ),
      ),
  );
  expect(seen.length, `${where}: a current move`).toBeGreaterThan(0);
  for (const m of seen)
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(m[side], `${where}: ${m.name} inside the list (${side})`).toBeGreaterThanOrEqual(-0.5);
}

test('on a phone, the move list keeps the current move and the one before it in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./?engine=fast#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  // captures make some moves wider than others
  const moves = ['f3-f4', 'c6-c5', 'f4-f5', 'f6xf4', 'g3-g4', 'f4xh4', 'h3xh5', 'h6xh4', 'd3-d4', 'c5-d5'];
  for (const m of moves) {
    await typeMove(page, m);
    await lastTwoInSight(page, `after ${m}`);
  }
  // back through the game, a move at a time
  for (let i = moves.length - 1; i >= 1; i--) {
    await page.locator('.moves .move-nav').getByRole('button', { name: 'Previous move' }).click();
    await expect(moveButtons(page).nth(i - 1)).toHaveClass(/current/);
    await lastTwoInSight(page, `back at ${moves[i - 1]}`);
  }
});

test.describe('in Turkish', () => {
  test.use({ locale: 'tr-TR' });
  test('held sideways, the whole name of the computer is shown while it thinks', async ({ page }) => {
    await page.setViewportSize({ width: 844, height: 390 });
    // not ?engine=fast: the computer takes its human pace, long enough to see it thinking
    await page.goto('./#/');
    await page.getByRole('button', { name: /Bilgisayara karşı oyna/ }).click();
    const dialog = page.getByRole('dialog');
    await levelChoice(dialog, 8).click();
    await dialog.getByText('Beyaz', { exact: true }).click();
    await dialog.locator('button[type=submit]').click();
    await page.locator('#move-input:not([disabled])').fill('c3-c4');
    await page.locator('#move-input').press('Enter');
    const name = page.locator('.strip.top .name');
    await expect(name).toHaveText('Bilgisayar (Usta) · Siyah');
    await expect(page.locator('.strip.top .thinking')).toBeVisible();
    expect(await name.evaluate((n) => n.scrollWidth > n.clientWidth), 'the name is not cut').toBe(false);
  });
});
