// The browser's push: whether it has it (an iPhone or iPad only once the app is on the Home Screen),
// the notification permission, and the push manager of the app's service worker.
import type { PushPlatform, Subscription, Support } from './ctrl.ts';

/** How long the page waits for the app to register its service worker (it does so on `load`). */
const REGISTER_WAIT = 5000;
/** How long a registered worker may take to install (a first visit downloads the whole app). */
const INSTALL_WAIT = 60_000;

/** A VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const b64 = key.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function wrap(s: PushSubscription): Subscription | null {
  const keys = s.toJSON().keys;
  if (!keys?.p256dh || !keys.auth) return null;
  return {
    endpoint: s.endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    unsubscribe: () => s.unsubscribe(),
  };
}

const wait = (ms: number) => new Promise<undefined>((done) => setTimeout(() => done(undefined), ms));

/**
 * The app's service worker once active; undefined when the page has none (`?sw=off`, or a browser
 * that refused it) or it never finished installing.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const sw = navigator.serviceWorker;
  for (let waited = 0; !(await sw.getRegistration()); waited += 250) {
    if (waited >= REGISTER_WAIT) return undefined;
    await wait(250);
  }
  return Promise.race([sw.ready, wait(INSTALL_WAIT)]);
}

export function browserPush(): PushPlatform {
  return {
    support(): Support {
      const nav = navigator as Navigator & { standalone?: boolean };
      const ios =
        /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
      const installed = matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
      if (ios && !installed) return 'ios-install';
      if (
        !('serviceWorker' in nav) ||
        typeof PushManager === 'undefined' ||
        typeof Notification === 'undefined'
      )
        return 'unsupported';
      return 'ok';
    },
    ready: async () => (await registration()) !== undefined,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    current: async () => {
      const reg = await registration();
      const s = await reg?.pushManager.getSubscription();
      return s ? wrap(s) : null;
    },
    subscribe: async (key) => {
      const reg = await registration();
      if (!reg) throw new Error('no service worker');
      const s = wrap(
        await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }),
      );
      if (!s) throw new Error('a subscription without keys');
      return s;
    },
  };
}
