// The browser the tests run in: scripts/chromium.ts turns off the address bar's pop-ups that
// headless Chromium would otherwise load for every window. If a Chromium update renames their
// features, this says so (the browser tests then run slower, not wrong).
import { expect, test } from '@playwright/test';

test('no window of the test browser loads the address bar pop-ups', async ({ browser, page }) => {
  await page.goto('./?sw=off#/');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as {
    targetInfos: { type: string; url: string }[];
  };
  expect(targetInfos.some((t) => t.type === 'page')).toBe(true);
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  await cdp.detach();
});
