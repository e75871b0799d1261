// Dates as people read them, in the app's two languages.
import type { Lang } from './index.ts';

const dateOf = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

const locale = (lang: Lang): string => (lang === 'tr' ? 'tr-TR' : 'en-GB');

/** A date 'YYYY-MM-DD' as people read it: '30 Kasım 2026', '30 November 2026'. */
export const formatDate = (date: string, lang: Lang): string =>
  new Intl.DateTimeFormat(locale(lang), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(dateOf(date));

/** The day of the week: 'Pazartesi', 'Monday'. */
export const weekday = (date: string, lang: Lang): string =>
  new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', weekday: 'long' }).format(dateOf(date));

/** '#12'; before the first puzzle day (a preview) there is no number, so the date stands in. */
export const numberLabel = (number: number, date: string, lang: Lang): string =>
  number >= 1 ? `#${number}` : formatDate(date, lang);
