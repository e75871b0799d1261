/**
 * A player identity without sign-up: the first time a device goes online for pairing or ratings,
 * it is given a player id and a secret (kept in the browser), and a name made of two words from
 * fixed lists and a number ("Hızlı Kartal 417"). No free text, so no name needs moderation. The
 * secret is stored only as a hash. A one-time transfer code, shown on the old device and typed on
 * the new one, moves the identity to another phone.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Color } from '@dama/core';
import type { Rating, Speed } from './rating.ts';

/** The first word of a name. */
export const ADJECTIVES = [
  'Atik',
  'Becerikli',
  'Bilge',
  'Canlı',
  'Cesur',
  'Cömert',
  'Çalışkan',
  'Çevik',
  'Derin',
  'Dürüst',
  'Gizemli',
  'Güçlü',
  'Hızlı',
  'Kararlı',
  'Keskin',
  'Kurnaz',
  'Meraklı',
  'Mert',
  'Nazik',
  'Neşeli',
  'Olgun',
  'Özgür',
  'Parlak',
  'Sabırlı',
  'Sakin',
  'Sessiz',
  'Sevimli',
  'Şanslı',
  'Tatlı',
  'Usta',
  'Uyanık',
  'Yaman',
  'Yiğit',
  'Zeki',
] as const;

/** The second word of a name. */
export const NOUNS = [
  'Akbaba',
  'Aslan',
  'Atmaca',
  'Ayı',
  'Baykuş',
  'Bulut',
  'Ceylan',
  'Çınar',
  'Dağ',
  'Deniz',
  'Doğan',
  'Irmak',
  'Kaplan',
  'Kartal',
  'Kaya',
  'Kunduz',
  'Kurt',
  'Leylek',
  'Martı',
  'Meşe',
  'Panter',
  'Pars',
  'Rüzgâr',
  'Sincap',
  'Şahin',
  'Şimşek',
  'Tilki',
  'Turna',
  'Yıldız',
  'Yunus',
] as const;

export type Adjective = (typeof ADJECTIVES)[number];
export type Noun = (typeof NOUNS)[number];

export interface PlayerName {
  adjective: Adjective;
  noun: Noun;
  /** 1 to 999, so that two players with the same words are told apart. */
  number: number;
}

export const nameText = (n: PlayerName): string => `${n.adjective} ${n.noun} ${n.number}`;

export function randomName(): PlayerName {
  return {
    adjective: ADJECTIVES[randomInt(ADJECTIVES.length)],
    noun: NOUNS[randomInt(NOUNS.length)],
    number: randomInt(1, 1000),
  };
}

/** A name from the lists, or undefined when a word is not in them. */
export function chosenName(
  adjective: string,
  noun: string,
  number = randomInt(1, 1000),
): PlayerName | undefined {
  const a = ADJECTIVES.find((w) => w === adjective);
  const n = NOUNS.find((w) => w === noun);
  if (!a || !n || !Number.isInteger(number) || number < 1 || number > 999) return undefined;
  return { adjective: a, noun: n, number };
}

/** A player as stored. */
export interface PlayerRecord {
  id: string;
  /**
   * SHA-256 of each device's secret (a secret is 144 random bits: a slow hash would add nothing).
   * A transfer adds one; the oldest goes past `MAX_DEVICES`.
   */
  secrets: string[];
  name: PlayerName;
  created: number;
  seen: number;
  /** Ratings by speed, for the speeds played rated (none before the first rated game). */
  ratings?: Partial<Record<Speed, Rating>>;
  /** When paired games aborted because this player did not make a first move (the pairing pause). */
  aborts?: number[];
  /** This player's colours in their last paired games, oldest first (the colour balance). */
  colors?: Color[];
  /** Players this player will never be paired with. */
  blocked?: string[];
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const PLAYER_ID = /^[A-Za-z0-9]{12}$/;
export const PLAYER_SECRET = /^[A-Za-z0-9_-]{24}$/;

export const newPlayerId = (): string =>
  Array.from({ length: 12 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
export const newSecret = (): string => randomBytes(18).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const MAX_DEVICES = 10;

/** Whether `secret` is one of the player's devices', each compared in constant time. */
export function secretMatches(rec: PlayerRecord, secret: string): boolean {
  if (!PLAYER_SECRET.test(secret)) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  let found = false;
  for (const h of rec.secrets) {
    const b = Buffer.from(h, 'hex');
    if (a.length === b.length && timingSafeEqual(a, b)) found = true;
  }
  return found;
}

/**
 * Transfer codes: 8 symbols from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
 * `K7PX-3MQ2`: 40 bits, valid once and for `TRANSFER_TTL`, tried at most a few times a minute per
 * address (the HTTP route's limit).
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TRANSFER_TTL = 10 * 60_000;

export function newTransferCode(): string {
  const s = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** A code as typed (any case, spaces or a dash anywhere) in its stored form, or undefined. */
export function normalCode(typed: string): string | undefined {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== 8 || [...s].some((c) => !CODE_ALPHABET.includes(c))) return undefined;
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** What a player may see of an identity: everything but the secret's hash. */
export interface PublicPlayer {
  id: string;
  name: string;
  words: PlayerName;
  created: number;
}

export const publicPlayer = (p: PlayerRecord): PublicPlayer => ({
  id: p.id,
  name: nameText(p.name),
  words: p.name,
  created: p.created,
});
