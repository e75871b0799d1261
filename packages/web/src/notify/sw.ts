// The service worker's part for notifications (Web Push), loaded into the worker that Workbox makes
// (`importScripts('push-sw.js')`, see vite.config.ts): a push shows its notice (notice.ts), and a
// tap on it focuses the app's open window and asks it to open the game (sw-client.ts listens), or
// opens the app at the game. The app restores the seat from its own store.
import { isObject } from '../lib/guards.ts';
import { OPEN_MESSAGE } from '../lib/sw-client.ts';
import { browserLang, noticeOf } from './notice.ts';

const sw = self as unknown as ServiceWorkerGlobalScope;

sw.addEventListener('push', (e: PushEvent) => {
  let data: unknown;
  try {
    data = e.data?.json();
  } catch {
    data = undefined;
  }
  const n = noticeOf(data, browserLang(sw.navigator.languages));
  e.waitUntil(
    sw.registration.showNotification(n.title, {
      body: n.body,
      tag: n.tag,
      icon: 'icon-192.png',
      badge: 'icon-192.png',
      lang: n.lang,
      data: { hash: n.hash },
    }),
  );
});

sw.addEventListener('notificationclick', (e: NotificationEvent) => {
  e.notification.close();
  const d: unknown = e.notification.data;
  const hash = isObject(d) && typeof d.hash === 'string' ? d.hash : '#/';
  e.waitUntil(openApp(/^#\/(online\/[A-Za-z0-9]{8,16})?$/.test(hash) ? hash : '#/'));
});

/** Focus a window of the app and have it open `hash`, or open one there. */
async function openApp(hash: string): Promise<void> {
  const scope = sw.registration.scope;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(scope));
  if (open) {
    await open.focus();
    open.postMessage({ type: OPEN_MESSAGE, hash });
    return;
  }
  await sw.clients.openWindow(new URL(hash, scope).href);
}
