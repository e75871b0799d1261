// The widget: wires the headless state to the renderer, pointer and keyboard input, and
// animation. At most one redraw per animation frame.
import { createRenderer, pieceTransform } from './render.ts';
import { squareAtScreen } from './square.ts';
import {
  canSelect,
  configure,
  destOf,
  drop,
  initialState,
  isAction,
  moveCursor,
  movePieces,
  select,
  tap,
} from './state.ts';
import type { Direction, State, Transition } from './state.ts';
import type {
  BoardCallbacks,
  BoardConfig,
  BoardLabels,
  BoardOptions,
  MovePath,
  PieceKind,
  SquareName,
} from './types.ts';

/** The widget `createBoard` returns: `set` any options, `animateMove`, `getState`, `destroy`. */
export interface Board {
  /** change any options or callbacks: board.set({ pieces, movable, lastMove }) */
  set(config: BoardConfig): void;
  /** move a piece along its path, one landing square at a time; captured pieces fade as they are jumped */
  animateMove(move: MovePath, kind?: PieceKind): Promise<void>;
  /** a snapshot of the headless state (selection, stops being tapped through, pending move, …) */
  getState(): Readonly<State>;
  /** remove the widget and its listeners */
  destroy(): void;
}

interface Drag {
  from: SquareName;
  pointerId: number;
  x: number;
  y: number;
  started: boolean;
  /** the piece was already selected when pressed: a plain tap on it deselects */
  wasSelected: boolean;
}

interface Animation {
  mover: HTMLElement;
  dest: SquareName;
  fading: HTMLElement[];
  done: () => void;
}

let boards = 0;

const arrowKeys: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

function optionsOf(config: BoardConfig): Partial<BoardOptions> {
  const { onMove: _m, onSelect: _s, onSquare: _q, labels: _l, ...options } = config;
  return options;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Mount a board in `el` (it fills the element's width, square). */
export function createBoard(el: HTMLElement, config: BoardConfig = {}): Board {
  let state = initialState(optionsOf(config));
  let labels: BoardLabels = config.labels ?? {};
  const callbacks: BoardCallbacks = {
    onMove: config.onMove,
    onSelect: config.onSelect,
    onSquare: config.onSquare,
  };
  const win = el.ownerDocument.defaultView;
  // Without a window (a detached document) frames fall back to a timer; Node's timer object converts to its id.
  const raf: (cb: () => void) => number =
    win?.requestAnimationFrame?.bind(win) ?? ((cb) => Number(setTimeout(cb, 16)));
  const caf: (id: number) => void = win?.cancelAnimationFrame?.bind(win) ?? ((id) => clearTimeout(id));
  const renderer = createRenderer(el, `dama${++boards}`, () => labels);
  const board = renderer.board;
  let frame: number | null = null;
  let drag: Drag | null = null;
  let anim: Animation | null = null;
  let destroyed = false;

  const reducedMotion = () => win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

  function redrawNow(): void {
    frame = null;
    if (!destroyed) renderer.redraw(state);
  }

  function scheduleRedraw(): void {
    if (frame === null && !destroyed) frame = raf(redrawNow);
  }

  /** Take the result of a user action: new state, callbacks, maybe an animation. */
  function apply(t: Transition, viaDrag: boolean): void {
    const before = state;
    state = t.state;
    if (before.selected !== state.selected) callbacks.onSelect?.(state.selected);
    if (t.move) {
      const kind = before.pieces[t.move.from];
      if (!viaDrag && kind !== undefined && animationMs() > 0) void runAnimation(t.move, kind);
      callbacks.onMove?.(t.move);
    }
    scheduleRedraw();
  }

  function animationMs(): number {
    return reducedMotion() ? 0 : state.animationMs;
  }

  /** Jump a running animation to its end. */
  function finishAnimation(): void {
    const a = anim;
    if (!a) return;
    anim = null;
    for (const f of a.fading) f.remove();
    a.mover.style.transition = '';
    a.mover.classList.remove('animating');
    renderer.locked.delete(a.dest);
    a.done();
    scheduleRedraw();
  }

  /**
   * Animate `move` of a piece of `kind`, whose result is already in `state.pieces`. The renderer
   * keeps the moving element under the destination square but leaves its transform to us.
   */
  async function runAnimation(move: MovePath, kind: PieceKind): Promise<void> {
    finishAnimation();
    if (frame !== null) {
      caf(frame);
      frame = null;
    }
    const dest = destOf(move);
    const ms = animationMs();
    let mover = renderer.detachPiece(move.from);
    const fading = move.captures.map((sq) => renderer.detachPiece(sq) ?? null);
    if (ms <= 0 || destroyed) {
      mover?.remove();
      for (const f of fading) f?.remove();
      redrawNow();
      return;
    }
    mover ??= renderer.createPiece(kind, move.from, state.orientation);
    mover.style.transform = pieceTransform(move.from, state.orientation);
    renderer.adoptPiece(dest, mover);
    renderer.locked.add(dest);
    mover.classList.add('animating');
    redrawNow();
    const finished = new Promise<void>((resolve) => {
      anim = { mover, dest, fading: fading.filter((f) => f !== null), done: resolve };
    });
    const a = anim as Animation | null;
    void mover.offsetWidth; // commit the start position before the first transition
    const stepAll = async () => {
      for (let i = 0; i < move.path.length; i++) {
        if (anim !== a || !a) return;
        a.mover.style.transition = `transform ${ms}ms cubic-bezier(0.35, 0, 0.25, 1)`;
        a.mover.style.transform = pieceTransform(move.path[i], state.orientation);
        await wait(ms / 2);
        if (anim !== a) return;
        const taken = fading[i];
        if (taken) {
          taken.style.transition = `opacity ${ms / 2}ms linear`;
          taken.classList.add('fading');
        }
        await wait(ms / 2);
      }
      if (anim === a) finishAnimation();
    };
    void stepAll();
    return finished;
  }

  function squareAtPointer(e: PointerEvent): SquareName | null {
    const r = board.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const col = Math.floor(((e.clientX - r.left) / r.width) * 8);
    const row = Math.floor(((e.clientY - r.top) / r.height) * 8);
    return squareAtScreen(col, row, state.orientation) ?? null;
  }

  function onPointerDown(e: PointerEvent): void {
    if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const sq = squareAtPointer(e);
    if (sq === null) return;
    e.preventDefault();
    board.focus({ preventScroll: true });
    board.classList.remove('kbd');
    if (squareTap(sq)) return;
    if (drag) cancelDrag();
    const pressingOwnPiece = state.pending === null && canSelect(state, sq) && !isAction(state, sq);
    if (pressingOwnPiece) {
      const wasSelected = state.selected === sq;
      if (!wasSelected) apply(tap(state, sq), false);
      drag = { from: sq, pointerId: e.pointerId, x: e.clientX, y: e.clientY, started: false, wasSelected };
      try {
        board.setPointerCapture(e.pointerId);
      } catch {
        // pointer capture is a nicety (not supported by every test DOM)
      }
    } else {
      apply(tap(state, sq), false);
    }
  }

  /** With no side to move, a tap goes to `onSquare` (a position editor) and nothing else happens. */
  function squareTap(sq: SquareName): boolean {
    if (state.movable.color !== 'none' || !callbacks.onSquare) return false;
    callbacks.onSquare(sq);
    return true;
  }

  function onPointerMove(e: PointerEvent): void {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const el = renderer.pieceEl(drag.from);
    if (!el) return;
    if (!drag.started) {
      const threshold = e.pointerType === 'mouse' ? 3 : 6;
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < threshold) return;
      drag.started = true;
      renderer.locked.add(drag.from);
      el.classList.add('dragging');
      board.classList.add('dragging');
    }
    const r = board.getBoundingClientRect();
    const size = r.width / 8;
    el.style.transform = `translate(${e.clientX - r.left - size / 2}px, ${e.clientY - r.top - size / 2}px)`;
  }

  function onPointerUp(e: PointerEvent): void {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const d = drag;
    endDrag();
    if (d.started) apply(drop(state, d.from, squareAtPointer(e)), true);
    else if (d.wasSelected) apply(tap(state, d.from), false);
    scheduleRedraw();
  }

  function endDrag(): void {
    if (!drag) return;
    const el = renderer.pieceEl(drag.from);
    if (drag.started) {
      renderer.locked.delete(drag.from);
      if (el) {
        el.classList.remove('dragging');
        el.style.transform = pieceTransform(drag.from, state.orientation);
      }
      board.classList.remove('dragging');
    }
    drag = null;
  }

  function cancelDrag(): void {
    endDrag();
    scheduleRedraw();
  }

  function onKeyDown(e: KeyboardEvent): void {
    const dir = arrowKeys[e.key];
    if (dir) {
      state = moveCursor(state, dir);
      renderer.cursor(state.cursor);
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (!squareTap(state.cursor)) apply(tap(state, state.cursor), false);
    } else if (e.key === 'Escape') {
      apply({ state: select(state, null), move: null }, false);
    } else {
      return;
    }
    e.preventDefault();
    board.classList.add('kbd');
    scheduleRedraw();
  }

  const onBlur = () => board.classList.remove('kbd');
  const onContextMenu = (e: Event) => e.preventDefault();

  // One signal removes every listener in destroy().
  const listeners = new AbortController();
  const on = { signal: listeners.signal };
  board.addEventListener('pointerdown', onPointerDown, on);
  board.addEventListener('pointermove', onPointerMove, on);
  board.addEventListener('pointerup', onPointerUp, on);
  board.addEventListener('pointercancel', cancelDrag, on);
  board.addEventListener('lostpointercapture', cancelDrag, on);
  board.addEventListener('keydown', onKeyDown, on);
  board.addEventListener('blur', onBlur, on);
  board.addEventListener('contextmenu', onContextMenu, on);
  renderer.redraw(state); // the first frame is drawn at once: no layout shift, no flash

  return {
    set(c) {
      if (c.labels !== undefined) labels = c.labels;
      if ('onMove' in c) callbacks.onMove = c.onMove;
      if ('onSelect' in c) callbacks.onSelect = c.onSelect;
      if ('onSquare' in c) callbacks.onSquare = c.onSquare;
      const options = optionsOf(c);
      if (anim && options.pieces !== undefined) {
        // Keep a running animation when the host confirms the position it ends in (a promotion
        // on the destination is fine); anything else jumps to the end.
        const a: Animation = anim;
        const differs = (Object.keys({ ...options.pieces, ...state.pieces }) as SquareName[]).some(
          (sq) => sq !== a.dest && options.pieces?.[sq] !== state.pieces[sq],
        );
        if (differs || (options.orientation ?? state.orientation) !== state.orientation) finishAnimation();
      }
      if (drag && (options.pieces !== undefined || options.orientation !== undefined)) endDrag();
      state = configure(state, options);
      scheduleRedraw();
    },
    animateMove(move, kind) {
      const k = kind ?? state.pieces[move.from];
      if (k === undefined) return Promise.resolve();
      state = {
        ...state,
        pieces: movePieces(state.pieces, move, k),
        lastMove: move,
        selected: null,
        stops: [],
        target: null,
        pending: null,
      };
      return runAnimation(move, k);
    },
    getState: () => structuredClone(state),
    destroy() {
      destroyed = true;
      finishAnimation();
      if (frame !== null) caf(frame);
      listeners.abort();
      renderer.destroy();
    },
  };
}
