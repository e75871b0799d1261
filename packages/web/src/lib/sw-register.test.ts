import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { registerServiceWorker } from './sw-register.ts';

// vite-plugin-pwa's registration, as the app sees it: the options the app gives `registerSW` are
// kept, and each test calls them in one order of events that the plugin (workbox-window) and a real
// browser can produce. Its `updateSW()` does what Workbox's does: it posts SKIP_WAITING to the
// registration's waiting worker.
const plugin = vi.hoisted(() => ({
  options: undefined as RegisterSWOptions | undefined,
  registrations: 0,
  updates: 0,
}));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: RegisterSWOptions) => {
    plugin.options = options;
    plugin.registrations++;
    return async () => {
      plugin.updates++;
      reg.waiting?.postMessage({ type: 'SKIP_WAITING' });
    };
  },
}));

// Stand-ins for the browser's service-worker objects, driven by hand.
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
}

let reg: FakeRegistration;
let container: FakeContainer;
let reload: ReturnType<typeof vi.fn>;
let applies: (() => void)[];

beforeEach(() => {
  reg = new FakeRegistration();
  container = new FakeContainer();
  reload = vi.fn();
  applies = [];
  plugin.options = undefined;
  plugin.registrations = 0;
  plugin.updates = 0;
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('location', { reload });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Register as the app does; the plugin's hooks are then the test's to call. */
function start(): Required<Pick<RegisterSWOptions, 'onNeedRefresh' | 'onNeedReload'>> & {
  registered: () => void;
} {
  registerServiceWorker((apply) => applies.push(apply));
  const o = plugin.options!;
  return {
    onNeedRefresh: () => o.onNeedRefresh?.(),
    onNeedReload: () => o.onNeedReload?.(),
    registered: () => o.onRegisteredSW?.('./sw.js', reg as unknown as ServiceWorkerRegistration),
  };
}

/** The new version takes control of the page (the browser's controllerchange). */
function takeControl(next: FakeWorker): void {
  next.become('activated');
  container.controller = next;
  container.dispatchEvent(new Event('controllerchange'));
}

describe('the update prompt', () => {
  it('registers through the plugin, and not at all without service workers', () => {
    start();
    expect(plugin.registrations).toBe(1);
    vi.stubGlobal('navigator', {});
    registerServiceWorker(() => {});
    expect(plugin.registrations).toBe(1);
  });

  it('is offered when the plugin finds a new version waiting, once', () => {
    container.controller = new FakeWorker('activated');
    reg.waiting = new FakeWorker('installed');
    const hooks = start();
    expect(applies).toHaveLength(0);
    hooks.onNeedRefresh();
    hooks.registered();
    hooks.onNeedRefresh();
    expect(applies).toHaveLength(1);
  });

  it('is offered for a worker that was already installing when the page registered', () => {
    container.controller = new FakeWorker('activated');
    const next = new FakeWorker('installing');
    reg.installing = next; // updatefound fired before workbox-window listened: the plugin misses it
    const hooks = start();
    hooks.registered();
    expect(applies).toHaveLength(0);
    reg.installing = null;
    reg.waiting = next;
    next.become('installed');
    expect(applies).toHaveLength(1);
  });

  it('is offered for a worker already waiting when the registration resolved', () => {
    container.controller = new FakeWorker('activated');
    reg.waiting = new FakeWorker('installed');
    start().registered();
    expect(applies).toHaveLength(1);
  });

  it('is not offered on a first install (no old version controls the page)', () => {
    const first = new FakeWorker('installing');
    reg.installing = first;
    start().registered();
    first.become('installed');
    expect(applies).toHaveLength(0);
  });

  it('asks the waiting worker to take over and reloads once, on whichever signal comes first', () => {
    container.controller = new FakeWorker('activated');
    const next = new FakeWorker('installed');
    reg.waiting = next;
    const hooks = start();
    hooks.registered();
    applies[0]();
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    // the worker activates; controllerchange and the plugin's onNeedReload follow, in either order
    takeControl(next);
    hooks.onNeedReload();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads on controllerchange alone, on activated alone, and on the plugin’s onNeedReload alone', () => {
    for (const signal of ['controllerchange', 'activated', 'plugin'] as const) {
      reload.mockClear();
      applies = [];
      container = new FakeContainer();
      container.controller = new FakeWorker('activated');
      vi.stubGlobal('navigator', { serviceWorker: container });
      reg = new FakeRegistration();
      const next = new FakeWorker('installed');
      reg.waiting = next;
      const hooks = start();
      hooks.registered();
      applies[0]();
      if (signal === 'controllerchange') {
        container.controller = next;
        container.dispatchEvent(new Event('controllerchange'));
      } else if (signal === 'activated') next.become('activated');
      else hooks.onNeedReload();
      expect(reload, signal).toHaveBeenCalledTimes(1);
    }
  });

  it('reloads at once when the new version already controls the page (taken in another tab)', () => {
    container.controller = new FakeWorker('activated');
    const next = new FakeWorker('installed');
    reg.waiting = next;
    const hooks = start();
    hooks.registered();
    hooks.onNeedRefresh();
    // another tab took the update: this page's controller changed before its button was pressed,
    // and the plugin, which would reload the page there and then, leaves it to the player
    reg.waiting = null;
    takeControl(next);
    hooks.onNeedReload();
    expect(reload).not.toHaveBeenCalled();
    applies[0]();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next.posted).toEqual([]);
    expect(plugin.updates).toBe(0);
  });
});
