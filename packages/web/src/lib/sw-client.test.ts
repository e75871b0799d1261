import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToServiceWorker, registerServiceWorker } from './sw-client.ts';

// Stand-ins for the browser's service-worker objects, driven by hand: each test plays one order of
// events that a real browser can produce.
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
  constructor(private reg: FakeRegistration) {
    super();
  }
  register(): Promise<FakeRegistration> {
    return Promise.resolve(this.reg);
  }
}

let reg: FakeRegistration;
let container: FakeContainer;
let page: EventTarget;
let reload: ReturnType<typeof vi.fn>;
let applies: (() => void)[];

beforeEach(() => {
  reg = new FakeRegistration();
  container = new FakeContainer(reg);
  page = new EventTarget();
  reload = vi.fn();
  applies = [];
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', { baseURI: 'http://dama.test/' });
  vi.stubGlobal('location', { reload });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Register as the app does on `load`, and let the registration promise settle. */
async function start(): Promise<void> {
  registerServiceWorker((apply) => applies.push(apply));
  page.dispatchEvent(new Event('load'));
  await new Promise((ok) => setTimeout(ok, 0));
}

describe('the update prompt', () => {
  it('is offered for a worker that was already installing when the page registered', async () => {
    container.controller = new FakeWorker('activated');
    const next = new FakeWorker('installing');
    reg.installing = next; // updatefound fired before the listener was attached
    await start();
    expect(applies).toHaveLength(0);
    next.become('installed');
    expect(applies).toHaveLength(1);
  });

  it('is offered for a worker found later, and for one already waiting, once each', async () => {
    container.controller = new FakeWorker('activated');
    const waiting = new FakeWorker('installed');
    reg.waiting = waiting;
    await start();
    expect(applies).toHaveLength(1);
    const next = new FakeWorker('installing');
    reg.installing = next;
    reg.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    expect(applies).toHaveLength(2);
  });

  it('is not offered on a first install (no old version controls the page)', async () => {
    const first = new FakeWorker('installing');
    reg.installing = first;
    await start();
    first.become('installed');
    expect(applies).toHaveLength(0);
  });

  it('asks the waiting worker to take over and reloads once, on whichever signal comes first', async () => {
    const old = new FakeWorker('activated');
    container.controller = old;
    const next = new FakeWorker('installed');
    reg.waiting = next;
    await start();
    applies[0]();
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    // the worker activates; controllerchange may come before or after its statechange
    next.become('activated');
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads on controllerchange alone', async () => {
    container.controller = new FakeWorker('activated');
    const next = new FakeWorker('installed');
    reg.waiting = next;
    await start();
    applies[0]();
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the new version already controls the page (taken in another tab)', async () => {
    container.controller = new FakeWorker('activated');
    const next = new FakeWorker('installed');
    reg.waiting = next;
    await start();
    // another tab took the update: this page's controller changed before its button was pressed
    next.become('activated');
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    applies[0]();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next.posted).toEqual([]);
  });
});

describe('a tapped notification', () => {
  it('opens the game it names in the open page, and nothing else', () => {
    const opened: string[] = [];
    listenToServiceWorker((hash) => opened.push(hash));
    const say = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));
    say({ type: 'dama-open', hash: '#/online/AbCdEfGh12' });
    say({ type: 'dama-open', hash: 'javascript:alert(1)' });
    say({ type: 'dama-open', hash: '#/online/AbCdEfGh12/token' });
    say({ type: 'other', hash: '#/online/AbCdEfGh12' });
    say('dama-open');
    say(null);
    expect(opened).toEqual(['#/online/AbCdEfGh12']);
  });
});
