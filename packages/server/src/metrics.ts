/**
 * `/metrics` in Prometheus text: what the hub counts (it calls `HubMetrics`), its health read at
 * scrape time, and the process's default metrics. One registry per server, not prom-client's
 * global one, so that two servers in one process (the tests) keep their own counts.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Health, HubMetrics } from './observe.ts';

/** Move latency buckets (ms): a move on one instance takes a few ms, a saturated one hundreds. */
export const MOVE_BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

export class Metrics implements HubMetrics {
  readonly registry = new Registry();
  private readonly health: () => Health;
  private readonly moveMs: Histogram;
  private readonly moves: Counter;
  private readonly refusedByCode: Counter<'code'>;
  private readonly droppedByReason: Counter<'reason'>;
  private readonly replays: Counter;
  private readonly commits: Counter;
  private readonly commitWrites: Counter;
  private readonly sockets: Gauge;
  private readonly games: Gauge;
  private readonly dbUp: Gauge;
  private readonly busUp: Gauge;
  private readonly saturated: Gauge;

  /** `health` is called at each scrape (the hub is made after its metrics, so a function). */
  constructor(health: () => Health) {
    this.health = health;
    const registers = [this.registry];
    this.moveMs = new Histogram({
      name: 'dama_move_latency_milliseconds',
      help: 'Moves stored and sent to this instance’s sockets: milliseconds from the move’s arrival.',
      buckets: MOVE_BUCKETS_MS,
      registers,
    });
    this.moves = new Counter({ name: 'dama_moves_total', help: 'Moves accepted.', registers });
    this.refusedByCode = new Counter({
      name: 'dama_refused_messages_total',
      help: 'Socket messages refused, by error code.',
      labelNames: ['code'],
      registers,
    });
    this.droppedByReason = new Counter({
      name: 'dama_dropped_sockets_total',
      help: 'Sockets closed by the server, by reason.',
      labelNames: ['reason'],
      registers,
    });
    this.commits = new Counter({
      name: 'dama_db_commits_total',
      help: 'Group commits of game writes (SQLite).',
      registers,
    });
    this.commitWrites = new Counter({
      name: 'dama_db_commit_writes_total',
      help: 'Game writes in those commits (divided by the commits: the writes a commit).',
      registers,
    });
    this.replays = new Counter({
      name: 'dama_game_replays_total',
      help: 'Moves checked by replaying their game from its notation (no rules’ game held for it).',
      registers,
    });
    this.sockets = new Gauge({ name: 'dama_sockets', help: 'Open game sockets.', registers });
    this.games = new Gauge({ name: 'dama_games', help: 'Games held in memory by this instance.', registers });
    this.dbUp = new Gauge({ name: 'dama_db_up', help: '1 when the database answers.', registers });
    // Registered only while there is a bus to report on (absent for one instance without Redis).
    this.busUp = new Gauge({
      name: 'dama_bus_up',
      help: '1 when the Redis bus is connected.',
      registers: [],
    });
    this.saturated = new Gauge({
      name: 'dama_saturated',
      help: '1 while past its limits (new games and sockets refused with busy).',
      registers,
    });
    collectDefaultMetrics({ register: this.registry });
  }

  move(ms: number): void {
    this.moveMs.observe(ms);
    this.moves.inc();
  }

  refused(code: string): void {
    this.refusedByCode.inc({ code });
  }

  commit(writes: number): void {
    this.commits.inc();
    this.commitWrites.inc(writes);
  }

  replayed(): void {
    this.replays.inc();
  }

  dropped(reason: string): void {
    this.droppedByReason.inc({ reason });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text for one scrape: the health gauges set from one `health()` read, then every series. */
  async scrape(): Promise<string> {
    const h = this.health();
    this.sockets.set(h.sockets);
    this.games.set(h.games);
    this.dbUp.set(h.db === 'up' ? 1 : 0);
    this.saturated.set(h.saturated ? 1 : 0);
    const busShown = this.registry.getSingleMetric('dama_bus_up') !== undefined;
    if (h.bus === 'local') {
      if (busShown) this.registry.removeSingleMetric('dama_bus_up');
    } else {
      if (!busShown) this.registry.registerMetric(this.busUp);
      this.busUp.set(h.bus === 'up' ? 1 : 0);
    }
    return this.registry.metrics();
  }
}
