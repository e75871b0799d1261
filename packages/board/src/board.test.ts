// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBoard } from './board.ts';
import type { Board } from './board.ts';
import type { BoardConfig, MovePath, SquareName } from './types.ts';

const x = (from: SquareName, path: SquareName[], captures: SquareName[]): MovePath => ({
  from,
  path,
  captures,
});
const kingMoves = [
  x('a1', ['a5', 'e5', 'e1', 'b1'], ['a3', 'c5', 'e3', 'c1']),
  x('a1', ['a5', 'e5', 'e1', 'a1'], ['a3', 'c5', 'e3', 'c1']),
  x('a1', ['e1', 'e5', 'a5', 'a2'], ['c1', 'e3', 'c5', 'a3']),
  x('a1', ['e1', 'e5', 'a5', 'a1'], ['c1', 'e3', 'c5', 'a3']),
];
const kingConfig: BoardConfig = {
  pieces: { a1: 'white-king', a3: 'black-man', c5: 'black-man', e3: 'black-man', c1: 'black-man' },
  movable: { color: 'white', moves: kingMoves },
  animationMs: 0,
};

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
let boards: Board[] = [];

function mount(config: BoardConfig): { board: Board; root: HTMLElement; el: HTMLElement } {
  const root = document.createElement('div');
  document.body.append(root);
  const board = createBoard(root, config);
  boards.push(board);
  const el = root.querySelector<HTMLElement>('.dama-board')!;
  // happy-dom has no layout: give the board an 800 px square at the origin.
  el.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 800, height: 800, right: 800, bottom: 800, x: 0, y: 0 }) as DOMRect;
  return { board, root, el };
}

const cell = (root: HTMLElement, sq: SquareName) => root.querySelector<HTMLElement>(`[data-square="${sq}"]`)!;

/** Press and release the primary pointer at the centre of a square (white at the bottom). */
function click(el: HTMLElement, sq: SquareName, orientation: 'white' | 'black' = 'white'): void {
  const f = sq.charCodeAt(0) - 97;
  const r = sq.charCodeAt(1) - 49;
  const col = orientation === 'white' ? f : 7 - f;
  const row = orientation === 'white' ? 7 - r : r;
  const init = {
    clientX: col * 100 + 50,
    clientY: row * 100 + 50,
    isPrimary: true,
    button: 0,
    pointerId: 1,
    bubbles: true,
  };
  el.dispatchEvent(new PointerEvent('pointerdown', { ...init, pointerType: 'mouse' }));
  el.dispatchEvent(new PointerEvent('pointerup', { ...init, pointerType: 'mouse' }));
}

afterEach(() => {
  for (const b of boards) b.destroy();
  boards = [];
  document.body.textContent = '';
});

describe('destroy', () => {
  it('stops listening: a tap after destroy selects nothing', () => {
    const onSelect = vi.fn();
    const { board, el } = mount({ ...kingConfig, onSelect });
    click(el, 'a1');
    expect(onSelect).toHaveBeenCalledTimes(1);
    board.destroy();
    boards = boards.filter((b) => b !== board);
    click(el, 'c3');
    click(el, 'a1');
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('render', () => {
  it('draws 64 squares with data-square and the pieces with data-piece', () => {
    const { root } = mount(kingConfig);
    expect(root.querySelectorAll('[data-square]')).toHaveLength(64);
    const pieces = [...root.querySelectorAll<HTMLElement>('[data-piece]')].map((p) => p.dataset.piece).sort();
    expect(pieces).toEqual(['black-man', 'black-man', 'black-man', 'black-man', 'white-king']);
    expect(root.querySelector('.dama-board')!.getAttribute('role')).toBe('grid');
    expect(root.querySelector('.dama-board')!.getAttribute('tabindex')).toBe('0');
  });

  it('puts a8 first for White and h1 first for Black, with coordinates on the edge', async () => {
    const { root, board } = mount(kingConfig);
    expect(root.querySelector('[data-square]')!.getAttribute('data-square')).toBe('a8');
    const coords = () => [...root.querySelectorAll('.dama-coord')].map((c) => c.textContent).join('');
    expect(coords()).toBe('87654321abcdefgh');
    // outside the squares: a square's visible text is all in its accessible name ('a1, white king')
    expect(cell(root, 'a1').textContent).toBe('');
    expect(root.querySelector('.dama-coord-layer')!.getAttribute('aria-hidden')).toBe('true');
    board.set({ orientation: 'black' });
    await frame();
    expect(coords()).toBe('12345678hgfedcba');
    expect(root.querySelector('[data-square]')!.getAttribute('data-square')).toBe('h1');
  });

  it('labels squares for assistive technology, translatable', async () => {
    const { root, board } = mount(kingConfig);
    expect(cell(root, 'c5').getAttribute('aria-label')).toBe('c5, black man');
    expect(cell(root, 'a1').getAttribute('aria-label')).toBe('a1, white king, must capture');
    board.set({ labels: { square: (i) => `${i.square}: ${i.piece ?? 'boş'}` } });
    await frame();
    expect(cell(root, 'd4').getAttribute('aria-label')).toBe('d4: boş');
  });

  it('glows the pieces that must capture and marks the last move', () => {
    const { root } = mount({ ...kingConfig, lastMove: x('b8', ['b7'], []) });
    expect(cell(root, 'a1').classList.contains('must-capture')).toBe(true);
    expect(cell(root, 'c5').classList.contains('must-capture')).toBe(false);
    expect(cell(root, 'b8').classList.contains('last-move')).toBe(true);
    expect(cell(root, 'b7').classList.contains('last-move')).toBe(true);
  });

  it('draws hint arrows', async () => {
    const { root, board } = mount(kingConfig);
    board.set({ arrows: [{ from: 'a1', to: 'a5' }] });
    await frame();
    expect(root.querySelectorAll('.dama-arrows .arrow')).toHaveLength(1);
    board.set({
      arrows: [
        { from: 'a1', to: 'a5', brush: 'best' },
        { from: 'c3', to: 'c4', brush: 'bad' },
      ],
    });
    await frame();
    expect([...root.querySelectorAll('.dama-arrows .arrow')].map((a) => a.getAttribute('class'))).toEqual([
      'arrow arrow-best',
      'arrow arrow-bad',
    ]);
  });

  it('redraws at most once per frame', async () => {
    const { root, board } = mount(kingConfig);
    const spy = vi.spyOn(root.querySelector('.dama-board')!, 'setAttribute');
    board.set({ theme: 'two-tone' });
    board.set({ coordinates: false });
    board.set({ showDests: false });
    await frame();
    expect(spy.mock.calls.filter(([name]) => name === 'aria-activedescendant')).toHaveLength(1);
    expect(root.querySelector('.dama-board')!.className).toContain('dama-theme-two-tone');
  });
});

describe('pointer', () => {
  it('one move by two routes: select, tap the destination, played at once', async () => {
    const onMove = vi.fn();
    const onSelect = vi.fn();
    const { root, el } = mount({ ...kingConfig, onMove, onSelect });
    click(el, 'a1');
    expect(onSelect).toHaveBeenCalledWith('a1');
    await frame();
    expect(cell(root, 'b1').className).toContain('dest capture');
    expect(root.querySelector('[data-piece].taken')).not.toBeNull();
    click(el, 'a1');
    expect(onMove).toHaveBeenCalledWith(kingMoves[1]);
    await frame();
    expect([...root.querySelectorAll<HTMLElement>('[data-piece]')].map((p) => p.dataset.piece)).toEqual([
      'white-king',
    ]);
  });

  it('tap-through: two routes to one square taking different pieces ask for the fork', async () => {
    // synthetic (the widget knows no rules): d1 to d5 round the left or the right
    const forkMoves = [
      x('d1', ['b1', 'b3', 'd3', 'd5'], ['c1', 'b2', 'c3', 'd4']),
      x('d1', ['f1', 'f3', 'd3', 'd5'], ['e1', 'f2', 'e3', 'd4']),
    ];
    const onMove = vi.fn();
    const { root, el, board } = mount({
      pieces: { d1: 'white-king', c1: 'black-man', e1: 'black-man' },
      movable: { color: 'white', moves: forkMoves },
      animationMs: 0,
      onMove,
    });
    click(el, 'd1');
    click(el, 'd5');
    await frame();
    expect(onMove).not.toHaveBeenCalled();
    expect(board.getState().target).toBe('d5');
    expect(cell(root, 'b1').classList.contains('fork')).toBe(true);
    expect(cell(root, 'f1').classList.contains('fork')).toBe(true);
    click(el, 'f1');
    expect(onMove).toHaveBeenCalledWith(forkMoves[1]);
  });

  it('drags a piece onto a destination', async () => {
    const onMove = vi.fn();
    const { el } = mount({ ...kingConfig, onMove });
    const at = (sq: SquareName) => ({
      clientX: (sq.charCodeAt(0) - 97) * 100 + 50,
      clientY: (7 - (sq.charCodeAt(1) - 49)) * 100 + 50,
      isPrimary: true,
      button: 0,
      pointerId: 7,
      pointerType: 'mouse',
      bubbles: true,
    });
    el.dispatchEvent(new PointerEvent('pointerdown', at('a1')));
    el.dispatchEvent(new PointerEvent('pointermove', at('a2')));
    expect(el.querySelector('.dama-piece.dragging')).not.toBeNull();
    el.dispatchEvent(new PointerEvent('pointerup', at('a2')));
    expect(onMove).toHaveBeenCalledWith(kingMoves[2]);
  });

  it('confirmMove shows a ghost and plays on the second tap', async () => {
    const onMove = vi.fn();
    const { root, el } = mount({ ...kingConfig, confirmMove: true, onMove });
    click(el, 'a1');
    click(el, 'b1');
    await frame();
    expect(root.querySelector('.dama-piece.ghost')).not.toBeNull();
    expect(onMove).not.toHaveBeenCalled();
    click(el, 'b1');
    expect(onMove).toHaveBeenCalledWith(kingMoves[0]);
  });

  it('maps the pointer through a flipped board', () => {
    const onSelect = vi.fn();
    const { el } = mount({ ...kingConfig, orientation: 'black', onSelect });
    click(el, 'a1', 'black');
    expect(onSelect).toHaveBeenCalledWith('a1');
  });
});

describe('editing (onSquare)', () => {
  it('with no side to move, taps and Enter go to onSquare and select nothing', () => {
    const onSquare = vi.fn();
    const onSelect = vi.fn();
    const { el, board } = mount({
      pieces: { a1: 'white-king' },
      movable: { color: 'none', moves: [] },
      onSquare,
      onSelect,
    });
    click(el, 'a1');
    click(el, 'd4');
    expect(onSquare.mock.calls).toEqual([['a1'], ['d4']]);
    const key = (k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    key('Enter');
    expect(onSquare).toHaveBeenCalledTimes(3);
    expect(onSelect).not.toHaveBeenCalled();
    expect(board.getState().selected).toBeNull();
  });

  it('while a side may move, taps choose moves and onSquare is not called', () => {
    const onSquare = vi.fn();
    const onMove = vi.fn();
    const { el } = mount({ ...kingConfig, onSquare, onMove });
    click(el, 'a1');
    click(el, 'b1');
    expect(onSquare).not.toHaveBeenCalled();
    expect(onMove).toHaveBeenCalledWith(kingMoves[0]);
  });
});

describe('keyboard', () => {
  it('arrows move the cursor; Enter taps; Escape deselects', async () => {
    const onMove = vi.fn();
    const { root, el, board } = mount({ ...kingConfig, onMove });
    const key = (k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    for (let i = 0; i < 3; i++) key('ArrowLeft');
    for (let i = 0; i < 3; i++) key('ArrowDown');
    expect(board.getState().cursor).toBe('a1');
    // told at once, not at the next frame: a host's own Enter handler reads the square reached
    expect(el.getAttribute('aria-activedescendant')).toBe(cell(root, 'a1').id);
    key('Enter');
    expect(board.getState().selected).toBe('a1');
    key('Escape');
    expect(board.getState().selected).toBeNull();
    key(' ');
    key('ArrowRight');
    key(' ');
    expect(onMove).toHaveBeenCalledWith(kingMoves[0]);
    await frame();
    expect(el.getAttribute('aria-activedescendant')).toBe(cell(root, 'b1').id);
  });
});

describe('animateMove', () => {
  it('moves the piece, removes the taken ones and resolves (no animation at 0 ms)', async () => {
    const { root, board } = mount(kingConfig);
    await board.animateMove(kingMoves[2]);
    await frame();
    expect(board.getState().pieces).toEqual({ a2: 'white-king' });
    expect(root.querySelectorAll('[data-piece]')).toHaveLength(1);
    expect(cell(root, 'a2').classList.contains('last-move')).toBe(true);
  });

  it('steps through every landing square and fades each taken piece', async () => {
    vi.useFakeTimers();
    try {
      const { root, board } = mount({ ...kingConfig, animationMs: 100 });
      const done = board.animateMove(kingMoves[0]);
      const mover = root.querySelector<HTMLElement>('.dama-piece.animating')!;
      expect(mover.style.transform).toBe('translate(0%, 300%)'); // a5
      await vi.advanceTimersByTimeAsync(60);
      expect(root.querySelectorAll('.dama-piece.fading')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(mover.style.transform).toBe('translate(400%, 300%)'); // e5
      await vi.advanceTimersByTimeAsync(1000);
      await done;
      expect(root.querySelectorAll('.dama-piece.fading')).toHaveLength(0);
      expect(mover.style.transform).toBe('translate(100%, 700%)'); // b1
    } finally {
      vi.useRealTimers();
    }
  });
});
