// Looking through a finished or imported game, move by move, with its PDN export.
import type { JSX } from 'preact';
import type { AppCtrl } from '../app/ctrl.ts';
import { BoardMount } from '../lib/board-mount.tsx';
import { moveSection } from '../lib/move-list.tsx';
import { exportDialog } from '../lib/pdn-export.tsx';
import { describe, outcomeText } from '../records/view.tsx';
import type { ReplayCtrl } from './ctrl.ts';

export function replayView(ctrl: AppCtrl, rc: ReplayCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <div class="game replay">
      <div class="board-col">
        <BoardMount key={rc.record.id} bind={(b) => rc.setBoard(b)} />
      </div>
      <div class="side-col">
        <p class="status">
          {describe(ctrl.records, rc.record)}
          <br />
          <span class="muted">{outcomeText(ctrl.records, rc.record)}</span>
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
      {ctrl.exporting ? exportDialog(ctrl, rc.record.pdn, rc.record.id) : null}
    </div>
  );
}
