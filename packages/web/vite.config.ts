// The app's build. Relative base so the built folder can be served from any path; an ES-module
// worker for the engine; a small service worker generated after the bundle (scripts/sw-plugin.ts).
import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/sw-plugin.ts';

export const jsx = { runtime: 'automatic', importSource: 'preact' } as const;

export default defineConfig({
  base: './',
  oxc: { jsx },
  plugins: [serviceWorker()],
  worker: { format: 'es' },
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1', strictPort: true },
});
