// Register the service worker (which keeps the app for offline play) and tell the app when a new
// version is waiting, so it can offer to reload into it. The registration is vite-plugin-pwa's
// (`registerSW` of `virtual:pwa-register`, over workbox-window): it registers the worker Workbox
// makes (vite.config.ts: generateSW, `registerType: 'prompt'`), says when a new version waits
// (`onNeedRefresh`), and its `updateSW()` sends the waiting worker Workbox's `SKIP_WAITING` message,
// which the generated worker answers with `skipWaiting()`.
//
// What this module adds, for the races a real player on a slow phone can meet:
// - the browser's update check after a navigation can start before the registration resolves, and
//   workbox-window follows only the workers found after it: a worker already installing (or
//   waiting) when the registration resolves is offered too;
// - the new version can take control without this page asking (the player took the update in
//   another tab): the page is not reloaded under the player (`onNeedReload` replaces the plugin's
//   own reload), and the prompt's button then reloads at once;
// - `controllerchange` is the signal to reload, and the new worker reaching `activated` is a second
//   one, so that the page reloads even if one of the two is missed.
import { registerSW } from 'virtual:pwa-register';

/**
 * Register the service worker; `onUpdate` hears, once, that a new version waits, with the function
 * that takes it (the waiting worker takes over, then the page reloads into it).
 */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // the version that controls this page; none on a first visit, which needs no prompt
  const old = sw.controller;
  let reg: ServiceWorkerRegistration | undefined;
  let asked = false;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  const apply = () => {
    asked = true;
    const next = reg?.waiting;
    // Already controlled by the new version (taken in another tab), or nothing waits any more: the
    // new version is active, nothing to wait for.
    if (sw.controller !== old || !next) return reload();
    sw.addEventListener('controllerchange', reload, { once: true });
    next.addEventListener('statechange', () => {
      if (next.state === 'activated') reload();
    });
    void updateSW();
  };
  let offered = false;
  const offer = () => {
    if (offered) return;
    offered = true;
    onUpdate(apply);
  };
  const follow = (worker: ServiceWorker | null | undefined) => {
    if (!worker || !old) return;
    if (worker.state === 'installed') offer();
    else
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed') offer();
      });
  };
  const updateSW = registerSW({
    onNeedRefresh: offer,
    // the new version took control: this page reloads only when the player asked for it
    onNeedReload: () => {
      if (asked) reload();
    },
    onRegisteredSW: (_url, registration) => {
      reg = registration;
      follow(registration?.waiting);
      follow(registration?.installing);
    },
  });
}
