// My games: the finished games kept on this device, import of PDN games, and replay.
import type { JSX } from 'preact';
import type { RecordsCtrl } from './ctrl.ts';
import { outcomeText, recordTitle } from '../lib/record-text.ts';
import { icons } from '../lib/icons.tsx';
import './records.css';

function importForm(ctrl: RecordsCtrl): JSX.Element {
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

export function recordsView(ctrl: RecordsCtrl): JSX.Element {
  const t = ctrl.trans;
  const fmt = new Intl.DateTimeFormat(ctrl.lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const listed = ctrl.listed();
  return (
    <div class="page records">
      {listed.length === 0 ? <p class="empty-list">{t.noRecords}</p> : null}
      <ul class="record-list">
        {listed.map(({ record: r, remote }) => (
          <li
            key={r.id}
            class={`record${r.unfinished ? ' unfinished' : ''}${remote ? ' remote' : ''}`}
            data-testid="record"
            data-remote={remote ? 'yes' : undefined}
          >
            <a href={`#/replay/${r.id}`} class="record-main">
              <strong>{recordTitle(ctrl, r)}</strong>
              <span>{outcomeText(ctrl, r)}</span>
              <small>
                {fmt.format(r.endedAt)} · {t.moveCount(Math.ceil(r.plies / 2))}
              </small>
            </a>
            {r.unfinished ? (
              <button type="button" class="btn small primary" onClick={() => ctrl.resume(r.id)}>
                {t.continueShort}
              </button>
            ) : null}
            {/* a game from the server's list is the player's history there: not this device's to delete */}
            {remote ? null : (
              <button
                type="button"
                class="icon-btn"
                aria-label={`${t.deleteGame}: ${recordTitle(ctrl, r)}`}
                onClick={() => ctrl.delete(r.id)}
              >
                {icons.close()}
              </button>
            )}
          </li>
        ))}
      </ul>
      {importForm(ctrl)}
      {snackbar(ctrl)}
    </div>
  );
}

/**
 * "Game deleted. Undo" for a while after a deletion; "This game is already in My games. Show it" for
 * a while after an import that added nothing.
 */
function snackbar(ctrl: RecordsCtrl): JSX.Element {
  const t = ctrl.trans;
  const d = ctrl.deleted;
  const dup = ctrl.duplicate;
  // the live region stays in the page so that screen readers hear it appear
  return (
    <div
      class={`snackbar${d || dup ? ' shown' : ''}${dup ? ' duplicate' : ''}`}
      role="status"
      data-testid="snackbar"
    >
      {dup ? (
        <>
          <span>{t.importDuplicate(dup.count)}</span>
          <a class="btn small" href={`#/replay/${dup.id}`} onClick={() => ctrl.forgetDuplicate()}>
            {t.importDuplicateShow}
          </a>
        </>
      ) : d ? (
        <>
          <span>{t.gameDeleted(recordTitle(ctrl, d.record))}</span>
          <button type="button" class="btn small" onClick={() => ctrl.undoDelete()}>
            {t.undoDelete}
          </button>
        </>
      ) : null}
    </div>
  );
}
