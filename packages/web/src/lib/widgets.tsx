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
      onKeyDown={(e) => close && e.key === 'Escape' && close()}
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
