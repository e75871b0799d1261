// `fetch` against the game server beside the page: the one way the app's modules reach its HTTP API
// (the player client, the "Your turn" list, My games), kept apart so that the app's first download
// carries only this and loads the clients with the screens that need them.
import type { Http } from './player/api.ts';

/** The page's address without hash or query (the app may be served from a sub-path). */
export const pageUrl = (): URL => {
  const u = new URL(location.href);
  u.hash = '';
  u.search = '';
  return u;
};

/** `fetch` against the game server beside the page. */
export const browserHttp: Http = async (path, init) => fetch(new URL(path, pageUrl()), init);
