// What a new player met on first use (issue 43): the analysis board on the home screen, Tab kept in
// the open dialog, the new-game sheet whole when a phone is held sideways, and the game's button
// labels on one line.
import { expect, test } from '@playwright/test';
import { levelChoice } from './helpers.ts';

const SHOTS = process.env.NEWCOMER_SHOTS;

test('the home screen opens the analysis board @landscape @desktop', async ({ page }) => {
  await page.goto('./#/');
  const card = page.getByTestId('analysis-card');
  await expect(card).toContainText('Analysis board');
  await card.click();
  await expect(page).toHaveURL(/#\/analysis/);
  await expect(page.getByRole('heading', { name: 'Analysis board', level: 1 }).first()).toBeVisible();
});

test('Tab and Shift+Tab stay inside the new-game sheet @desktop', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  const inside = () => sheet.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `after ${i + 1} Tabs`).toBe(true);
  }
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `after ${i + 1} Shift+Tabs`).toBe(true);
  }
  // and round: from the last control, Tab comes back to the first
  await sheet.getByRole('button', { name: 'Start the game' }).focus();
  await page.keyboard.press('Tab');
  expect(await inside()).toBe(true);
  await expect(sheet.getByRole('button', { name: 'Start the game' })).not.toBeFocused();
});

test('held sideways, the new-game sheet shows every choice and Start without an inner scroll @landscape @desktop', async ({
  page,
}, info) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sheet-${info.project.name}.png` });
  const view = page.viewportSize()!;
  for (const [name, choice] of [
    ['level 8', levelChoice(sheet, 8)],
    ['what the level is like', sheet.getByTestId('level-about')],
    ...['Random', '45+0', 'Start the game'].map(
      (n) => [n, sheet.getByText(n, { exact: true }).first()] as const,
    ),
  ] as const) {
    const box = (await choice.boundingBox())!;
    expect(box.y, name).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, name).toBeLessThanOrEqual(view.height);
  }
});

test('the buttons of the game and of the analysis board keep their labels on one line, inside the button', async ({
  browser,
}) => {
  const screens = [
    { url: './?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=2', ready: 'resign' },
    { url: './?engine=fast#/analysis', ready: 'continue' },
  ];
  // one page a screen and language, resized to each size (as a phone turned, a window dragged)
  for (const locale of ['tr-TR', 'en-US'])
    for (const screen of screens) {
      const context = await browser.newContext({
        locale,
        viewport: { width: 1280, height: 800 },
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(screen.url);
      for (const [width, height] of [
        [1280, 800],
        [1024, 768],
        [390, 844],
        [844, 390],
      ]) {
        const where = `${screen.ready} ${locale} ${width}×${height}`;
        await page.setViewportSize({ width, height });
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        await expect(page.getByTestId(screen.ready)).toBeVisible();
        const labels = await page.locator('.side-col .controls .ctl').evaluateAll((buttons) =>
          buttons.map((b) => {
            // the label shown (a button may carry a long and a short one)
            const span = [...b.querySelectorAll('span')].find((x) => x.getClientRects().length > 0)!;
            const range = document.createRange();
            range.selectNodeContents(span);
            const text = range.getBoundingClientRect();
            const box = b.getBoundingClientRect();
            const line =
              parseFloat(getComputedStyle(span).lineHeight) || 1.3 * parseFloat(getComputedStyle(b).fontSize);
            return {
              label: span.textContent,
              lines: Math.round(text.height / line),
              inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
            };
          }),
        );
        expect(labels.length, where).toBeGreaterThanOrEqual(4);
        for (const l of labels) expect(l, `${where} ${l.label}`).toMatchObject({ lines: 1, inside: true });
        // the empty move list's sentence is whole, not cut at the edge of its row
        const empty = page.locator('.move-list .empty');
        if ((await empty.count()) > 0)
          expect(
            await empty.evaluate((el) => {
              const list = el.closest('.move-list')!.getBoundingClientRect();
              const range = document.createRange();
              range.selectNodeContents(el);
              const text = range.getBoundingClientRect();
              return text.right <= list.right + 0.5 && el.scrollWidth <= el.clientWidth + 1;
            }),
            `${where}: the empty move list's sentence`,
          ).toBe(true);
      }
      await context.close();
    }
});

test('training’s "Next" is whole in the window of a small phone held sideways (667×375)', async ({
  browser,
}) => {
  for (const locale of ['tr-TR', 'en-US']) {
    const context = await browser.newContext({
      locale,
      viewport: { width: 667, height: 375 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('./#/puzzle');
    await page.getByTestId('pz-tab-training').click();
    const next = page.getByTestId('tr-next');
    await expect(next).toBeVisible();
    const box = (await next.boundingBox())!;
    expect(box.y + box.height, locale).toBeLessThanOrEqual(375);
    await context.close();
  }
});

test('in the analysis board’s move list a move number is never alone at a line’s end (a tablet, both languages)', async ({
  browser,
}) => {
  const moves = ['a3-a4', 'h6-h5', 'b3-b4', 'g6-g5', 'c3-c4', 'f6-f5', 'd3-d4', 'e6-e5'];
  for (const locale of ['tr-TR', 'en-US']) {
    const context = await browser.newContext({
      locale,
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`./#/analysis?moves=${moves.join('+')}`);
    for (const [width, height] of [
      [1024, 768],
      [768, 1024],
      [820, 1180],
      [390, 844],
      [360, 740],
    ]) {
      await page.setViewportSize({ width, height });
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await expect(page.locator('[data-testid=move-list] .mv')).toHaveCount(moves.length);
      const alone = await page.locator('[data-testid=move-list] .num').evaluateAll((nums) =>
        nums.some((n) => {
          const next = n.nextElementSibling;
          const mid = (e: Element) => (e.getBoundingClientRect().top + e.getBoundingClientRect().bottom) / 2;
          return !next || Math.abs(mid(next) - mid(n)) > 4;
        }),
      );
      expect(alone, `${locale} ${width}×${height}`).toBe(false);
      // and at any width: each number is held in one unbreakable group with the move after it
      const held = await page
        .locator('[data-testid=move-list] .num')
        .evaluateAll((nums) =>
          nums.every(
            (n) =>
              n.parentElement !== null &&
              getComputedStyle(n.parentElement).whiteSpace === 'nowrap' &&
              getComputedStyle(n.parentElement).display.includes('flex') &&
              n.nextElementSibling?.classList.contains('mv') === true,
          ),
        );
      expect(held, `${locale} ${width}×${height}`).toBe(true);
    }
    await context.close();
  }
});

test("a game lost to a beginner's level (1–3) points to the lessons; one lost to level 4 does not @landscape @desktop", async ({
  page,
}) => {
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=4');
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('end')).toBeVisible();
  await expect(page.getByTestId('end-learn')).toHaveCount(0);
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=3');
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  const learn = page.getByTestId('end-learn');
  await expect(learn).toBeVisible();
  await learn.click();
  await expect(page).toHaveURL(/#\/learn$/);
  await expect(page.getByRole('heading', { name: 'Learn', level: 1 }).first()).toBeVisible();
});

test('the online game’s time choices keep their words inside, one row a kind, on the narrowest phone', async ({
  browser,
}) => {
  for (const locale of ['tr-TR', 'en-US']) {
    const context = await browser.newContext({
      locale,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('./?sw=off#/online');
    const rows = page.locator('.online-clocks .clock-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      const choices = await row.locator('.segmented span').evaluateAll((spans) =>
        spans.map((s) => {
          const range = document.createRange();
          range.selectNodeContents(s);
          const text = range.getBoundingClientRect();
          const box = s.getBoundingClientRect();
          return {
            label: s.textContent,
            top: Math.round(box.top),
            inside: text.left >= box.left + 2 && text.right <= box.right - 2,
          };
        }),
      );
      for (const c of choices)
        expect(c, `${locale} ${c.label}`).toMatchObject({ inside: true, top: choices[0].top });
    }
    await context.close();
  }
});

test('on a desktop window a first visit sees the whole home menu without scrolling, the cards two by two', async ({
  browser,
}) => {
  for (const locale of ['tr-TR', 'en-US']) {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('./?sw=off#/');
    const tiles = (await page.locator('.home .tiles').boundingBox())!;
    expect(tiles.y + tiles.height, `${locale}: the menu's last row in sight`).toBeLessThanOrEqual(800);
    const learn = (await page.getByTestId('learn-card').boundingBox())!;
    const computer = (await page
      .getByRole('button', { name: /Bilgisayara karşı oyna|Play the computer/ })
      .boundingBox())!;
    expect(Math.abs(learn.y - computer.y), `${locale}: two cards a row`).toBeLessThan(1);
    await context.close();
  }
});
