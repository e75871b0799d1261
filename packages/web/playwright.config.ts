// Browser tests in the machine's Chromium (no browser download), against the built app served by
// the game server (packages/server) on a fixed port. Every test runs at phone size; those tagged
// @desktop also at 1280×800, and those tagged @landscape also at 844×390 (a phone held sideways).
// The computer answers at depth 1 in tests (`?engine=fast`, see README). Service workers are blocked
// except in the specs about them.
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../../scripts/chromium.ts';

// E2E_PORT lets several checkouts run their browser tests side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // one retry everywhere (`.ci/run` sets no CI variable): the service-worker update spec has met a
  // timing race on fresh machines (see the closing note); a retried test is reported as flaky
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    locale: 'en-US',
    launchOptions: chromiumLaunch,
    trace: 'off',
    // A fresh context is a first visit, and a first visit's service worker precaches the whole app
    // (1.2 MB): about a second of CPU that a test of something else does not need. The specs of
    // offline play, updates and notifications allow it (`test.use`); contexts a spec makes itself
    // (browser.newContext) allow it unless told.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
    {
      name: 'landscape',
      use: { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true },
      grep: /@landscape/,
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grep: /@desktop/ },
  ],
  // The product's own server (packages/server): the built app and the game API on one port, with an
  // in-memory database, so the online specs play through the real server.
  webServer: {
    command: `npx vite build --logLevel warn && node --import tsx ../server/src/main.ts`,
    // many players are made from this one address by the specs (the default allows 10 at once)
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DAMA_DB: ':memory:',
      DAMA_CLAIM_AFTER_MS: '4000',
      DAMA_PLAYER_LIMITS: '{"newBurst":100,"newPerHour":1000}',
      // every spec's games come from this one address, and many stay open (correspondence games,
      // games left mid-way): the default 20 open games an address would refuse the later specs'
      DAMA_OPEN_GAMES_PER_ADDRESS: '1000',
    },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
