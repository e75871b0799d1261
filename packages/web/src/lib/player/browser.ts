// The identity client as the browser page uses it: `fetch` against the game server beside the page,
// over the app's one store. Pairing (issue 42) asks it for the player the same way the profile does:
// `browserIdentity(store).ensure()`.
import { browserHttp } from '../http.ts';
import type { LocalStore } from '../storage.ts';
import { PlayerApi } from './api.ts';
import { IdentityClient } from './identity.ts';

export { browserHttp, pageUrl } from '../http.ts';

/** An identity client over the app's store. */
export const browserIdentity = (store: LocalStore): IdentityClient =>
  new IdentityClient(store, new PlayerApi(browserHttp));
