// The identity client as the browser page uses it: `fetch` against the game server beside the page,
// over the app's one store. Pairing (issue 42) asks it for the player the same way the profile does:
// `browserIdentity(store).ensure()`.
import type { Store } from '../lib/storage.ts';
import { PlayerApi, type Http } from './api.ts';
import { IdentityClient } from './identity.ts';

/** The page's address without hash or query (the app may be served from a sub-path). */
export const pageUrl = (): URL => {
  const u = new URL(location.href);
  u.hash = '';
  u.search = '';
  return u;
};

/** `fetch` against the game server beside the page. */
export const browserHttp: Http = async (path, init) => fetch(new URL(path, pageUrl()), init);

/** An identity client over the app's store. */
export const browserIdentity = (store: Store): IdentityClient =>
  new IdentityClient(store, new PlayerApi(browserHttp));
