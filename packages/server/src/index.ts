export { buildServer } from './app.ts';
export type { ServerOptions, DamaServer } from './app.ts';
export { Hub, DEFAULT_LIMITS } from './hub.ts';
export type { Limits } from './hub.ts';
export { SqliteStore } from './store.ts';
export type { Store } from './store.ts';
export { PgStore } from './store-pg.ts';
export { LocalBus, RedisBus } from './bus.ts';
export type { Bus, BusMessage } from './bus.ts';
export { ClientMessage, CreateBody } from './protocol.ts';
export type { ServerMessage, ErrorCode } from './protocol.ts';
export { REACTIONS } from './record.ts';
export type {
  Snapshot,
  GameRecord,
  Outcome,
  OutcomeReason,
  Status,
  Presence,
  PresenceState,
  Reaction,
} from './record.ts';
export { configFrom, openStore, openBus } from './config.ts';
