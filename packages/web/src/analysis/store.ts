// Reviews kept on the device, beside the game records: one JSON object under a versioned key, a
// review per record id. A review is only used for the game it was made of (readReview checks the
// moves), reviews of games no longer in the list are dropped when one is saved, and an unreadable
// value is moved aside like the app's other stored values, so nothing is lost.
import { isObject } from '../lib/guards.ts';
import { asideKey, type KeyValue } from '../lib/storage.ts';
import type { Review } from './review.ts';

export const REVIEWS_KEY = 'dama.reviews.v1';

function readAll(kv: KeyValue | undefined, now: number): Record<string, unknown> {
  let text: string | null = null;
  try {
    text = kv?.getItem(REVIEWS_KEY) ?? null;
  } catch {
    return {};
  }
  if (text === null) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (isObject(v)) return v;
  } catch {
    // fall through: set aside
  }
  try {
    kv?.setItem(asideKey(REVIEWS_KEY, now), text);
    kv?.removeItem(REVIEWS_KEY);
  } catch {
    // nothing more to do
  }
  return {};
}

/** The kept review of a record (unchecked: `readReview` checks it against the game). */
export function loadReview(kv: KeyValue | undefined, recordId: string, now = Date.now()): unknown {
  return readAll(kv, now)[recordId];
}

/** Keep a review; `keep` lists the record ids still on the device. False when storage refuses. */
export function saveReview(
  kv: KeyValue | undefined,
  recordId: string,
  review: Review,
  keep: readonly string[],
  now = Date.now(),
): boolean {
  const all = readAll(kv, now);
  const next: Record<string, unknown> = {};
  for (const id of keep) if (id in all) next[id] = all[id];
  next[recordId] = review;
  try {
    kv?.setItem(REVIEWS_KEY, JSON.stringify(next));
    return kv !== undefined;
  } catch {
    return false;
  }
}
