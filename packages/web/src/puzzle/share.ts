// Sharing a result: the system share sheet where there is one, else the clipboard.

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
