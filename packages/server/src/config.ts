/** The server's settings from the environment, and the store and bus they choose. */
import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LocalBus, RedisBus, type Bus } from './bus.ts';
import { DEFAULT_HUB_LIMITS, type HubLimits } from './hub.ts';
import type { PlayerLimits } from './player-api.ts';
import { PgStore } from './store-pg.ts';
import { CHECKPOINT_EVERY, SqliteStore, type GameStore } from './store.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_ROOT = resolve(here, '../../web/dist');
export const DEFAULT_DB_FILE = resolve(here, '../data/dama.sqlite');

/** pino's levels; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The proxies in front of the server, in Fastify's (proxy-addr's) terms: none; how many hops (1:
 * one load balancer, whose view of the client, the right-most `X-Forwarded-For` entry, is taken);
 * or the proxies' addresses and CIDRs. Never `true`: that takes the left-most entry, which the
 * client writes itself.
 */
export type TrustProxy = false | number | string[];

export interface Config {
  host: string;
  port: number;
  webRoot: string;
  /** PostgreSQL connection string; the SQLite file otherwise. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** The SQLite checkpointer's period (`DAMA_CHECKPOINT_MS`, ms; 0: SQLite's own, inside commits). */
  checkpointEvery: number;
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  claimAfter: number;
  openGamesPerAddress: number;
  messagesPerSecond: number;
  socketsPerAddress: number;
  /** Any other limits (`DAMA_LIMITS`, JSON: `{"silentClose": 3000}`), for tests and benchmarks. */
  limits: Partial<HubLimits>;
  /** Limits of the player routes (`DAMA_PLAYER_LIMITS`, JSON: `{"newBurst": 100}`), for tests. */
  playerLimits: Partial<PlayerLimits>;
  /** The VAPID contact of Web Push (`DAMA_PUSH_SUBJECT`, `mailto:` or https). */
  pushSubject: string;
  /** Push hosts (`host:port`) accepted besides the browsers' push services (`DAMA_PUSH_HOSTS`, comma-separated: a test's local endpoint). */
  pushHosts: string[];
}

export function configFrom(env: NodeJS.ProcessEnv): Config {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 4173),
    webRoot: env.DAMA_WEB_ROOT ?? DEFAULT_WEB_ROOT,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.DAMA_DB ?? DEFAULT_DB_FILE,
    checkpointEvery: checkpointFrom(env.DAMA_CHECKPOINT_MS),
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logLevel: logLevelFrom(env.LOG_LEVEL),
    claimAfter: Number(env.DAMA_CLAIM_AFTER_MS ?? 60_000),
    openGamesPerAddress: Number(env.DAMA_OPEN_GAMES_PER_ADDRESS ?? 20),
    messagesPerSecond: Number(env.DAMA_MESSAGES_PER_SECOND ?? 10),
    socketsPerAddress: Number(env.DAMA_SOCKETS_PER_ADDRESS ?? DEFAULT_HUB_LIMITS.socketsPerAddress),
    limits: limitsFrom(env.DAMA_LIMITS),
    playerLimits: playerLimitsFrom(env.DAMA_PLAYER_LIMITS),
    pushSubject: env.DAMA_PUSH_SUBJECT ?? 'mailto:dama@localhost',
    pushHosts: (env.DAMA_PUSH_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  };
}

/** `DAMA_LIMITS`: a JSON object of `HubLimits` fields, each a number (unknown names are an error). */
export function limitsFrom(value: string | undefined): Partial<HubLimits> {
  if (!value) return {};
  const schema = z.record(z.string(), z.number().nonnegative()).refine(
    (o) => Object.keys(o).every((k) => k in DEFAULT_HUB_LIMITS),
    (o) => ({
      message: `unknown limits: ${Object.keys(o)
        .filter((k) => !(k in DEFAULT_HUB_LIMITS))
        .join(', ')}`,
    }),
  );
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error(`DAMA_LIMITS must be a JSON object, not ${JSON.stringify(value)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`DAMA_LIMITS: ${parsed.error.issues[0].message}`);
  return parsed.data as Partial<HubLimits>;
}

/** `DAMA_CHECKPOINT_MS`: milliseconds between the checkpointer's runs, 0 for SQLite's own. */
export function checkpointFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return CHECKPOINT_EVERY;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(
      `DAMA_CHECKPOINT_MS must be a whole number of milliseconds (0: none), not ${JSON.stringify(value)}`,
    );
  return n;
}

export function logLevelFrom(value: string | undefined): LogLevel {
  const level = (value || 'info').trim().toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
}

// proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify accepts them.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY`: unset or 0 for none, a hop count, or a comma-separated list of addresses and CIDRs. */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim());
  const bad = list.filter((entry) => !RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0)
    throw new Error(
      `TRUST_PROXY must be a hop count (1: one proxy in front) or a list of proxy addresses/CIDRs, not ${JSON.stringify(value)}`,
    );
  return list;
}

function isAddressOrCidr(entry: string): boolean {
  const [addr, bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  // a prefix length, or (IPv4) a netmask as proxy-addr allows
  if (/^\d+$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
}

export async function openStore(config: Config): Promise<GameStore> {
  if (config.databaseUrl) return PgStore.open(config.databaseUrl);
  if (config.sqliteFile !== ':memory:') mkdirSync(dirname(config.sqliteFile), { recursive: true });
  return new SqliteStore(config.sqliteFile, { checkpointEvery: config.checkpointEvery });
}

export async function openBus(config: Config): Promise<Bus> {
  return config.redisUrl ? RedisBus.open(config.redisUrl) : new LocalBus();
}

/** `DAMA_PLAYER_LIMITS`: a JSON object of `PlayerLimits` fields, each a number (unknown names are an error). */
export function playerLimitsFrom(value: string | undefined): Partial<PlayerLimits> {
  if (!value) return {};
  const schema = z
    .object({
      newPerHour: z.number().nonnegative(),
      newBurst: z.number().nonnegative(),
      claimsPerMinute: z.number().nonnegative(),
    })
    .partial()
    .strict();
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('DAMA_PLAYER_LIMITS is not JSON');
  }
  const r = schema.safeParse(json);
  if (!r.success) throw new Error(`DAMA_PLAYER_LIMITS: ${r.error.issues.map((i) => i.message).join('; ')}`);
  return r.data;
}
