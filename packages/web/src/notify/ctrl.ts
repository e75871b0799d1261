// Notifications (Web Push): opt-in, per kind, off by default. Turning a kind on asks the browser's
// permission (the first time), subscribes the browser to its push service with the server's key
// (`GET /api/push/key`), and gives the server the subscription with the kinds wanted and the app's
// language (`PUT /api/players/me/push`); turning the last one off takes it back (`DELETE`) and ends
// the browser's subscription. What was given is kept on the device (`KEYS.push`), so the switches
// show it; a subscription the browser no longer has shows as off. Notices go to a player, so a
// device without a player identity is told so and offered one (never made without asking).
import { isObject } from '../lib/guards.ts';
import type { Lang, Catalog } from '../lib/i18n/index.ts';
import type { PlayerApi, PlayerError, Result } from '../lib/player/api.ts';
import type { Held } from '../lib/player/identity.ts';
import type { HeldPlayer } from '../lib/player/read.ts';
import { PUSH_KINDS, type PushKind } from './notice.ts';

/** A browser's push subscription, as the server wants it. */
export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  unsubscribe(): Promise<boolean>;
}

/**
 * - `ok`: push notifications can be asked for;
 * - `unsupported`: this browser has no push (or no service worker to receive it);
 * - `ios-install`: an iPhone or iPad, where only an app added to the Home Screen may have them.
 */
export type Support = 'ok' | 'unsupported' | 'ios-install';

/** The browser's side (a fake in unit tests). */
export interface PushPlatform {
  support(): Support;
  /** whether the app's service worker is there to receive pushes (false after a while without one) */
  ready(): Promise<boolean>;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** the browser's subscription to its push service, if any */
  current(): Promise<Subscription | null>;
  /** a new subscription with the server's public key (`userVisibleOnly`: every push shows a notice) */
  subscribe(applicationServerKey: string): Promise<Subscription>;
}

/** What the server was given, kept on the device. */
export interface KeptPush {
  player: string;
  endpoint: string;
  kinds: PushKind[];
  lang: Lang;
}

export interface NotifyEnv {
  trans(): Catalog;
  lang(): Lang;
  redraw(): void;
  /** the device's player, and making one when the player asks for it */
  identity: { held(): Held; ensure(): Promise<Result<HeldPlayer>> };
  api: Pick<PlayerApi, 'ask'>;
  platform: PushPlatform;
  kept: { load(): KeptPush | undefined; save(k: KeptPush | undefined): void };
}

/**
 * - `loading`: looking at what the browser has;
 * - `unsupported`, `ios-install`: no switches, an explanation;
 * - `no-player`: notices need a player: one is offered;
 * - `ready`: the switches.
 */
export type NotifyPhase = 'loading' | 'unsupported' | 'ios-install' | 'no-player' | 'ready';

/** Why the last change did not happen: the browser's permission refused, no subscription, or the server. */
export type NotifyError = 'denied' | 'subscribe' | PlayerError;

const KEY = /^[A-Za-z0-9_-]{40,200}$/;
const readKey = (v: unknown): string | undefined =>
  isObject(v) && typeof v.publicKey === 'string' && KEY.test(v.publicKey) ? v.publicKey : undefined;

/** The kinds in their usual order, each once. */
const ordered = (kinds: readonly PushKind[]): PushKind[] => PUSH_KINDS.filter((k) => kinds.includes(k));

export class NotifyCtrl {
  phase: NotifyPhase = 'loading';
  /** the kinds the server sends this browser */
  kinds: PushKind[] = [];
  /** a change on its way (the switches wait for it) */
  busy: PushKind | undefined;
  error: NotifyError | undefined;
  /** making a player, on request */
  making = false;
  private destroyed = false;

  constructor(private readonly env: NotifyEnv) {}

  get t(): Catalog {
    return this.env.trans();
  }

  /** The browser has refused this site notifications (only its settings can change that). */
  denied(): boolean {
    return this.phase === 'ready' && this.env.platform.permission() === 'denied';
  }

  private redraw(): void {
    if (!this.destroyed) this.env.redraw();
  }

  /** Looks at what the browser and the device have, and shows the switches as they stand. */
  async open(): Promise<void> {
    const p = this.env.platform;
    const support = p.support();
    if (support !== 'ok') {
      this.phase = support;
      return this.redraw();
    }
    if (!(await p.ready())) {
      this.phase = 'unsupported';
      return this.redraw();
    }
    if (this.destroyed) return;
    const held = this.env.identity.held();
    if (held.status !== 'ok') {
      this.phase = 'no-player';
      return this.redraw();
    }
    this.phase = 'ready';
    const kept = this.env.kept.load();
    const sub = kept ? await p.current().catch(() => null) : null;
    if (this.destroyed) return;
    if (!kept || kept.player !== held.player.id || kept.kinds.length === 0) {
      this.kinds = [];
    } else if (!sub || sub.endpoint !== kept.endpoint || p.permission() === 'denied') {
      // the browser dropped the subscription (or the permission): off, and the server told (if it can be)
      this.kinds = [];
      this.env.kept.save(undefined);
      void this.env.api.ask('DELETE', 'api/players/me/push', () => true, {
        credentials: held.player,
        body: { endpoint: kept.endpoint },
        expected: 204,
      });
    } else {
      this.kinds = ordered(kept.kinds);
      if (kept.lang !== this.env.lang()) await this.send(held.player, sub, this.kinds);
    }
    this.redraw();
  }

  /** Makes a player for this device (asked for by the player), then shows the switches. */
  async makePlayer(): Promise<void> {
    if (this.making) return;
    this.making = true;
    this.error = undefined;
    this.redraw();
    const r = await this.env.identity.ensure();
    this.making = false;
    if (this.destroyed) return;
    if (!r.ok) {
      this.error = r.error;
      return this.redraw();
    }
    await this.open();
  }

  /** A switch: notices of `kind` on or off. */
  async set(kind: PushKind, on: boolean): Promise<void> {
    if (this.busy || this.phase !== 'ready' || this.kinds.includes(kind) === on) return;
    const held = this.env.identity.held();
    if (held.status !== 'ok') {
      this.phase = 'no-player';
      return this.redraw();
    }
    const next = ordered(on ? [...this.kinds, kind] : this.kinds.filter((k) => k !== kind));
    this.busy = kind;
    this.error = undefined;
    this.redraw();
    try {
      if (next.length === 0) await this.off(held.player);
      else await this.on(held.player, next);
    } finally {
      this.busy = undefined;
      this.redraw();
    }
  }

  /** The app's language changed: the notices already asked for come in the new one. */
  async langChanged(): Promise<void> {
    const kept = this.env.kept.load();
    const held = this.env.identity.held();
    if (this.busy || this.phase !== 'ready' || !kept || held.status !== 'ok' || kept.lang === this.env.lang())
      return;
    const sub = await this.env.platform.current().catch(() => null);
    if (sub?.endpoint === kept.endpoint && this.kinds.length > 0)
      await this.send(held.player, sub, this.kinds);
  }

  private async on(player: HeldPlayer, kinds: PushKind[]): Promise<void> {
    const p = this.env.platform;
    if (p.permission() !== 'granted') {
      const answer = await p.requestPermission().catch(() => 'denied' as const);
      if (answer !== 'granted') {
        this.error = 'denied';
        return;
      }
    }
    let sub = await p.current().catch(() => null);
    if (!sub) {
      const key = await this.env.api.ask('GET', 'api/push/key', readKey);
      if (!key.ok) {
        this.error = key.error;
        return;
      }
      try {
        sub = await p.subscribe(key.value);
      } catch {
        this.error = 'subscribe';
        return;
      }
    }
    await this.send(player, sub, kinds);
  }

  /** Gives the server the subscription with `kinds`; kept once it said yes. */
  private async send(player: HeldPlayer, sub: Subscription, kinds: PushKind[]): Promise<void> {
    const lang = this.env.lang();
    const r = await this.env.api.ask('PUT', 'api/players/me/push', () => true, {
      credentials: player,
      body: { endpoint: sub.endpoint, keys: sub.keys, kinds, lang },
      expected: 204,
    });
    if (this.destroyed) return;
    if (!r.ok) {
      this.error = r.error;
      return;
    }
    this.kinds = kinds;
    this.env.kept.save({ player: player.id, endpoint: sub.endpoint, kinds, lang });
  }

  private async off(player: HeldPlayer): Promise<void> {
    const sub = await this.env.platform.current().catch(() => null);
    const endpoint = sub?.endpoint ?? this.env.kept.load()?.endpoint;
    if (endpoint) {
      const r = await this.env.api.ask('DELETE', 'api/players/me/push', () => true, {
        credentials: player,
        body: { endpoint },
        expected: 204,
      });
      if (!r.ok) {
        this.error = r.error;
        return;
      }
    }
    await sub?.unsubscribe().catch(() => false);
    this.kinds = [];
    this.env.kept.save(undefined);
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/** What is kept of a subscription, read back (anything else is set aside by the store). */
export function readKeptPush(v: unknown): KeptPush | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const k = v as Record<string, unknown>;
  if (typeof k.player !== 'string' || !/^[A-Za-z0-9]{12}$/.test(k.player)) return undefined;
  if (typeof k.endpoint !== 'string' || k.endpoint.length > 1000 || !/^https:\/\//.test(k.endpoint))
    return undefined;
  if (k.lang !== 'tr' && k.lang !== 'en') return undefined;
  if (!Array.isArray(k.kinds) || !k.kinds.every((x) => (PUSH_KINDS as readonly unknown[]).includes(x)))
    return undefined;
  return { player: k.player, endpoint: k.endpoint, kinds: ordered(k.kinds as PushKind[]), lang: k.lang };
}
