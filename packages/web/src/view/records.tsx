// My games: the finished games kept on this device, import of PDN games, and replay.
import type { JSX } from 'preact';
import type { AppCtrl } from '../ctrl/app.ts';
import type { ReplayCtrl } from '../ctrl/replay.ts';
import { capitalize, reasonKey } from '../i18n/index.ts';
import { resultTitle } from '../ctrl/game.ts';
import type { GameRecord } from '../record.ts';
import { BoardMount } from './board-mount.tsx';
import { moveSection } from './game.tsx';
import { icons } from './icons.tsx';
import { exportDialog } from './pdn-export.tsx';

function describe(ctrl: AppCtrl, r: GameRecord): string {
  const t = ctrl.trans;
  if (!r.setup) return t.imported;
  return r.setup.mode === 'computer'
    ? capitalize(t.vsComputer(t[`level_${r.setup.level}`]), ctrl.lang)
    : t.twoPlayerGame;
}

/** 'You win! · on time (1-0)', 'Draw · by agreement (1/2-1/2)', or the bare result of an unfinished record. */
function outcomeText(ctrl: AppCtrl, r: GameRecord): string {
  const t = ctrl.trans;
  const winner = r.result === '1-0' ? 'white' : r.result === '0-1' ? 'black' : undefined;
  if (r.result === '*' || !r.reason) return r.result;
  const human = r.setup?.mode === 'computer' ? r.setup.playerColor : undefined;
  return `${resultTitle(t, { winner, reason: r.reason }, human)} · ${t[reasonKey(r.reason)] as string} (${r.result.replace(/-/g, '\u2011')})`;
}

function importForm(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <form
      class="import group"
      onSubmit={(e) => {
        e.preventDefault();
        const area = (e.currentTarget as HTMLFormElement).elements.namedItem('pdn') as HTMLTextAreaElement;
        ctrl.importPdn(area.value);
      }}
    >
      <h2>
        <label for="pdn-input">{t.importPdn}</label>
      </h2>
      <p class="note">{t.importHint}</p>
      <textarea
        id="pdn-input"
        name="pdn"
        rows={5}
        spellcheck={false}
        placeholder='[GameType "30"] 1. c3-c4 …'
      />
      {ctrl.importError ? (
        <p class="error" role="alert">
          {ctrl.importError}
        </p>
      ) : null}
      <div class="actions">
        <label class="btn file">
          {t.chooseFile}
          <input
            type="file"
            accept=".pdn,.txt,text/plain"
            onChange={(e) => {
              const f = (e.currentTarget as HTMLInputElement).files?.[0];
              if (f) void f.text().then((text) => ctrl.importPdn(text));
            }}
          />
        </label>
        <button type="submit" class="btn primary">
          {t.importButton}
        </button>
      </div>
    </form>
  );
}

export function recordsView(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  const fmt = new Intl.DateTimeFormat(ctrl.lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <div class="page records">
      {ctrl.records.length === 0 ? <p class="empty-list">{t.noRecords}</p> : null}
      <ul class="record-list">
        {ctrl.records.map((r) => (
          <li key={r.id} class="record">
            <a href={`#/replay/${r.id}`} class="record-main">
              <strong>{describe(ctrl, r)}</strong>
              <span>{outcomeText(ctrl, r)}</span>
              <small>
                {fmt.format(r.endedAt)} · {t.moveCount(Math.ceil(r.plies / 2))}
              </small>
            </a>
            <button
              type="button"
              class="icon-btn"
              aria-label={`${t.deleteGame}: ${describe(ctrl, r)}`}
              onClick={() => ctrl.deleteRecord(r.id)}
            >
              {icons.close()}
            </button>
          </li>
        ))}
      </ul>
      {importForm(ctrl)}
    </div>
  );
}

export function replayView(ctrl: AppCtrl, rc: ReplayCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <div class="game replay">
      <div class="board-col">
        <BoardMount key={rc.record.id} bind={(b) => rc.setBoard(b)} />
      </div>
      <div class="side-col">
        <p class="status">
          {describe(ctrl, rc.record)}
          <br />
          <span class="muted">{outcomeText(ctrl, rc.record)}</span>
        </p>
        {moveSection(ctrl, rc.game, rc.ply, (ply) => rc.jump(ply))}
        <div class="actions">
          <button type="button" class="btn" onClick={() => ctrl.openExport()}>
            {t.exportPdn}
          </button>
          <a
            class="btn primary"
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
