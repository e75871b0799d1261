// Sharing a result: the system share sheet where there is one, else the clipboard. The text ends
// with the link that opens the same day's puzzle.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The parts of `navigator` used here (a fake in tests). */
export interface ShareTarget {
  share?: (data: { text: string }) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
}

export async function shareText(text: string, nav: ShareTarget | undefined): Promise<ShareOutcome> {
  if (nav?.share) {
    try {
      await nav.share({ text });
      return 'shared';
    } catch (e) {
      // The player closed the sheet: nothing to report. Anything else: try the clipboard.
      if (e instanceof Error && e.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!nav?.clipboard) return 'failed';
    await nav.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/**
 * The address that opens a day's puzzle: the app's page (`location.origin + location.pathname`) with
 * the puzzle route and the day, `#/puzzle?date=YYYY-MM-DD` (the puzzle page opens that day's puzzle:
 * the daily one when it is the reader's today, else the archive's). The date is Istanbul's, as the
 * puzzle's number is, so the link opens the same puzzle for everyone.
 */
export function puzzleLink(page: string, date: string): string {
  return `${page}#/puzzle?date=${encodeURIComponent(date)}`;
}

/** The day a puzzle link names (`date=YYYY-MM-DD` in the hash's query), if it names one. */
export function linkedDate(hash: string): string | undefined {
  const q = /^#\/?puzzle\?(.*)$/.exec(hash);
  const date = q ? new URLSearchParams(q[1]).get('date') : null;
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

/** The text to share with its link on a line of its own (a share sheet and a chat make it a link). */
export function withLink(text: string, link: string | undefined): string {
  return link ? `${text}\n${link}` : text;
}
