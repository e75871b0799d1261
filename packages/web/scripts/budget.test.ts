import { describe, expect, it } from 'vitest';
import { initialFiles } from './budget.ts';

describe('initialFiles', () => {
  it("takes index.html's module scripts and module preloads, in any attribute order, and nothing else", () => {
    const html = `<!doctype html><html><head>
      <link rel="manifest" href="./manifest.webmanifest" />
      <link rel="icon" href="./icon.svg" type="image/svg+xml" />
      <script type="module" crossorigin src="./assets/index-1Oe.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/jsxRuntime-Bo.js">
      <link crossorigin href="/assets/storage-Bp.js" rel="modulepreload">
      <link rel="stylesheet" crossorigin href="./assets/index-b_F.css">
      <link rel="prefetch" href="./assets/rules-X.js">
      <script src="./legacy.js"></script>
      </head><body><script>console.log(1)</script></body></html>`;
    expect(initialFiles(html)).toEqual([
      'assets/index-1Oe.js',
      'assets/jsxRuntime-Bo.js',
      'assets/storage-Bp.js',
    ]);
  });
});
