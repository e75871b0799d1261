// The two languages and how one is chosen: the kept choice, else Turkish when the browser says
// Turkish, else English.
import { en, type Catalog } from './en.ts';
import { tr } from './tr.ts';

export type { Catalog } from './en.ts';
export { reasonKey } from './en.ts';

export const LANGS = ['tr', 'en'] as const;
export type Lang = (typeof LANGS)[number];

const catalogs: Record<Lang, Catalog> = { tr, en };

export const catalog = (lang: Lang): Catalog => catalogs[lang];

/** 'tr' when the browser's preferred language is Turkish, 'en' otherwise. */
export function detectLang(languages: readonly string[] | undefined): Lang {
  const first = languages?.[0] ?? '';
  return first.toLowerCase().startsWith('tr') ? 'tr' : 'en';
}

/** Upper case with the language's own rules (Turkish: i → İ, ı → I). */
export const upper = (text: string, lang: Lang): string => text.toLocaleUpperCase(lang);

/** Lower case with the language's own rules (Turkish: I → ı, İ → i). */
export const lower = (text: string, lang: Lang): string => text.toLocaleLowerCase(lang);

/** The first letter in upper case, with the language's rules ('iki' → 'İki' in Turkish). */
export const capitalize = (text: string, lang: Lang): string =>
  text.length === 0 ? text : upper(text[0], lang) + text.slice(1);
