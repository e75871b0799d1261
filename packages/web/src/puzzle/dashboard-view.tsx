// The puzzle dashboard (reached from the training tab): the training history of the last 7 or 30
// days — plays, share solved, performance — and the themes weakest first, each with a button that
// opens training on it. The figures are @dama/puzzle's `puzzleDashboard`; this is the view and the
// loading of the pool (training's loader) and the record.
import { Component, type JSX } from 'preact';
import {
  DASHBOARD_WINDOWS,
  MIN_THEME_PLAYS,
  puzzleDashboard,
  type Dashboard,
  type DashboardWindow,
  type Puzzle,
  type Theme,
  type ThemeFigures,
} from '@dama/puzzle';
import { capitalize, catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { browserStorage, type KeyValue } from '../lib/storage.ts';
import { readTraining } from './training-ctrl.ts';
import { loadPool } from './training-view.tsx';

const percent = (share: number) => Math.round(share * 100);

function themeRow(m: Catalog, lang: Lang, t: ThemeFigures, train: (theme: Theme) => void): JSX.Element {
  const name = m[`puzzleTheme_${t.theme}`];
  const pct = percent(t.share);
  return (
    <li
      key={t.theme}
      class={`pz-dash-theme${t.judged ? '' : ' few'}`}
      data-theme={t.theme}
      data-plays={t.plays}
      data-solved={t.solved}
    >
      <span class="pz-dash-theme-text">
        <strong>{capitalize(name, lang)}</strong>
        <small>{m.puzzleDashThemeLine(t.plays, pct)}</small>
        <span class="pz-dash-bar" aria-hidden="true">
          <i style={{ width: `${pct}%` }} />
        </span>
      </span>
      <span class="pz-dash-perf">
        <strong>{t.performance}</strong>
        <small>{m.puzzleDashPerformance}</small>
      </span>
      <button
        type="button"
        class="btn small"
        aria-label={m.puzzleDashTrainTheme(name)}
        onClick={() => train(t.theme)}
      >
        {m.puzzleDashTrain}
      </button>
    </li>
  );
}

function figures(m: Catalog, d: Dashboard): JSX.Element {
  const stat = (label: string, value: string, id: string) => (
    <div class="pz-stat" data-testid={id}>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  );
  return (
    <div class="pz-stats pz-dash-stats">
      {stat(m.puzzleDashPlayed, String(d.total.plays), 'dash-plays')}
      {stat(m.puzzleDashSolved, m.puzzleDashPercent(percent(d.total.share)), 'dash-solved')}
      {stat(
        m.puzzleDashPerformance,
        d.total.performance === undefined ? '–' : String(d.total.performance),
        'dash-perf',
      )}
    </div>
  );
}

export function dashboardView(
  m: Catalog,
  lang: Lang,
  d: Dashboard,
  setDays: (days: DashboardWindow) => void,
  train: (theme?: Theme) => void,
  back: () => void,
): JSX.Element {
  const judged = d.themes.filter((t) => t.judged);
  const few = d.themes.filter((t) => !t.judged);
  return (
    <section class="pz-archive pz-dash" data-testid="pz-dash" data-days={d.days}>
      <h2 class="pz-page-title">{m.puzzleDashTitle}</h2>
      <div class="pz-seg" role="group" aria-label={m.puzzleDashPeriod}>
        {DASHBOARD_WINDOWS.map((days) => (
          <button
            key={days}
            type="button"
            class={d.days === days ? 'on' : ''}
            aria-pressed={d.days === days}
            onClick={() => setDays(days)}
            data-testid={`dash-${days}`}
          >
            {m.puzzleDashDays(days)}
          </button>
        ))}
      </div>
      {d.total.plays === 0 ? (
        <>
          <p class="note" data-testid="dash-empty">
            {m.puzzleDashEmpty(d.days)}
          </p>
          <button type="button" class="btn primary pz-wide" onClick={() => train()}>
            {icons.play()}
            {m.puzzleDashStart}
          </button>
        </>
      ) : (
        <>
          {figures(m, d)}
          {d.weakest.length > 0 ? (
            <div class="pz-dash-work" data-testid="dash-weakest">
              <h3>{m.puzzleDashWorkOn}</h3>
              {d.weakest.map((theme, i) => (
                <button
                  key={theme}
                  type="button"
                  class={`btn pz-wide${i === 0 ? ' primary' : ''}`}
                  data-theme={theme}
                  onClick={() => train(theme)}
                >
                  {icons.play()}
                  {capitalize(m.puzzleDashTrainTheme(m[`puzzleTheme_${theme}`]), lang)}
                </button>
              ))}
            </div>
          ) : judged.length > 0 ? (
            <p class="note">{m.puzzleDashNothingWeak}</p>
          ) : null}
          {judged.length > 0 ? (
            <>
              <h3>{m.puzzleDashThemes}</h3>
              <ul class="pz-dash-themes" data-testid="dash-themes">
                {judged.map((t) => themeRow(m, lang, t, train))}
              </ul>
            </>
          ) : null}
          {few.length > 0 ? (
            <>
              <p class="note">{m.puzzleDashFew(MIN_THEME_PLAYS)}</p>
              <ul class="pz-dash-themes" data-testid="dash-few">
                {few.map((t) => themeRow(m, lang, t, train))}
              </ul>
            </>
          ) : null}
          <p class="note pz-dash-note">{m.puzzleDashNote}</p>
          <button type="button" class="btn pz-wide" onClick={back} data-testid="dash-back">
            {icons.back()}
            {m.puzzleDashBack}
          </button>
        </>
      )}
    </section>
  );
}

interface Props {
  lang: Lang;
  now?: () => number;
  kv?: KeyValue;
  /** open training, on a theme when one is given */
  train: (theme?: Theme) => void;
  back: () => void;
}

interface State {
  pool?: readonly Puzzle[];
  failed?: boolean;
  days: DashboardWindow;
}

export class DashboardPage extends Component<Props, State> {
  override state: State = { days: 30 };
  private mounted = false;

  override componentDidMount(): void {
    this.mounted = true;
    loadPool().then(
      (pool) => this.mounted && this.setState({ pool }),
      () => this.mounted && this.setState({ failed: true }),
    );
  }

  override componentWillUnmount(): void {
    this.mounted = false;
  }

  override render(): JSX.Element {
    const { lang, train, back } = this.props;
    const m = catalog(lang);
    const pool = this.state.pool;
    if (!pool) return <p class="page loading">{this.state.failed ? m.puzzleBankFailed : '…'}</p>;
    const now = (this.props.now ?? Date.now)();
    const store = readTraining(this.props.kv ?? browserStorage(), () => now).store;
    const d = puzzleDashboard(store, pool, now, this.state.days);
    return dashboardView(m, lang, d, (days) => this.setState({ days }), train, back);
  }
}
