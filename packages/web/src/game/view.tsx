// The game screen: players and clocks, the board, the controls, the move list, the end of the game.
import type { JSX } from 'preact';
import type { Color } from '@dama/core';
import type { SquareName } from '@dama/board';
import { formatClock } from '../lib/clock.ts';
import type { GameCtrl } from './ctrl.ts';
import { resultTitle } from '../lib/result.ts';
import { LEARNER_LEVELS, type Mode } from '../lib/setup.ts';
import { capitalize, reasonKey, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { BoardMount } from '../lib/board-mount.tsx';
import { icons } from '../lib/icons.tsx';
import { exportDialog } from '../lib/pdn-export.tsx';
import { moveSection } from '../lib/move-list.tsx';
import {
  confirmDialog,
  controlButton,
  endFrame,
  endTone,
  moveBox,
  pastStatus,
  playerStrip,
} from '../lib/play-view.tsx';
import { gameLinkHash } from '../lib/analysis-link.ts';
import './game.css';

/** What the game screen's view uses of the app around it: the words, the time, what follows a game. */
export interface GameShell {
  readonly trans: Catalog;
  readonly lang: Lang;
  readonly exporting: boolean;
  now(): number;
  rematch(): void;
  newGame(mode: Mode): void;
  openExport(): void;
  closeExport(): void;
}

function playerName(ctrl: GameShell, g: GameCtrl, color: Color): string {
  const t = ctrl.trans;
  const side = color === 'white' ? t.white : t.black;
  if (!g.vsComputer) return side;
  return g.isHuman(color) ? `${t.you} · ${side}` : `${t.computer} (${t[`level_${g.setup.level}`]}) · ${side}`;
}

function strip(ctrl: GameShell, g: GameCtrl, color: Color, where: 'top' | 'bottom'): JSX.Element {
  const t = ctrl.trans;
  const now = ctrl.now();
  const active = !g.outcome && g.turn === color;
  const time = g.time;
  const showTime = time.enabled && (time.control.kind === 'clock' || active);
  const left = time.left(color, now);
  const low = showTime && active && time.isLow(color, now);
  const pos = g.game.positionAt(g.viewPly ?? g.game.plies);
  // the material balance: how many pieces this side is ahead (kings counted as pieces)
  const ahead = pos.count(color) - pos.count(color === 'white' ? 'black' : 'white');
  return playerStrip(
    color,
    where,
    active,
    playerName(ctrl, g, color),
    showTime ? { text: formatClock(left), running: active, low } : undefined,
    <>
      {ahead > 0 ? (
        <span class="taken" title={t.materialAhead(ahead)} data-testid={`balance-${color}`}>
          +{ahead}
          <span class="sr-only">{t.materialAhead(ahead)}</span>
        </span>
      ) : null}
      {active && !g.isHuman(color) && g.engineThinking ? (
        <span class="thinking" role="status">
          <span class="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span class="sr-only">{t.thinking}</span>
        </span>
      ) : null}
    </>,
  );
}

/** The line above the controls; always there (empty when there is nothing to say) so nothing moves. */
function status(ctrl: GameShell, g: GameCtrl, seat?: Color): JSX.Element {
  const t = ctrl.trans;
  const mine = seat === undefined || seat === g.turn;
  let text: string;
  if (g.outcome || !mine) text = '';
  else if (g.notice) text = g.notice;
  else if (g.viewPly !== undefined) text = '';
  else if (g.vsComputer) text = g.turn === g.setup.playerColor ? t.yourTurn : t.thinking;
  else text = seat ? t.yourTurn : t.toMove(g.turn);
  const capture =
    mine &&
    !g.notice &&
    g.viewPly === undefined &&
    g.canPlay() &&
    g.game.position.legalMoves().some((m) => m.captures.length > 0);
  const id = seat ? `status-${seat}` : 'status';
  if (mine && g.viewPly !== undefined && !g.outcome)
    return pastStatus(t, g.viewPly, () => g.jump(g.game.plies), id, g.notice);
  return (
    <p class={`status${capture ? ' capture' : ''}`} data-testid={id}>
      {capture ? (g.vsComputer || seat ? t.mustCapture : t.mustCaptureSide(g.turn)) : text}
    </p>
  );
}

/** The game's buttons; face to face each player has their own (`seat`), and resigns for themselves. */
function controls(ctrl: GameShell, g: GameCtrl, seat?: Color): JSX.Element {
  const t = ctrl.trans;
  const busy = g.task === 'hint' || g.task === 'draw';
  const btn = (label: string, icon: () => JSX.Element, onClick: () => void, disabled: boolean, id: string) =>
    controlButton(
      label,
      label === t.hint ? t.hintShort : label === t.offerDraw ? t.drawShort : label,
      icon,
      onClick,
      disabled,
      seat ? `${id}-${seat}` : id,
    );
  return (
    <div class="controls">
      {btn(t.undo, icons.undo, () => g.undo(), !g.canUndo(), 'undo')}
      {g.vsComputer ? btn(t.hint, icons.hint, () => g.requestHint(), !g.canPlay() || busy, 'hint') : null}
      {btn(t.offerDraw, icons.draw, () => g.offerDraw(seat), !g.canOfferDraw() || busy, 'draw')}
      {btn(t.resign, icons.flag, () => g.askResign(seat), !!g.outcome, 'resign')}
      <a
        class="ctl"
        href={gameLinkHash(g.game, g.viewPly)}
        title={t.openAnalysis}
        data-testid={seat ? `analyse-position-${seat}` : 'analyse-position'}
      >
        {icons.analysis()}
        <span>{t.analyse}</span>
      </a>
    </div>
  );
}

function moveList(ctrl: GameShell, g: GameCtrl): JSX.Element {
  return moveSection(ctrl.trans, g.game, g.viewPly ?? g.game.plies, (ply) => g.jump(ply));
}

function typeMove(ctrl: GameShell, g: GameCtrl): JSX.Element {
  return moveBox(ctrl.trans, g.canPlay(), (text) => g.typeMove(text));
}

function endPanel(ctrl: GameShell, g: GameCtrl): JSX.Element | null {
  const o = g.outcome;
  if (!o) return null;
  const t = ctrl.trans;
  const human = g.vsComputer ? g.setup.playerColor : undefined;
  return endFrame(
    endTone(o.winner, human),
    resultTitle(t, o, human),
    capitalize(t[reasonKey(o.reason)] as string, ctrl.lang),
    <>
      <p class="muted" data-testid="captures">
        {/* from the game's own start (a position set up, or played on from analysis, has fewer than 16) */}
        {t.capturesAfter(
          g.game.initial.count('black') - g.game.position.count('black'),
          g.game.initial.count('white') - g.game.position.count('white'),
        )}
      </p>
      {/* lost to one of the beginner's levels: the lessons are where a beginner learns what went wrong */}
      {human && o.winner !== undefined && o.winner !== human && g.setup.level <= LEARNER_LEVELS ? (
        <p class="learn-hint">
          <a href="#/learn" data-testid="end-learn">
            {t.learnAfterLoss}
          </a>
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="btn primary" onClick={() => ctrl.rematch()}>
          {t.rematch}
        </button>
        <button type="button" class="btn" onClick={() => ctrl.newGame(g.setup.mode)}>
          {t.newGame}
        </button>
        <button type="button" class="btn" onClick={() => ctrl.openExport()}>
          {t.exportPdn}
        </button>
        <a class="btn" href={`#/analysis?record=${encodeURIComponent(g.id)}`} data-testid="analyse-game">
          {t.analyse}
        </a>
      </div>
    </>,
  );
}

function dialogs(ctrl: GameShell, g: GameCtrl, far: Color | undefined): JSX.Element | null {
  const t = ctrl.trans;
  // face to face, a question asked from the far seat is turned to face that player
  const turned = far !== undefined && g.dialogBy === far;
  if (g.dialog === 'resign') {
    const q = g.vsComputer
      ? t.resignConfirm
      : t.resignConfirmTwo(g.resigning === 'white' ? t.white : t.black);
    const yes = { label: t.resign, danger: true, run: () => g.confirmResign() };
    return confirmDialog('resign-dialog', q, t, yes, () => g.closeDialog(), turned);
  }
  if (g.dialog === 'draw') {
    const q = g.vsComputer ? t.drawOfferConfirm : t.drawAsk;
    return confirmDialog(
      'draw-dialog',
      q,
      t,
      { label: t.yes, run: () => g.acceptDraw() },
      () => g.closeDialog(),
      turned,
    );
  }
  if (ctrl.exporting) return exportDialog(ctrl.trans, g.saved().pdn, g.id, () => ctrl.closeExport());
  return null;
}

/** Taps on pieces the board refuses (no move for them): the controller says why. */
function refusedTap(g: GameCtrl, x: number, y: number, col: HTMLElement): void {
  const cell = document
    .elementsFromPoint(x, y)
    .find((el) => el instanceof HTMLElement && el.dataset.square && col.contains(el));
  const sq = (cell as HTMLElement | undefined)?.dataset.square;
  if (sq) g.refusedTap(sq as SquareName);
}

function refusedKey(g: GameCtrl, e: KeyboardEvent): void {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  const id = (e.target as HTMLElement).getAttribute('aria-activedescendant');
  const sq = id ? document.getElementById(id)?.dataset.square : undefined;
  if (sq) g.refusedTap(sq as SquareName);
}

export function gameView(ctrl: GameShell, g: GameCtrl): JSX.Element {
  const bottom = g.orientation();
  const top: Color = bottom === 'white' ? 'black' : 'white';
  const facing = g.setup.mode === 'local' && g.setup.view === 'facing';
  // face to face: each player has their name, clock, status line and buttons at their own edge,
  // the far player's turned to face them
  const seat = (color: Color, where: 'top' | 'bottom') =>
    facing ? (
      <div class={`seat ${where}`} data-testid={`seat-${where}`}>
        {strip(ctrl, g, color, where)}
        {status(ctrl, g, color)}
        {g.outcome ? null : controls(ctrl, g, color)}
      </div>
    ) : (
      strip(ctrl, g, color, where)
    );
  return (
    <div
      class={`game${facing ? ' facing' : ''}${g.nudge ? ` nudge-${g.nudge}` : ''}`}
      data-mode={g.setup.mode}
    >
      <div
        class="board-col"
        onPointerDown={(e) => refusedTap(g, e.clientX, e.clientY, e.currentTarget)}
        onKeyDown={(e) => refusedKey(g, e)}
      >
        {seat(top, 'top')}
        <BoardMount key={g.key} bind={(b) => g.setBoard(b)} class={`board-wrap${g.outcome ? ' over' : ''}`} />
        {seat(bottom, 'bottom')}
      </div>
      <div class="side-col">
        {facing || g.outcome ? null : status(ctrl, g)}
        {/* a tap refused for the compulsory capture: the lesson that explains the rule */}
        {!facing && !g.outcome && g.notice === ctrl.trans.refusedCapture ? (
          <a class="learn-why" href="#/learn?stage=compulsory" data-testid="learn-why">
            {ctrl.trans.learnWhy}
          </a>
        ) : null}
        {endPanel(ctrl, g) ?? (facing ? null : controls(ctrl, g))}
        {moveList(ctrl, g)}
        {g.outcome ? null : typeMove(ctrl, g)}
      </div>
      {dialogs(ctrl, g, facing ? top : undefined)}
    </div>
  );
}
