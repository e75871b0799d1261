// The router's view: the frame around every screen: header, calm notices, the update prompt, the screen-reader line.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { gameView } from '../game/view.tsx';
import { homeView } from '../home/view.tsx';
import { AnalysisRoute } from './analysis-route.tsx';
import { PuzzleRoute } from './puzzle-route.tsx';
import { OnlineRoute } from './online-route.tsx';
import { ProfileRoute } from './profile-route.tsx';
import { icons } from '../lib/icons.tsx';
import { recordsView } from '../records/view.tsx';
import { replayView } from '../replay/view.tsx';
import { rulesView } from '../rules/view.tsx';
import { settingsView } from '../settings/view.tsx';

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
      return t.dailyPuzzle;
    case 'online':
      return t.onlineTitle;
    case 'analysis':
      return t.analysisBoard;
    case 'profile':
      return t.profileTitle;
    case 'game': {
      const g = ctrl.game;
      if (!g) return t.appName;
      return g.vsComputer ? t.gameTitleVsComputer(t[`level_${g.setup.level}`]) : t.twoPlayerGame;
    }
    default:
      return t.appName;
  }
}

function header(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  const home = ctrl.route.name === 'home';
  const backTo = ctrl.route.name === 'replay' ? '#/records' : '#/';
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

function screen(ctrl: AppCtrl): JSX.Element {
  switch (ctrl.route.name) {
    case 'game':
      return ctrl.game ? gameView(ctrl, ctrl.game) : homeView(ctrl.home);
    case 'settings':
      return settingsView(ctrl.prefs);
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
    default:
      return homeView(ctrl.home);
  }
}

export function appView(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <div class={`app route-${ctrl.route.name}`}>
      {header(ctrl)}
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
