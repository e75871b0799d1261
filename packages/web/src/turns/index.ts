// The "Your turn" list's controller over the app's store and the server beside the page: loaded by
// the app when the home screen is first shown, so that the player client it uses stays out of the
// app's first download.
import type { Http } from '../lib/player/api.ts';
import { PlayerApi } from '../lib/player/api.ts';
import { IdentityClient } from '../lib/player/identity.ts';
import type { LocalStore } from '../lib/storage.ts';
import { correspondenceBook } from '../lib/online/corr.ts';
import { seatBook } from '../lib/online/seats.ts';
import { TurnsCtrl } from './ctrl.ts';

export function makeTurns(store: LocalStore, http: Http, now: () => number, redraw: () => void): TurnsCtrl {
  const api = new PlayerApi(http);
  return new TurnsCtrl({
    identity: new IdentityClient(store, api),
    api,
    seats: seatBook(store),
    correspondence: correspondenceBook(store),
    now,
    redraw,
  });
}
