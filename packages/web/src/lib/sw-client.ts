// Register the service worker (which keeps the app for offline play) and tell the app when a new
// version is waiting, so it can offer to reload into it.
//
// The races this guards against (each can meet a real player on a slow phone):
// - the browser's update check after a navigation can start before this page's `load` handler
//   attaches its `updatefound` listener: a worker already installing is followed too, not only one
//   already waiting;
// - the new version can take control without this page asking (the player took the update in
//   another tab): the prompt's button then reloads at once, instead of waiting for a
//   `controllerchange` that has already happened;
// - `controllerchange` is the signal to reload, and the new worker reaching `activated` is a second
//   one, so that the page reloads even if one of the two is missed.
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const url = new URL('sw.js', document.baseURI);
  window.addEventListener('load', () => {
    sw.register(url, { scope: './' })
      .then((reg) => {
        const old = sw.controller;
        let offered: ServiceWorker | undefined;
        const offer = (worker: ServiceWorker) => {
          if (offered === worker) return;
          offered = worker;
          onUpdate(() => {
            let reloading = false;
            const reload = () => {
              if (reloading) return;
              reloading = true;
              location.reload();
            };
            // Already controlled by the new version (taken in another tab): nothing to wait for.
            if (sw.controller !== old || worker.state === 'activated') return reload();
            sw.addEventListener('controllerchange', reload, { once: true });
            worker.addEventListener('statechange', () => {
              if (worker.state === 'activated') reload();
            });
            (reg.waiting ?? worker).postMessage({ type: 'SKIP_WAITING' }); // Workbox's message for skipWaiting()
          });
        };
        // A first install needs no prompt; a new version while an old one controls the page does.
        const follow = (worker: ServiceWorker | null) => {
          if (!worker || !old) return;
          if (worker.state === 'installed') offer(worker);
          else
            worker.addEventListener('statechange', () => {
              if (worker.state === 'installed') offer(worker);
            });
        };
        follow(reg.waiting);
        follow(reg.installing);
        reg.addEventListener('updatefound', () => follow(reg.installing));
      })
      .catch(() => undefined);
  });
}

/** The message the service worker sends a page when a notification about a game is tapped. */
export const OPEN_MESSAGE = 'dama-open';
/** What such a message may open: an online game of this app, nothing else. */
const OPENABLE = /^#\/online\/[A-Za-z0-9]{8,16}$/;

/**
 * A notification tapped while the app is open: the service worker focuses the page and asks it to
 * open the game (`{type: 'dama-open', hash: '#/online/<game>'}`); anything else is ignored.
 */
export function listenToServiceWorker(open: (hash: string) => void): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    const d: unknown = e.data;
    if (typeof d !== 'object' || d === null) return;
    const { type, hash } = d as { type?: unknown; hash?: unknown };
    if (type === OPEN_MESSAGE && typeof hash === 'string' && OPENABLE.test(hash)) open(hash);
  });
}
