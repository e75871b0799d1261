/**
 * Notifications by Web Push, for players with an identity who asked for them: their move in a
 * correspondence game, a draw or takeback offered to them, the end of a game, and a friend joining
 * the game they made by link. Opt-in and per
 * kind (a subscription lists the kinds it wants); nothing else in the server depends on it.
 *
 * The VAPID key pair is made at the first start and kept in the database (`settings`), so every
 * instance signs with the same key and a browser's subscription outlives restarts. A notice is sent
 * by the instance that wrote the change, so each change is notified once. It carries data only
 * (the kind, the game, the opponent's name, the language): the app's service worker writes the text.
 *
 * A subscription's endpoint is where the server will POST: only the browsers' push services are
 * accepted (`PUSH_HOSTS`, and hosts the operator adds), never an address of the caller's choosing.
 */
import { opposite, type Color } from '@dama/core';
import webpush from 'web-push';
import type { HubLog } from './observe.ts';
import { turnOf, type ServerGame } from './record.ts';
import type { GameStore, PushSubscriptionRecord } from './store.ts';

export const PUSH_KINDS = ['turn', 'offer', 'end', 'joined'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What a notice says (data for the service worker, which writes the words). */
export interface PushPayload {
  kind: PushKind;
  game: string;
  lang: 'tr' | 'en';
  /** The opponent's name (none for a friend by link: they have no name here). */
  opponent?: string;
  /** `offer`: what is offered. */
  offer?: 'draw' | 'takeback';
  /** `end`: the result from the receiver's side. */
  result?: 'won' | 'lost' | 'draw';
}

/** A notice to send: to whom, of which kind, saying what (without the language, the subscription's). */
export interface PushEvent {
  player: string;
  kind: PushKind;
  payload: Omit<PushPayload, 'lang'>;
}

/** The browsers' push services (Chrome, Firefox, Edge/Windows, Safari). */
export const PUSH_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.push\.apple\.com$/,
];

/** Subscriptions a player keeps (their devices' browsers), the newest. */
export const MAX_SUBSCRIPTIONS = 10;

/**
 * The notices a stored change calls for (pure). Paired games know both players; a game by link
 * knows at most its maker (`owner`), who is told when the friend joins and then as a paired player
 * is, without an opponent's name (the friend has none here).
 */
export function pushEvents(before: ServerGame, after: ServerGame): PushEvent[] {
  const players = after.players;
  const owner = after.owner;
  if (!players && !owner) return [];
  // A game by link whose maker has an identity: the friend has opened the link.
  if (!players && before.status === 'waiting' && after.status === 'playing')
    return [{ player: owner!, kind: 'joined', payload: { kind: 'joined', game: after.id } }];
  const out: PushEvent[] = [];
  const to = (c: Color, kind: PushKind, extra: Partial<PushEvent['payload']> = {}) => {
    const player = players ? players[c].id : c === after.creator ? owner : null;
    if (!player) return;
    const opponent = players?.[opposite(c)].name;
    out.push({
      player,
      kind,
      payload: { kind, game: after.id, ...(opponent ? { opponent } : {}), ...extra },
    });
  };
  if (after.status === 'playing') {
    if (after.days !== null && after.moves.length > before.moves.length) to(turnOf(after), 'turn');
    if (after.drawOffer && after.drawOffer !== before.drawOffer)
      to(opposite(after.drawOffer), 'offer', { offer: 'draw' });
    if (after.takebackOffer && after.takebackOffer !== before.takebackOffer)
      to(opposite(after.takebackOffer), 'offer', { offer: 'takeback' });
  }
  if (before.status === 'playing' && after.status === 'over' && after.outcome) {
    const winner = after.outcome.winner;
    for (const c of ['white', 'black'] as const)
      to(c, 'end', { result: winner === undefined ? 'draw' : winner === c ? 'won' : 'lost' });
  }
  return out;
}

/** Whether `endpoint` is a push service this server will post to. */
export function allowedEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraHosts.includes(url.host)) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_HOSTS.some((h) => h.test(url.hostname));
}

export interface PushOptions {
  /** The contact in the VAPID claims (`mailto:` or an https URL). */
  subject: string;
  /** Hosts (`host:port`) accepted besides the browsers' push services (a test's local endpoint). */
  extraHosts?: readonly string[];
  log?: HubLog;
}

export class Push {
  private keys: { publicKey: string; privateKey: string } | undefined;
  /** Notices sent and failed, for the tests and the logs. */
  readonly stats = { sent: 0, failed: 0, gone: 0 };

  constructor(
    private store: GameStore,
    private opts: PushOptions,
  ) {}

  /** Reads the VAPID keys, or makes them if this is the first start of any instance. */
  async init(): Promise<void> {
    const made = webpush.generateVAPIDKeys();
    this.keys = JSON.parse(await this.store.initSetting('vapid', JSON.stringify(made))) as typeof made;
  }

  get publicKey(): string | undefined {
    return this.keys?.publicKey;
  }

  allowed(endpoint: string): boolean {
    return allowedEndpoint(endpoint, this.opts.extraHosts);
  }

  /** Sends each event to its player's subscriptions that want its kind; never throws. */
  async send(events: readonly PushEvent[]): Promise<void> {
    if (!this.keys || events.length === 0) return;
    await Promise.all(events.map((e) => this.sendOne(e).catch(() => undefined)));
  }

  private async sendOne(e: PushEvent): Promise<void> {
    const subs = (await this.store.pushSubscriptionsOf(e.player)).filter((s) => s.kinds.includes(e.kind));
    await Promise.all(subs.map((s) => this.deliver(s, { ...e.payload, lang: s.lang })));
  }

  private async deliver(s: PushSubscriptionRecord, payload: PushPayload): Promise<void> {
    // web-push signs and encrypts; the request goes out here, so that it can be bounded in time.
    const req = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.opts.subject, ...this.keys! },
        TTL: 24 * 3600,
        urgency: payload.kind === 'turn' || payload.kind === 'offer' ? 'high' : 'normal',
      },
    );
    let status: number;
    try {
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : undefined,
        signal: AbortSignal.timeout(10_000),
        redirect: 'error',
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      this.stats.failed++;
      this.opts.log?.warn({ err, kind: payload.kind }, 'push failed');
      return;
    }
    if (status >= 200 && status < 300) {
      this.stats.sent++;
      return;
    }
    // The browser dropped the subscription: forget it.
    if (status === 404 || status === 410) {
      this.stats.gone++;
      await this.store.removePushSubscription(s.endpoint).catch(() => undefined);
      return;
    }
    this.stats.failed++;
    this.opts.log?.warn({ status, kind: payload.kind }, 'push refused');
  }
}
