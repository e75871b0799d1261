// The app's build. Relative base so the built folder can be served from any path; an ES-module
// worker for the engine; the service worker made by vite-plugin-pwa (Workbox): every file of the
// build precached under its content hash, the update waiting for the app's "new version" prompt,
// and the engine's lazily fetched assets (tablebases under tb/, evaluation weights under engine/)
// kept cache-first once fetched, so they work offline too. Notifications: the worker Workbox makes
// imports `push-sw.js` (src/notify/sw.ts, built here as one classic script), which shows a push's
// notice and opens its game when tapped; everything else of the worker is as Workbox makes it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

export const jsx = { runtime: 'automatic', importSource: 'preact' } as const;

/** Cross-origin isolation, as the game server sends it (packages/server app.ts, helmet). */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Cache names of the engine's runtime assets (kept across app versions: their URLs are versioned). */
export const RUNTIME_CACHES = { tablebases: 'dama-tb', weights: 'dama-engine' } as const;

/** The service worker's notification part, beside sw.js in the build. */
export const PUSH_SW = 'push-sw.js';

/**
 * Builds src/notify/sw.ts into `push-sw.js`: one self-contained classic script (a service worker's
 * `importScripts` takes no modules), emitted with the app's files so that Workbox precaches it too.
 */
function pushWorker(): Plugin {
  return {
    name: 'dama-push-worker',
    apply: 'build',
    async generateBundle() {
      const out = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        resolve: { tsconfigPaths: true },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: {
            entry: fileURLToPath(new URL('src/notify/sw.ts', import.meta.url)),
            formats: ['iife'],
            name: 'damaPush',
            fileName: () => PUSH_SW,
          },
        },
      });
      const outputs = Array.isArray(out) ? out : [out];
      const chunk = outputs
        .flatMap((o) => ('output' in o ? o.output : []))
        .find((c) => c.type === 'chunk' && c.fileName === PUSH_SW);
      if (!chunk || chunk.type !== 'chunk') throw new Error(`${PUSH_SW} was not built`);
      this.emitFile({ type: 'asset', fileName: PUSH_SW, source: chunk.code });
    },
  };
}

/** Where the app serves the engine's learned weights (lib/engine/client.ts asks the worker to fetch it). */
export const WEIGHTS_PATH = 'engine/eval.bin';

/**
 * The engine's weights at `WEIGHTS_PATH`: the bytes of @dama/engine's own `eval.bin` (the one copy
 * in the repository), served by the dev server and written into the build.
 */
function engineWeights(): Plugin {
  const file = createRequire(import.meta.url).resolve('@dama/engine/eval.bin');
  return {
    name: 'dama-engine-weights',
    configureServer(server) {
      server.middlewares.use(`/${WEIGHTS_PATH}`, (_req, res) => {
        res.setHeader('content-type', 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WEIGHTS_PATH, source: readFileSync(file) });
    },
  };
}

/** Brotli and gzip copies of the built files, for the game server to send as they are (scripts/precompress.ts). */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'dama-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // after every plugin has written its files, the service worker's included
    closeBundle: { order: 'post', sequential: true, handler: () => void precompress(outDir) },
  };
}

export default defineConfig({
  base: './',
  // @dama/core, engine and board from their src/ (the paths of tsconfig.base.json), not their dist/
  resolve: { tsconfigPaths: true },
  oxc: { jsx },
  plugins: [
    pushWorker(),
    engineWeights(),
    VitePWA({
      // the app registers the worker through virtual:pwa-register (src/lib/sw-register.ts) and
      // shows its own prompt; nothing is injected into index.html
      injectRegister: false,
      registerType: 'prompt',
      // public/manifest.webmanifest is the manifest; it is precached like every other file
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt,json,wasm}'],
        globIgnores: ['tb/**', 'engine/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // notifications: the push and notificationclick handlers (src/notify/sw.ts)
        importScripts: [PUSH_SW],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/tb\//.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: RUNTIME_CACHES.tablebases, expiration: { maxEntries: 200 } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/engine\//.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: RUNTIME_CACHES.weights, expiration: { maxEntries: 20 } },
          },
        ],
      },
    }),
    precompressed(),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', assetsInlineLimit: 0 },
  // cross-origin isolated: the engine worker's search is stopped through a SharedArrayBuffer
  server: { port: 5173, host: '127.0.0.1', headers: ISOLATION },
  preview: { port: 4173, host: '127.0.0.1', strictPort: true, headers: ISOLATION },
});
