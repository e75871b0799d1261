// What a notification says and opens, from the data the server pushes (`{kind, game, lang,
// opponent?, offer?, result?}`, packages/server/src/push.ts): the service worker calls this and shows
// the result. The data is read as carefully as any answer of the server: a broken or unknown one
// still gives a notice (the browser insists on one for every push), a plain one that opens the app.
import { isObject } from '../lib/guards.ts';
import { pushEn, pushTr, type PushTexts } from '../lib/i18n/push.ts';

export const PUSH_KINDS = ['turn', 'offer', 'end', 'joined'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The push's data, as far as it could be read. */
export interface PushData {
  kind: PushKind;
  game: string;
  lang: 'tr' | 'en';
  opponent?: string;
  offer?: 'draw' | 'takeback';
  result?: 'won' | 'lost' | 'draw';
}

/** A notice to show: its words, what it opens (the app's hash), and the tag that one game's notices share. */
export interface Notice {
  title: string;
  body: string;
  /** '#/online/<game>', or '#/' */
  hash: string;
  /** 'dama-<game>': a newer notice of the same game replaces the older */
  tag: string;
  lang: 'tr' | 'en';
}

const GAME_ID = /^[A-Za-z0-9]{8,16}$/;
/** A name longer than the server ever writes is not shown (nor control characters). */
const MAX_NAME = 60;

function readName(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex
  const clean = v.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim();
  return clean.length > 0 && clean.length <= MAX_NAME ? clean : undefined;
}

/** The push's data, or undefined when it is not one (the parts it may lack are left out). */
export function readPushData(v: unknown): PushData | undefined {
  if (!isObject(v) || !(PUSH_KINDS as readonly unknown[]).includes(v.kind)) return undefined;
  if (typeof v.game !== 'string' || !GAME_ID.test(v.game)) return undefined;
  const lang = v.lang === 'tr' || v.lang === 'en' ? v.lang : undefined;
  if (!lang) return undefined;
  const opponent = readName(v.opponent);
  const offer = v.offer === 'draw' || v.offer === 'takeback' ? v.offer : undefined;
  const result = v.result === 'won' || v.result === 'lost' || v.result === 'draw' ? v.result : undefined;
  return {
    kind: v.kind as PushKind,
    game: v.game,
    lang,
    ...(opponent ? { opponent } : {}),
    ...(offer ? { offer } : {}),
    ...(result ? { result } : {}),
  };
}

/**
 * The notice for a push's data (already parsed from JSON, or anything else): in the data's language,
 * else `fallback` (the browser's).
 */
export function noticeOf(data: unknown, fallback: 'tr' | 'en'): Notice {
  const d = readPushData(data);
  if (!d) {
    const t = fallback === 'tr' ? pushTr : pushEn;
    return { title: t.pushOtherTitle, body: t.pushOtherBody, hash: '#/', tag: 'dama', lang: fallback };
  }
  const t: PushTexts = d.lang === 'tr' ? pushTr : pushEn;
  const at = { hash: `#/online/${d.game}`, tag: `dama-${d.game}`, lang: d.lang };
  const who = d.opponent;
  switch (d.kind) {
    case 'turn':
      return { title: t.pushTurnTitle, body: t.pushTurnBody(who), ...at };
    case 'offer':
      return d.offer === 'takeback'
        ? { title: t.pushTakebackTitle, body: t.pushTakebackBody(who), ...at }
        : { title: t.pushDrawTitle, body: t.pushDrawBody(who), ...at };
    case 'end': {
      const title =
        d.result === 'won'
          ? t.pushWonTitle
          : d.result === 'lost'
            ? t.pushLostTitle
            : d.result === 'draw'
              ? t.pushDrawnTitle
              : t.pushEndTitle;
      return { title, body: t.pushEndBody(who), ...at };
    }
    case 'joined':
      return { title: t.pushJoinedTitle, body: t.pushJoinedBody, ...at };
  }
}

/** The language of a notice whose data says none: the browser's. */
export const browserLang = (languages: readonly string[] | undefined): 'tr' | 'en' =>
  (languages?.[0] ?? '').toLowerCase().startsWith('tr') ? 'tr' : 'en';
