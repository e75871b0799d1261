/**
 * The checkpoints of the match and study scripts: one JSON object a line, appended as each game or
 * position is done.
 */
import { existsSync, readFileSync } from 'node:fs';

/** Every line of `file` as JSON (none when there is no file); a line torn by a cut-off is left out, so its work is done again. */
export function readJsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  const out: T[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      // torn by a cut-off
    }
  }
  return out;
}
