// The machine's Chromium for every headless browser run (the browser tests, the screenshot and
// benchmark scripts): Playwright drives it through `executablePath`, so no browser is downloaded.
// CHROME_PATH names another binary.

/** The Chromium binary. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (containers), no GPU, and nothing the browser would fetch or sync on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's launch options for it. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
