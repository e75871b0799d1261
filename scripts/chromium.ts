// The machine's Chromium for every headless browser run (the browser tests, the screenshot and
// benchmark scripts): Playwright drives it through `executablePath`, so no browser is downloaded.
// CHROME_PATH names another binary.

/** The Chromium binary. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off (its `chromiumSwitches`, playwright-core 1.65). Chromium keeps
 * only the last `--disable-features` it is given, so ours below must repeat them;
 * packages/web/scripts/chromium.test.ts checks that the installed Playwright's list is all here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium opens a window for every page, and each window loads the address bar's two
 * pop-ups (web pages of their own, in a renderer of their own) that a headless run never shows:
 * work for both cores at every new page (docs/ci-time.md).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Headless, no sandbox (containers), no GPU, and nothing the browser would fetch or sync on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/** Playwright's launch options for it. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
