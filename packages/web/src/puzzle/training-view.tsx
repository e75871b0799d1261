// The training tab: choices (difficulty, theme), the rating, the board, the state of the puzzle and
// the retry list. `TrainingPage` loads the pool when the tab is first opened.
import { Component, type JSX } from 'preact';
import { DIFFICULTIES, parseBank, THEMES, type Difficulty, type Puzzle, type Theme } from '@dama/puzzle';
import { BoardMount } from '../lib/board-mount.tsx';
import { catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { redrawLoop } from '../lib/redraw.ts';
import { defaultSettings, type Settings } from '../lib/settings.ts';
import { browserStorage, type KeyValue } from '../lib/storage.ts';
import { makeLinkHash } from '../analysis/link.ts';
import { TrainingCtrl, type TrainingFeedback } from './training-ctrl.ts';

function status(m: Catalog, f: TrainingFeedback): string {
  switch (f.kind) {
    case 'start':
      return m.puzzleStatusStart;
    case 'next':
      return m.puzzleStatusNext;
    case 'hint':
      return m.puzzleStatusHint;
    case 'slower':
      return m.puzzleStatusSlower(f.move, f.winsIn, f.movesLeft);
    case 'retry':
      return m.puzzleStatusRetryHere(f.triesLeft);
    case 'solved':
      return m.trainingSolved(f.change);
    case 'failed':
      return m.trainingFailed(f.change);
    case 'empty':
      return m.trainingEmpty;
  }
}

export function trainingView(ctrl: TrainingCtrl, lang: Lang): JSX.Element {
  const m = catalog(lang);
  const p = ctrl.puzzle;
  const r = ctrl.store.player;
  const failed = ctrl.failedPuzzles();
  return (
    <div class="pz-play pz-training" data-testid="pz-training">
      <header class="pz-head">
        <h2>{p ? m.trainingPuzzle(p.id) : m.puzzleTabTraining}</h2>
        <p class="pz-task" data-testid="tr-rating" data-rating={Math.round(r.rating)}>
          {m.trainingRating(Math.round(r.rating), Math.round(r.rd))}
        </p>
        {p ? (
          <p class="pz-task">
            <span class={`dot ${ctrl.solver}`} aria-hidden="true" />
            {m.puzzleToPlay(ctrl.solver, p.moves)}
          </p>
        ) : null}
      </header>
      <div class="pz-board">
        <BoardMount bind={(b) => ctrl.setBoard(b)} />
      </div>
      <div class="pz-side">
        <div class="pz-filters">
          <label>
            {m.trainingDifficulty}
            <select
              data-testid="tr-difficulty"
              value={ctrl.filter.difficulty ?? ''}
              onChange={(e) => {
                const v = (e.currentTarget as HTMLSelectElement).value;
                ctrl.setFilter({ ...ctrl.filter, difficulty: v ? (Number(v) as Difficulty) : undefined });
              }}
            >
              <option value="">{m.trainingAny}</option>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <label>
            {m.trainingTheme}
            <select
              data-testid="tr-theme"
              value={ctrl.filter.theme ?? ''}
              onChange={(e) => {
                const v = (e.currentTarget as HTMLSelectElement).value;
                ctrl.setFilter({ ...ctrl.filter, theme: v ? (v as Theme) : undefined });
              }}
            >
              <option value="">{m.trainingAny}</option>
              {THEMES.map((t) => (
                <option key={t} value={t}>
                  {m[`puzzleTheme_${t}`]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div class="pz-state">
          <p
            class={`pz-status ${ctrl.feedback.kind}`}
            role="status"
            aria-live="polite"
            data-testid="tr-status"
          >
            {status(m, ctrl.feedback)}
          </p>
        </div>
        {p && ctrl.over ? (
          <p class="pz-tags" data-testid="tr-details">
            <strong>{m.puzzleDifficulty(p.difficulty)}</strong>
            {p.themes.map((t) => (
              <span key={t} class="pz-tag">
                {m[`puzzleTheme_${t}`]}
              </span>
            ))}
          </p>
        ) : null}
        <div class="actions">
          {p && !ctrl.over ? (
            <button type="button" class="btn" onClick={() => ctrl.hint()} data-testid="tr-hint">
              {icons.puzzle()}
              {m.puzzleHint}
            </button>
          ) : null}
          <button type="button" class="btn primary" onClick={() => ctrl.next()} data-testid="tr-next">
            {icons.play()}
            {m.trainingNext}
          </button>
          {p && ctrl.over ? (
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

let pool: Promise<readonly Puzzle[]> | undefined;

/** The training pool, loaded once. */
export function loadPool(): Promise<readonly Puzzle[]> {
  pool ??= import('@dama/puzzle/training.tsv?raw').then((mod) => {
    const parsed = parseBank(mod.default, 'training');
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.value;
  });
  pool.catch(() => {
    pool = undefined;
  });
  return pool;
}

interface Props {
  lang: Lang;
  settings?: Settings;
  now?: () => number;
  kv?: KeyValue;
}

export class TrainingPage extends Component<Props, { failed: boolean }> {
  private ctrl: TrainingCtrl | undefined;
  private mounted = false;
  override state = { failed: false };
  private readonly redraw = redrawLoop(() => this.mounted && this.forceUpdate());

  override componentDidMount(): void {
    this.mounted = true;
    loadPool().then(
      (puzzles) => {
        if (!this.mounted) return;
        this.ctrl = new TrainingCtrl({
          pool: puzzles,
          kv: this.props.kv ?? browserStorage(),
          now: () => (this.props.now ?? Date.now)(),
          lang: () => this.props.lang,
          settings: () => this.props.settings ?? defaultSettings(this.props.lang),
          redraw: this.redraw,
        });
        this.redraw();
      },
      () => this.mounted && this.setState({ failed: true }),
    );
  }

  override componentWillUnmount(): void {
    this.mounted = false;
    this.ctrl?.destroy();
  }

  override render(): JSX.Element {
    if (this.ctrl) return trainingView(this.ctrl, this.props.lang);
    return <p class="page loading">{this.state.failed ? catalog(this.props.lang).puzzleBankFailed : '…'}</p>;
  }
}
