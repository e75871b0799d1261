// The app's build. Relative base so the built folder can be served from any path; an ES-module
// worker for the engine; the service worker made by vite-plugin-pwa (Workbox): every file of the
// build precached under its content hash, the update waiting for the app's "new version" prompt,
// and the engine's lazily fetched assets (tablebases under tb/, evaluation weights under engine/)
// kept cache-first once fetched, so they work offline too.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export const jsx = { runtime: 'automatic', importSource: 'preact' } as const;

/** Cache names of the engine's runtime assets (kept across app versions: their URLs are versioned). */
export const RUNTIME_CACHES = { tablebases: 'dama-tb', weights: 'dama-engine' } as const;

export default defineConfig({
  base: './',
  // @dama/core, engine and board from their src/ (the paths of tsconfig.base.json), not their dist/
  resolve: { tsconfigPaths: true },
  oxc: { jsx },
  plugins: [
    VitePWA({
      // the app registers the worker itself (src/lib/sw-client.ts) and shows its own prompt
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
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1', strictPort: true },
});
