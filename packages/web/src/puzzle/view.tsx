// The puzzle screen's pure view: the heading and task, the board, tries and what is happening, the
// result with streak and sharing, and the archive list. Everything comes from the ctrl.
import type { JSX } from 'preact';
import { catalog, upper, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { formatDate, weekday } from '../lib/i18n/dates.ts';
import { BoardMount } from '../lib/board-mount.tsx';
import { icons } from '../lib/icons.tsx';
import type { ArchiveMark, ArchiveRow, PuzzleCtrl } from './ctrl.ts';
import { feedbackText, hintButton, statusLine, tagsLine, taskLine, triesDots } from './parts.tsx';
import { TrainingPage } from './training-view.tsx';
import { ModeTab } from './mode-tab.tsx';
import { DashboardPage } from './dashboard-view.tsx';
import { MistakesPage } from './mistakes-view.tsx';
import { makeLinkHash } from '../lib/analysis-link.ts';

function tabs(ctrl: PuzzleCtrl, m: Catalog): JSX.Element {
  const today = ctrl.screen === 'puzzle' && ctrl.open.mode === 'daily';
  const archive = ctrl.screen === 'archive';
  // the dashboard and the mistakes are reached from training: its tab stays marked
  const training = ctrl.screen === 'training' || ctrl.screen === 'dashboard' || ctrl.screen === 'mistakes';
  return (
    <nav class="pz-tabs" aria-label={m.puzzlesTitle}>
      <button
        type="button"
        class={today ? 'on' : ''}
        aria-current={today ? 'page' : undefined}
        onClick={() => ctrl.openToday()}
      >
        {m.puzzleTabToday}
      </button>
      <button
        type="button"
        class={archive ? 'on' : ''}
        aria-current={archive ? 'page' : undefined}
        onClick={() => ctrl.openArchive()}
        data-testid="pz-tab-archive"
      >
        {m.puzzleTabArchive}
      </button>
      <button
        type="button"
        class={training ? 'on' : ''}
        aria-current={training ? 'page' : undefined}
        onClick={() => ctrl.openTraining()}
        data-testid="pz-tab-training"
      >
        {m.puzzleTabTraining}
      </button>
      {(['streak', 'storm'] as const).map((tab) => (
        <button
          key={tab}
          type="button"
          class={ctrl.screen === tab ? 'on' : ''}
          aria-current={ctrl.screen === tab ? 'page' : undefined}
          onClick={() => ctrl.openTab(tab)}
          data-testid={`pz-tab-${tab}`}
        >
          {tab === 'streak' ? m.puzzleStreakTab : m.puzzleStormTab}
        </button>
      ))}
    </nav>
  );
}

function trouble(ctrl: PuzzleCtrl, m: Catalog): JSX.Element | null {
  if (!ctrl.trouble) return null;
  const text =
    ctrl.trouble === 'repaired'
      ? m.puzzleStoreRepaired
      : ctrl.trouble === 'reset'
        ? m.puzzleStoreReset
        : m.puzzleStoreUnsaved;
  return (
    <div class="notice pz-notice" role="alert" data-testid="pz-trouble">
      <p>{text}</p>
      <button type="button" class="icon-btn" aria-label={m.close} onClick={() => ctrl.dismissTrouble()}>
        {icons.close()}
      </button>
    </div>
  );
}

function heading(ctrl: PuzzleCtrl, m: Catalog, lang: Lang): JSX.Element {
  const o = ctrl.open;
  const title = o.mode === 'daily' ? m.dailyPuzzle : m.puzzleArchiveTitle;
  const badge =
    o.mode === 'archive'
      ? m.puzzleBadgeArchive
      : o.mode === 'practice'
        ? m.puzzleBadgePractice
        : o.number < 1
          ? m.puzzlePreview
          : undefined;
  return (
    <header class="pz-head">
      <h2 data-testid="pz-title">
        {title}
        {o.number >= 1 ? <span class="pz-num"> #{o.number}</span> : null}
        {badge ? <span class="pz-badge">{upper(badge, lang)}</span> : null}
        <span class="pz-sep"> — </span>
        <time dateTime={o.date}>{formatDate(o.date, lang)}</time>
      </h2>
      {taskLine(m, ctrl.solver, o.puzzle.moves, 'pz-task')}
    </header>
  );
}

/** The daily streak; playing a past or practice puzzle says instead that it does not count. */
function streakLine(ctrl: PuzzleCtrl, m: Catalog, always = false): JSX.Element {
  if (ctrl.open.mode !== 'daily' && !always)
    return (
      <p class="note pz-aside">
        {ctrl.open.mode === 'archive' ? m.puzzleArchiveNoStreak : m.puzzlePracticeNoStreak}
      </p>
    );
  const s = ctrl.summary();
  return (
    <p class="pz-streak-line" data-testid="pz-streak-line">
      {icons.flame()}
      <span>
        {m.puzzleStreak}: <strong>{m.puzzleDays(s.current)}</strong>
      </span>
      <span class="pz-dim">·</span>
      <span>
        {m.puzzleBest}: <strong>{m.puzzleDays(s.best)}</strong>
      </span>
    </p>
  );
}

function stats(ctrl: PuzzleCtrl, m: Catalog): JSX.Element {
  const s = ctrl.summary();
  return (
    <div class="pz-stats">
      <div class="pz-stat" data-testid="pz-streak" data-value={s.current}>
        {icons.flame()}
        <strong>{m.puzzleDays(s.current)}</strong>
        <span>{m.puzzleStreak}</span>
      </div>
      <div class="pz-stat" data-testid="pz-best" data-value={s.best}>
        {icons.trophy()}
        <strong>{m.puzzleDays(s.best)}</strong>
        <span>{m.puzzleBest}</span>
      </div>
    </div>
  );
}

function shareBox(ctrl: PuzzleCtrl, m: Catalog): JSX.Element | null {
  const r = ctrl.shareResult;
  if (r === undefined || r === 'cancelled') return null;
  if (r === 'failed')
    return (
      <div class="pz-share-fail" role="status">
        <p class="note">{m.puzzleShareFailed}</p>
        <textarea readOnly rows={3} value={ctrl.shareMessage()} onFocus={(e) => e.currentTarget.select()} />
      </div>
    );
  return (
    <p class="note pz-share-ok" role="status" data-testid="pz-share-feedback">
      {r === 'shared' ? m.puzzleShared : m.puzzleCopied}
    </p>
  );
}

function solutionLine(ctrl: PuzzleCtrl, m: Catalog): JSX.Element {
  const line = ctrl.solutionLine();
  return (
    <div class="pz-solution" data-testid="pz-solution">
      <span class="pz-solution-label">{m.puzzleSolution}</span>
      <ol class="pz-line">
        {line.map((mv, i) => (
          <li key={i} class={i % 2 === 0 ? 'solver' : 'reply'}>
            {i % 2 === 0 ? <span class="pz-move-no">{i / 2 + 1}.</span> : null}
            {mv}
          </li>
        ))}
      </ol>
    </div>
  );
}

function result(ctrl: PuzzleCtrl, m: Catalog): JSX.Element | null {
  const o = ctrl.open;
  const btn = (label: string, icon: () => JSX.Element, onClick: () => void, primary = false, id?: string) => (
    <button type="button" class={`btn${primary ? ' primary' : ''}`} onClick={onClick} data-testid={id}>
      {icon()}
      {label}
    </button>
  );
  const shareBtn =
    o.mode !== 'practice' ? btn(m.puzzleShare, icons.share, () => void ctrl.share(), true, 'pz-share') : null;
  const again = btn(m.puzzlePlayAgain, icons.play, () => ctrl.practice(), false, 'pz-practice');
  // The puzzle's position with its solution in the move list, to step through on the analysis board.
  const analyse = (
    <a
      class="btn"
      href={makeLinkHash({ fen: o.puzzle.fen, moves: o.puzzle.line, ply: 0 })}
      data-testid="pz-analyse"
    >
      {icons.analysis()}
      {m.analyse}
    </a>
  );
  if (ctrl.phase === 'solved')
    return (
      <section class="end won pz-result" data-testid="pz-solved">
        <h2>{m.puzzleSolvedTitle}</h2>
        <p>{m.puzzleSolvedOnTry(ctrl.session.tries + 1)}</p>
        {o.mode === 'daily' ? stats(ctrl, m) : null}
        <div class="actions">
          {shareBtn}
          {o.mode === 'practice'
            ? again
            : btn(m.puzzleReplaySolution, icons.replay, () => void ctrl.replaySolution())}
          {analyse}
        </div>
        {shareBox(ctrl, m)}
        {o.mode === 'daily' ? <p class="note">{m.puzzleNextPuzzle}</p> : null}
      </section>
    );
  if (ctrl.phase === 'failed')
    return (
      <section class="end lost pz-result" data-testid="pz-failed">
        <h2>{m.puzzleFailedTitle}</h2>
        {o.mode === 'daily' ? <p>{m.puzzleFailedNote}</p> : null}
        {solutionLine(ctrl, m)}
        {o.mode === 'daily' ? stats(ctrl, m) : null}
        <div class="actions">
          {btn(m.puzzleReplaySolution, icons.replay, () => void ctrl.replaySolution(), false, 'pz-replay')}
          {again}
          {shareBtn}
          {analyse}
        </div>
        {shareBox(ctrl, m)}
      </section>
    );
  return null;
}

/** A few pieces of confetti bursting from the board's middle; hidden when motion is reduced. */
function sparks(): JSX.Element {
  const n = 14;
  return (
    <div class="pz-sparks" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <i key={i} style={`--a:${Math.round((360 / n) * i + (i % 2) * 9)}deg;--r:${i % 3}`} />
      ))}
    </div>
  );
}

/** Difficulty and themes: after the end, or before on request; the hint button while playing. */
function details(ctrl: PuzzleCtrl, m: Catalog): JSX.Element {
  const p = ctrl.open.puzzle;
  const playing = ctrl.phase === 'play' && !ctrl.ended;
  return (
    <div class="pz-details">
      {ctrl.detailsShown() ? (
        tagsLine(m, p, 'pz-details')
      ) : (
        <button
          type="button"
          class="btn pz-wide"
          onClick={() => ctrl.toggleDetails()}
          data-testid="pz-show-details"
        >
          {m.puzzleShowDetails}
        </button>
      )}
      {playing ? hintButton(m, () => ctrl.hint(), 'pz-hint') : null}
      {ctrl.hinted() ? (
        <p class="note" data-testid="pz-hinted">
          {m.puzzleHintUsed}
        </p>
      ) : null}
    </div>
  );
}

function ended(ctrl: PuzzleCtrl, m: Catalog, lang: Lang): JSX.Element {
  return (
    <div class="pz-ended">
      <p class="notice" role="status" data-testid="pz-ended">
        {m.puzzleBankEnded(formatDate(ctrl.ended as string, lang))}
      </p>
      {streakLine(ctrl, m)}
      <button type="button" class="btn pz-wide" onClick={() => ctrl.openArchive()}>
        {icons.calendar()}
        {m.puzzleOpenArchive}
      </button>
    </div>
  );
}

function puzzleScreen(ctrl: PuzzleCtrl, m: Catalog, lang: Lang): JSX.Element {
  if (ctrl.ended && ctrl.open.mode === 'daily') return ended(ctrl, m, lang);
  const over = ctrl.phase === 'solved' || ctrl.phase === 'failed';
  return (
    <div class="pz-play">
      {heading(ctrl, m, lang)}
      <div class={`pz-board${ctrl.phase === 'solved' ? ' solved' : ''}${ctrl.celebrate ? ' celebrate' : ''}`}>
        <BoardMount bind={(b) => ctrl.setBoard(b)} />
        {ctrl.celebrate ? sparks() : null}
      </div>
      <div class="pz-side">
        <div class="pz-state">
          {triesDots(m, ctrl.triesLeft, 'pz-tries')}
          {statusLine(ctrl.feedback.kind, feedbackText(m, ctrl.feedback), 'pz-status')}
        </div>
        {details(ctrl, m)}
        {result(ctrl, m)}
        {over && ctrl.open.mode === 'daily' ? null : streakLine(ctrl, m)}
        {over && ctrl.open.mode !== 'daily' ? (
          <button type="button" class="btn pz-wide" onClick={() => ctrl.openToday()}>
            {icons.calendar()}
            {m.puzzleBackToToday}
          </button>
        ) : null}
        {over && ctrl.open.mode === 'daily' ? (
          <button type="button" class="btn pz-wide" onClick={() => ctrl.openArchive()}>
            {icons.calendar()}
            {m.puzzleOpenArchive}
          </button>
        ) : null}
      </div>
    </div>
  );
}

const MARK_ICON: Record<ArchiveMark, () => JSX.Element | null> = {
  solved: icons.check,
  failed: icons.cross,
  started: icons.half,
  unplayed: () => null,
};

function markText(m: Catalog, mark: ArchiveMark): string {
  return mark === 'solved'
    ? m.puzzleMarkSolved
    : mark === 'failed'
      ? m.puzzleMarkFailed
      : mark === 'started'
        ? m.puzzleMarkStarted
        : m.puzzleMarkUnplayed;
}

function archiveRow(ctrl: PuzzleCtrl, m: Catalog, lang: Lang, r: ArchiveRow): JSX.Element {
  return (
    <li key={r.date}>
      <button
        type="button"
        class="pz-day"
        data-date={r.date}
        data-mark={r.mark}
        onClick={() => ctrl.openDate(r.date)}
      >
        <span class={`pz-mark ${r.mark}`} aria-hidden="true">
          {MARK_ICON[r.mark]()}
        </span>
        <span class="pz-day-text">
          <strong>{formatDate(r.date, lang)}</strong>
          <small>
            {weekday(r.date, lang)} · #{r.number} · {markText(m, r.mark)}
          </small>
        </span>
        {icons.chevron('pz-chevron')}
      </button>
    </li>
  );
}

function archiveScreen(ctrl: PuzzleCtrl, m: Catalog, lang: Lang): JSX.Element {
  const rows = ctrl.archiveRows();
  return (
    <section class="pz-archive" data-testid="pz-archive">
      {streakLine(ctrl, m, true)}
      <p class="note">{rows.length ? m.puzzleArchiveIntro : m.puzzleArchiveEmpty}</p>
      {rows.length ? <ul class="pz-days">{rows.map((r) => archiveRow(ctrl, m, lang, r))}</ul> : null}
      {ctrl.hasOlderDays() ? (
        <button type="button" class="btn pz-wide" onClick={() => ctrl.moreArchive()}>
          {m.puzzleOlderDays}
        </button>
      ) : null}
    </section>
  );
}

/** The layout: the board screens (a puzzle, training, the streak, the storm, a mistake) put the
 * board beside the panel on a wide screen (styles/app.css, `.screen-puzzle`); the archive, the
 * dashboard and the bank's end are one column, and so are the storm's end and the list of mistakes
 * (puzzle.css). */
function screenClass(ctrl: PuzzleCtrl): string {
  if (
    ctrl.screen === 'training' ||
    ctrl.screen === 'streak' ||
    ctrl.screen === 'storm' ||
    ctrl.screen === 'mistakes'
  )
    return `screen-puzzle screen-${ctrl.screen}`;
  if (ctrl.screen === 'puzzle' && ctrl.ended && ctrl.open.mode === 'daily') return 'screen-ended';
  return `screen-${ctrl.screen}`;
}

export function puzzleView(ctrl: PuzzleCtrl, lang: Lang): JSX.Element {
  const m = catalog(lang);
  return (
    <div
      class={`pz ${screenClass(ctrl)}`}
      data-testid="puzzle"
      data-phase={ctrl.phase}
      data-mode={ctrl.open.mode}
      data-date={ctrl.open.date}
      data-played={ctrl.session.played.length}
      data-tries={ctrl.session.tries}
    >
      {tabs(ctrl, m)}
      {trouble(ctrl, m)}
      {ctrl.screen === 'archive' ? (
        archiveScreen(ctrl, m, lang)
      ) : ctrl.screen === 'training' ? (
        <TrainingPage
          lang={lang}
          {...ctrl.trainingDeps()}
          filter={ctrl.trainingFilter}
          openDashboard={() => ctrl.openTab('dashboard')}
          openMistakes={() => ctrl.openMistakes()}
        />
      ) : ctrl.screen === 'dashboard' ? (
        <DashboardPage
          lang={lang}
          now={ctrl.trainingDeps().now}
          kv={ctrl.trainingDeps().kv}
          train={(theme) => ctrl.openTraining(theme ? { theme } : undefined)}
          back={() => ctrl.openTraining()}
        />
      ) : ctrl.screen === 'mistakes' ? (
        <MistakesPage
          lang={lang}
          {...ctrl.trainingDeps()}
          spawnEngine={ctrl.spawnEngine}
          game={ctrl.mistakesGame}
          back={() => ctrl.openTraining()}
        />
      ) : ctrl.screen === 'streak' || ctrl.screen === 'storm' ? (
        <ModeTab key={ctrl.screen} tab={ctrl.screen} lang={lang} {...ctrl.trainingDeps()} />
      ) : (
        puzzleScreen(ctrl, m, lang)
      )}
    </div>
  );
}

/** While the bank loads, or when it could not. */
export function placeholderView(lang: Lang, failed: boolean): JSX.Element {
  const m = catalog(lang);
  return (
    <div class="pz" data-testid="puzzle" data-phase={failed ? 'error' : 'loading'}>
      <p class={`pz-placeholder${failed ? ' error' : ''}`} role={failed ? 'alert' : 'status'}>
        {failed ? m.puzzleBankFailed : m.puzzleLoading}
      </p>
    </div>
  );
}
