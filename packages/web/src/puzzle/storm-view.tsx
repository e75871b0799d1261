// The storm tab: the clock, the score and the combo beside the board, then the end: the score, the
// moves, accuracy, best combo and time, against the device's bests of the day and of all time, and
// the run's puzzles to look at on the analysis board. `StormPage` loads the training pool when the
// tab is first opened and looks at the clock a few times a second; the pure view is `stormView`.
import type { JSX } from 'preact';
import { nextComboBonus, stormAccuracy } from '@dama/puzzle';
import { BoardMount } from '../lib/board-mount.tsx';
import { catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { makeLinkHash } from '../lib/analysis-link.ts';
import { feedbackText, statusLine, taskLine } from './parts.tsx';
import { RunPage, type ScreenProps } from './run-page.tsx';
import { StormCtrl } from './storm-ctrl.ts';

/** m:ss, the seconds rounded up (the clock shows 0:00 only when the time is up). */
export function clockText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function status(m: Catalog, ctrl: StormCtrl): { kind: string; text: string } {
  const f = ctrl.player.feedback;
  if (!ctrl.started) return { kind: 'start', text: m.puzzleStormClockWaits };
  if (f.kind === 'start' && ctrl.last === 'solved') return { kind: 'solved', text: m.puzzleStormSolvedNext };
  if (f.kind === 'start' && ctrl.last === 'missed') return { kind: 'wrong', text: m.puzzleStormMissed };
  return { kind: f.kind, text: feedbackText(m, f) };
}

/** The clock, with the last bonus or penalty flashing beside it. */
function clock(m: Catalog, ctrl: StormCtrl): JSX.Element {
  const left = ctrl.remaining();
  const flash = ctrl.flash;
  return (
    <div
      class={`pz-clock${ctrl.started ? '' : ' waiting'}${ctrl.started && left < 20_000 ? ' low' : ''}`}
      role="timer"
      aria-label={m.puzzleStormClock}
      data-testid="storm-clock"
      data-ms={left}
    >
      {icons.moreTime()}
      <strong>{clockText(left)}</strong>
      {flash ? (
        <span key={flash.n} class={`pz-clock-flash ${flash.seconds > 0 ? 'up' : 'down'}`} aria-hidden="true">
          {m.puzzleStormTimeChange(flash.seconds)}
        </span>
      ) : null}
    </div>
  );
}

function combo(m: Catalog, ctrl: StormCtrl): JSX.Element {
  const c = ctrl.state.combo;
  const next = nextComboBonus(c);
  const pct = Math.round((100 * (c - next.from)) / (next.at - next.from));
  return (
    <div class="pz-combo" data-testid="storm-combo" data-value={c}>
      <span class="pz-combo-label">
        {m.puzzleStormCombo} <strong>{c}</strong>
      </span>
      <span class="pz-combo-bar" aria-hidden="true">
        <i style={`width:${pct}%`} />
      </span>
      <span class="pz-combo-next">{m.puzzleStormNextBonus(next.at, next.seconds)}</span>
    </div>
  );
}

function stat(label: string, value: string | number, testid?: string): JSX.Element {
  return (
    <div class="pz-stat" data-testid={testid} data-value={value}>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  );
}

function end(ctrl: StormCtrl, m: Catalog): JSX.Element {
  const s = ctrl.state;
  const bestToday = Math.max(ctrl.before.today, s.solved);
  const bestEver = Math.max(ctrl.before.best, s.solved);
  const newBest = s.solved > ctrl.before.best;
  const newDay = s.solved > ctrl.before.today;
  return (
    <section class="end won pz-result pz-run-end pz-storm-end" data-testid="storm-end" data-score={s.solved}>
      <h2>{m.puzzleStormOverTitle}</h2>
      <p class="pz-run-big">
        <strong data-testid="storm-final-score">{s.solved}</strong>
      </p>
      <p>{ctrl.puzzle ? m.puzzleStormOverScore(s.solved) : m.puzzleStormEmpty}</p>
      {newBest || newDay ? (
        <p class="pz-run-record" data-testid="storm-new-best">
          {icons.trophy()}
          {newBest ? m.puzzleStormNewBest : m.puzzleStormNewDayBest}
        </p>
      ) : null}
      <div class="pz-stats pz-run-stats">
        {stat(m.puzzleStormMoves, s.moves, 'storm-moves')}
        {stat(m.puzzleStormAccuracy, m.puzzleStormPercent(Math.round(stormAccuracy(s))), 'storm-accuracy')}
        {stat(m.puzzleStormBestCombo, s.bestCombo, 'storm-best-combo')}
        {stat(m.puzzleStormTime, clockText(ctrl.duration()))}
      </div>
      <div class="pz-stats">
        {stat(m.puzzleStormBestToday, bestToday, 'storm-best-today')}
        {stat(m.puzzleStormBestEver, bestEver, 'storm-best-ever')}
      </div>
      <div class="actions">
        <button type="button" class="btn primary" onClick={() => ctrl.restart()} data-testid="storm-again">
          {icons.play()}
          {m.puzzleStormAgain}
        </button>
      </div>
      {ctrl.history.length > 0 ? (
        <div class="pz-run-played">
          <h3>{m.puzzleStormPlayed}</h3>
          <ul>
            {ctrl.history.map((h) => (
              <li key={h.puzzle.id}>
                <a
                  class={`pz-run-entry ${h.solved ? 'solved' : 'missed'}`}
                  href={makeLinkHash({ fen: h.puzzle.fen, moves: h.puzzle.line, ply: 0 })}
                  aria-label={m.puzzleStormEntry(h.puzzle.id, h.solved)}
                  title={m.puzzleStormEntry(h.puzzle.id, h.solved)}
                >
                  {h.solved ? icons.check() : icons.cross()}#{h.puzzle.id}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {ctrl.trouble ? <p class="notice">{m.puzzleStormTrouble}</p> : null}
    </section>
  );
}

export function stormView(ctrl: StormCtrl, lang: Lang): JSX.Element {
  const m = catalog(lang);
  const p = ctrl.puzzle;
  const player = ctrl.player;
  if (ctrl.over) return <div class="pz-run-over">{end(ctrl, m)}</div>;
  const st = status(m, ctrl);
  const flash = ctrl.flash;
  return (
    <div
      class="pz-play pz-run pz-storm-run"
      data-testid="storm-run"
      data-phase={p ? player.phase : 'empty'}
      data-puzzle={p?.id}
      data-played={p ? player.session.played.length : 0}
      data-score={ctrl.state.solved}
    >
      <header class="pz-head">
        <h2>{m.puzzleStormTitle}</h2>
        {p ? taskLine(m, player.solver, p.moves) : null}
      </header>
      {p ? (
        <div class="pz-board">
          <BoardMount bind={(b) => ctrl.setBoard(b)} />
          {flash ? (
            <div
              key={flash.n}
              class={`pz-board-flash ${flash.seconds > 0 ? 'up' : 'down'}`}
              aria-hidden="true"
            />
          ) : null}
        </div>
      ) : null}
      <div class="pz-side">
        <div class="pz-run-bar">
          {clock(m, ctrl)}
          <div class="pz-run-count" data-testid="storm-score" data-value={ctrl.state.solved}>
            {icons.check()}
            <strong>{ctrl.state.solved}</strong>
            <span>{m.puzzleStormScore}</span>
          </div>
        </div>
        {combo(m, ctrl)}
        <div class="pz-state">{statusLine(st.kind, st.text, 'storm-status')}</div>
        {ctrl.started ? null : <p class="note pz-aside">{m.puzzleStormRules}</p>}
        {ctrl.trouble ? <p class="notice">{m.puzzleStormTrouble}</p> : null}
      </div>
    </div>
  );
}

/** The storm tab, once the pool is loaded; the clock is looked at while it is open. */
export function StormPage(props: ScreenProps): JSX.Element {
  return (
    <RunPage {...props} make={(deps) => new StormCtrl(deps)} render={stormView} tick={(c) => c.tick()} />
  );
}
