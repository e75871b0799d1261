// The app: which screen is shown, the settings, what is kept on the device, and the game or replay
// on screen. Screens are addressed by the URL hash (#/game, #/settings ...) so the phone's back
// button works.
import { Game, makeFen, makePdn, parsePdn, parsePosition, START_FEN, type Color } from '@dama/core';
import { EngineClient, type WorkerLike } from '../engine/client.ts';
import { catalog, detectLang, type Catalog, type Lang } from '../i18n/index.ts';
import { readSettings, defaultSettings, type Settings } from '../io/settings.ts';
import { Sound } from '../io/sound.ts';
import { KEYS, Store, type KeyValue } from '../io/storage.ts';
import {
  addRecord,
  newId,
  readRecords,
  readSavedGame,
  restoreGame,
  type GameRecord,
  type SavedGame,
} from '../record.ts';
import {
  COLOR_CHOICES,
  LOCAL_VIEWS,
  PLAY_LEVELS,
  readTimeControl,
  defaultSetup,
  pickColor,
  type ColorChoice,
  type GameSetup,
  type LocalView,
  type Mode,
  type PlayLevel,
  type TimeControl,
} from '../setup.ts';
import { GameCtrl } from './game.ts';
import { ReplayCtrl } from './replay.ts';

export const ROUTES = [
  'home',
  'game',
  'settings',
  'rules',
  'records',
  'replay',
  'puzzle',
  'analysis',
] as const;
export type RouteName = (typeof ROUTES)[number];
export interface Route {
  name: RouteName;
  /** the record shown by 'replay' */
  id?: string;
  /** what follows '?' in the hash: the analysis link (#/analysis?fen=…&moves=…) */
  query?: string;
}

export type NoticeKey = 'corruptGame' | 'corruptSettings' | 'corruptRecords';

/** The choices of the new-game sheet. */
export interface Draft {
  level: PlayLevel;
  color: ColorChoice;
  time: TimeControl;
  view: LocalView;
}

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
}

/** The new-game choices kept from last time; undefined if they are not valid. */
export function readDraft(v: unknown): Draft | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const time = readTimeControl(o.time);
  const level = PLAY_LEVELS.find((l) => l === o.level);
  const color = COLOR_CHOICES.find((c) => c === o.color);
  const view = LOCAL_VIEWS.find((x) => x === o.view);
  return time && level && color && view ? { level, color, time, view } : undefined;
}

export function parseRoute(hash: string): Route {
  const bare = hash.replace(/^#\/?/, '');
  const q = bare.indexOf('?');
  const query = q >= 0 ? bare.slice(q + 1) : undefined;
  const [name, id] = (q >= 0 ? bare.slice(0, q) : bare).split('/');
  if ((ROUTES as readonly string[]).includes(name))
    return { name: name as RouteName, ...(id ? { id } : {}), ...(query !== undefined ? { query } : {}) };
  return { name: 'home' };
}

export class AppCtrl {
  route: Route = { name: 'home' };
  settings: Settings;
  records: GameRecord[] = [];
  /** the unfinished game kept on the device, offered on the home screen */
  current: SavedGame | undefined;
  game: GameCtrl | undefined;
  replay: ReplayCtrl | undefined;
  notices: NoticeKey[] = [];
  sheet: Mode | undefined;
  draft: Draft = { level: 'easy', color: 'white', time: { kind: 'off' }, view: 'rotate' };
  /** set when a new version of the app is waiting; calling it reloads into it */
  update: (() => void) | undefined;
  /** why the last import failed */
  importError: string | undefined;
  /** the export dialog is open */
  exporting = false;
  /** the latest sentence for screen readers */
  live = '';
  readonly engine: EngineClient | undefined;
  readonly sound = new Sound();
  private readonly store: Store;

  constructor(private readonly deps: AppDeps) {
    this.store = new Store(deps.kv, deps.now);
    const lang = detectLang(deps.languages);
    const s = this.store.load(KEYS.settings, (v) => readSettings(v, lang));
    this.settings = s.status === 'ok' ? s.value : defaultSettings(lang);
    if (s.status === 'corrupt') this.notices.push('corruptSettings');
    this.sound.enabled = this.settings.sound;
    const r = this.store.load(KEYS.records, readRecords);
    if (r.status === 'ok') this.records = r.value;
    if (r.status === 'corrupt') this.notices.push('corruptRecords');
    const d = this.store.load(KEYS.draft, readDraft);
    if (d.status === 'ok') this.draft = d.value;
    const g = this.store.load(KEYS.current, readSavedGame);
    if (g.status === 'ok') this.current = g.value;
    if (g.status === 'corrupt') this.notices.push('corruptGame');
    this.engine = deps.spawnEngine ? new EngineClient(deps.spawnEngine, deps.redraw) : undefined;
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

  // ---- screens

  /** The URL hash changed (or the app started). */
  go(route: Route): void {
    if (route.name === 'game' && !this.game) {
      if (this.current) this.resume();
      else return this.deps.navigate('#/');
    }
    if (route.name === 'replay') {
      const rec = this.records.find((r) => r.id === route.id);
      const game = rec ? restoreGame(rec.pdn, rec.setup) : undefined;
      if (!rec || !game) return this.deps.navigate('#/records');
      this.replay = new ReplayCtrl(rec, game, () => this.settings, this.deps.redraw);
    } else this.replay = undefined;
    this.route = route;
    this.sheet = undefined;
    this.exporting = false;
    this.deps.redraw();
  }

  openSheet(mode: Mode | undefined): void {
    this.sheet = mode;
    this.deps.redraw();
  }

  setDraft(d: Partial<Draft>): void {
    this.draft = { ...this.draft, ...d };
    this.store.save(KEYS.draft, this.draft);
    this.deps.redraw();
  }

  now(): number {
    return this.deps.now();
  }

  openExport(): void {
    this.exporting = true;
    this.deps.redraw();
  }

  closeExport(): void {
    this.exporting = false;
    this.deps.redraw();
  }

  dismissNotice(key: NoticeKey): void {
    this.notices = this.notices.filter((n) => n !== key);
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
    };
  }

  /** Start a game from the sheet's choices. */
  start(mode: Mode): void {
    const d = this.draft;
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
    this.game?.destroy();
    this.game = new GameCtrl(this.gameEnv(), { setup, ...(game ? { game } : {}) });
    this.persist(this.game.saved());
    this.sheet = undefined;
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
   * Start a game from a position given in the URL (`?fen=W:Wd4:Bd5&vs=computer&color=white&level=easy`):
   * the browser tests use it to reach particular cases, and it is handy for trying a position.
   */
  startFromFen(fen: string, mode: Mode, color: Color, level: PlayLevel): boolean {
    const pos = parsePosition(fen);
    if (!pos.ok) return false;
    const setup: GameSetup = { ...defaultSetup(), mode, playerColor: color, level };
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

  leaveGame(): void {
    this.deps.navigate('#/');
  }

  private persist(current: SavedGame | undefined, finished?: GameRecord): void {
    this.current = current;
    if (current) this.store.save(KEYS.current, current);
    else this.store.remove(KEYS.current);
    if (finished) {
      this.records = addRecord(this.records, finished);
      this.store.save(KEYS.records, this.records);
    }
  }

  announce(text: string): void {
    this.live = text;
  }

  /** Time goes on: called a few times a second. */
  tick(): void {
    if (this.route.name === 'game' && this.game?.time.enabled && !this.game.outcome) {
      this.game.tick();
      this.deps.redraw();
    }
  }

  // ---- records

  deleteRecord(id: string): void {
    this.records = this.records.filter((r) => r.id !== id);
    this.store.save(KEYS.records, this.records);
    this.deps.redraw();
  }

  /** Read a PDN text; on success the games are added to the list and the first is shown. */
  importPdn(text: string): void {
    const parsed = parsePdn(text);
    this.importError = parsed.ok ? undefined : this.trans.importError(parsed.error.message);
    if (!parsed.ok) return this.deps.redraw();
    const now = this.deps.now();
    let first: string | undefined;
    for (const g of parsed.value) {
      const id = newId(now, this.deps.random);
      first ??= id;
      const outcome = g.game.outcome();
      const rec: GameRecord = {
        id,
        pdn: makePdn(g.game, g.tags),
        result: g.result,
        ...(outcome ? { reason: outcome.reason } : {}),
        plies: g.game.plies,
        endedAt: now,
      };
      this.records = addRecord(this.records, rec);
    }
    this.store.save(KEYS.records, this.records);
    if (first) this.deps.navigate(`#/replay/${first}`);
  }

  // ---- settings

  changeSettings(change: Partial<Settings>): void {
    this.settings = { ...this.settings, ...change };
    this.sound.enabled = this.settings.sound;
    this.store.save(KEYS.settings, this.settings);
    this.game?.sync();
    this.deps.redraw();
  }
}
