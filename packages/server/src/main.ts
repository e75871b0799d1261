/**
 * `npm start`'s server: the built app, the game API and the database on one port. Settings come
 * from the environment (see the README): PORT, HOST, DATABASE_URL, REDIS_URL, DAMA_DB, LOG_LEVEL,
 * TRUST_PROXY, ... Logs are JSON lines on stdout (Fastify's pino); the one plain line below says
 * where it listens (the process tests wait for it).
 */
import { buildServer } from './app.ts';
import { configFrom, openBus, openStore } from './config.ts';

const config = configFrom(process.env);
const store = await openStore(config);
const bus = await openBus(config);
const { app } = await buildServer({
  store,
  bus,
  webRoot: config.webRoot,
  trustProxy: config.trustProxy,
  push: { subject: config.pushSubject, extraHosts: config.pushHosts },
  playerLimits: config.playerLimits,
  logger: { level: config.logLevel },
  limits: {
    claimAfter: config.claimAfter,
    openGamesPerAddress: config.openGamesPerAddress,
    perSecond: config.messagesPerSecond,
    socketsPerAddress: config.socketsPerAddress,
    ...config.limits,
  },
});
await app.listen({ host: config.host, port: config.port });
const where = config.databaseUrl ? 'PostgreSQL' : config.sqliteFile;
console.log(
  `Dama on http://${config.host}:${config.port}/ (games in ${where}${config.redisUrl ? ', Redis pub/sub' : ''})`,
);

const stop = async (signal: string) => {
  app.log.info({ signal }, 'stopping');
  await app.close();
  await bus.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
