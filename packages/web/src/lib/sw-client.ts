// Register the service worker (which keeps the app for offline play) and tell the app when a new
// version is waiting, so it can offer to reload into it.
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const url = new URL('sw.js', document.baseURI);
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(url, { scope: './' })
      .then((reg) => {
        const offer = (worker: ServiceWorker) =>
          onUpdate(() => {
            navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
              once: true,
            });
            worker.postMessage({ type: 'SKIP_WAITING' }); // Workbox's message for skipWaiting()
          });
        if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
        reg.addEventListener('updatefound', () => {
          const next = reg.installing;
          next?.addEventListener('statechange', () => {
            // a first install needs no prompt; a new version while an old one controls the page does
            if (next.state === 'installed' && navigator.serviceWorker.controller) offer(next);
          });
        });
      })
      .catch(() => undefined);
  });
}
