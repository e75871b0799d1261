// The bests of the streak and the storm on the device (`dama.puzzle-runs.v1`): @dama/puzzle's
// `RunBests` as JSON, through the shared storage. A record that cannot be read, or only in part,
// is first moved aside like the app's other unreadable values (so nothing is lost); what could be
// read is kept and written back, and the screen is told, to say so calmly. The other records
// (the daily streak, training) are never touched.
import { emptyRuns, validateRuns, type RunBests } from '@dama/puzzle';
import { KEYS, LocalStore, type KeyValue } from '../lib/storage.ts';

export const RUNS_KEY = KEYS.puzzleRuns;

export interface LoadedRuns {
  record: RunBests;
  /** The stored record was damaged: it was set aside, and what could be read is kept. */
  trouble: boolean;
}

export function loadRuns(kv: KeyValue | undefined, now: number): LoadedRuns {
  const { value, trouble } = new LocalStore(kv, () => now).loadRepaired(
    RUNS_KEY,
    (raw) => {
      const { record, problem } = validateRuns(raw);
      return { value: record, problem };
    },
    emptyRuns,
  );
  return { record: value, trouble };
}

/** Write the record; false when the device refuses (private mode, full storage). */
export function saveRuns(kv: KeyValue | undefined, record: RunBests): boolean {
  return new LocalStore(kv).saveText(RUNS_KEY, JSON.stringify(record));
}

/**
 * Keep a better result: read what is stored now (another tab may have run meanwhile), apply
 * `change`, and write only when it changed something. Returns the record as it now stands.
 */
export function keepRuns(kv: KeyValue | undefined, now: number, change: (r: RunBests) => RunBests): RunBests {
  const latest = loadRuns(kv, now).record;
  const next = change(latest);
  if (JSON.stringify(next) !== JSON.stringify(latest)) saveRuns(kv, next);
  return next;
}
