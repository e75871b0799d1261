// Notifications (Web Push) in the settings, on the real server with the app's real service worker.
// The browser's push service cannot be reached from here, so the page's push manager and permission
// are stand-ins (an init script): the opt-in flow is tested to what it gives the server, the
// subscription PUT (caught by the test) with the kinds chosen and the app's language. What a push
// shows is the service worker's `noticeOf` (src/notify/notice.test.ts); here, that the worker
// Workbox makes loads it.
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';

// the app's own service worker is the subject here (the config blocks service workers elsewhere)
test.use({ serviceWorkers: 'allow' });

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/e2e-device-0001';

/** The push manager and notification permission of every page of `context`, kept across reloads. */
async function fakePush(context: BrowserContext): Promise<void> {
  await context.addInitScript((endpoint: string) => {
    const load = () => JSON.parse(sessionStorage.getItem('fake-push') ?? '{}') as Record<string, unknown>;
    const save = (patch: Record<string, unknown>) =>
      sessionStorage.setItem('fake-push', JSON.stringify({ ...load(), ...patch }));
    const sub = {
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe: async () => {
        save({ subscribed: false });
        return true;
      },
    };
    Object.defineProperty(Notification, 'permission', {
      configurable: true,
      get: () => (load().permission as string | undefined) ?? 'default',
    });
    Notification.requestPermission = async () => {
      save({ permission: 'granted', asked: ((load().asked as number | undefined) ?? 0) + 1 });
      return 'granted';
    };
    const manager = {
      getSubscription: async () => (load().subscribed ? sub : null),
      subscribe: async (o: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer | Uint8Array }) => {
        const key = Array.from(new Uint8Array(o.applicationServerKey as ArrayBuffer));
        save({ subscribed: true, options: { userVisibleOnly: o.userVisibleOnly, key } });
        return sub;
      },
    };
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'pushManager', {
      configurable: true,
      get: () => manager,
    });
  }, ENDPOINT);
}

const fakeState = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('fake-push') ?? '{}') as Record<string, unknown>);

/** The server's public key as the bytes `subscribe` must be given. */
function keyBytes(key: string): number[] {
  return [...Buffer.from(key.replace(/-/g, '+').replace(/_/g, '/'), 'base64')];
}

/** The switch of a kind, by its label (the checkbox itself is drawn as a switch). */
const toggle = (page: Page, kind: string) => page.locator(`label[for=notify-${kind}]`);

test('notifications: off by default, a player made on request, each kind given to the server', async ({
  page,
  context,
}) => {
  await fakePush(context);
  const sent: { method: string; body: unknown; auth: string | undefined }[] = [];
  await page.route('**/api/players/me/push', async (route, request: Request) => {
    sent.push({
      method: request.method(),
      body: request.postDataJSON() as unknown,
      auth: (await request.allHeaders()).authorization,
    });
    await route.fulfill({ status: 204 });
  });
  // the app's real service worker (no ?sw=off): the push manager is its registration's
  await page.goto('./#/settings');
  const section = page.getByTestId('notify');
  await expect(section.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // a device without a player: told, and offered one (none made until asked)
  await expect(section.getByTestId('notify-no-player')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('dama.player.v1'))).toBeNull();
  await section.getByTestId('notify-make-player').click();
  const player = section.getByRole('switch');
  await expect(player).toHaveCount(4);
  for (const kind of ['turn', 'offer', 'end', 'joined'])
    await expect(section.getByTestId(`notify-${kind}`)).not.toBeChecked();
  const held = JSON.parse((await page.evaluate(() => localStorage.getItem('dama.player.v1')))!) as {
    id: string;
    secret: string;
  };
  expect((await fakeState(page)).asked).toBeUndefined();

  // "Your move" on: permission asked, subscribed with the server's key, the kinds given
  await toggle(page, 'turn').click();
  await expect(section.getByTestId('notify-turn')).toBeChecked();
  const key = ((await (await page.request.get('api/push/key')).json()) as { publicKey: string }).publicKey;
  const fake = await fakeState(page);
  expect(fake.asked).toBe(1);
  expect(fake.options).toEqual({ userVisibleOnly: true, key: keyBytes(key) });
  expect(sent).toEqual([
    {
      method: 'PUT',
      body: {
        endpoint: ENDPOINT,
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
        kinds: ['turn'],
        lang: 'en',
      },
      auth: `Bearer ${held.id}.${held.secret}`,
    },
  ]);

  // "Game over" too: both kinds, the same subscription, no second question
  await toggle(page, 'end').click();
  await expect(section.getByTestId('notify-end')).toBeChecked();
  expect((sent[1].body as { kinds: string[] }).kinds).toEqual(['turn', 'end']);
  expect((await fakeState(page)).asked).toBe(1);

  // the choice is shown again on the next visit; the language changed goes to the server
  await page.reload();
  await expect(section.getByTestId('notify-turn')).toBeChecked({ timeout: 30_000 });
  await expect(section.getByTestId('notify-end')).toBeChecked();
  await expect(section.getByTestId('notify-offer')).not.toBeChecked();
  await page.getByText('Türkçe', { exact: true }).click();
  await expect(section.getByRole('heading', { name: 'Bildirimler' })).toBeVisible();
  await expect.poll(() => sent.length).toBe(3);
  expect(sent[2].body).toMatchObject({ kinds: ['turn', 'end'], lang: 'tr' });

  // all off: the subscription taken back from the server, and ended in the browser
  await toggle(page, 'turn').click();
  await expect(section.getByTestId('notify-turn')).not.toBeChecked();
  await toggle(page, 'end').click();
  await expect(section.getByTestId('notify-end')).not.toBeChecked();
  await expect.poll(() => sent.length).toBe(5);
  expect(sent[3].body).toMatchObject({ kinds: ['end'] });
  expect(sent[4]).toEqual({
    method: 'DELETE',
    body: { endpoint: ENDPOINT },
    auth: `Bearer ${held.id}.${held.secret}`,
  });
  expect((await fakeState(page)).subscribed).toBe(false);

  // the worker Workbox makes loads the notification part, which is served beside it
  const sw = await (await page.request.get('sw.js')).text();
  expect(sw).toContain('importScripts("push-sw.js")');
  const pushSw = await page.request.get('push-sw.js');
  expect(pushSw.ok()).toBe(true);
  expect(await pushSw.text()).toContain('notificationclick');
});

test('a browser without push is told so, with no switch to try', async ({ page, context }) => {
  await context.addInitScript(() => {
    // @ts-expect-error: a browser without the Push API
    delete window.PushManager;
  });
  await page.goto('./#/settings');
  const section = page.getByTestId('notify');
  await expect(section.getByTestId('notify-unsupported')).toHaveText(
    'This browser cannot show notifications from Dama. Everything else works as usual.',
  );
  await expect(section.getByRole('switch')).toHaveCount(0);
});

test('an iPhone is told to add Dama to the Home Screen first', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'tr-TR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await page.goto('./#/settings');
  const section = page.getByTestId('notify');
  await expect(section.getByTestId('notify-ios')).toContainText('Ana Ekrana Ekle');
  await expect(section.getByRole('switch')).toHaveCount(0);
  await context.close();
});

test('the app’s service worker shows a pushed notice in its language, for its game', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.goto('./#/');
  // `ready` gives the registration once it has an active worker, which may still be activating.
  // One run in CI saw the first push make no notice (its retry passed); a push handed over while
  // the worker activates is the suspect, so the pushes wait for 'activated'.
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated')
      await new Promise<void>((done) =>
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') done();
        }),
      );
  });
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.some((r) => r.scopeURL.startsWith(origin))).toBe(true);
  const reg = registrations.find((r) => r.scopeURL.startsWith(origin))!;
  const push = (data: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: reg.registrationId,
      data: JSON.stringify(data),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    );
  await push({ kind: 'turn', game: 'mNQP196xQa', lang: 'tr', opponent: 'Cesur Kurt 12' });
  await expect.poll(shown).toEqual([
    {
      title: 'Sıra sende',
      body: 'Cesur Kurt 12 hamlesini yaptı. Şimdi sıra sende.',
      tag: 'dama-mNQP196xQa',
      data: { hash: '#/online/mNQP196xQa' },
    },
  ]);
  // the same game's next notice replaces it; data it cannot read still gives a plain one
  await push({ kind: 'end', game: 'mNQP196xQa', lang: 'en', result: 'won', opponent: 'Cesur Kurt 12' });
  await push({ kind: '<script>', game: '../x' });
  await expect.poll(async () => (await shown()).map((n) => n.title).sort()).toEqual(['Dama', 'You won!']);
});
