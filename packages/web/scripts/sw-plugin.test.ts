import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from './sw-plugin.ts';

describe('the generated service worker', () => {
  it('precaches the page and every file under a versioned cache, and waits for the app to take over', () => {
    const src = serviceWorkerSource(['assets/index-abc.js', 'assets/worker-def.js', 'icon.svg'], '123abc');
    expect(src).toContain(`const CACHE = 'dama-123abc';`);
    expect(src).toContain('["./","./assets/index-abc.js","./assets/worker-def.js","./icon.svg"]');
    expect(src).toContain("event.data.type === 'skip-waiting'");
    expect(src).not.toMatch(/install[\s\S]*skipWaiting\(\)[\s\S]*activate/); // no forced take-over on install
    expect(() => new Function(src)).not.toThrow(); // it is valid JavaScript
  });
});
