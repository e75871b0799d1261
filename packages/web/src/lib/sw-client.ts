// What the service worker and the open page say to each other (the registration and the update
// prompt are sw-register.ts). Kept apart from the registration: the worker's own script
// (notify/sw.ts, built alone by vite.config.ts) imports `OPEN_MESSAGE` from here.

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
