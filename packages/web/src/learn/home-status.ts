// The Learn card on the home screen: how many levels are done, read from the record on the device
// (never written here, and an unreadable record is left for the Learn screen to set aside).
import type { Catalog } from '../lib/i18n/index.ts';
import { LocalStore, type KeyValue } from '../lib/storage.ts';
import { doneCount, LEARN_KEY, readProgress } from './progress.ts';

export function homeLearn(
  kv: KeyValue | undefined,
  t: Catalog,
): { done: number; total: number; text: string } {
  let stars = {};
  try {
    const text = new LocalStore(kv).loadText(LEARN_KEY);
    stars = (text === null ? undefined : readProgress(JSON.parse(text)))?.stars ?? {};
  } catch {
    // unreadable: counted as nothing done
  }
  const { done, total } = doneCount({ stars });
  return { done, total, text: t.learnCardProgress(done, total) };
}
