// The correspondence games this device has a seat in (made by link, or paired and opened here), by
// game id with the seat's colour: the home screen's "Your turn" list reads their snapshots, so that
// a game by link (which the server lists for no player) is found again. Kept in the one store (a bad
// value is set aside, not lost); a game is forgotten once it is over.
import type { Color } from '@dama/core';
import { isObject } from '../guards.ts';
import { KEYS, type LocalStore } from '../storage.ts';
import { GAME_ID } from './read.ts';

/** Games kept at most (the oldest go first). */
const MAX_GAMES = 50;

export interface CorrespondenceGame {
  id: string;
  color: Color;
}

export interface CorrespondenceBook {
  list(): CorrespondenceGame[];
  /** a game this device plays (a no-op when it is kept already) */
  keep(id: string, color: Color): void;
  forget(id: string): void;
}

export function readCorrespondence(v: unknown): CorrespondenceGame[] | undefined {
  if (!isObject(v) || !Array.isArray(v.games) || v.games.length > MAX_GAMES) return undefined;
  const out: CorrespondenceGame[] = [];
  for (const g of v.games) {
    if (!isObject(g) || typeof g.id !== 'string' || !GAME_ID.test(g.id)) return undefined;
    if (g.color !== 'white' && g.color !== 'black') return undefined;
    if (!out.some((x) => x.id === g.id)) out.push({ id: g.id, color: g.color });
  }
  return out;
}

export function correspondenceBook(store: LocalStore): CorrespondenceBook {
  const load = (): CorrespondenceGame[] => {
    const r = store.load(KEYS.correspondence, readCorrespondence);
    return r.status === 'ok' ? r.value : [];
  };
  const save = (games: CorrespondenceGame[]) => store.save(KEYS.correspondence, { games });
  return {
    list: load,
    keep: (id, color) => {
      if (!GAME_ID.test(id)) return;
      const games = load();
      if (games.some((g) => g.id === id && g.color === color)) return;
      save([{ id, color }, ...games.filter((g) => g.id !== id)].slice(0, MAX_GAMES));
    },
    forget: (id) => {
      const games = load();
      if (games.some((g) => g.id === id)) save(games.filter((g) => g.id !== id));
    },
  };
}
