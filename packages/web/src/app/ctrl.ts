// The app: which screen is shown, what is kept on the device, and the screens' controllers. Screens
// are addressed by the URL hash (#/game, #/settings ...) so the phone's back button works.
import { Game, makeFen, parsePosition, START_FEN, type Color } from '@dama/core';
import { GameCtrl } from '../game/ctrl.ts';
import { HomeCtrl, type Draft } from '../home/ctrl.ts';
import { EngineClient, type WorkerLike } from '../lib/engine/client.ts';
import { catalog, detectLang, type Catalog, type Lang } from '../lib/i18n/index.ts';
import {
  readSavedGame,
  restoreGame,
  resumable,
  unfinishedRecord,
  type GameRecord,
  type SavedGame,
} from '../lib/record.ts';
import type { Settings } from '../lib/settings.ts';
import { defaultSetup, pickColor, type GameSetup, type Mode, type PlayLevel } from '../lib/setup.ts';
import { Sound } from '../lib/sound.ts';
import {
  KEYS,
  LocalStore,
  watchStorage,
  type KeyValue,
  type StorageEvents,
  type StoreKey,
} from '../lib/storage.ts';
import type { Http } from '../lib/player/api.ts';
import { homeLearn } from '../learn/home-status.ts';
import type { LobbyLink } from '../lobby/index.tsx';
import { homePuzzle } from '../puzzle/home-status.ts';
import { RecordsCtrl } from '../records/ctrl.ts';
import { ReplayCtrl } from '../replay/ctrl.ts';
import { RulesCtrl } from '../rules/ctrl.ts';
import { SettingsCtrl } from '../settings/ctrl.ts';
import type { TurnsCtrl } from '../turns/ctrl.ts';

export const ROUTES = [
  'home',
  'game',
  'settings',
  'rules',
  'records',
  'replay',
  'puzzle',
  'analysis',
  'online',
  'profile',
  'lobby',
  'watch',
  'leaderboard',
  'learn',
] as const;
export type RouteName = (typeof ROUTES)[number];
export interface Route {
  name: RouteName;
  /** the record shown by 'replay', the game shown by 'online', the speed shown by 'leaderboard' */
  id?: string;
  /** what follows '?' in the hash: the analysis link (#/analysis?fen=…&moves=…), a transfer code (#/profile?code=…) */
  query?: string;
  /** 'online': the seat token in the player's own link */
  token?: string;
}

export type NoticeKey = 'corruptGame' | 'corruptSettings' | 'corruptRecords';

export interface AppDeps {
  kv: KeyValue | undefined;
  spawnEngine: (() => WorkerLike) | undefined;
  languages: readonly string[];
  now: () => number;
  random: () => number;
  redraw: () => void;
  /** replace the URL hash (the app's route) */
  navigate: (hash: string) => void;
  fastEngine: boolean;
  /** where changes made by other tabs are reported (the window) */
  storageEvents?: StorageEvents | undefined;
  /** `fetch` against the game server beside the page (the "your turn" list, the server's games) */
  http?: Http | undefined;
  /** whether the page is in view (nothing is asked of the server for a hidden page) */
  visible?: (() => boolean) | undefined;
}

export function parseRoute(hash: string): Route {
  const bare = hash.replace(/^#\/?/, '');
  const q = bare.indexOf('?');
  const query = q >= 0 ? bare.slice(q + 1) : undefined;
  const [name, id, token] = (q >= 0 ? bare.slice(0, q) : bare).split('/');
  if ((ROUTES as readonly string[]).includes(name))
    return {
      name: name as RouteName,
      ...(id ? { id } : {}),
      ...(token && name === 'online' ? { token } : {}),
      ...(query !== undefined ? { query } : {}),
    };
  return { name: 'home' };
}

export class AppCtrl {
  route: Route = { name: 'home' };
  /** the unfinished game kept on the device, offered on the home screen */
  current: SavedGame | undefined;
  game: GameCtrl | undefined;
  replay: ReplayCtrl | undefined;
  notices: NoticeKey[] = [];
  /** set when a new version of the app is waiting; calling it reloads into it */
  update: (() => void) | undefined;
  /** the export dialog is open */
  exporting = false;
  /** the latest sentence for screen readers */
  live = '';
  /** quick pairing, once its screen has been opened (src/lobby) */
  lobby: LobbyLink | undefined;
  /** the games this player is in the middle of, on the home screen (src/turns, loaded when first shown) */
  turns: TurnsCtrl | undefined;
  private turnsLoading: Promise<TurnsCtrl | undefined> | undefined;
  readonly engine: EngineClient | undefined;
  readonly sound = new Sound();
  readonly store: LocalStore;
  readonly prefs: SettingsCtrl;
  readonly records: RecordsCtrl;
  readonly home: HomeCtrl;
  readonly rules: RulesCtrl;
  readonly random: () => number;
  readonly redraw: () => void;
  readonly navigate: (hash: string) => void;
  private readonly unwatch: () => void;
  /** when the home screen's list was last drawn for its clocks */
  private turnsDrawn = 0;

  constructor(private readonly deps: AppDeps) {
    this.random = deps.random;
    this.redraw = deps.redraw;
    this.navigate = deps.navigate;
    this.store = new LocalStore(deps.kv, deps.now);
    this.prefs = new SettingsCtrl({
      store: this.store,
      detected: detectLang(deps.languages),
      corrupt: () => this.notify('corruptSettings'),
      changed: () => this.settingsChanged(),
    });
    this.sound.enabled = this.settings.sound;
    this.records = new RecordsCtrl({
      store: this.store,
      trans: () => this.trans,
      lang: () => this.lang,
      http: deps.http,
      now: deps.now,
      random: deps.random,
      redraw: deps.redraw,
      navigate: deps.navigate,
      corrupt: () => this.notify('corruptRecords'),
      resume: (id) => this.resumeRecord(id),
    });
    this.home = new HomeCtrl({
      store: this.store,
      trans: () => this.trans,
      redraw: deps.redraw,
      current: () => this.current,
      hasUnfinished: () => this.hasUnfinished,
      records: () => this.records.records,
      start: (mode, draft) => this.start(mode, draft),
      puzzleCard: () => homePuzzle(deps.kv, deps.now(), this.trans),
      learnCard: () => homeLearn(deps.kv, this.trans),
    });
    this.rules = new RulesCtrl({
      trans: () => this.trans,
      lang: () => this.lang,
      settings: () => this.settings,
    });
    this.loadCurrent();
    this.engine = deps.spawnEngine ? new EngineClient(deps.spawnEngine, deps.redraw) : undefined;
    this.unwatch = watchStorage(deps.storageEvents, (key) => this.changedElsewhere(key));
  }

  get settings(): Settings {
    return this.prefs.settings;
  }

  /** `fetch` against the game server beside the page (none in most unit tests) */
  get http(): Http | undefined {
    return this.deps.http;
  }

  /**
   * The "Your turn" list asked again (`force`: whatever the pace), its controller loaded first (a
   * failed load is tried again next time). Resolves when the list has its answer.
   */
  refreshTurns(force = false): Promise<void> {
    const http = this.deps.http;
    if (!http) return Promise.resolve();
    this.turnsLoading ??= import('../turns/index.ts').then(
      (m) => (this.turns = m.makeTurns(this.store, http, this.deps.now, this.deps.redraw)),
      () => (this.turnsLoading = undefined),
    );
    return this.turnsLoading.then((t) => t?.refresh(force));
  }

  /** how the engine's worker is started (the analysis screen starts its own) */
  get spawnEngine(): (() => WorkerLike) | undefined {
    return this.deps.spawnEngine;
  }

  get trans(): Catalog {
    return catalog(this.settings.lang);
  }

  get lang(): Lang {
    return this.settings.lang;
  }

  now(): number {
    return this.deps.now();
  }

  /** Show a calm notice (once). */
  notify(key: NoticeKey): void {
    if (!this.notices.includes(key)) this.notices.push(key);
  }

  dismissNotice(key: NoticeKey): void {
    this.notices = this.notices.filter((n) => n !== key);
    this.deps.redraw();
  }

  private loadCurrent(): void {
    const g = this.store.load(KEYS.current, readSavedGame);
    this.current = g.status === 'ok' ? g.value : undefined;
    if (g.status === 'corrupt') this.notify('corruptGame');
  }

  /**
   * Another tab of the app changed what is kept: take the new settings and list of games, and the
   * unfinished game (the one on screen too, when that tab played on in it).
   */
  private changedElsewhere(key: StoreKey): void {
    if (key === KEYS.settings) this.prefs.reload();
    else if (key === KEYS.records) this.records.reload();
    else if (key === KEYS.current) {
      this.loadCurrent();
      const shown = this.game;
      if (shown && this.current?.id === shown.id && this.current.pdn !== shown.saved().pdn) this.resume();
    } else return;
    this.settingsChanged();
  }

  /** Stop listening to the device (tests; the page itself lives as long as the app). */
  destroy(): void {
    this.unwatch();
    this.game?.destroy();
  }

  // ---- screens

  /** The URL hash changed (or the app started). */
  go(route: Route): void {
    if (route.name === 'game' && !this.game) {
      if (this.current) this.resume();
      else return this.deps.navigate('#/');
    }
    if (route.name === 'replay') {
      const rec = route.id ? this.records.find(route.id) : undefined;
      const game = rec ? restoreGame(rec.pdn, rec.setup) : undefined;
      if (!rec || !game) return this.deps.navigate('#/records');
      this.replay = new ReplayCtrl(
        rec,
        game,
        () => this.settings,
        () => this.trans,
        this.deps.redraw,
      );
    } else this.replay = undefined;
    if (route.name !== 'records') this.records.forgetDeleted();
    else void this.records.loadRemote();
    // back home from another screen, the list is asked whatever the pace: a game may just have been
    // played there (the pace only merges the home screen shown again and again)
    if (route.name === 'home') void this.refreshTurns(this.route.name !== 'home');
    this.route = route;
    this.home.sheet = route.name === 'home' ? this.home.pendingSheet : undefined;
    this.home.pendingSheet = undefined;
    this.exporting = false;
    this.deps.redraw();
  }

  openExport(): void {
    this.exporting = true;
    this.deps.redraw();
  }

  closeExport(): void {
    this.exporting = false;
    this.deps.redraw();
  }

  // ---- games

  private gameEnv() {
    return {
      engine: this.engine,
      sound: this.sound,
      now: this.deps.now,
      random: this.deps.random,
      trans: () => this.trans,
      settings: () => this.settings,
      redraw: this.deps.redraw,
      persist: (current: SavedGame | undefined, finished?: GameRecord) => this.persist(current, finished),
      announce: (text: string) => this.announce(text),
      fastEngine: this.deps.fastEngine,
      wait: (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
    };
  }

  /** Start a game from the new-game sheet's choices. */
  start(mode: Mode, d: Draft): void {
    const color: Color = pickColor(d.color, this.deps.random);
    const setup: GameSetup = {
      ...defaultSetup(),
      mode,
      level: d.level,
      playerColor: color,
      view: d.view,
      time: d.time,
      drawRules: { ...defaultSetup().drawRules, ...this.settings.drawRules },
    };
    this.startSetup(setup);
  }

  startSetup(setup: GameSetup, game?: Game): void {
    this.keepUnfinished();
    this.game?.destroy();
    this.game = new GameCtrl(this.gameEnv(), { setup, ...(game ? { game } : {}) });
    this.persist(this.game.saved());
    this.home.sheet = undefined;
    this.route = { name: 'game' };
    this.deps.navigate('#/game');
    this.deps.redraw();
  }

  rematch(): void {
    const g = this.game;
    if (!g) return;
    const again =
      makeFen(g.game.initial) !== START_FEN
        ? new Game(g.game.initial, { drawRules: g.setup.drawRules })
        : undefined;
    this.startSetup(g.setup, again);
  }

  /**
   * Start a game from a position given in the URL (`?fen=W:Wd4:Bd5&vs=computer&color=white&level=2`):
   * the browser tests use it to reach particular cases, and it is handy for trying a position.
   */
  startFromFen(fen: string, mode: Mode, color: Color, level: PlayLevel): boolean {
    const pos = parsePosition(fen);
    if (!pos.ok) return false;
    const setup: GameSetup = {
      ...defaultSetup(),
      mode,
      playerColor: color,
      level,
      drawRules: { ...defaultSetup().drawRules, ...this.settings.drawRules },
    };
    this.startSetup(setup, new Game(pos.value, { drawRules: setup.drawRules }));
    return true;
  }

  /** Play the computer from a position of the analysis board (its moves kept, for repetitions). */
  playFrom(game: Game, color: Color, level: PlayLevel): void {
    const setup: GameSetup = {
      ...defaultSetup(),
      mode: 'computer',
      level,
      playerColor: color,
      drawRules: game.drawRules,
    };
    this.startSetup(setup, game);
  }

  resume(): void {
    const saved = this.current;
    const game = saved ? restoreGame(saved.pdn, saved.setup) : undefined;
    if (!saved || !game) return;
    this.game?.destroy();
    this.game = new GameCtrl(this.gameEnv(), {
      setup: saved.setup,
      game,
      id: saved.id,
      startedAt: saved.startedAt,
      ...(saved.clocks ? { clocks: saved.clocks } : {}),
    });
  }

  /** The unfinished game kept on the device has moves that starting another game would lose. */
  get hasUnfinished(): boolean {
    const cur = this.current;
    return cur !== undefined && (restoreGame(cur.pdn, cur.setup)?.plies ?? 0) > 0;
  }

  /** Keep the unfinished game (if it has moves) in "My games", to be continued from there. */
  private keepUnfinished(): void {
    const cur = this.current;
    const game = cur ? restoreGame(cur.pdn, cur.setup) : undefined;
    if (!cur || !game || game.plies === 0 || game.isOver()) return;
    this.records.add(unfinishedRecord(cur, game, this.deps.now()));
    this.persist(undefined);
  }

  /** Continue an unfinished game from "My games" (the one in progress, if any, takes its place in the list). */
  resumeRecord(id: string): void {
    const rec = this.records.records.find((r) => r.id === id);
    const saved = rec ? resumable(rec) : undefined;
    if (!saved || !restoreGame(saved.pdn, saved.setup)) return;
    if (this.current?.id !== id) this.keepUnfinished();
    this.records.remove(id);
    this.persist(saved);
    this.resume();
    this.route = { name: 'game' };
    this.deps.navigate('#/game');
    this.deps.redraw();
  }

  leaveGame(): void {
    this.deps.navigate('#/');
  }

  /** "New game" at the end of a game: the home screen with the new-game sheet open. */
  newGame(mode: Mode): void {
    this.home.pendingSheet = mode;
    this.deps.navigate('#/');
  }

  private persist(current: SavedGame | undefined, finished?: GameRecord): void {
    this.current = current;
    if (current) this.store.save(KEYS.current, current);
    else this.store.remove(KEYS.current);
    if (finished) this.records.add(finished);
  }

  announce(text: string): void {
    this.live = text;
  }

  /** The page is in view again (the phone woken, the tab chosen): the home screen's list is asked again. */
  shown(): void {
    if (this.route.name === 'home') void this.refreshTurns();
  }

  /** Time goes on: called a few times a second. */
  tick(): void {
    if (this.route.name === 'home' && this.turns?.games.length) {
      // the "Your turn" list's times left go down (live games by the second)
      const now = this.deps.now();
      if (now - this.turnsDrawn >= 1000) {
        this.turnsDrawn = now;
        this.deps.redraw();
      }
    }
    if (this.route.name === 'home' && this.turns?.due() && (this.deps.visible?.() ?? true))
      void this.refreshTurns();
    if (this.route.name === 'game' && this.game?.time.enabled && !this.game.outcome) {
      this.game.tick();
      this.deps.redraw();
    }
  }

  /** The settings changed (here or in another tab): sounds, the board, and a redraw. */
  settingsChanged(): void {
    this.sound.enabled = this.settings.sound;
    this.game?.sync();
    this.deps.redraw();
  }
}
