// Lighthouse (mobile) on the built app: builds, serves it with `vite preview`, runs Lighthouse in
// the machine's Chromium (CHROME_PATH, default /usr/bin/chromium) and prints the category scores.
// Fails if performance or accessibility is under 95. Not part of `npm test` (it takes a minute).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, preview } from 'vite';
import { CHROMIUM_PATH } from '../../../scripts/chromium.ts';

const MIN = { performance: 95, accessibility: 95 };
// LH_PORT lets several checkouts run it side by side on one machine
const PORT = Number(process.env.LH_PORT ?? 4327);
const BASE = `http://127.0.0.1:${PORT}/`;

async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await build({ root, logLevel: 'warn' });
  const server = await preview({ root, preview: { port: PORT, strictPort: true, host: '127.0.0.1' } });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let failed = false;
  try {
    const pages = [
      ['home', BASE],
      [
        'game',
        `${BASE}?sw=off&fen=W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7`,
      ],
      ['rules', `${BASE}#/rules`],
    ] as const;
    for (const [name, url] of pages) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('Lighthouse gave no result');
      const cats = result.lhr.categories;
      const score = (k: string) => Math.round((cats[k]?.score ?? 0) * 100);
      console.log(
        `${name}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`,
      );
      for (const [k, min] of Object.entries(MIN)) if (score(k) < min) failed = true;
      for (const audit of Object.values(result.lhr.audits))
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
          console.log(
            `  - ${audit.id}: ${audit.title}`,
            process.env.VERBOSE ? JSON.stringify(audit.details).slice(0, 600) : '',
          );
      if (process.env.VERBOSE)
        for (const id of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ])
          console.log(`  ${id}: ${result.lhr.audits[id]?.displayValue}`);
    }
  } finally {
    chrome.kill();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
  if (failed) {
    console.error(`under the minimum (${JSON.stringify(MIN)})`);
    process.exitCode = 1;
  }
}

void main();
