// The training tab: choices (difficulty, theme), the rating, the board, the state of the puzzle and
// the retry list. `TrainingPage` loads the pool when the tab is first opened. The pieces it shares
// with the daily screen are in parts.tsx.
import { Component, type JSX } from 'preact';
import {
  DIFFICULTIES,
  DIFFICULTY_OFFSETS,
  type Difficulty,
  type DifficultyOffset,
  type Theme,
  type TrainingFilter,
} from '@dama/puzzle';
import { BoardMount } from '../lib/board-mount.tsx';
import { catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { redrawLoop } from '../lib/redraw.ts';
import { defaultSettings } from '../lib/settings.ts';
import { browserHttp } from '../lib/http.ts';
import { browserStorage } from '../lib/storage.ts';
import { makeLinkHash } from '../lib/analysis-link.ts';
import { mistakesToSolve } from '../lib/mistakes.ts';
import { bankLoader, feedbackText, hintButton, statusLine, tagsLine, taskLine, triesDots } from './parts.tsx';
import { PoolSync } from './pool-sync.ts';
import { TrainingCtrl } from './training-ctrl.ts';
import type { ScreenProps } from './run-page.tsx';

/** The sentence under the board: the shared one while playing, the rating's change at the end. */
function status(m: Catalog, ctrl: TrainingCtrl): string {
  const s = ctrl.player.session;
  if (!ctrl.puzzle) return m.trainingEmpty;
  if (ctrl.change !== undefined && ctrl.unrated !== undefined && s.status !== 'playing') {
    const why = m.trainingUnrated(ctrl.unrated);
    return s.status === 'solved' ? m.trainingSolvedUnrated(why) : m.trainingFailedUnrated(why);
  }
  if (ctrl.change !== undefined && s.status === 'solved') return m.trainingSolved(ctrl.change);
  if (ctrl.change !== undefined && s.status === 'failed') return m.trainingFailed(ctrl.change);
  return feedbackText(m, ctrl.player.feedback);
}

/** A labelled choice of the filter: "any", then the options. */
function choice(
  label: string,
  testid: string,
  value: string,
  options: readonly { value: string; text: string }[],
  any: string,
  onChange: (value: string) => void,
): JSX.Element {
  return (
    <label>
      {label}
      <select
        data-testid={testid}
        value={value}
        onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The ways from training to the dashboard and to the mistakes kept from reviewed games. */
export interface TrainingLinks {
  openDashboard: () => void;
  openMistakes: () => void;
  /** mistakes waiting to be solved */
  mistakes: number;
}

function links(m: Catalog, l: TrainingLinks): JSX.Element {
  return (
    <div class="pz-training-links">
      <button type="button" class="btn" onClick={l.openDashboard} data-testid="tr-dashboard">
        {icons.list()}
        {m.puzzleDashOpen}
      </button>
      <button type="button" class="btn" onClick={l.openMistakes} data-testid="tr-mistakes">
        {icons.undo()}
        {m.mistakesOpen(l.mistakes)}
      </button>
    </div>
  );
}

export function trainingView(ctrl: TrainingCtrl, lang: Lang, more?: TrainingLinks): JSX.Element {
  const m = catalog(lang);
  const p = ctrl.puzzle;
  const player = ctrl.player;
  const r = ctrl.store.player;
  const failed = ctrl.failedPuzzles();
  return (
    <div
      class="pz-play pz-training"
      data-testid="pz-training"
      data-phase={p ? player.phase : 'empty'}
      data-puzzle={p?.id}
    >
      <header class="pz-head">
        <h2>{p ? m.trainingPuzzle(p.id) : m.puzzleTabTraining}</h2>
        <p class="pz-task" data-testid="tr-rating" data-rating={Math.round(r.rating)}>
          {m.trainingRating(Math.round(r.rating), Math.round(r.rd))}
        </p>
        {p ? taskLine(m, player.solver, p.moves) : null}
      </header>
      {p ? (
        <div class={`pz-board${player.phase === 'solved' ? ' solved' : ''}`}>
          <BoardMount bind={(b) => ctrl.setBoard(b)} />
        </div>
      ) : null}
      <div class="pz-side">
        <div class="pz-state">
          {p ? triesDots(m, player.triesLeft, 'tr-tries') : null}
          {statusLine(p ? player.feedback.kind : 'empty', status(m, ctrl), 'tr-status')}
        </div>
        {p && player.over ? tagsLine(m, p, 'tr-details') : null}
        {p && player.playing ? hintButton(m, () => ctrl.hint(), 'tr-hint') : null}
        <div class="actions">
          {p && player.over ? (
            <button type="button" class="btn" onClick={() => void player.replaySolution()}>
              {icons.replay()}
              {m.puzzleReplaySolution}
            </button>
          ) : null}
          <button type="button" class="btn primary" onClick={() => ctrl.next()} data-testid="tr-next">
            {icons.play()}
            {m.trainingNext}
          </button>
          {p && player.over ? (
            <a
              class="btn"
              href={makeLinkHash({ fen: p.fen, moves: p.line, ply: 0 })}
              data-testid="tr-analyse"
            >
              {icons.analysis()}
              {m.analyse}
            </a>
          ) : null}
        </div>
        {more ? links(m, more) : null}
        <div class="pz-filters">
          {choice(
            m.trainingDifficulty,
            'tr-difficulty',
            String(ctrl.filter.difficulty ?? ''),
            DIFFICULTIES.map((d) => ({ value: String(d), text: String(d) })),
            m.trainingAny,
            (v) => ctrl.setFilter({ ...ctrl.filter, difficulty: v ? (Number(v) as Difficulty) : undefined }),
          )}
          {choice(
            m.trainingTheme,
            'tr-theme',
            ctrl.filter.theme ?? '',
            ctrl.themes().map((t) => ({ value: t, text: m[`puzzleTheme_${t}`] })),
            m.trainingAny,
            (v) => ctrl.setFilter({ ...ctrl.filter, theme: v ? (v as Theme) : undefined }),
          )}
          {choice(
            m.trainingOffset,
            'tr-offset',
            String(ctrl.filter.offset ?? ''),
            DIFFICULTY_OFFSETS.map((o) => ({ value: String(o), text: m.trainingOffsetChoice(o) })),
            m.trainingOffsetSame,
            (v) =>
              ctrl.setFilter({ ...ctrl.filter, offset: v ? (Number(v) as DifficultyOffset) : undefined }),
          )}
        </div>
        <section class="pz-retry">
          <h3>{m.trainingRetryTitle}</h3>
          {failed.length === 0 ? (
            <p class="note">{m.trainingRetryNone}</p>
          ) : (
            <ul data-testid="tr-failed">
              {failed.slice(0, 20).map((f) => (
                <li key={f.id}>
                  <button type="button" class="btn" onClick={() => ctrl.retry(f.id)}>
                    {m.trainingPuzzle(f.id)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {ctrl.trouble ? <p class="notice">{m.trainingHistoryTrouble}</p> : null}
      </div>
    </div>
  );
}

/** The training pool, loaded once. */
export const loadPool = bankLoader('training', () => import('@dama/puzzle/training.tsv?raw'));

interface Props extends ScreenProps {
  /** the choice to start with (the dashboard's theme) */
  filter?: TrainingFilter;
  openDashboard?: () => void;
  openMistakes?: () => void;
}

export class TrainingPage extends Component<Props, { failed: boolean }> {
  private ctrl: TrainingCtrl | undefined;
  private mounted = false;
  override state = { failed: false };
  private readonly redraw = redrawLoop(() => this.mounted && this.forceUpdate());

  private pooled: PoolSync | undefined;
  /** Mistakes waiting to be solved, as stored when the tab opened. */
  private mistakes = 0;
  /** Back online: what waits goes to the server. */
  private readonly online = () => void this.pooled?.sync();

  override componentDidMount(): void {
    this.mounted = true;
    addEventListener('online', this.online);
    loadPool().then(
      (puzzles) => {
        if (!this.mounted) return;
        const kv = this.props.kv ?? browserStorage();
        const now = () => (this.props.now ?? Date.now)();
        this.pooled = new PoolSync({ kv, now, http: browserHttp });
        this.ctrl = new TrainingCtrl({
          pool: puzzles,
          pooled: this.pooled,
          kv,
          now,
          lang: () => this.props.lang,
          settings: () => this.props.settings ?? defaultSettings(this.props.lang),
          redraw: this.redraw,
          sound: this.props.sound,
          ...(this.props.filter ? { filter: this.props.filter } : {}),
        });
        this.mistakes = mistakesToSolve(kv);
        this.redraw();
      },
      () => this.mounted && this.setState({ failed: true }),
    );
  }

  override componentWillUnmount(): void {
    this.mounted = false;
    removeEventListener('online', this.online);
    this.ctrl?.destroy();
  }

  override render(): JSX.Element {
    const { openDashboard, openMistakes } = this.props;
    const more =
      openDashboard && openMistakes ? { openDashboard, openMistakes, mistakes: this.mistakes } : undefined;
    if (this.ctrl) return trainingView(this.ctrl, this.props.lang, more);
    return <p class="page loading">{this.state.failed ? catalog(this.props.lang).puzzleBankFailed : '…'}</p>;
  }
}
