// The router's view: the frame around every screen: header, calm notices, the update prompt, the screen-reader line.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { gameView } from '../game/view.tsx';
import { homeView } from '../home/view.tsx';
import { AnalysisRoute } from './analysis-route.tsx';
import { PuzzleRoute } from './puzzle-route.tsx';
import { LearnRoute } from './learn-route.tsx';
import { OnlineRoute } from './online-route.tsx';
import { ProfileRoute } from './profile-route.tsx';
import { LobbyRoute } from './lobby-route.tsx';
import { NotifyRoute } from './notify-route.tsx';
import { LeadersRoute, WatchRoute } from './watch-route.tsx';
import { icons } from '../lib/icons.tsx';
import { recordsView } from '../records/view.tsx';
import { replayView } from '../replay/view.tsx';
import { rulesView } from '../rules/view.tsx';
import { settingsView } from '../settings/view.tsx';
import { turnsSection } from '../turns/view.tsx';

function title(ctrl: AppCtrl): string {
  const t = ctrl.trans;
  switch (ctrl.route.name) {
    case 'settings':
      return t.settings;
    case 'rules':
      return t.rules;
    case 'records':
    case 'replay':
      return t.records;
    case 'puzzle':
      return t.puzzlesTitle;
    case 'online':
      return t.onlineTitle;
    case 'analysis':
      return t.analysisBoard;
    case 'profile':
      return t.profileTitle;
    case 'lobby':
      return t.lobbyTitle;
    case 'watch':
      return t.watchTitle;
    case 'leaderboard':
      return t.leadersTitle;
    case 'learn':
      return t.learnTitle;
    case 'game': {
      const g = ctrl.game;
      if (!g) return t.appName;
      return g.vsComputer ? t.gameTitleVsComputer(t[`level_${g.setup.level}`]) : t.twoPlayerGame;
    }
    case 'home':
      return t.appName;
  }
}

function header(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  const home = ctrl.route.name === 'home';
  const backTo =
    ctrl.route.name === 'replay'
      ? '#/records'
      : ctrl.route.name === 'leaderboard'
        ? '#/watch'
        : ctrl.route.name === 'learn' && ctrl.route.id
          ? '#/learn'
          : '#/';
  return (
    <header class="topbar">
      {home ? (
        <span class="brand" aria-hidden="true">
          <span class="brand-piece" />
        </span>
      ) : (
        <a class="icon-btn" href={backTo} aria-label={t.back}>
          {icons.back()}
        </a>
      )}
      <h1>{title(ctrl)}</h1>
      {seekChip(ctrl)}
      {ctrl.route.name === 'game' && ctrl.game ? (
        <button
          type="button"
          class="icon-btn"
          aria-label={t.flip}
          title={t.flip}
          onClick={() => ctrl.game?.flip()}
        >
          {icons.flip()}
        </button>
      ) : home ? (
        <a class="icon-btn" href="#/settings" aria-label={t.settings} title={t.settings}>
          {icons.gear()}
        </a>
      ) : (
        <span class="icon-btn placeholder" />
      )}
    </header>
  );
}

/** '1:05': minutes and seconds. */
const mmss = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** An open seek, on every screen but the lobby's: its time control and the time waited. */
function seekChip(ctrl: AppCtrl): JSX.Element | null {
  const s = ctrl.lobby?.seeking;
  if (!s || ctrl.route.name === 'lobby') return null;
  const t = ctrl.trans;
  const time = mmss(ctrl.now() - s.since);
  return (
    <a class="seek-chip" href="#/lobby" aria-label={t.lobbyChipLabel(s.clock, time)} data-testid="seek-chip">
      <span class="spinner" aria-hidden="true" />
      <span aria-hidden="true">{t.lobbyChip(s.clock, time)}</span>
    </a>
  );
}

/** An opponent found while the player was elsewhere (playing the computer): the way to the game. */
function foundBanner(ctrl: AppCtrl): JSX.Element | null {
  const l = ctrl.lobby;
  if (!l?.found || ctrl.route.name === 'lobby') return null;
  const t = ctrl.trans;
  return (
    <div class="found-banner" role="alert" data-testid="found-banner">
      <span class="found-text">
        <strong>{t.lobbyFoundTitle}</strong>
        <small>{t.lobbyFoundNote}</small>
      </span>
      <button type="button" class="btn primary small" onClick={() => l.goToGame()}>
        {t.lobbyGoToGame}
      </button>
      <button type="button" class="icon-btn" aria-label={t.close} onClick={() => l.dismissFound()}>
        {icons.close()}
      </button>
    </div>
  );
}

function notices(ctrl: AppCtrl): JSX.Element | null {
  if (ctrl.notices.length === 0) return null;
  const t = ctrl.trans;
  return (
    <div class="notices">
      {ctrl.notices.map((n) => (
        <div class="notice" role="alert" key={n} data-testid={`notice-${n}`}>
          <p>{t[n]}</p>
          <button type="button" class="icon-btn" aria-label={t.close} onClick={() => ctrl.dismissNotice(n)}>
            {icons.close()}
          </button>
        </div>
      ))}
    </div>
  );
}

/** The home screen, with the "Your turn" list (its controller loaded when first shown). */
const home = (ctrl: AppCtrl): JSX.Element => homeView(ctrl.home, turnsSection(ctrl.turns, ctrl.trans));

function screen(ctrl: AppCtrl): JSX.Element {
  switch (ctrl.route.name) {
    case 'game':
      return ctrl.game ? gameView(ctrl, ctrl.game) : home(ctrl);
    case 'settings':
      return settingsView(ctrl.prefs, <NotifyRoute ctrl={ctrl} />);
    case 'rules':
      return rulesView(ctrl.rules);
    case 'records':
      return recordsView(ctrl.records);
    case 'replay':
      return ctrl.replay ? replayView(ctrl, ctrl.replay) : recordsView(ctrl.records);
    case 'puzzle':
      return <PuzzleRoute ctrl={ctrl} />;
    case 'analysis':
      return <AnalysisRoute ctrl={ctrl} key={ctrl.route.query ?? ''} />;
    case 'online':
      return <OnlineRoute ctrl={ctrl} />;
    case 'profile':
      return <ProfileRoute ctrl={ctrl} />;
    case 'lobby':
      return <LobbyRoute ctrl={ctrl} />;
    case 'watch':
      return <WatchRoute ctrl={ctrl} />;
    case 'leaderboard':
      return <LeadersRoute ctrl={ctrl} />;
    case 'learn':
      return <LearnRoute ctrl={ctrl} />;
    case 'home':
      return home(ctrl);
  }
}

export function appView(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <div class={`app route-${ctrl.route.name}`}>
      {header(ctrl)}
      {foundBanner(ctrl)}
      <main id="main">
        {notices(ctrl)}
        {screen(ctrl)}
      </main>
      {ctrl.update ? (
        <div class="update" role="status">
          <span>{t.updateReady}</span>
          <button type="button" class="btn primary small" onClick={() => ctrl.update?.()}>
            {t.reload}
          </button>
        </div>
      ) : null}
      <div class="sr-only" aria-live="polite" role="status" data-testid="live">
        {ctrl.live}
      </div>
    </div>
  );
}
