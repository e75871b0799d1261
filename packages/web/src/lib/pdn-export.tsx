// Export a game as PDN: the text to read or select, Copy, Download.
import type { JSX } from 'preact';
import type { Catalog } from './i18n/index.ts';
import { icons } from './icons.tsx';
import { copyButton } from './play-view.tsx';
import { dialog } from './widgets.tsx';

export function downloadText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-draughts-pdn;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The export dialog for a game's PDN; `close` closes it (the screen keeps whether it is open). */
export function exportDialog(t: Catalog, pdn: string, id: string, close: () => void): JSX.Element {
  return dialog(
    'export-dialog',
    t.exportPdn,
    <div class="export">
      <textarea readOnly rows={8} aria-label="PDN" data-testid="pdn-text" value={pdn} />
      <div class="actions">
        {copyButton(t, pdn)}
        <button type="button" class="btn" onClick={() => downloadText(pdn, `dama-${id}.pdn`)}>
          {icons.download()}
          <span>{t.download}</span>
        </button>
        <button type="button" class="btn primary" onClick={close}>
          {t.close}
        </button>
      </div>
    </div>,
    close,
  );
}
