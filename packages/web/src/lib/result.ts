// How a game's result is said, from a side's point of view: shared by every screen that ends or
// lists games (the game, online play, watching, My games).
import type { Color, Outcome } from '@dama/core';
import type { Catalog } from './i18n/index.ts';

/** 'You win!', 'You lose', 'White wins', 'Draw': from `human`'s side when there is one. */
export function resultTitle(t: Catalog, o: Outcome, human: Color | undefined): string {
  if (o.winner === undefined) return t.drawn;
  if (human) return o.winner === human ? t.youWin : t.youLose;
  return o.winner === 'white' ? t.winsWhite : t.winsBlack;
}

/** 'White wins — all pieces taken', 'You win! — on time', 'Draw — by agreement'. */
export function resultLine(t: Catalog, o: Outcome, human: Color | undefined): string {
  return `${resultTitle(t, o, human)} — ${t[`reason_${o.reason.replace(/-/g, '_')}` as 'reason_blocked']}`;
}
