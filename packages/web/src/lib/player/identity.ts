// The player identity this device holds: an id and this device's secret, kept in the one store
// (`KEYS.player`) with the name last seen, so that the profile can show it without the network.
// It is made the first time something needs it (the profile now, pairing later: `ensure`), never
// for friend links or offline play. A kept value that cannot be read is set aside by the store
// (under `dama.player.v1.unreadable.<time>`, nothing else touched) and reported, so the screen can
// say so; an answer of the server is only kept once it has been read whole (read.ts).
import { KEYS, type LocalStore } from '../storage.ts';
import type { PlayerApi, Result, TransferCode } from './api.ts';
import { readHeldPlayer, type Account, type HeldPlayer, type NameLists, type PublicPlayer } from './read.ts';

/** What this device holds. */
export type Held =
  | { status: 'none' }
  | { status: 'ok'; player: HeldPlayer }
  /** it could not be read: it was moved to `asideKey` (undefined if the device refused even that) */
  | { status: 'corrupt'; asideKey: string | undefined };

export class IdentityClient {
  /** the last save was refused (storage off or full): the player lasts only as long as the page */
  unsaved = false;
  /** the player of this page when the device would not keep it */
  private unkept: HeldPlayer | undefined;
  private lists: Promise<Result<NameLists>> | undefined;

  constructor(
    private readonly store: LocalStore,
    readonly api: PlayerApi,
  ) {}

  /** The player kept on this device, read afresh (another tab may have changed it). */
  held(): Held {
    const r = this.store.load(KEYS.player, readHeldPlayer);
    if (r.status === 'ok') return { status: 'ok', player: r.value };
    if (r.status === 'corrupt') return { status: 'corrupt', asideKey: r.asideKey };
    return this.unkept ? { status: 'ok', player: this.unkept } : { status: 'none' };
  }

  /**
   * The player this device speaks for, made now if it has none: what pairing and the profile call
   * first. (Read `held()` before, to tell the player about a record that had to be set aside.)
   */
  async ensure(): Promise<Result<HeldPlayer>> {
    const h = this.held();
    return h.status === 'ok' ? { ok: true, value: h.player } : this.create();
  }

  /** A new identity for this device (over whatever it held). */
  async create(): Promise<Result<HeldPlayer>> {
    const r = await this.api.create();
    if (!r.ok) return r;
    return { ok: true, value: this.keep(r.value) };
  }

  /**
   * The player as the server has it now (a name changed on another device comes here); the kept
   * name follows. `not-a-player` means the server does not know this id and secret any more.
   */
  async refresh(p: HeldPlayer): Promise<Result<HeldPlayer>> {
    const r = await this.refreshWithAccount(p);
    return r.ok ? { ok: true, value: r.value.player } : r;
  }

  /** `refresh`, with what the server says beside the player: ratings, the block list, a pairing pause. */
  async refreshWithAccount(p: HeldPlayer): Promise<Result<{ player: HeldPlayer; account: Account }>> {
    const r = await this.api.me(p);
    if (!r.ok) return r;
    const u = this.update(p, r.value.player);
    return u.ok ? { ok: true, value: { player: u.value, account: r.value.account } } : u;
  }

  /** A new name of one word from each list; the number stays. */
  async rename(p: HeldPlayer, adjective: string, noun: string): Promise<Result<HeldPlayer>> {
    const r = await this.api.rename(p, adjective, noun, p.words.number);
    return r.ok ? this.update(p, r.value) : r;
  }

  transferCode(p: HeldPlayer): Promise<Result<TransferCode>> {
    return this.api.transferCode(p);
  }

  /**
   * Adopt the identity a transfer code stands for: from now on this device speaks for it, with a
   * secret of its own. What the device held before is replaced (the screen asks first).
   */
  async claim(code: string): Promise<Result<HeldPlayer>> {
    const r = await this.api.claim(code);
    if (!r.ok) return r;
    this.save(r.value);
    return r;
  }

  /** The word lists (asked once per page; a failure is asked again next time). */
  names(): Promise<Result<NameLists>> {
    const asked = (this.lists ??= this.api.names().then((r) => {
      if (!r.ok) this.lists = undefined;
      return r;
    }));
    return asked;
  }

  /**
   * A new identity is kept, unless another tab of the app made one meanwhile (both opened the
   * profile at once): then that one is this device's, and ours is left unused.
   */
  private keep(made: HeldPlayer): HeldPlayer {
    const h = this.held();
    if (h.status === 'ok') return h.player;
    this.save(made);
    return made;
  }

  /**
   * What the server says of `p` now, kept with the secret, unless the device holds another player
   * by now (another tab adopted one while the answer was on its way): that one is not overwritten.
   */
  private update(p: HeldPlayer, seen: PublicPlayer): Result<HeldPlayer> {
    // an answer about someone else is no answer about us
    if (seen.id !== p.id) return { ok: false, error: 'bad-answer' };
    const h = this.held();
    if (h.status === 'ok' && h.player.id !== p.id) return { ok: true, value: h.player };
    const { id, name, words, created } = seen;
    const next: HeldPlayer = {
      id,
      name,
      words,
      created,
      secret: h.status === 'ok' ? h.player.secret : p.secret,
    };
    this.save(next);
    return { ok: true, value: next };
  }

  private save(p: HeldPlayer): void {
    this.unsaved = !this.store.save(KEYS.player, p);
    this.unkept = this.unsaved ? p : undefined;
  }
}
