// The profile screen: the player this device speaks for (made on the first visit), its name chosen
// from the word lists, the transfer code that moves it to another device, and a code from another
// device that brings a player here. State and behaviour only; view.tsx draws it.
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import type { PlayerError } from '../lib/player/api.ts';
import type { IdentityClient } from '../lib/player/identity.ts';
import { normalCode, type HeldPlayer, type NameLists } from '../lib/player/read.ts';
import { PlayerStats } from './stats.ts';

export interface ProfileEnv {
  trans(): Catalog;
  lang(): Lang;
  now(): number;
  redraw(): void;
  identity: IdentityClient;
  /** the address that opens this screen on another device with `code` filled in (the QR code says it) */
  claimLink(code: string): string;
  /** the code came in the address: take it out once used, so that a reload does not offer it again */
  forgetLinkCode(): void;
  /** a sentence for screen readers */
  announce(text: string): void;
  /** this device's record of an online game, if it has one (the game list opens it) */
  localGame(id: string): { endedAt: number } | undefined;
}

/**
 * - `loading`: reading, or making the player;
 * - `ready`: the player is shown (`stale` when the server could not be asked);
 * - `none`: this device has no player to show (its record was unreadable, the server no longer
 *   knows it, or a code came with the link): make one, or bring one with a code;
 * - `failed`: making the first player failed (`error` says why): try again.
 */
export type Phase = 'loading' | 'ready' | 'none' | 'failed';

/** Why the screen has no player, told above its choices. */
export type Missing = 'corrupt' | 'unknown' | undefined;

export interface NameEditor {
  adjective: string;
  noun: string;
  lists: NameLists | undefined;
  loading: boolean;
  saving: boolean;
  error: PlayerError | undefined;
}

/** A transfer code on screen: valid until `deadline` (this device's clock). */
export interface ShownCode {
  code: string;
  deadline: number;
  /** its expiry has been shown and announced */
  expiredTold?: boolean;
}

export class ProfileCtrl {
  phase: Phase = 'loading';
  player: HeldPlayer | undefined;
  /** the server could not be asked: the player as last seen on this device */
  stale = false;
  missing: Missing;
  /** the kept player the server no longer knows (its name, for the notice) */
  unknownName: string | undefined;
  /** why `failed`, or why the last refresh did not happen */
  error: PlayerError | undefined;
  busy = false;
  naming: NameEditor | undefined;
  transfer: ShownCode | undefined;
  makingCode = false;
  codeError: PlayerError | undefined;
  /** the code field */
  codeText = '';
  claiming = false;
  claimError: PlayerError | 'typed' | undefined;
  /** "Replace the player on this device?" is open */
  confirming = false;
  /** what was just done, shown under the name until the next step (a player brought here) */
  told: string | undefined;
  /** where the focus goes after the next draw (an element id), then cleared */
  focus: string | undefined;
  /** the player's ratings, games and block list (from the server) */
  stats: PlayerStats | undefined;
  /** the player was made on this screen a moment ago: nothing can be attached to it, so a code replaces it without asking */
  private madeHere = false;
  private destroyed = false;

  constructor(
    private readonly env: ProfileEnv,
    /** a transfer code that came with the link (`#/profile?code=…`) */
    linkCode?: string,
  ) {
    if (linkCode) this.codeText = normalCode(linkCode) ?? linkCode.slice(0, 20);
    this.open(linkCode !== undefined);
  }

  get t(): Catalog {
    return this.env.trans();
  }

  get lang(): Lang {
    return this.env.lang();
  }

  /** the device would not keep the player (storage off or full): it lasts as long as the page */
  get unsaved(): boolean {
    return this.env.identity.unsaved;
  }

  destroy(): void {
    this.destroyed = true;
    this.stats?.destroy();
  }

  private redraw(): void {
    if (!this.destroyed) this.env.redraw();
  }

  /**
   * What the device holds: shown at once, then checked with the server. A device with none gets
   * one now (the first visit), unless a code came with the link: that player is the one it wants.
   */
  private open(withCode: boolean): void {
    const h = this.env.identity.held();
    if (h.status === 'corrupt') {
      this.missing = 'corrupt';
      this.phase = 'none';
    } else if (h.status === 'none') {
      if (withCode) this.phase = 'none';
      else void this.create();
    } else {
      this.show(h.player);
      void this.refresh();
    }
  }

  private show(p: HeldPlayer): void {
    if (this.player?.id !== p.id) {
      this.transfer = undefined;
      this.naming = undefined;
    }
    this.player = p;
    this.phase = 'ready';
    if (this.stats?.player.id !== p.id) {
      this.stats?.destroy();
      this.stats = new PlayerStats(
        { api: this.env.identity.api, redraw: () => this.redraw(), localGame: this.env.localGame },
        p,
      );
    }
  }

  /** Make a player for this device (the first visit, or "Make a new player"). */
  async create(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = undefined;
    if (this.phase !== 'none') this.phase = 'loading';
    this.redraw();
    const r = await this.env.identity.create();
    this.busy = false;
    if (this.destroyed) return;
    if (r.ok) {
      this.madeHere = true;
      this.missing = undefined;
      this.unknownName = undefined;
      this.stale = false;
      this.show(r.value);
      // a player made a moment ago has played no one yet
      this.stats?.setNew();
    } else {
      this.error = r.error;
      if (this.phase === 'loading') this.phase = 'failed';
    }
    this.redraw();
  }

  /** Ask the server for the player as it is now (its name may have changed on another device). */
  async refresh(): Promise<void> {
    const p = this.player;
    if (!p || this.busy) return;
    this.busy = true;
    this.redraw();
    const r = await this.env.identity.refreshWithAccount(p);
    this.busy = false;
    if (this.destroyed || this.player?.id !== p.id) return;
    if (r.ok) {
      this.stale = false;
      this.error = undefined;
      this.show(r.value.player);
      // the server knows the player: their ratings, games and blocks
      if (this.stats?.player.id === r.value.player.id) {
        this.stats.setAccount(r.value.account);
        void this.stats.load();
      }
    } else if (r.error === 'not-a-player') {
      this.missing = 'unknown';
      this.unknownName = p.name;
      this.player = undefined;
      this.stats?.destroy();
      this.stats = undefined;
      this.transfer = undefined;
      this.naming = undefined;
      this.phase = 'none';
    } else {
      this.stale = true;
      this.error = r.error;
    }
    this.redraw();
  }

  /** Another tab changed the kept player (made, renamed or replaced it). */
  reload(): void {
    const h = this.env.identity.held();
    if (h.status === 'ok') {
      if (h.player.id !== this.player?.id) this.madeHere = false;
      this.missing = undefined;
      this.show(h.player);
    } else if (h.status === 'corrupt') {
      this.missing = 'corrupt';
      this.player = undefined;
      this.phase = 'none';
    }
    this.redraw();
  }

  // ---- the name

  async openNaming(): Promise<void> {
    const p = this.player;
    if (!p) return;
    this.told = undefined;
    this.naming = {
      adjective: p.words.adjective,
      noun: p.words.noun,
      lists: undefined,
      loading: true,
      saving: false,
      error: undefined,
    };
    this.redraw();
    await this.loadLists();
  }

  /** The word lists for the name editor (again after a failure: "Try again"). */
  async loadLists(): Promise<void> {
    const n = this.naming;
    if (!n) return;
    n.loading = true;
    n.error = undefined;
    this.redraw();
    const r = await this.env.identity.names();
    if (this.naming !== n) return;
    n.loading = false;
    if (r.ok) {
      n.lists = r.value;
      // a word of the current name that the lists no longer hold gives way to the first of its list
      if (!r.value.adjectives.includes(n.adjective)) n.adjective = r.value.adjectives[0];
      if (!r.value.nouns.includes(n.noun)) n.noun = r.value.nouns[0];
    } else n.error = r.error;
    this.redraw();
  }

  setWord(which: 'adjective' | 'noun', word: string): void {
    const n = this.naming;
    if (!n?.lists) return;
    const list = which === 'adjective' ? n.lists.adjectives : n.lists.nouns;
    if (!list.includes(word)) return;
    n[which] = word;
    n.error = undefined;
    this.redraw();
  }

  /** The name the editor's words make: 'Bilge Baykuş 417'. */
  previewName(): string | undefined {
    const n = this.naming;
    const p = this.player;
    return n && p ? `${n.adjective} ${n.noun} ${p.words.number}` : undefined;
  }

  async saveName(): Promise<void> {
    const n = this.naming;
    const p = this.player;
    if (!n?.lists || !p || n.saving) return;
    if (n.adjective === p.words.adjective && n.noun === p.words.noun) return this.closeNaming();
    n.saving = true;
    n.error = undefined;
    this.redraw();
    const r = await this.env.identity.rename(p, n.adjective, n.noun);
    if (this.destroyed || this.naming !== n) return;
    n.saving = false;
    if (r.ok) {
      this.show(r.value);
      this.naming = undefined;
      this.focus = 'change-name';
      this.env.announce(this.t.playerRenamed(r.value.name));
    } else n.error = r.error;
    this.redraw();
  }

  closeNaming(): void {
    if (!this.naming) return;
    this.naming = undefined;
    this.focus = 'change-name';
    this.redraw();
  }

  // ---- moving this player to another device

  async makeCode(): Promise<void> {
    const p = this.player;
    if (!p || this.makingCode) return;
    this.told = undefined;
    this.makingCode = true;
    this.codeError = undefined;
    this.redraw();
    const r = await this.env.identity.transferCode(p);
    this.makingCode = false;
    if (this.destroyed || this.player?.id !== p.id) return;
    if (r.ok) {
      this.transfer = { code: r.value.code, deadline: this.env.now() + r.value.validFor };
      this.focus = 'transfer-code';
      this.env.announce(this.t.playerCodeMade(spelled(r.value.code)));
    } else {
      this.codeError = r.error;
      if (r.error === 'not-a-player') void this.refresh();
    }
    this.redraw();
  }

  now(): number {
    return this.env.now();
  }

  /** Milliseconds the shown code is still valid (0 once it has expired). */
  codeLeft(): number {
    return this.transfer ? Math.max(0, this.transfer.deadline - this.env.now()) : 0;
  }

  /**
   * Called every second while the screen is shown: whether the code's countdown changed what it
   * shows (its time left, then once, however late the call comes, that it has expired).
   */
  tick(): boolean {
    const shown = this.transfer;
    if (!shown || shown.expiredTold) return false;
    if (this.codeLeft() > 0) return true;
    shown.expiredTold = true;
    this.env.announce(this.t.playerCodeExpired);
    return true;
  }

  claimLink(): string | undefined {
    return this.transfer ? this.env.claimLink(this.transfer.code) : undefined;
  }

  // ---- bringing a player from another device

  setCodeText(text: string): void {
    this.codeText = text.slice(0, 20);
    if (this.claimError === 'typed') this.claimError = undefined;
    this.redraw();
  }

  /** "Use this code": asked first when it would replace a player this device has had for a while. */
  submitCode(): void {
    if (this.claiming) return;
    this.told = undefined;
    const code = normalCode(this.codeText);
    if (!code) {
      this.claimError = 'typed';
      this.focus = 'claim-code';
      return this.redraw();
    }
    if (this.phase === 'ready' && this.player && !this.madeHere) {
      this.confirming = true;
      return this.redraw();
    }
    void this.claim();
  }

  closeConfirm(): void {
    this.confirming = false;
    this.focus = 'claim-submit';
    this.redraw();
  }

  async claim(): Promise<void> {
    const code = normalCode(this.codeText);
    this.confirming = false;
    if (!code || this.claiming) return;
    this.claiming = true;
    this.claimError = undefined;
    this.redraw();
    const r = await this.env.identity.claim(code);
    this.claiming = false;
    if (this.destroyed) return;
    if (r.ok) {
      this.madeHere = false;
      this.missing = undefined;
      this.unknownName = undefined;
      this.stale = false;
      this.error = undefined;
      this.codeText = '';
      this.show(r.value);
      this.transfer = undefined;
      this.focus = 'player-name';
      this.told = this.t.playerClaimed(r.value.name);
      this.env.forgetLinkCode();
      this.env.announce(this.told);
      // the player brought here has ratings and games of their own
      void this.refresh();
    } else {
      this.claimError = r.error;
      this.focus = 'claim-code';
    }
    this.redraw();
  }

  /** The element to focus after this draw, once. */
  takeFocus(): string | undefined {
    const f = this.focus;
    this.focus = undefined;
    return f;
  }
}

/** 'K7PX-3MQ2' read out one symbol at a time: 'K 7 P X, 3 M Q 2'. */
export const spelled = (code: string): string => [...code.replace('-', ',')].join(' ').replace(' , ', ', ');
