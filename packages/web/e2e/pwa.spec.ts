// The service worker (vite-plugin-pwa): a returning visitor gets a changed public file. Two builds
// differ only in public/manifest.webmanifest; a small server serves the first, then the second,
// like a deploy between two visits. The visitor sees the "new version" prompt, takes it, and then
// the new manifest comes from the page's own origin (through the service worker).
import { test, expect } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  existsSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

// the service worker is the subject here (the config blocks service workers elsewhere)
test.use({ serviceWorkers: 'allow' });

const web = resolve(import.meta.dirname, '..');
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain',
};

async function buildWith(manifestName: string, dir: string): Promise<string> {
  const pub = join(dir, `public-${manifestName}`);
  const out = join(dir, `dist-${manifestName}`);
  cpSync(join(web, 'public'), pub, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(pub, 'manifest.webmanifest'), 'utf8'));
  writeFileSync(join(pub, 'manifest.webmanifest'), JSON.stringify({ ...manifest, name: manifestName }));
  // stand-ins for the engine's lazily fetched assets (tablebases, evaluation weights)
  for (const sub of ['tb', 'engine']) {
    mkdirSync(join(pub, sub), { recursive: true });
    writeFileSync(join(pub, sub, 'probe.bin'), `${sub} ${manifestName}`);
  }
  const { build } = await import('vite');
  await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    publicDir: pub,
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
  });
  return out;
}

test('a changed public file reaches a returning visitor; engine assets work offline once fetched', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'dama-pwa-'));
  const first = await buildWith('Dama first', dir);
  const second = await buildWith('Dama second', dir);
  let served = first;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(served, path);
    if (!file.startsWith(served) || !existsSync(file) || statSync(file).isDirectory())
      file = join(served, 'index.html');
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const manifestName = () =>
    page.evaluate(async () => (await (await fetch('./manifest.webmanifest')).json()).name as string);
  // The service workers' states, for the failure messages.
  const workers = () =>
    page
      .evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const state = (w: ServiceWorker | null | undefined) => w?.state ?? 'none';
        return `controller ${state(navigator.serviceWorker.controller)}, active ${state(reg?.active)}, waiting ${state(reg?.waiting)}, installing ${state(reg?.installing)}`;
      })
      .catch((e: unknown) => String(e));
  try {
    await page.goto(url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await manifestName()).toBe('Dama first');

    served = second; // the deploy
    await page.reload();
    const prompt = page.locator('.update');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // until the visitor takes the new version, the page they have keeps working with the old files
    expect(await manifestName()).toBe('Dama first');
    // The click asks the waiting worker to take over; the page reloads once it has. Nothing is
    // fetched meanwhile: a read through the old worker is work in progress for it, and the browser
    // activates the new worker only once the old one is idle (so a test polling through it could
    // hold the update back on a slow machine).
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await prompt.getByRole('button').click();
    await reloaded.catch(async () => {
      throw new Error(`the page did not reload within 30 s of the update click (${await workers()})`);
    });
    expect(await manifestName(), await workers()).toBe('Dama second');
    await expect(page.locator('.update')).toHaveCount(0);

    // the engine's assets are not precached (they are large and fetched when needed), but once
    // fetched they are kept: offline, they still load
    const probe = (sub: string) =>
      page.evaluate(async (p) => {
        const r = await fetch(p).catch(() => undefined);
        return r?.ok ? await r.text() : 'failed';
      }, `./${sub}/probe.bin`);
    expect(await probe('tb')).toBe('tb Dama second');
    expect(await probe('engine')).toBe('engine Dama second');
    await context.setOffline(true);
    expect(await probe('tb')).toBe('tb Dama second');
    expect(await probe('engine')).toBe('engine Dama second');
    await context.setOffline(false);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the app serves the engine’s own weights at engine/eval.bin (one copy, in @dama/engine)', async ({
  page,
}) => {
  await page.goto('./?sw=off#/');
  const served = await page.request.get('./engine/eval.bin');
  expect(served.ok()).toBe(true);
  const own = readFileSync(resolve(web, '../engine/assets/eval.bin'));
  expect(Buffer.compare(await served.body(), own)).toBe(0);
});
