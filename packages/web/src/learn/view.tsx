// The Learn screen's pure view: the map of stages (grouped, with stars) and a level (its task, the
// board, the sentence under it, the hint, stars and "Next"). Everything comes from the ctrl.
import type { JSX } from 'preact';
import type { Catalog } from '../lib/i18n/index.ts';
import { BoardMount } from '../lib/board-mount.tsx';
import { icons } from '../lib/icons.tsx';
import { GROUPS, LEARN_LEVELS, STAGES, stageOf, type Goal } from './catalogue.ts';
import { levelText, type Feedback, type LearnCtrl } from './ctrl.ts';
import { doneCount, type Stars } from './progress.ts';

export const levelHash = (id: string): string => `#/learn/${id}`;
export const stageHash = (id: string): string => `#/learn?stage=${id}`;

function starsView(t: Catalog, stars: Stars | undefined, testid?: string): JSX.Element {
  const n = stars ?? 0;
  return (
    <span class="ln-stars" role="img" aria-label={t.learnStars(n)} data-testid={testid} data-stars={n}>
      {[1, 2, 3].map((i) => (
        <i key={i} class={i <= n ? 'on' : ''} aria-hidden="true">
          ★
        </i>
      ))}
    </span>
  );
}

function trouble(ctrl: LearnCtrl, t: Catalog): JSX.Element | null {
  if (!ctrl.trouble) return null;
  return (
    <div class="notice ln-notice" role="alert" data-testid="ln-trouble">
      <p>{ctrl.trouble === 'corrupt' ? t.learnStoreReset : t.learnStoreUnsaved}</p>
      <button type="button" class="icon-btn" aria-label={t.close} onClick={() => ctrl.dismissTrouble()}>
        {icons.close()}
      </button>
    </div>
  );
}

/** The map: every group and stage in teaching order, each level a tile with its stars. */
export function mapView(ctrl: LearnCtrl, t: Catalog, focus?: string): JSX.Element {
  const { done, total } = doneCount(ctrl.progress);
  return (
    <div class="ln ln-map-screen">
      {trouble(ctrl, t)}
      <header class="ln-map-head">
        <p class="ln-intro">{t.learnIntro}</p>
        <p class="ln-total" data-testid="ln-total">
          {t.learnCardProgress(done, total)}
        </p>
      </header>
      {GROUPS.map((g) => (
        <section class="ln-group" key={g}>
          <h2>{t[`learnGroup_${g}`]}</h2>
          <div class="ln-stages">
            {STAGES.filter((s) => s.group === g).map((s) => (
              <div
                class={`ln-stage${focus === s.id ? ' focus' : ''}`}
                key={s.id}
                id={`stage-${s.id}`}
                data-testid={`ln-stage-${s.id}`}
              >
                <h3>{t[`learnStage_${s.id}` as keyof Catalog] as string}</h3>
                <ol class="ln-levels">
                  {s.levels.map((l, i) => {
                    const open = ctrl.unlocked(l.id);
                    const stars = ctrl.starsOf(l.id);
                    const label = `${levelText(t, l.id, 'title')}${stars ? ` — ${t.learnStars(stars)}` : ''}`;
                    return (
                      <li key={l.id}>
                        {open ? (
                          <a
                            class={`ln-tile${stars ? ' done' : ''}`}
                            href={levelHash(l.id)}
                            aria-label={label}
                            data-testid={`ln-level-${l.id}`}
                          >
                            <b>{i + 1}</b>
                            {starsView(t, stars)}
                          </a>
                        ) : (
                          <span class="ln-tile locked" aria-label={`${label} — ${t.learnLocked}`} role="img">
                            <b>{i + 1}</b>
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function goalLine(t: Catalog, g: Goal, count: number): string {
  switch (g.kind) {
    case 'capture':
      return t.learnGoalCapture(g.moves);
    case 'win':
      return t.learnGoalWin(g.moves);
    case 'promote':
      return t.learnGoalPromote(g.moves);
    case 'only':
      return t.learnGoalOnly;
    case 'hold':
      return t.learnGoalHold(g.moves);
    case 'squares':
      return t.learnGoalSquares(count);
    case 'gain':
      return t.learnGoalGain(g.moves, g.pieces);
    case 'safe':
      return t.learnGoalSafe;
  }
}

function feedbackText(t: Catalog, f: Feedback, ctrl: LearnCtrl): string {
  switch (f.kind) {
    case 'task':
      return ctrl.level?.goal.kind === 'squares' ? t.learnStatusTap : t.learnStatusTask;
    case 'good':
      return t.learnStatusGood;
    case 'retry':
      return t.learnStatusRetry;
    case 'wrong': {
      const g = ctrl.level?.goal;
      if (g?.kind === 'hold') return t.learnWrongHold(f.move, f.answer);
      if (g?.kind === 'promote') return t.learnWrongPromote(f.move, f.answer);
      if (g?.kind === 'gain') return t.learnWrongGain(f.move, f.answer);
      if (g?.kind === 'safe') return t.learnWrongSafe(f.move, f.answer);
      return t.learnWrongWin(f.move, f.answer);
    }
    case 'found':
      return t.learnStatusFound(f.count, f.total);
    case 'notSquare':
      return t.learnStatusNotSquare(f.square);
    case 'done':
      return t.learnStatusDone;
  }
}

function levelView(ctrl: LearnCtrl, t: Catalog): JSX.Element {
  const level = ctrl.level!;
  const stage = stageOf(level.id)!;
  const index = stage.levels.findIndex((l) => l.id === level.id);
  const done = ctrl.phase === 'done';
  const next = ctrl.next;
  const f = ctrl.feedback;
  const tone = f.kind === 'wrong' || f.kind === 'notSquare' ? 'bad' : f.kind === 'done' ? 'good' : '';
  const movesLeft = level.goal.kind === 'squares' ? undefined : ctrl.left;
  return (
    <div class="ln ln-level-screen" data-phase={ctrl.phase} data-level={level.id}>
      {trouble(ctrl, t)}
      <header class="ln-head">
        <p class="ln-crumb">
          <a href={stageHash(stage.id)}>{t[`learnStage_${stage.id}` as keyof Catalog] as string}</a>
          <span aria-hidden="true"> · </span>
          {t.learnLevelOf(index + 1, stage.levels.length)}
        </p>
        <h2 data-testid="ln-title">{levelText(t, level.id, 'title')}</h2>
        <p class="ln-task" data-testid="ln-task">
          {levelText(t, level.id, 'task')}
        </p>
        <p class="ln-goal" data-testid="ln-goal">
          <span class={`dot ${ctrl.start.turn}`} aria-hidden="true" />
          {goalLine(t, level.goal, ctrl.targets.length)}
        </p>
      </header>
      <div class={`ln-board${done ? ' done' : ''}`}>
        <BoardMount bind={(b) => ctrl.setBoard(b)} />
      </div>
      <div class="ln-side">
        <p class={`ln-status ${tone}`} role="status" data-testid="ln-status" data-kind={f.kind}>
          {feedbackText(t, f, ctrl)}
        </p>
        {movesLeft !== undefined && !done ? (
          <p class="note ln-left" data-testid="ln-left">
            {t.learnMovesLeft(movesLeft)}
          </p>
        ) : null}
        {done ? (
          <section class="ln-result" data-testid="ln-done">
            {starsView(t, f.kind === 'done' ? f.stars : undefined, 'ln-result-stars')}
            <div class="actions">
              <button type="button" class="btn" onClick={() => ctrl.open(level.id)} data-testid="ln-again">
                {icons.replay()}
                {t.learnAgain}
              </button>
              {next ? (
                <a class="btn primary" href={levelHash(next.id)} data-testid="ln-next">
                  {t.learnNext}
                  {icons.next()}
                </a>
              ) : (
                <a class="btn primary" href="#/learn" data-testid="ln-next">
                  {t.learnBackToMap}
                </a>
              )}
            </div>
          </section>
        ) : (
          <div class="ln-tools">
            {ctrl.hintShown ? (
              <p class="ln-hint" data-testid="ln-hint-text">
                {icons.hint()}
                {levelText(t, level.id, 'hint')}
              </p>
            ) : (
              <button type="button" class="btn" onClick={() => ctrl.showHint()} data-testid="ln-hint">
                {icons.hint()}
                {t.learnHint}
              </button>
            )}
            <button
              type="button"
              class="btn"
              onClick={() => ctrl.restart()}
              disabled={ctrl.phase === 'busy'}
              data-testid="ln-restart"
            >
              {icons.replay()}
              {t.learnRestart}
            </button>
          </div>
        )}
        <a class="ln-map-link" href="#/learn">
          {icons.list()}
          {t.learnAllStages}
        </a>
      </div>
    </div>
  );
}

export function learnView(ctrl: LearnCtrl, t: Catalog, focus?: string): JSX.Element {
  return ctrl.level ? levelView(ctrl, t) : mapView(ctrl, t, focus);
}

/** Levels in the catalogue (for the README and the tests). */
export const levelCount = LEARN_LEVELS.length;
