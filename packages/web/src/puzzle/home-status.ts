// Today's puzzle on the home screen: not yet / started / solved / failed, and the streak, read from
// the puzzle record on the device (never written here).
import { istanbulDate, MAX_TRIES, parseStore, streakSummary } from '@dama/puzzle';
import type { Catalog } from '../lib/i18n/index.ts';
import { LocalStore, type KeyValue } from '../lib/storage.ts';
import { PUZZLE_KEY } from './store.ts';

export type HomeStatus = 'unplayed' | 'started' | 'solved' | 'failed';

export interface HomePuzzle {
  status: HomeStatus;
  streak: number;
  /** The two lines the card shows. */
  text: string;
  streakText: string;
}

export function homePuzzle(kv: KeyValue | undefined, now: number, t: Catalog): HomePuzzle {
  const today = istanbulDate(new Date(now));
  const { store } = parseStore(new LocalStore(kv, () => now).loadText(PUZZLE_KEY), today);
  const summary = streakSummary(store, today);
  const r = store.days[today];
  const status: HomeStatus = !r ? 'unplayed' : r.solved ? 'solved' : r.failed ? 'failed' : 'started';
  const text =
    status === 'solved'
      ? t.homePuzzleSolved
      : status === 'failed'
        ? t.homePuzzleFailed
        : status === 'started'
          ? t.homePuzzleStarted(MAX_TRIES - (r?.tries ?? 0))
          : t.homePuzzleNotYet;
  return { status, streak: summary.current, text, streakText: t.homePuzzleStreak(summary.current) };
}
