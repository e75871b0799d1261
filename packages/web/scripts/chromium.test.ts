// Chromium keeps only the last `--disable-features` it is given: the one in scripts/chromium.ts
// replaces Playwright's, so it must carry every feature the installed Playwright turns off.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../../scripts/chromium.ts';

/** The features in the installed playwright-core's own `--disable-features`, read from its source. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('playwright-core/package.json'));
  const source = readFileSync(join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(source);
  if (!list)
    throw new Error(
      "playwright-core's disabledFeatures list was not found: compare it with scripts/chromium.ts by hand",
    );
  return [...list[1].replace(/\/\/[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

describe('the Chromium arguments', () => {
  it('turn off every feature the installed Playwright turns off, in the one --disable-features', () => {
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
    const ours = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(ours).toHaveLength(1);
    expect(ours[0].slice('--disable-features='.length).split(',')).toEqual(expect.arrayContaining(theirs));
  });
});
