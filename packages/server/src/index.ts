export { buildServer, IMMUTABLE, SERVER_FAILED } from './app.ts';
export type { ServerOptions, DamaServer, LogSettings } from './app.ts';
export { Metrics, MOVE_BUCKETS_MS } from './metrics.ts';
export { NO_LOG, NO_METRICS } from './observe.ts';
export type { Health, HealthStatus, HubLog, HubMetrics } from './observe.ts';
export { Hub, DEFAULT_HUB_LIMITS } from './hub.ts';
export type { HubLimits } from './hub.ts';
export { SqliteStore } from './store.ts';
export type { GameStore, StoredPuzzleRating, PuzzleRater } from './store.ts';
export {
  puzzleRoutes,
  loadTrainingBank,
  rateResult,
  seedRating,
  DEFAULT_POOL_LIMITS,
} from './puzzle-pool.ts';
export type { PoolLimits } from './puzzle-pool.ts';
export type {
  PuzzleResult,
  PuzzleResultsRequest,
  PuzzleResultsResponse,
  PuzzleRatingsResponse,
  PooledPuzzleRating,
} from './wire.ts';
export { PgStore } from './store-pg.ts';
export { LocalBus, RedisBus } from './bus.ts';
export type { Bus, BusMessage } from './bus.ts';
export { ClientMessage, CreateBody } from './protocol.ts';
export type { ServerMessage, ErrorCode } from './protocol.ts';
export { REACTIONS } from './record.ts';
export type {
  Snapshot,
  ServerGame,
  Outcome,
  OutcomeReason,
  Status,
  Presence,
  PresenceState,
  Reaction,
} from './record.ts';
export { configFrom, openStore, openBus, logLevelFrom, trustProxyFrom, LOG_LEVELS } from './config.ts';
export type { Config, LogLevel, TrustProxy } from './config.ts';
export {
  GLICKO,
  NEW_PLAYER,
  OFFERED_TIME_CONTROLS,
  PROVISIONAL_DEVIATION,
  SPEEDS,
  deviationAt,
  inRange,
  isProvisional,
  newRating,
  ratePeriod,
  rateGame,
  speedOf,
} from './rating.ts';
export type {
  Correspondence,
  GlickoSettings,
  PeriodResult,
  Rating,
  RatingRange,
  Score,
  Speed,
  TimeControl,
} from './rating.ts';
export {
  ABORT_RULES,
  COLOR_MEMORY,
  FORGET_AFTER,
  chooseColors,
  compatible,
  pair,
  pauseUntil,
  relevantAborts,
  sameTimeControl,
} from './pairing.ts';
export type { BlockList, Pairing, Seek } from './pairing.ts';
export { Lobby, DEFAULT_LOBBY_LIMITS, planPairing, shownRatings } from './lobby.ts';
export type { LobbyLimits } from './lobby.ts';
export { settle, endsPairedGame } from './results.ts';
export type { RatingPoint, Settled } from './results.ts';
export type { StoredSeek, SeekOutcome, PairPlan } from './store.ts';
export type { LobbyClientMessage, LobbyServerMessage, LobbySeek, SeatPlayer } from './wire.ts';
export { Push, pushEvents, allowedEndpoint, PUSH_KINDS, PUSH_HOSTS } from './push.ts';
export type { PushEvent, PushKind, PushPayload } from './push.ts';
