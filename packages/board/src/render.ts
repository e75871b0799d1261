// Draws a State into the DOM and keeps it in step by diffing: squares are built once per
// orientation, then only their class and label change; piece elements are kept per square and only
// touched when their kind or place changes. Pieces move by CSS transforms.
import { pieceSvg } from './piece.ts';
import { allSquares, colorOf, fileOf, rankOf, roleOf, screenPos, squareAtScreen } from './square.ts';
import {
  candidates,
  captureDestinations,
  chainStops,
  destOf,
  destinations,
  glowSquares,
  nextStops,
  takenSquares,
} from './state.ts';
import type { State } from './state.ts';
import type { BoardLabels, Color, PieceKind, SquareName, SquareInfo } from './types.ts';

export interface Renderer {
  /** the `.dama-board` element, focusable, receiving the pointer and key events */
  readonly board: HTMLElement;
  redraw(s: State): void;
  /**
   * The keyboard cursor shown to assistive technology at once (`aria-activedescendant`), ahead of
   * the next frame's redraw: a key handler of the host reading it sees the square just reached.
   */
  cursor(sq: SquareName): void;
  /** the element drawing the piece on `sq` */
  pieceEl(sq: SquareName): HTMLElement | undefined;
  /** take a piece element out of the diff (for an animation); the caller owns it until `adopt` */
  detachPiece(sq: SquareName): HTMLElement | undefined;
  /** hand an element back to the diff as the piece on `sq` */
  adoptPiece(sq: SquareName, el: HTMLElement): void;
  /** make a new, unmanaged piece element at `sq` */
  createPiece(kind: PieceKind, sq: SquareName, orientation: Color): HTMLElement;
  /** squares whose piece position is driven by someone else (drag, animation) */
  readonly locked: Set<SquareName>;
  destroy(): void;
}

/** The CSS transform placing a piece on a square. */
export function pieceTransform(sq: SquareName, orientation: Color): string {
  const [col, row] = screenPos(sq, orientation);
  return `translate(${col * 100}%, ${row * 100}%)`;
}

const kindName = (kind: PieceKind): string => `${colorOf(kind)} ${roleOf(kind)}`;

/** English accessible name of a square: 'c3, white man, must capture'. */
export function defaultSquareLabel(info: SquareInfo): string {
  const parts: string[] = [info.square, info.piece === undefined ? 'empty' : kindName(info.piece)];
  if (info.selected) parts.push('selected');
  if (info.mustCapture) parts.push('must capture');
  if (info.taken) parts.push('will be taken');
  if (info.destination) parts.push('destination');
  return parts.join(', ');
}

interface PieceView {
  kind: PieceKind;
  cls: string;
  transform: string;
}

const svgNs = 'http://www.w3.org/2000/svg';

/** The classic theme's lines between squares, in board units (0–8). */
const gridLines = (): string => {
  let d = '';
  for (let i = 1; i < 8; i++) d += `M${i} 0V8M0 ${i}H8`;
  return `<path d="${d}"/><rect x="0" y="0" width="8" height="8"/>`;
};

/** An arrow from square centre to square centre, drawn as a line and a head (no marker ids). */
function arrowSvg(from: [number, number], to: [number, number], cls: string): string {
  const [x1, y1] = [from[0] + 0.5, from[1] + 0.5];
  const [x2, y2] = [to[0] + 0.5, to[1] + 0.5];
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len === 0) return '';
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const head = 0.34;
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const w = 0.2;
  const f = (n: number) => n.toFixed(3);
  return (
    `<g class="${cls}"><line x1="${f(x1)}" y1="${f(y1)}" x2="${f(bx)}" y2="${f(by)}"/>` +
    `<polygon points="${f(x2)},${f(y2)} ${f(bx - uy * w)},${f(by + ux * w)} ${f(bx + uy * w)},${f(
      by - ux * w,
    )}"/></g>`
  );
}

export function createRenderer(host: HTMLElement, uid: string, labels: () => BoardLabels): Renderer {
  const doc = host.ownerDocument;
  const board = doc.createElement('div');
  board.className = 'dama-board';
  board.tabIndex = 0;
  board.setAttribute('role', 'grid');

  const squaresLayer = doc.createElement('div');
  squaresLayer.className = 'dama-squares';
  const lines = doc.createElementNS(svgNs, 'svg');
  lines.setAttribute('class', 'dama-lines');
  lines.setAttribute('viewBox', '0 0 8 8');
  lines.setAttribute('preserveAspectRatio', 'none');
  lines.setAttribute('aria-hidden', 'true');
  lines.innerHTML = gridLines();
  const overlay = doc.createElementNS(svgNs, 'svg');
  overlay.setAttribute('class', 'dama-overlay dama-routes');
  overlay.setAttribute('viewBox', '0 0 8 8');
  overlay.setAttribute('aria-hidden', 'true');
  const piecesLayer = doc.createElement('div');
  piecesLayer.className = 'dama-pieces';
  piecesLayer.setAttribute('aria-hidden', 'true');
  const arrowsLayer = doc.createElementNS(svgNs, 'svg');
  arrowsLayer.setAttribute('class', 'dama-overlay dama-arrows');
  arrowsLayer.setAttribute('viewBox', '0 0 8 8');
  arrowsLayer.setAttribute('aria-hidden', 'true');
  // The coordinates are a layer of their own, not text inside the squares: a square's accessible name
  // ('a8, empty') then holds all of its visible text (WCAG 2.5.3, "label in name").
  const coordsLayer = doc.createElement('div');
  coordsLayer.className = 'dama-coord-layer';
  coordsLayer.setAttribute('aria-hidden', 'true');
  board.append(squaresLayer, coordsLayer, lines, overlay, piecesLayer, arrowsLayer);
  host.append(board);

  const cells = new Map<SquareName, HTMLElement>();
  const cellClass = new Map<SquareName, string>();
  const cellLabel = new Map<SquareName, string>();
  const pieces = new Map<SquareName, HTMLElement>();
  const pieceView = new WeakMap<HTMLElement, PieceView>();
  const locked = new Set<SquareName>();
  let builtFor: Color | null = null;
  let boardClass = '';
  let routesSvg = '';
  let arrowsSvg = '';
  let ghost: HTMLElement | null = null;
  let ghostKey = '';

  const cellId = (sq: SquareName) => `${uid}-${sq}`;

  function buildSquares(orientation: Color): void {
    squaresLayer.textContent = '';
    coordsLayer.textContent = '';
    cells.clear();
    cellClass.clear();
    cellLabel.clear();
    for (let row = 0; row < 8; row++) {
      const rowEl = doc.createElement('div');
      rowEl.className = 'dama-row';
      rowEl.setAttribute('role', 'row');
      for (let col = 0; col < 8; col++) {
        const sq = squareAtScreen(col, row, orientation);
        if (sq === undefined) continue;
        const cell = doc.createElement('div');
        cell.id = cellId(sq);
        cell.setAttribute('role', 'gridcell');
        cell.dataset.square = sq;
        if (col === 0) coordsLayer.append(coord('rank', sq, row));
        if (row === 7) coordsLayer.append(coord('file', sq, col));
        rowEl.append(cell);
        cells.set(sq, cell);
      }
      squaresLayer.append(rowEl);
    }
    builtFor = orientation;
  }

  /** A rank number at the left edge or a file letter at the bottom edge, in the corner of `sq`. */
  function coord(kind: 'file' | 'rank', sq: SquareName, index: number): HTMLElement {
    const span = doc.createElement('span');
    const tone = (fileOf(sq) + rankOf(sq)) % 2 === 0 ? 'dark' : 'light';
    span.className = `dama-coord dama-coord-${kind} on-${tone}`;
    span.style.setProperty('--i', String(index));
    span.textContent = kind === 'rank' ? sq[1] : sq[0];
    return span;
  }

  function createPiece(kind: PieceKind, sq: SquareName, orientation: Color): HTMLElement {
    const el = doc.createElement('div');
    el.className = 'dama-piece';
    el.dataset.piece = kind;
    el.innerHTML = pieceSvg(kind);
    el.style.transform = pieceTransform(sq, orientation);
    piecesLayer.append(el);
    return el;
  }

  function updatePiece(el: HTMLElement, sq: SquareName, view: PieceView): void {
    const old = pieceView.get(el);
    if (old?.kind !== view.kind) {
      el.dataset.piece = view.kind;
      el.innerHTML = pieceSvg(view.kind);
    }
    if (old?.cls !== view.cls) {
      // The controller marks pieces it is moving; those classes survive a redraw.
      const own = ['animating', 'dragging'].filter((c) => el.classList.contains(c));
      el.className = [view.cls, ...own].join(' ');
    }
    if (!locked.has(sq) && old?.transform !== view.transform) el.style.transform = view.transform;
    pieceView.set(el, { ...view, transform: locked.has(sq) ? '' : view.transform });
  }

  function redraw(s: State): void {
    const label = labels();
    const cls = `dama-board dama-theme-${s.theme} dama-${s.orientation}${s.coordinates ? ' dama-coords' : ''}`;
    if (cls !== boardClass) {
      // Keep classes the controller adds (kbd, dragging) by only swapping our own.
      board.className = cls + (board.classList.contains('kbd') ? ' kbd' : '');
      boardClass = cls;
    }
    board.setAttribute('aria-label', label.board ?? 'Dama board');
    if (builtFor !== s.orientation) {
      buildSquares(s.orientation);
      for (const [sq, el] of pieces) {
        if (!locked.has(sq)) el.style.transform = pieceTransform(sq, s.orientation);
        const v = pieceView.get(el);
        if (v) pieceView.set(el, { ...v, transform: el.style.transform });
      }
    }

    const showAll = s.showDests;
    const selectedPiece = s.selected !== null && s.pending === null;
    const dests = new Set(selectedPiece && showAll ? destinations(s) : []);
    const capDests = new Set(selectedPiece ? captureDestinations(s) : []);
    const tapping = s.target !== null || s.stops.length > 0;
    const next = new Set(selectedPiece && (showAll || tapping) ? nextStops(s) : []);
    const chain = new Set(selectedPiece && showAll ? chainStops(s) : []);
    const visited = new Set(s.stops);
    const glow = new Set(glowSquares(s));
    const taken = new Set(takenSquares(s));
    const last = s.lastMove;
    const lastSquares = new Set(last ? [last.from, destOf(last)] : []);
    const pendingDest = s.pending ? destOf(s.pending) : null;
    const squareLabel = label.square ?? defaultSquareLabel;

    for (const sq of allSquares) {
      const cell = cells.get(sq);
      if (!cell) continue;
      const tone = (fileOf(sq) + rankOf(sq)) % 2 === 0 ? 'dark' : 'light';
      let c = `dama-sq ${tone}`;
      if (lastSquares.has(sq)) c += ' last-move';
      if (s.selected === sq) c += ' selected';
      if (glow.has(sq)) c += ' must-capture';
      if (dests.has(sq)) c += capDests.has(sq) ? ' dest capture' : ' dest';
      if (next.has(sq)) c += tapping ? ' next fork' : ' next';
      else if (chain.has(sq) && !dests.has(sq)) c += ' stop';
      if (visited.has(sq)) c += ' visited';
      if (tapping && s.target === sq) c += ' target';
      if (pendingDest === sq) c += ' pending';
      if (s.cursor === sq) c += ' cursor';
      if (cellClass.get(sq) !== c) {
        cell.className = c;
        cellClass.set(sq, c);
      }
      const text = squareLabel({
        square: sq,
        piece: s.pieces[sq],
        selected: s.selected === sq,
        destination: dests.has(sq) || next.has(sq) || pendingDest === sq,
        mustCapture: glow.has(sq),
        taken: taken.has(sq),
      });
      if (cellLabel.get(sq) !== text) {
        cell.setAttribute('aria-label', text);
        cellLabel.set(sq, text);
      }
      cell.setAttribute('aria-selected', String(s.selected === sq));
    }
    board.setAttribute('aria-activedescendant', cellId(s.cursor));

    // Pieces: keep an element per square, swap only what changed.
    for (const [sq, el] of pieces) {
      if (s.pieces[sq] === undefined) {
        el.remove();
        pieces.delete(sq);
        locked.delete(sq);
      }
    }
    for (const sq of allSquares) {
      const kind = s.pieces[sq];
      if (kind === undefined) continue;
      let pc = 'dama-piece';
      if (s.flipFarPieces && colorOf(kind) !== s.orientation) pc += ' far';
      if (taken.has(sq)) pc += ' taken';
      if (s.pending !== null && s.pending.from === sq) pc += ' moving';
      let el = pieces.get(sq);
      if (!el) {
        el = createPiece(kind, sq, s.orientation);
        pieces.set(sq, el);
      }
      updatePiece(el, sq, { kind, cls: pc, transform: pieceTransform(sq, s.orientation) });
    }

    // Ghost of a move waiting for confirmation.
    const ghostKind = s.pending ? s.pieces[s.pending.from] : undefined;
    const gk = s.pending && ghostKind ? `${ghostKind}@${destOf(s.pending)}/${s.orientation}` : '';
    if (gk !== ghostKey) {
      ghost?.remove();
      ghost = null;
      if (s.pending && ghostKind) {
        ghost = createPiece(ghostKind, destOf(s.pending), s.orientation);
        ghost.className = `dama-piece ghost${s.flipFarPieces && colorOf(ghostKind) !== s.orientation ? ' far' : ''}`;
      }
      ghostKey = gk;
    }

    // Routes of the capture paths being chosen, under the pieces.
    let routes = '';
    const routeMoves = s.pending ? [s.pending] : selectedPiece ? candidates(s) : [];
    for (const m of routeMoves) {
      if (m.captures.length === 0) continue;
      const pts = [m.from, ...m.path]
        .map((sq) => screenPos(sq, s.orientation))
        .map(([x, y]) => `${x + 0.5},${y + 0.5}`)
        .join(' ');
      routes += `<polyline class="route" points="${pts}"/>`;
    }
    if (routes !== routesSvg) {
      overlay.innerHTML = routes;
      routesSvg = routes;
    }
    let arrows = '';
    for (const a of s.arrows) {
      const cls = a.brush && a.brush !== 'hint' ? `arrow arrow-${a.brush}` : 'arrow';
      arrows += arrowSvg(screenPos(a.from, s.orientation), screenPos(a.to, s.orientation), cls);
    }
    if (arrows !== arrowsSvg) {
      arrowsLayer.innerHTML = arrows;
      arrowsSvg = arrows;
    }
  }

  return {
    board,
    redraw,
    cursor: (sq) => board.setAttribute('aria-activedescendant', cellId(sq)),
    locked,
    pieceEl: (sq) => pieces.get(sq),
    detachPiece(sq) {
      const el = pieces.get(sq);
      pieces.delete(sq);
      locked.delete(sq);
      return el;
    },
    adoptPiece(sq, el) {
      const old = pieces.get(sq);
      if (old && old !== el) old.remove();
      pieces.set(sq, el);
      pieceView.delete(el);
    },
    createPiece,
    destroy() {
      board.remove();
      pieces.clear();
      cells.clear();
    },
  };
}
