// Looking through a finished or imported game, move by move, with its PDN export. ← → step through
// the moves, Home and End go to the start and the end. On a wide screen the board takes the height
// and the side column keeps the game's name, the buttons and the move arrows in sight, the move list
// scrolling between them (replay.css).
import { Component, type JSX } from 'preact';
import { BoardMount } from '../lib/board-mount.tsx';
import { moveSection } from '../lib/move-list.tsx';
import { exportDialog } from '../lib/pdn-export.tsx';
import { outcomeText, recordTitle } from '../lib/record-text.ts';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import type { ReplayCtrl } from './ctrl.ts';
import './replay.css';

/** The replay's keys, listened to on the window while the replay is shown. */
class ReplayKeys extends Component<{ rc: ReplayCtrl; blocked: boolean }> {
  private readonly onKey = (e: KeyboardEvent): void => {
    if (this.props.blocked || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    // a text field, a list box or an open dialog keeps its own keys
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
    if (this.props.rc.key(e.key)) e.preventDefault();
  };

  override componentDidMount(): void {
    window.addEventListener('keydown', this.onKey);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('keydown', this.onKey);
  }

  override render(): null {
    return null;
  }
}

/** What the replay's view uses of the app around it: the words, continuing a game, the PDN export. */
export interface ReplayShell {
  readonly trans: Catalog;
  readonly lang: Lang;
  readonly exporting: boolean;
  resumeRecord(id: string): void;
  openExport(): void;
  closeExport(): void;
}

export function replayView(ctrl: ReplayShell, rc: ReplayCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <div class="game replay">
      <ReplayKeys rc={rc} blocked={ctrl.exporting} />
      <div class="board-col">
        <BoardMount key={rc.record.id} bind={(b) => rc.setBoard(b)} />
      </div>
      <div class="side-col">
        <p class="status">
          {recordTitle(ctrl, rc.record)}
          <br />
          <span class="muted">{outcomeText(ctrl, rc.record)}</span>
        </p>
        {moveSection(t, rc.game, rc.ply, (ply) => rc.jump(ply))}
        <div class="actions">
          {rc.record.unfinished ? (
            <button
              type="button"
              class="btn primary"
              data-testid="continue-record"
              onClick={() => ctrl.resumeRecord(rc.record.id)}
            >
              {t.continueShort}
            </button>
          ) : null}
          <button type="button" class="btn" onClick={() => ctrl.openExport()}>
            {t.exportPdn}
          </button>
          <a
            class={rc.record.unfinished ? 'btn' : 'btn primary'}
            href={`#/analysis?record=${encodeURIComponent(rc.record.id)}&ply=${rc.ply}`}
            data-testid="analyse-game"
          >
            {t.analyse}
          </a>
        </div>
      </div>
      {ctrl.exporting
        ? exportDialog(ctrl.trans, rc.record.pdn, rc.record.id, () => ctrl.closeExport())
        : null}
    </div>
  );
}
