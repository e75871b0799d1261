// The pieces of view that every screen with a game being played shares (the game against the
// computer or a friend here, the online game): the players' strips, the status line while looking
// back, the control buttons, the move box, the end panel's frame, yes/no questions and Copy.
import type { ComponentChildren, JSX } from 'preact';
import type { Color } from '@dama/core';
import type { Catalog } from './i18n/index.ts';
import { icons } from './icons.tsx';
import { dialog } from './widgets.tsx';

export interface StripClock {
  /** '4:59' */
  text: string;
  running: boolean;
  low: boolean;
}

/** A player's strip: their colour, name, what the screen adds (balance, presence, thinking) and clock. */
export function playerStrip(
  color: Color,
  where: 'top' | 'bottom',
  active: boolean,
  name: string,
  clock: StripClock | undefined,
  extra?: ComponentChildren,
): JSX.Element {
  return (
    <div class={`strip ${where}${active ? ' active' : ''}`} data-color={color}>
      <span class={`dot ${color}`} aria-hidden="true" />
      <span class="name">{name}</span>
      {extra}
      {clock ? (
        <span
          class={`clock${clock.running ? ' running' : ''}${clock.low ? ' low' : ''}`}
          data-testid={`clock-${color}`}
        >
          {clock.text}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The status line while looking back at an earlier position, with the way back to the game; `text`
 * replaces 'Looking at move 3' (a message for the player).
 */
export function pastStatus(
  t: Catalog,
  viewPly: number,
  back: () => void,
  testId = 'status',
  text?: string,
): JSX.Element {
  return (
    <p class="status past" data-testid={testId}>
      <span>{text ?? (viewPly === 0 ? t.viewingStart : t.viewingPast(Math.ceil(viewPly / 2)))}</span>
      <button type="button" class="btn small" onClick={back}>
        {t.backToGame}
      </button>
    </p>
  );
}

/** One of the game's buttons: an icon over a short label, the full label as its title. */
export function controlButton(
  label: string,
  short: string,
  icon: () => JSX.Element,
  onClick: () => void,
  disabled: boolean,
  testId: string,
): JSX.Element {
  return (
    <button
      type="button"
      class="ctl"
      onClick={onClick}
      disabled={disabled}
      title={label}
      data-testid={testId}
      key={testId}
    >
      {icon()}
      <span>{short}</span>
    </button>
  );
}

/** The move box: a move typed as text; `play` answers whether it was played (then the box empties). */
export function moveBox(t: Catalog, enabled: boolean, play: (text: string) => boolean): JSX.Element {
  return (
    <form
      class="type-move"
      onSubmit={(e) => {
        e.preventDefault();
        const input = (e.currentTarget as HTMLFormElement).elements.namedItem('move') as HTMLInputElement;
        if (play(input.value)) input.value = '';
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
        disabled={!enabled}
      />
      <button type="submit" class="btn small" disabled={!enabled}>
        {t.play}
      </button>
    </form>
  );
}

export type EndTone = 'won' | 'lost' | 'draw';

/**
 * Beside the board (a side panel that scrolls), the end of the game is shown from the panel's top,
 * where it stands (a stable function: Preact calls it once per mount).
 */
const revealOnMount = (el: HTMLElement | null): void => {
  el?.closest('.side-col')?.scrollTo({ top: 0 });
};

/** The end-of-game panel: the result, why, and what the screen offers next. */
export function endFrame(
  tone: EndTone,
  title: string,
  reason: string,
  children: ComponentChildren,
): JSX.Element {
  return (
    <section class={`end ${tone}`} data-testid="end" ref={revealOnMount}>
      <h2>{title}</h2>
      <p>{reason}</p>
      {children}
    </section>
  );
}

/** The tone of an end panel: a draw, or won or lost for `human` (no human: the winner's colours). */
export const endTone = (winner: Color | undefined, human: Color | undefined): EndTone =>
  winner === undefined ? 'draw' : human && winner !== human ? 'lost' : 'won';

/** A yes/no question ("Resign this game?"): No closes it, the other button does it. */
export function confirmDialog(
  id: string,
  question: string,
  t: Catalog,
  yes: { label: string; danger?: boolean; testId?: string; run: () => void },
  close: () => void,
  turned = false,
): JSX.Element {
  return dialog(
    id,
    question,
    <div class="actions">
      <button type="button" class="btn" onClick={close}>
        {t.no}
      </button>
      <button
        type="button"
        class={`btn ${yes.danger ? 'danger' : 'primary'}`}
        data-testid={yes.testId}
        onClick={yes.run}
      >
        {yes.label}
      </button>
    </div>,
    close,
    turned,
  );
}

/** Copy `text` to the clipboard; the button then says "Copied". */
export function copyButton(t: Catalog, text: string): JSX.Element {
  return (
    <button
      type="button"
      class="btn"
      onClick={(e) => {
        const b = e.currentTarget;
        void navigator.clipboard?.writeText(text).then(
          () => {
            b.querySelector('span')!.textContent = t.copied;
            b.classList.add('copied');
          },
          () => undefined,
        );
      }}
    >
      {icons.copy()}
      <span>{t.copy}</span>
    </button>
  );
}
