// What went wrong with a call of the player API, as a sentence (the profile, the lobby).
import type { Catalog } from '../i18n/index.ts';
import type { PlayerError } from './api.ts';

/** What went wrong, as a sentence. */
export function errorText(t: Catalog, e: PlayerError | 'typed'): string {
  switch (e) {
    case 'offline':
      return t.playerErrorOffline;
    case 'timeout':
      return t.playerErrorTimeout;
    case 'busy':
      return t.playerErrorBusy;
    case 'rate-limited':
      return t.playerErrorRateLimited;
    case 'too-many-players':
      return t.playerErrorTooMany;
    case 'not-a-player':
      return t.playerErrorNotAPlayer;
    case 'unknown-code':
      return t.playerErrorUnknownCode;
    case 'unknown-game':
      return t.onlineUnknown;
    case 'bad-code':
    case 'typed':
      return t.playerCodeBad;
    case 'bad-name':
      return t.playerErrorBadName;
    case 'bad-answer':
      return t.playerErrorBadAnswer;
    case 'server':
      return t.playerErrorServer;
  }
}
