import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToServiceWorker } from './sw-client.ts';

let container: EventTarget;

beforeEach(() => {
  container = new EventTarget();
  vi.stubGlobal('navigator', { serviceWorker: container });
});
afterEach(() => {
  vi.unstubAllGlobals();
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
