/**
 * `--until HH:MM` of the match scripts (strength.ts, ladder.ts): the UTC time after which no game
 * starts. A time of day already past today means tomorrow's, so a run started at 23:40 with
 * `--until 00:10` plays for 30 minutes.
 */

/** The deadline in ms since the epoch (Infinity without `--until`), or an error message. */
export function parseUntil(text: string | undefined, now: number = Date.now()): number | string {
  if (text === undefined) return Infinity;
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const h = match ? Number(match[1]) : NaN;
  const m = match ? Number(match[2]) : NaN;
  if (!(h >= 0 && h <= 23 && m >= 0 && m <= 59)) return `--until must be HH:MM (UTC), not ${text}`;
  const d = new Date(now);
  d.setUTCHours(h, m, 0, 0);
  if (d.getTime() <= now) d.setUTCDate(d.getUTCDate() + 1);
  return d.getTime();
}

/** `parseUntil` for a script: prints the error and exits with status 2. */
export function untilOrExit(script: string, text: string | undefined): number {
  const deadline = parseUntil(text);
  if (typeof deadline === 'string') {
    console.error(`${script}: ${deadline}`);
    process.exit(2);
  }
  return deadline;
}
