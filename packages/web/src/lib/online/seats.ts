// The seat tokens this device holds, by game id: the way back into a game after a reload, even
// from the short link without a token. Kept in the one store (a bad value is set aside, not lost).
import { isObject } from '../guards.ts';
import { KEYS, type LocalStore } from '../storage.ts';

const MAX_SEATS = 50;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const ID = /^[A-Za-z0-9]{8,16}$/;

export interface SeatBook {
  get(id: string): string | undefined;
  set(id: string, token: string): void;
}

type Seats = [string, string][];

function readSeats(v: unknown): Seats | undefined {
  if (!isObject(v) || !Array.isArray(v.seats)) return undefined;
  const out: Seats = [];
  for (const e of v.seats) {
    if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'string') return undefined;
    if (!ID.test(e[0]) || !TOKEN.test(e[1])) return undefined;
    out.push([e[0], e[1]]);
  }
  return out;
}

export function seatBook(store: LocalStore): SeatBook {
  const load = (): Seats => {
    const r = store.load(KEYS.online, readSeats);
    return r.status === 'ok' ? r.value : [];
  };
  return {
    get: (id) => load().find(([g]) => g === id)?.[1],
    set: (id, token) => {
      if (!ID.test(id) || !TOKEN.test(token)) return;
      const seats = [[id, token] as [string, string], ...load().filter(([g]) => g !== id)].slice(
        0,
        MAX_SEATS,
      );
      store.save(KEYS.online, { seats });
    },
  };
}
