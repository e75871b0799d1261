/**
 * What the hub reports about itself, for the operators: its health (for a load balancer), what it
 * counts (for `/metrics`), and what it logs. The hub calls these; `app.ts` decides where they go.
 */

/** Ready: serving. Degraded: serving, but the bus is away or the instance is saturated. Down: the database is away. */
export type HealthStatus = 'ready' | 'degraded' | 'down';

export interface Health {
  status: HealthStatus;
  db: 'up' | 'down';
  /** `local`: one instance, no Redis. */
  bus: 'up' | 'down' | 'local';
  /** Past its limits: new games and sockets are refused with `busy` for now. */
  saturated: boolean;
  sockets: number;
  /** Games this instance holds in memory (watched by at least one of its sockets). */
  games: number;
  /** This instance's id (random per process), as in its logs and heartbeats. */
  instance: string;
}

/** Counters the hub feeds; a Prometheus registry behind them in `metrics.ts`. */
export interface HubMetrics {
  /** A move stored and sent to this instance's sockets: milliseconds from its arrival. */
  move(ms: number): void;
  /** A message refused, by error code. */
  refused(code: string): void;
  /** A move checked by replaying its game from the notation (no rules' game held for it: a game new to this instance, or one another instance changed). */
  replayed(): void;
  /** A socket closed by the server, by reason (`silent`, `slow-reader`, `strikes`, `too-many`, `busy`, `no-hello`). */
  dropped(reason: string): void;
}

/** The part of a pino logger the hub uses (Fastify's `app.log`). */
export interface HubLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const NO_METRICS: HubMetrics = {
  move: () => undefined,
  refused: () => undefined,
  replayed: () => undefined,
  dropped: () => undefined,
};
export const NO_LOG: HubLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
