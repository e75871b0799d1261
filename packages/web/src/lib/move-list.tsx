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
  // a move number is kept on one line with the move after it (and the reply), never left alone at a line end
  const rows: JSX.Element[][] = [];
  notes.forEach((n, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || i === 0)
      rows.push([
        <span class="num" key={`n${i}`}>
          {Math.floor(ply / 2) + 1}.{ply % 2 === 1 ? '..' : ''}
        </span>,
      ]);
    rows[rows.length - 1].push(
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
        {rows.length ? (
          rows.map((r, i) => (
            <span class="mv-pair" key={i}>
              {r}
            </span>
          ))
        ) : (
          <span class="empty">{t.noMovesYet}</span>
        )}
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

/** The room kept, when there is room, between the moves in sight and the list's edges (px). */
const EDGE = 12;

/**
 * The scroll position along one axis that shows `from`..`to` (the move before the current one to
 * the current one, in the list's content coordinates) with some room at the edges: unchanged when
 * they are already in sight (a list scrolled by hand stays put), else the current move (`mid`) as
 * near the middle as that allows; the current move first when both do not fit.
 */
function keepInView(pos: number, size: number, from: number, to: number, mid: number): number {
  const edge = Math.max(0, Math.min(EDGE, (size - (to - from)) / 2));
  const least = to + edge - size;
  const most = from - edge;
  if (least > most) return least;
  if (pos >= least - 0.5 && pos <= most + 0.5) return pos;
  return Math.min(most, Math.max(least, mid - size / 2));
}

/**
 * Scrolls a move list (a row that slides sideways on a phone held upright, wrapped lines
 * otherwise) so that the current move and the one before it are wholly in sight; to the start when
 * the board shows the start. Measured on the next frame, once the list is laid out.
 */
export function scrollToCurrent(el: HTMLElement | null): void {
  if (!el) return;
  requestAnimationFrame(() => {
    const moves = [...el.querySelectorAll<HTMLElement>('.mv')];
    const at = moves.findIndex((m) => m.classList.contains('current'));
    if (at < 0) {
      el.scrollLeft = 0;
      el.scrollTop = 0;
      return;
    }
    const box = el.getBoundingClientRect();
    const cur = moves[at].getBoundingClientRect();
    const prev = (moves[at - 1] ?? moves[at]).getBoundingClientRect();
    // in the list's content coordinates (what scrollLeft and scrollTop count in)
    const x = (v: number) => v - box.left - el.clientLeft + el.scrollLeft;
    const y = (v: number) => v - box.top - el.clientTop + el.scrollTop;
    if (el.scrollWidth > el.clientWidth + 1) {
      const from = at === 0 ? 0 : x(prev.left);
      el.scrollLeft = keepInView(
        el.scrollLeft,
        el.clientWidth,
        from,
        x(cur.right),
        x((cur.left + cur.right) / 2),
      );
    }
    if (el.scrollHeight > el.clientHeight + 1) {
      const from = at === 0 ? 0 : y(Math.min(prev.top, cur.top));
      el.scrollTop = keepInView(
        el.scrollTop,
        el.clientHeight,
        from,
        y(cur.bottom),
        y((cur.top + cur.bottom) / 2),
      );
    }
  });
}
