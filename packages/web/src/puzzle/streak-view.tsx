// The streak tab: the count, the board, the skip and, at the end, the score against the device's
// best. `StreakPage` loads the training pool when the tab is first opened; the pure view is
// `streakView`. The pieces it shares with the other puzzle screens are in parts.tsx.
import type { JSX } from 'preact';
import { BoardMount } from '../lib/board-mount.tsx';
import { catalog, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { makeLinkHash } from '../lib/analysis-link.ts';
import { feedbackText, statusLine, taskLine } from './parts.tsx';
import { RunPage, type ScreenProps } from './run-page.tsx';
import { StreakCtrl } from './streak-ctrl.ts';

/** The sentence under the board. */
function status(m: Catalog, ctrl: StreakCtrl): string {
  const f = ctrl.player.feedback;
  if (!ctrl.puzzle) return m.puzzleStreakEmpty;
  if (!ctrl.over && f.kind === 'solved') return m.puzzleStreakNext;
  if (ctrl.over && f.kind === 'failed') return m.puzzleStreakSolutionComing;
  return feedbackText(m, f);
}

function end(ctrl: StreakCtrl, m: Catalog): JSX.Element {
  const p = ctrl.puzzle;
  return (
    <section class="end lost pz-result pz-run-end" data-testid="streak-end" data-score={ctrl.solved}>
      <h2>{m.puzzleStreakOverTitle}</h2>
      <p class="pz-run-big">
        {icons.flame()}
        <strong>{ctrl.solved}</strong>
      </p>
      <p>{p ? m.puzzleStreakOverScore(ctrl.solved) : m.puzzleStreakEmpty}</p>
      {ctrl.newBest ? (
        <p class="pz-run-record" data-testid="streak-new-best">
          {icons.trophy()}
          {m.puzzleStreakNewBest}
        </p>
      ) : (
        <p class="note" data-testid="streak-best-note">
          {m.puzzleStreakBestNote(ctrl.best)}
        </p>
      )}
      <div class="actions">
        <button type="button" class="btn primary" onClick={() => ctrl.restart()} data-testid="streak-again">
          {icons.play()}
          {m.puzzleStreakAgain}
        </button>
        {p ? (
          <button type="button" class="btn" onClick={() => void ctrl.player.replaySolution()}>
            {icons.replay()}
            {m.puzzleReplaySolution}
          </button>
        ) : null}
        {p ? (
          <a class="btn" href={makeLinkHash({ fen: p.fen, moves: p.line, ply: 0 })}>
            {icons.analysis()}
            {m.analyse}
          </a>
        ) : null}
      </div>
    </section>
  );
}

export function streakView(ctrl: StreakCtrl, lang: Lang): JSX.Element {
  const m = catalog(lang);
  const p = ctrl.puzzle;
  const player = ctrl.player;
  return (
    <div
      class="pz-play pz-run pz-streak-run"
      data-testid="streak-run"
      data-phase={ctrl.over ? 'over' : p ? player.phase : 'empty'}
      data-puzzle={p?.id}
      data-played={p ? player.session.played.length : 0}
      data-score={ctrl.solved}
    >
      <header class="pz-head">
        <h2>{m.puzzleStreakTitle}</h2>
        {p ? taskLine(m, player.solver, p.moves) : null}
      </header>
      {p ? (
        <div class={`pz-board${player.phase === 'solved' ? ' solved' : ''}`}>
          <BoardMount bind={(b) => ctrl.setBoard(b)} />
        </div>
      ) : null}
      <div class="pz-side">
        {ctrl.over ? null : (
          <div class="pz-run-bar">
            <div class="pz-run-count" data-testid="streak-score" data-value={ctrl.solved}>
              {icons.flame()}
              <strong>{ctrl.solved}</strong>
              <span>{m.puzzleStreakScore}</span>
            </div>
            <div class="pz-run-facts">
              {p ? <span>{m.puzzleDifficulty(p.difficulty)}</span> : null}
              <span data-testid="streak-best" data-value={ctrl.best}>
                {icons.trophy()}
                {m.puzzleStreakBest(ctrl.best)}
              </span>
            </div>
          </div>
        )}
        <div class="pz-state">{statusLine(player.feedback.kind, status(m, ctrl), 'streak-status')}</div>
        {ctrl.over ? (
          end(ctrl, m)
        ) : (
          <>
            <button
              type="button"
              class="btn pz-wide"
              disabled={ctrl.skipUsed || !player.playing}
              onClick={() => ctrl.skip()}
              data-testid="streak-skip"
            >
              {icons.next()}
              {ctrl.skipUsed ? m.puzzleStreakSkipUsed : m.puzzleStreakSkip}
            </button>
            <p class="note pz-aside">{m.puzzleStreakRules}</p>
          </>
        )}
        {ctrl.trouble ? <p class="notice">{m.puzzleStreakTrouble}</p> : null}
      </div>
    </div>
  );
}

/** The streak tab, once the pool is loaded. */
export function StreakPage(props: ScreenProps): JSX.Element {
  return <RunPage {...props} make={(deps) => new StreakCtrl(deps)} render={streakView} />;
}
