// The numbered move list with its navigation buttons: one section for the game and the replay.
import type { JSX } from 'preact';
import type { Game } from '@dama/core';
import type { Catalog } from './i18n/index.ts';
import { icons } from './icons.tsx';

/**
 * The numbered move list with its first/back/forward/last buttons, shared by the game and the replay
 * of a finished one. `current` is the ply on the board; `jump` shows another.
 */
export function moveSection(
  t: Catalog,
  game: Game,
  current: number,
  jump: (ply: number) => void,
): JSX.Element {
  const notes = game.notation();
  const blackFirst = game.initial.turn === 'black';
  const rows: JSX.Element[] = [];
  notes.forEach((n, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || i === 0)
      rows.push(
        <span class="num" key={`n${i}`}>
          {Math.floor(ply / 2) + 1}.{ply % 2 === 1 ? '..' : ''}
        </span>,
      );
    rows.push(
      <button
        type="button"
        key={i}
        class={`mv${current === i + 1 ? ' current' : ''}`}
        aria-current={current === i + 1 ? 'step' : undefined}
        onClick={() => jump(i + 1)}
      >
        {n}
      </button>,
    );
  });
  const nav = (label: string, icon: () => JSX.Element, ply: number, disabled: boolean) => (
    <button
      type="button"
      class="icon-btn"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => jump(ply)}
    >
      {icon()}
    </button>
  );
  return (
    <section class="moves" aria-label={t.moves}>
      <div class="move-list" data-testid="moves" ref={(el) => scrollToCurrent(el)}>
        {rows.length ? rows : <span class="empty">{t.noMovesYet}</span>}
      </div>
      <div class="move-nav">
        {nav(t.first, icons.first, 0, current === 0)}
        {nav(t.prev, icons.prev, current - 1, current === 0)}
        {nav(t.next, icons.next, current + 1, current >= game.plies)}
        {nav(t.last, icons.last, game.plies, current >= game.plies)}
      </div>
    </section>
  );
}

export function scrollToCurrent(el: HTMLDivElement | null): void {
  if (!el) return;
  requestAnimationFrame(() => {
    const cur = el.querySelector<HTMLElement>('.current') ?? el.lastElementChild;
    if (cur instanceof HTMLElement) {
      const wide = el.scrollWidth > el.clientWidth + 2;
      if (wide) el.scrollLeft = cur.offsetLeft - el.clientWidth / 2;
      else el.scrollTop = cur.offsetTop - el.clientHeight / 2;
    }
  });
}
