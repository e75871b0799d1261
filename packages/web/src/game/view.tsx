// The game screen: players and clocks, the board, the controls, the move list, the end of the game.
import type { JSX } from 'preact';
import type { Color } from '@dama/core';
import type { AppCtrl } from '../app/ctrl.ts';
import { formatClock } from './clock.ts';
import { resultTitle, type GameCtrl } from './ctrl.ts';
import { capitalize, reasonKey } from '../lib/i18n/index.ts';
import { BoardMount } from '../lib/board-mount.tsx';
import { icons } from '../lib/icons.tsx';
import { exportDialog } from '../lib/pdn-export.tsx';
import { moveSection } from '../lib/move-list.tsx';
import { dialog } from '../lib/widgets.tsx';
import { gameLinkHash } from '../analysis/link.ts';

function playerName(ctrl: AppCtrl, g: GameCtrl, color: Color): string {
  const t = ctrl.trans;
  const side = color === 'white' ? t.white : t.black;
  if (!g.vsComputer) return side;
  return g.isHuman(color) ? `${t.you} · ${side}` : `${t.computer} (${t[`level_${g.setup.level}`]}) · ${side}`;
}

function strip(ctrl: AppCtrl, g: GameCtrl, color: Color, where: 'top' | 'bottom'): JSX.Element {
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
  return (
    <div class={`strip ${where}${active ? ' active' : ''}`} data-color={color}>
      <span class={`dot ${color}`} aria-hidden="true" />
      <span class="name">{playerName(ctrl, g, color)}</span>
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
      {showTime ? (
        <span class={`clock${active ? ' running' : ''}${low ? ' low' : ''}`} data-testid={`clock-${color}`}>
          {formatClock(left)}
        </span>
      ) : null}
    </div>
  );
}

function status(ctrl: AppCtrl, g: GameCtrl): JSX.Element | null {
  const t = ctrl.trans;
  let text: string;
  if (g.outcome) text = '';
  else if (g.notice) text = g.notice;
  else if (g.viewPly !== undefined)
    text = g.viewPly === 0 ? t.viewingStart : t.viewingPast(Math.ceil(g.viewPly / 2));
  else if (g.vsComputer) text = g.turn === g.setup.playerColor ? t.yourTurn : t.thinking;
  else text = t.toMove(g.turn);
  const capture =
    !g.notice &&
    g.viewPly === undefined &&
    g.canPlay() &&
    g.game.position.legalMoves().some((m) => m.captures.length > 0);
  if (!capture && !text) return null;
  if (g.viewPly !== undefined && !g.outcome)
    return (
      <p class="status past" data-testid="status">
        <span>{text}</span>
        <button type="button" class="btn small" onClick={() => g.jump(g.game.plies)}>
          {t.backToGame}
        </button>
      </p>
    );
  return (
    <p class={`status${capture ? ' capture' : ''}`} data-testid="status">
      {capture ? (g.vsComputer ? t.mustCapture : t.mustCaptureSide(g.turn)) : text}
    </p>
  );
}

function controls(ctrl: AppCtrl, g: GameCtrl): JSX.Element {
  const t = ctrl.trans;
  const busy = g.task === 'hint' || g.task === 'draw';
  const btn = (
    label: string,
    icon: () => JSX.Element,
    onClick: () => void,
    disabled: boolean,
    id: string,
  ) => (
    <button type="button" class="ctl" onClick={onClick} disabled={disabled} title={label} data-testid={id}>
      {icon()}
      <span>{label === t.hint ? t.hintShort : label === t.offerDraw ? t.drawShort : label}</span>
    </button>
  );
  return (
    <div class="controls">
      {btn(t.undo, icons.undo, () => g.undo(), !g.canUndo(), 'undo')}
      {g.vsComputer ? btn(t.hint, icons.hint, () => g.requestHint(), !g.canPlay() || busy, 'hint') : null}
      {btn(t.offerDraw, icons.draw, () => g.offerDraw(), !g.canOfferDraw() || busy, 'draw')}
      {btn(t.resign, icons.flag, () => g.askResign(), false, 'resign')}
      <a
        class="ctl"
        href={gameLinkHash(g.game, g.viewPly)}
        title={t.openAnalysis}
        data-testid="analyse-position"
      >
        {icons.analysis()}
        <span>{t.analyse}</span>
      </a>
    </div>
  );
}

function moveList(ctrl: AppCtrl, g: GameCtrl): JSX.Element {
  return moveSection(ctrl.trans, g.game, g.viewPly ?? g.game.plies, (ply) => g.jump(ply));
}

function typeMove(ctrl: AppCtrl, g: GameCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <form
      class="type-move"
      onSubmit={(e) => {
        e.preventDefault();
        const input = (e.currentTarget as HTMLFormElement).elements.namedItem('move') as HTMLInputElement;
        if (g.typeMove(input.value)) input.value = '';
      }}
    >
      <label for="move-input">{t.typeMove}</label>
      <input
        id="move-input"
        name="move"
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        placeholder={t.typeMovePlaceholder}
        disabled={!g.canPlay()}
      />
      <button type="submit" class="btn small" disabled={!g.canPlay()}>
        {t.play}
      </button>
    </form>
  );
}

function endPanel(ctrl: AppCtrl, g: GameCtrl): JSX.Element | null {
  const o = g.outcome;
  if (!o) return null;
  const t = ctrl.trans;
  const human = g.vsComputer ? g.setup.playerColor : undefined;
  return (
    <section
      class={`end${o.winner === undefined ? ' draw' : human && o.winner !== human ? ' lost' : ' won'}`}
      data-testid="end"
    >
      <h2>{resultTitle(t, o, human)}</h2>
      <p>{capitalize(t[reasonKey(o.reason)] as string, ctrl.lang)}</p>
      <p class="muted" data-testid="captures">
        {t.capturesAfter(16 - g.game.position.count('black'), 16 - g.game.position.count('white'))}
      </p>
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
    </section>
  );
}

function dialogs(ctrl: AppCtrl, g: GameCtrl): JSX.Element | null {
  const t = ctrl.trans;
  if (g.dialog === 'resign') {
    const q = g.vsComputer ? t.resignConfirm : t.resignConfirmTwo(g.turn === 'white' ? t.white : t.black);
    return dialog(
      'resign-dialog',
      q,
      <div class="actions">
        <button type="button" class="btn" onClick={() => g.closeDialog()}>
          {t.no}
        </button>
        <button type="button" class="btn danger" onClick={() => g.confirmResign()}>
          {t.resign}
        </button>
      </div>,
      () => g.closeDialog(),
    );
  }
  if (g.dialog === 'draw')
    return dialog(
      'draw-dialog',
      g.vsComputer ? t.drawOfferConfirm : t.drawAsk,
      <div class="actions">
        <button type="button" class="btn" onClick={() => g.closeDialog()}>
          {t.no}
        </button>
        <button type="button" class="btn primary" onClick={() => g.acceptDraw()}>
          {t.yes}
        </button>
      </div>,
      () => g.closeDialog(),
    );
  if (ctrl.exporting) return exportDialog(ctrl, g.saved().pdn, g.id);
  return null;
}

export function gameView(ctrl: AppCtrl, g: GameCtrl): JSX.Element {
  const bottom = g.orientation();
  const top: Color = bottom === 'white' ? 'black' : 'white';
  const facing = g.setup.mode === 'local' && g.setup.view === 'facing';
  return (
    <div class={`game${facing ? ' facing' : ''}`} data-mode={g.setup.mode}>
      <div class="board-col">
        {strip(ctrl, g, top, 'top')}
        <BoardMount key={g.key} bind={(b) => g.setBoard(b)} class={`board-wrap${g.outcome ? ' over' : ''}`} />
        {strip(ctrl, g, bottom, 'bottom')}
      </div>
      <div class="side-col">
        {status(ctrl, g)}
        {endPanel(ctrl, g) ?? controls(ctrl, g)}
        {moveList(ctrl, g)}
        {typeMove(ctrl, g)}
      </div>
      {dialogs(ctrl, g)}
    </div>
  );
}
