// A kept game in words, for every screen that lists or shows one (My games, the replay, online play,
// watching): who it was against, how it ended, and why.
import { capitalize, reasonKey, type Catalog, type Lang } from './i18n/index.ts';
import { resultTitle } from './result.ts';
import { isOnlineRecord, type GameRecord, type RecordReason } from './record.ts';

/** The words a record is told in: the player's catalogue and language. */
export interface RecordWords {
  readonly trans: Catalog;
  readonly lang: Lang;
}

/** What a record is, in a few words: 'Against the computer (Learner)', 'Online game', 'Imported game', … */
export function recordTitle(ctrl: RecordWords, r: GameRecord): string {
  const t = ctrl.trans;
  if (isOnlineRecord(r)) return r.online?.opponent ? t.vsPerson(r.online.opponent) : t.onlineTitle;
  if (!r.setup) return t.imported;
  return r.setup.mode === 'computer'
    ? capitalize(t.vsComputer(t[`level_${r.setup.level}`]), ctrl.lang)
    : t.twoPlayerGame;
}

/** Why a game ended, in words; a win by abandonment, told to the player who left, says so. */
export function reasonText(t: Catalog, reason: RecordReason, leftByYou = false): string {
  if (reason === 'abandoned' && leftByYou) return t.reasonAbandonedYou;
  const text = t[reasonKey(reason)] as unknown;
  // a reason this version does not know (a newer server's) is left unsaid
  return typeof text === 'string' ? text : '';
}

/**
 * 'You win! · on time (1-0)', 'Your friend won · by resignation (1-0)', 'Draw · by agreement
 * (1/2-1/2)', or the bare result of an unfinished record.
 */
export function outcomeText(ctrl: RecordWords, r: GameRecord): string {
  const t = ctrl.trans;
  const winner = r.result === '1-0' ? 'white' : r.result === '0-1' ? 'black' : undefined;
  if (r.unfinished) return t.unfinishedGame;
  if (r.result === '*' || !r.reason) return r.result;
  const you = r.online?.color;
  const opponent = r.online?.opponent;
  const title = you
    ? winner === undefined
      ? t.drawn
      : winner === you
        ? t.recordYouWon
        : opponent
          ? t.recordOpponentWon(opponent)
          : t.recordFriendWon
    : // the title reads only the winner
      resultTitle(
        t,
        { winner, reason: 'resignation' },
        r.setup?.mode === 'computer' ? r.setup.playerColor : undefined,
      );
  const why = reasonText(t, r.reason, you !== undefined && winner !== undefined && winner !== you);
  const result = `(${r.result.replace(/-/g, '\u2011')})`;
  return why ? `${title} · ${why} ${result}` : `${title} ${result}`;
}
