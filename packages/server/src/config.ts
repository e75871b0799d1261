/** The server's settings from the environment, and the store and bus they choose. */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalBus, RedisBus, type Bus } from './bus.ts';
import { PgStore } from './store-pg.ts';
import { SqliteStore, type Store } from './store.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_ROOT = resolve(here, '../../web/dist');
export const DEFAULT_DB_FILE = resolve(here, '../data/dama.sqlite');

export interface Config {
  host: string;
  port: number;
  webRoot: string;
  /** PostgreSQL connection string; the SQLite file otherwise. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  redisUrl: string | undefined;
  trustProxy: boolean;
  claimAfter: number;
  openGamesPerAddress: number;
  messagesPerSecond: number;
}

export function configFrom(env: NodeJS.ProcessEnv): Config {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 4173),
    webRoot: env.DAMA_WEB_ROOT ?? DEFAULT_WEB_ROOT,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.DAMA_DB ?? DEFAULT_DB_FILE,
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    claimAfter: Number(env.DAMA_CLAIM_AFTER_MS ?? 60_000),
    openGamesPerAddress: Number(env.DAMA_OPEN_GAMES_PER_ADDRESS ?? 20),
    messagesPerSecond: Number(env.DAMA_MESSAGES_PER_SECOND ?? 10),
  };
}

export async function openStore(config: Config): Promise<Store> {
  if (config.databaseUrl) return PgStore.open(config.databaseUrl);
  if (config.sqliteFile !== ':memory:') mkdirSync(dirname(config.sqliteFile), { recursive: true });
  return new SqliteStore(config.sqliteFile);
}

export async function openBus(config: Config): Promise<Bus> {
  return config.redisUrl ? RedisBus.open(config.redisUrl) : new LocalBus();
}
