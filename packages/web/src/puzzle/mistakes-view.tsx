// "Learn from your mistakes" (reached from the training tab, and from a game review's button): the
// list of kept mistakes, newest first, and one of them on the board. `MistakesPage` makes the
// controller when mounted and ends its engine when left.
import { Component, type JSX } from 'preact';
import { istanbulDate } from '@dama/puzzle';
import { BoardMount } from '../lib/board-mount.tsx';
import { catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { formatDate } from '../lib/i18n/dates.ts';
import { icons } from '../lib/icons.tsx';
import type { Mistake } from '../lib/mistakes.ts';
import { redrawLoop } from '../lib/redraw.ts';
import { defaultSettings } from '../lib/settings.ts';
import { browserStorage } from '../lib/storage.ts';
import type { WorkerLike } from '../lib/engine/client.ts';
import { MistakesCtrl, type MistakeFeedback } from './mistakes-ctrl.ts';
import { statusLine } from './parts.tsx';
import type { ScreenProps } from './run-page.tsx';

function feedbackText(m: Catalog, f: MistakeFeedback, side: Mistake['side']): string {
  switch (f.kind) {
    case 'start':
      return m.mistakesTask(side);
    case 'checking':
      return m.mistakesChecking;
    case 'best':
      return m.mistakesBest(f.move);
    case 'good':
      return m.mistakesGood(f.move, f.best);
    case 'again':
      return m.mistakesAgain(f.move);
    case 'worse':
      return m.mistakesWorse(f.move);
    case 'retry':
      return m.mistakesTryAgain;
    case 'unknown':
      return m.mistakesUnknown;
    case 'shown':
      return m.mistakesShown(f.best);
  }
}

/** The status line's colour, by the puzzle screen's classes. */
const TONE: Record<MistakeFeedback['kind'], string> = {
  start: 'start',
  checking: 'reply',
  best: 'solved',
  good: 'solved',
  again: 'wrong',
  worse: 'wrong',
  retry: 'retry',
  unknown: 'retry',
  shown: 'solution',
};

const gameLink = (mk: Mistake) => `#/analysis?record=${encodeURIComponent(mk.game.id)}&ply=${mk.game.ply}`;

function entry(ctrl: MistakesCtrl, m: Catalog, lang: Lang, mk: Mistake): JSX.Element {
  const mark = mk.solved ? 'solved' : 'unplayed';
  const date = mk.game.at === undefined ? undefined : formatDate(istanbulDate(new Date(mk.game.at)), lang);
  return (
    <li key={mk.fen}>
      <button
        type="button"
        class="pz-day"
        data-mark={mark}
        data-game={mk.game.id}
        onClick={() => ctrl.openMistake(mk.fen)}
      >
        <span class={`pz-mark ${mark}`} aria-hidden="true">
          {mk.solved ? icons.check() : null}
        </span>
        <span class="pz-day-text">
          <strong>{m.mistakesEntry(Math.ceil(mk.game.ply / 2), mk.judgement)}</strong>
          <small>
            {date ? `${date} · ` : ''}
            {mk.played} · {mk.solved ? m.mistakesSolvedMark : m.mistakesOpenMark}
          </small>
        </span>
        {icons.chevron('pz-chevron')}
      </button>
    </li>
  );
}

function listView(ctrl: MistakesCtrl, m: Catalog, lang: Lang, back: () => void): JSX.Element {
  const list = ctrl.list;
  const solved = list.length - ctrl.toSolve;
  return (
    <section class="pz-archive pz-mistakes" data-testid="pz-mistakes" data-phase="list">
      <h2 class="pz-page-title">{m.mistakesTitle}</h2>
      {ctrl.trouble ? <p class="notice">{m.mistakesTrouble}</p> : null}
      {list.length === 0 ? (
        <>
          <p class="note" data-testid="mk-empty">
            {m.mistakesEmpty}
          </p>
          <a class="btn primary pz-wide" href="#/records">
            {icons.list()}
            {m.records}
          </a>
        </>
      ) : (
        <>
          <p class="note">{m.mistakesIntro}</p>
          <p class="pz-count" data-testid="mk-count">
            {m.mistakesCount(solved, list.length)}
          </p>
          <ul class="pz-days" data-testid="mk-list">
            {list.map((mk) => entry(ctrl, m, lang, mk))}
          </ul>
        </>
      )}
      <button type="button" class="btn pz-wide" onClick={back} data-testid="mk-back">
        {icons.back()}
        {m.puzzleDashBack}
      </button>
    </section>
  );
}

export function mistakesView(ctrl: MistakesCtrl, lang: Lang, back: () => void): JSX.Element {
  const m = catalog(lang);
  const mk = ctrl.open;
  if (!mk) return listView(ctrl, m, lang, back);
  const over = ctrl.phase === 'solved' || ctrl.phase === 'shown';
  return (
    <div
      class="pz-play pz-mistake"
      data-testid="pz-mistakes"
      data-phase={ctrl.phase}
      data-feedback={ctrl.feedback.kind}
    >
      <header class="pz-head">
        <h2>{m.mistakesTitle}</h2>
        <p class="pz-task">
          <span class={`dot ${mk.side}`} aria-hidden="true" />
          {m.mistakesEntry(Math.ceil(mk.game.ply / 2), mk.judgement)}
        </p>
      </header>
      <div class={`pz-board${ctrl.phase === 'solved' ? ' solved' : ''}`}>
        <BoardMount bind={(b) => ctrl.setBoard(b)} />
      </div>
      <div class="pz-side">
        <div class="pz-state">
          {statusLine(TONE[ctrl.feedback.kind], feedbackText(m, ctrl.feedback, mk.side), 'mk-status')}
        </div>
        <p class="note pz-aside" data-testid="mk-played">
          {m.mistakesPlayed(mk.played, mk.judgement)}
        </p>
        <div class="actions">
          {over ? (
            <button type="button" class="btn primary" onClick={() => ctrl.next()} data-testid="mk-next">
              {icons.play()}
              {m.mistakesNext}
            </button>
          ) : (
            <button
              type="button"
              class="btn"
              disabled={ctrl.phase !== 'play'}
              onClick={() => void ctrl.showBetter()}
              data-testid="mk-show"
            >
              {icons.hint()}
              {m.mistakesShow}
            </button>
          )}
          <a class="btn" href={gameLink(mk)} data-testid="mk-game">
            {icons.analysis()}
            {m.mistakesGame}
          </a>
          <button type="button" class="btn" onClick={() => ctrl.openList()} data-testid="mk-list-open">
            {icons.list()}
            {m.mistakesAll}
          </button>
        </div>
      </div>
    </div>
  );
}

interface Props extends ScreenProps {
  spawnEngine?: () => WorkerLike;
  /** open this game's first unsolved mistake */
  game?: string;
  /** back to the training tab */
  back: () => void;
}

export class MistakesPage extends Component<Props> {
  private readonly ctrl: MistakesCtrl;
  private mounted = false;
  private readonly redraw = redrawLoop(() => this.mounted && this.forceUpdate());

  constructor(props: Props) {
    super(props);
    this.ctrl = new MistakesCtrl({
      kv: props.kv ?? browserStorage(),
      now: () => (this.props.now ?? Date.now)(),
      lang: () => this.props.lang,
      settings: () => this.props.settings ?? defaultSettings(this.props.lang),
      redraw: this.redraw,
      sound: props.sound,
      ...(props.spawnEngine ? { spawnEngine: props.spawnEngine } : {}),
      ...(props.game ? { game: props.game } : {}),
    });
  }

  override componentDidMount(): void {
    this.mounted = true;
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.lang !== this.props.lang || prev.settings !== this.props.settings) this.ctrl.sync();
  }

  override componentWillUnmount(): void {
    this.mounted = false;
    this.ctrl.destroy();
  }

  override render(): JSX.Element {
    return mistakesView(this.ctrl, this.props.lang, this.props.back);
  }
}
