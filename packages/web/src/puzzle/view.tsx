// The puzzle screen's pure view: the heading and task, the board, tries and what is happening, the
// result with streak and sharing, and the archive list. Everything comes from the ctrl.
import type { JSX } from 'preact';
import { upper, type Lang } from '../i18n/index.ts';
import { BoardMount } from '../view/board-mount.tsx';
import type { ArchiveMark, ArchiveRow, Feedback, PuzzleCtrl } from './ctrl.ts';
import { formatDate, messages, weekday, type PuzzleMessages } from './messages.ts';

const svg = (children: JSX.Element | JSX.Element[], cls = '') => (
  <svg class={`icon ${cls}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

const icons = {
  flame: () =>
    svg(
      <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 01-10 0c0-2.2 1.2-3.6 2.4-4.6.2 1.6.9 2.6 2 3.1C11 8.6 11.5 5.6 12 3z" />,
    ),
  trophy: () =>
    svg([
      <path d="M8 4h8v5a4 4 0 01-8 0z" />,
      <path d="M8 6H5a3 3 0 003 4M16 6h3a3 3 0 01-3 4M12 13v4M8 20h8" />,
    ]),
  share: () => svg([<path d="M12 15V4M8 8l4-4 4 4" />, <path d="M5 12v7a1 1 0 001 1h12a1 1 0 001-1v-7" />]),
  replay: () => svg([<path d="M4 12a8 8 0 102.3-5.7" />, <path d="M4 4v4h4" />]),
  again: () => svg(<path d="M8 5l11 7-11 7z" />),
  calendar: () =>
    svg([<rect x="4" y="5" width="16" height="15" rx="2" />, <path d="M4 10h16M9 3v4M15 3v4" />]),
  check: () => svg(<path d="M6 12.5l4 4 8-9" />, 'mark-icon'),
  cross: () => svg(<path d="M7 7l10 10M17 7L7 17" />, 'mark-icon'),
  half: () => svg(<path d="M12 5a7 7 0 010 14z" />, 'mark-icon fill'),
};

function feedbackText(m: PuzzleMessages, f: Feedback): string {
  switch (f.kind) {
    case 'start':
      return m.statusStart;
    case 'next':
      return m.statusNext;
    case 'reply':
      return m.statusReply;
    case 'wrong':
      return m.statusWrong(f.move);
    case 'retry':
      return m.statusRetry(f.triesLeft);
    case 'failed':
      return m.statusFailed;
    case 'solution':
      return m.statusSolution;
    case 'solved':
      return m.statusSolved;
    case 'wasSolved':
      return m.statusWasSolved;
    case 'wasFailed':
      return m.statusWasFailed;
    case 'practice':
      return m.statusPractice;
  }
}

function tabs(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element {
  const today = ctrl.screen === 'puzzle' && ctrl.open.mode === 'daily';
  const archive = ctrl.screen === 'archive';
  return (
    <nav class="pz-tabs" aria-label={m.title}>
      <button
        type="button"
        class={today ? 'on' : ''}
        aria-current={today ? 'page' : undefined}
        onClick={() => ctrl.openToday()}
      >
        {m.tabToday}
      </button>
      <button
        type="button"
        class={archive ? 'on' : ''}
        aria-current={archive ? 'page' : undefined}
        onClick={() => ctrl.openArchive()}
        data-testid="pz-tab-archive"
      >
        {m.tabArchive}
      </button>
    </nav>
  );
}

function trouble(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element | null {
  if (!ctrl.trouble) return null;
  const text =
    ctrl.trouble === 'repaired' ? m.storeRepaired : ctrl.trouble === 'reset' ? m.storeReset : m.storeUnsaved;
  return (
    <div class="notice pz-notice" role="alert" data-testid="pz-trouble">
      <p>{text}</p>
      <button type="button" class="icon-btn" aria-label={m.close} onClick={() => ctrl.dismissTrouble()}>
        {svg(<path d="M6 6l12 12M18 6L6 18" />)}
      </button>
    </div>
  );
}

function heading(ctrl: PuzzleCtrl, m: PuzzleMessages, lang: Lang): JSX.Element {
  const o = ctrl.open;
  const title = o.mode === 'daily' ? m.title : m.archiveTitle;
  const badge =
    o.mode === 'archive'
      ? m.badgeArchive
      : o.mode === 'practice'
        ? m.badgePractice
        : o.number < 1
          ? m.preview
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
      <p class="pz-task" data-testid="pz-task">
        <span class={`dot ${ctrl.solver}`} aria-hidden="true" />
        {m.toPlay(ctrl.solver, o.puzzle.moves)}
      </p>
    </header>
  );
}

function tries(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element {
  const left = ctrl.triesLeft;
  return (
    <div
      class="pz-tries"
      role="img"
      aria-label={m.triesLeft(left)}
      title={m.triesLeft(left)}
      data-testid="pz-tries"
      data-left={left}
    >
      {[0, 1, 2].map((i) => (
        <i key={i} class={i < left ? 'on' : 'used'} />
      ))}
    </div>
  );
}

/** The daily streak; playing a past or practice puzzle says instead that it does not count. */
function streakLine(ctrl: PuzzleCtrl, m: PuzzleMessages, always = false): JSX.Element {
  if (ctrl.open.mode !== 'daily' && !always)
    return (
      <p class="note pz-aside">{ctrl.open.mode === 'archive' ? m.archiveNoStreak : m.practiceNoStreak}</p>
    );
  const s = ctrl.summary();
  return (
    <p class="pz-streak-line" data-testid="pz-streak-line">
      {icons.flame()}
      <span>
        {m.streak}: <strong>{m.days(s.current)}</strong>
      </span>
      <span class="pz-dim">·</span>
      <span>
        {m.best}: <strong>{m.days(s.best)}</strong>
      </span>
    </p>
  );
}

function stats(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element {
  const s = ctrl.summary();
  return (
    <div class="pz-stats">
      <div class="pz-stat" data-testid="pz-streak" data-value={s.current}>
        {icons.flame()}
        <strong>{m.days(s.current)}</strong>
        <span>{m.streak}</span>
      </div>
      <div class="pz-stat" data-testid="pz-best" data-value={s.best}>
        {icons.trophy()}
        <strong>{m.days(s.best)}</strong>
        <span>{m.best}</span>
      </div>
    </div>
  );
}

function shareBox(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element | null {
  const r = ctrl.shareResult;
  if (r === undefined || r === 'cancelled') return null;
  if (r === 'failed')
    return (
      <div class="pz-share-fail" role="status">
        <p class="note">{m.shareFailed}</p>
        <textarea readOnly rows={2} value={ctrl.shareText()} onFocus={(e) => e.currentTarget.select()} />
      </div>
    );
  return (
    <p class="note pz-share-ok" role="status" data-testid="pz-share-feedback">
      {r === 'shared' ? m.shared : m.copied}
    </p>
  );
}

function solutionLine(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element {
  const line = ctrl.solutionLine();
  return (
    <div class="pz-solution" data-testid="pz-solution">
      <span class="pz-solution-label">{m.solution}</span>
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

function result(ctrl: PuzzleCtrl, m: PuzzleMessages): JSX.Element | null {
  const o = ctrl.open;
  const btn = (label: string, icon: () => JSX.Element, onClick: () => void, primary = false, id?: string) => (
    <button type="button" class={`btn${primary ? ' primary' : ''}`} onClick={onClick} data-testid={id}>
      {icon()}
      {label}
    </button>
  );
  const shareBtn =
    o.mode !== 'practice' ? btn(m.share, icons.share, () => void ctrl.share(), true, 'pz-share') : null;
  const again = btn(m.playAgain, icons.again, () => ctrl.practice(), false, 'pz-practice');
  if (ctrl.phase === 'solved')
    return (
      <section class="end won pz-result" data-testid="pz-solved">
        <h2>{m.solvedTitle}</h2>
        <p>{m.solvedOnTry(ctrl.session.tries + 1)}</p>
        {o.mode === 'daily' ? stats(ctrl, m) : null}
        <div class="actions">
          {shareBtn}
          {o.mode === 'practice'
            ? again
            : btn(m.replaySolution, icons.replay, () => void ctrl.replaySolution())}
        </div>
        {shareBox(ctrl, m)}
        {o.mode === 'daily' ? <p class="note">{m.nextPuzzle}</p> : null}
      </section>
    );
  if (ctrl.phase === 'failed')
    return (
      <section class="end lost pz-result" data-testid="pz-failed">
        <h2>{m.failedTitle}</h2>
        {o.mode === 'daily' ? <p>{m.failedNote}</p> : null}
        {solutionLine(ctrl, m)}
        {o.mode === 'daily' ? stats(ctrl, m) : null}
        <div class="actions">
          {btn(m.replaySolution, icons.replay, () => void ctrl.replaySolution(), false, 'pz-replay')}
          {again}
          {shareBtn}
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

function puzzleScreen(ctrl: PuzzleCtrl, m: PuzzleMessages, lang: Lang): JSX.Element {
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
          {tries(ctrl, m)}
          <p
            class={`pz-status ${ctrl.feedback.kind}`}
            role="status"
            aria-live="polite"
            data-testid="pz-status"
          >
            {feedbackText(m, ctrl.feedback)}
          </p>
        </div>
        {result(ctrl, m)}
        {over && ctrl.open.mode === 'daily' ? null : streakLine(ctrl, m)}
        {over && ctrl.open.mode !== 'daily' ? (
          <button type="button" class="btn pz-wide" onClick={() => ctrl.openToday()}>
            {icons.calendar()}
            {m.backToToday}
          </button>
        ) : null}
        {over && ctrl.open.mode === 'daily' ? (
          <button type="button" class="btn pz-wide" onClick={() => ctrl.openArchive()}>
            {icons.calendar()}
            {m.openArchive}
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

function markText(m: PuzzleMessages, mark: ArchiveMark): string {
  return mark === 'solved'
    ? m.markSolved
    : mark === 'failed'
      ? m.markFailed
      : mark === 'started'
        ? m.markStarted
        : m.markUnplayed;
}

function archiveRow(ctrl: PuzzleCtrl, m: PuzzleMessages, lang: Lang, r: ArchiveRow): JSX.Element {
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
        <svg class="icon pz-chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" />
        </svg>
      </button>
    </li>
  );
}

function archiveScreen(ctrl: PuzzleCtrl, m: PuzzleMessages, lang: Lang): JSX.Element {
  const rows = ctrl.archiveRows();
  return (
    <section class="pz-archive" data-testid="pz-archive">
      {streakLine(ctrl, m, true)}
      <p class="note">{rows.length ? m.archiveIntro : m.archiveEmpty}</p>
      {rows.length ? <ul class="pz-days">{rows.map((r) => archiveRow(ctrl, m, lang, r))}</ul> : null}
      {ctrl.hasOlderDays() ? (
        <button type="button" class="btn pz-wide" onClick={() => ctrl.moreArchive()}>
          {m.olderDays}
        </button>
      ) : null}
    </section>
  );
}

export function puzzleView(ctrl: PuzzleCtrl, lang: Lang): JSX.Element {
  const m = messages(lang);
  return (
    <div
      class={`pz screen-${ctrl.screen}`}
      data-testid="puzzle"
      data-phase={ctrl.phase}
      data-mode={ctrl.open.mode}
      data-date={ctrl.open.date}
      data-played={ctrl.session.played.length}
      data-tries={ctrl.session.tries}
    >
      {tabs(ctrl, m)}
      {trouble(ctrl, m)}
      {ctrl.screen === 'archive' ? archiveScreen(ctrl, m, lang) : puzzleScreen(ctrl, m, lang)}
    </div>
  );
}

/** While the bank loads, or when it could not. */
export function placeholderView(lang: Lang, failed: boolean): JSX.Element {
  const m = messages(lang);
  return (
    <div class="pz" data-testid="puzzle" data-phase={failed ? 'error' : 'loading'}>
      <p class={`pz-placeholder${failed ? ' error' : ''}`} role={failed ? 'alert' : 'status'}>
        {failed ? m.bankFailed : m.loading}
      </p>
    </div>
  );
}
