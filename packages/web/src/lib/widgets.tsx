// Small shared pieces of view: radio groups, switches, dialogs.
import type { ComponentChildren, JSX } from 'preact';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** one line under the label; choices with details are listed one per line */
  detail?: string;
}

/** A row of mutually exclusive options, as real radio buttons (keyboard and screen readers know them). */
export function radios<T extends string>(
  name: string,
  legend: string,
  choices: Choice<T>[],
  current: T,
  pick: (v: T) => void,
  note?: string,
): JSX.Element {
  return (
    <fieldset class="choices">
      <legend>{legend}</legend>
      <div class={choices.some((c) => c.detail) ? 'segmented list' : 'segmented'}>
        {choices.map((c) => (
          <label class={c.value === current ? 'on' : ''} key={c.value}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={c.value === current}
              onChange={() => pick(c.value)}
            />
            {c.detail ? (
              <span>
                <strong>{c.label}</strong>
                <small>{c.detail}</small>
              </span>
            ) : (
              <span>{c.label}</span>
            )}
          </label>
        ))}
      </div>
      {note ? <p class="note">{note}</p> : null}
    </fieldset>
  );
}

export function toggle(id: string, label: string, on: boolean, change: (on: boolean) => void): JSX.Element {
  return (
    <label class="toggle" for={id} key={id}>
      <span>{label}</span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => change((e.currentTarget as HTMLInputElement).checked)}
      />
      <span class="switch" aria-hidden="true" />
    </label>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside a modal dialog (`dialogEl`): from its last control Tab goes round to the first,
 * and Shift+Tab from the first (or from the dialog itself) to the last. Radio groups count once
 * each, as the browser tabs through them. Returns true when it moved the focus.
 */
export function trapTab(e: KeyboardEvent, dialogEl: HTMLElement): boolean {
  if (e.key !== 'Tab') return false;
  const all = [...dialogEl.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      el.getClientRects().length > 0 &&
      // a radio that is not checked is reached by the arrow keys, not by Tab
      !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
  );
  if (all.length === 0) return false;
  const first = all[0];
  const last = all[all.length - 1];
  const at = document.activeElement;
  const inside = at instanceof HTMLElement && dialogEl.contains(at);
  if (e.shiftKey ? !inside || at === first || at === dialogEl : !inside || at === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
    return true;
  }
  return false;
}

/** Move the focus into a dialog when it opens (a stable function: Preact calls it once per mount). */
export const focusOnMount = (el: HTMLElement | null): void => {
  if (el && !el.contains(document.activeElement)) el.focus();
};

export function dialog(
  id: string,
  title: string,
  body: ComponentChildren,
  close: (() => void) | undefined,
  /** turned 180° (for the far player of two at a table) */
  turned = false,
): JSX.Element {
  return (
    <div
      class={turned ? 'backdrop turned' : 'backdrop'}
      onClick={(e) => close && e.target === e.currentTarget && close()}
      onKeyDown={(e) => {
        if (close && e.key === 'Escape') close();
        const box = (e.currentTarget as HTMLElement).querySelector<HTMLElement>('[role="dialog"]');
        if (box) trapTab(e, box);
      }}
    >
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        id={id}
        tabIndex={-1}
        ref={focusOnMount}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {body}
      </div>
    </div>
  );
}
