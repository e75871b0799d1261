// The headless board: plain data and pure transitions, testable without a DOM.
//
// The widget knows no rules. The host hands it the legal moves as capture paths; choosing a move
// is a walk along those paths. A tap on a final destination that only one path reaches plays that
// path. Where several paths share a destination but differ on the way (other stops, other pieces
// taken), the player taps through the stops: each tap keeps only the paths whose `path` starts
// with the stops tapped so far, until one path is left.
import { colorOf, fileOf, rankOf, squareAt } from './square.ts';
import type { BoardOptions, MovePath, PieceKind, Pieces, SquareName } from './types.ts';

/** The widget's headless state: its options and the selection in progress (selected piece, stops tapped, pending move, keyboard cursor). */
export interface State extends Omit<BoardOptions, 'labels'> {
  /** ['a5'] — landing squares already tapped through, in order, for the selected piece */
  stops: SquareName[];
  /** 'a1' — a destination reached by several paths, being resolved by tapping stops; or null */
  target: SquareName | null;
  /** the chosen move shown as a ghost until a confirming tap (confirmMove); or null */
  pending: MovePath | null;
  /** 'd4' — where the keyboard cursor is */
  cursor: SquareName;
}

/** The result of a user action: the next state, and the move to play if one was completed. */
export interface Transition {
  state: State;
  move: MovePath | null;
}

export const defaults: Omit<BoardOptions, 'labels'> = {
  orientation: 'white',
  pieces: {},
  movable: { color: 'none', moves: [] },
  lastMove: null,
  selected: null,
  arrows: [],
  theme: 'classic',
  coordinates: true,
  showDests: true,
  animationMs: 180,
  confirmMove: false,
  flipFarPieces: false,
};

/** The last landing square of a move. */
export const destOf = (m: MovePath): SquareName => m.path[m.path.length - 1] ?? m.from;

const unique = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

/**
 * Whether two paths are one move: the same piece, the same destination and the same pieces taken
 * (in any order). Two capture routes that differ only in the order of their jumps leave the same
 * position, so the player is never asked to choose between them (docs/RULES.md, "One move, many
 * routes").
 */
export function sameMove(a: MovePath, b: MovePath): boolean {
  return (
    a.from === b.from &&
    destOf(a) === destOf(b) &&
    a.captures.length === b.captures.length &&
    a.captures.every((c) => b.captures.includes(c))
  );
}

/** True when the paths (at least one) are all the same move. */
const oneMove = (paths: readonly MovePath[]): boolean =>
  paths.length > 0 && paths.every((m) => sameMove(m, paths[0]));

/** The state of a new board with `config` applied. */
export function initialState(config: Partial<BoardOptions> = {}): State {
  const base: State = { ...defaults, stops: [], target: null, pending: null, cursor: 'd4' };
  return configure(base, config);
}

/** Apply host options. New pieces or moves reset a half-chosen move but keep a still-valid selection. */
export function configure(s: State, c: Partial<BoardOptions>): State {
  const next: State = { ...s };
  if (c.orientation !== undefined) next.orientation = c.orientation;
  if (c.pieces !== undefined) next.pieces = { ...c.pieces };
  if (c.movable !== undefined) next.movable = { color: c.movable.color, moves: [...c.movable.moves] };
  if (c.lastMove !== undefined) next.lastMove = c.lastMove;
  if (c.arrows !== undefined) next.arrows = [...c.arrows];
  if (c.theme !== undefined) next.theme = c.theme;
  if (c.coordinates !== undefined) next.coordinates = c.coordinates;
  if (c.showDests !== undefined) next.showDests = c.showDests;
  if (c.animationMs !== undefined) next.animationMs = Math.max(0, c.animationMs);
  if (c.confirmMove !== undefined) next.confirmMove = c.confirmMove;
  if (c.flipFarPieces !== undefined) next.flipFarPieces = c.flipFarPieces;
  if (c.pieces !== undefined || c.movable !== undefined || c.confirmMove !== undefined) {
    next.stops = [];
    next.target = null;
    next.pending = null;
    if (next.selected !== null && !canSelect(next, next.selected)) next.selected = null;
  }
  if (c.selected !== undefined) {
    next.selected = c.selected;
    next.stops = [];
    next.target = null;
    next.pending = null;
  }
  if (next.selected !== null) next.cursor = next.selected;
  return next;
}

/** True when the movable colour allows moving the piece on `sq` and it has at least one move. */
export function canSelect(s: State, sq: SquareName): boolean {
  const kind = s.pieces[sq];
  if (kind === undefined || s.movable.color === 'none') return false;
  if (s.movable.color !== 'both' && s.movable.color !== colorOf(kind)) return false;
  return s.movable.moves.some((m) => m.from === sq);
}

/** Squares of the pieces that must capture: the `from` of every capture move. */
export function mustCapture(moves: readonly MovePath[]): SquareName[] {
  return unique(moves.filter((m) => m.captures.length > 0).map((m) => m.from));
}

/** The glow set: pieces of the movable side that must capture. */
export function glowSquares(s: State): SquareName[] {
  return mustCapture(s.movable.moves).filter((sq) => canSelect(s, sq));
}

/** The selected piece's moves still possible after the stops tapped so far (and the target, if any). */
export function candidates(s: State): MovePath[] {
  const sel = s.selected;
  if (sel === null) return [];
  const k = s.stops.length;
  return s.movable.moves.filter(
    (m) =>
      m.from === sel &&
      m.path.length > k &&
      s.stops.every((st, i) => m.path[i] === st) &&
      (s.target === null || destOf(m) === s.target),
  );
}

/** Final destinations of the remaining candidate paths (dots, or rings for captures). */
export function destinations(s: State): SquareName[] {
  return unique(candidates(s).map(destOf));
}

/** Destinations reached by a capture (drawn as rings). */
export function captureDestinations(s: State): SquareName[] {
  return unique(
    candidates(s)
      .filter((m) => m.captures.length > 0)
      .map(destOf),
  );
}

/** The next intermediate landing square of each remaining candidate: tapping one narrows the choice. */
export function nextStops(s: State): SquareName[] {
  const k = s.stops.length;
  return unique(
    candidates(s)
      .filter((m) => m.path.length - 1 > k)
      .map((m) => m.path[k]),
  );
}

/** Every intermediate landing square still ahead on the remaining candidate paths. */
export function chainStops(s: State): SquareName[] {
  const k = s.stops.length;
  return unique(candidates(s).flatMap((m) => m.path.slice(k, -1)));
}

/** Pieces the move being chosen would take: the pending move's, or those of every candidate path. */
export function takenSquares(s: State): SquareName[] {
  if (s.pending !== null) return [...s.pending.captures];
  return unique(candidates(s).flatMap((m) => m.captures));
}

/** True when tapping `sq` would play or advance a move of the selected piece. */
export function isAction(s: State, sq: SquareName): boolean {
  if (s.pending !== null) return destOf(s.pending) === sq;
  return destinations(s).includes(sq) || nextStops(s).includes(sq);
}

/** The position after a move: the piece goes to the destination, captured pieces vanish. */
export function movePieces(pieces: Pieces, m: MovePath, kind?: PieceKind): Pieces {
  const moving = kind ?? pieces[m.from];
  const next: Pieces = { ...pieces };
  delete next[m.from];
  for (const c of m.captures) delete next[c];
  if (moving !== undefined) next[destOf(m)] = moving;
  return next;
}

/** Select a piece (only a movable one; anything else clears the selection). */
export function select(s: State, sq: SquareName | null): State {
  const selected = sq !== null && canSelect(s, sq) ? sq : null;
  return { ...s, selected, stops: [], target: null, pending: null, cursor: selected ?? s.cursor };
}

const stay = (state: State): Transition => ({ state, move: null });

/** Play a completed move: the widget shows it at once and waits for the host's next position. */
function play(s: State, move: MovePath): Transition {
  return {
    state: {
      ...s,
      pieces: movePieces(s.pieces, move),
      lastMove: move,
      movable: { color: s.movable.color, moves: [] },
      selected: null,
      stops: [],
      target: null,
      pending: null,
    },
    move,
  };
}

/** A single path is left: play it, or show it for confirmation. */
function resolve(s: State, move: MovePath): Transition {
  if (s.confirmMove) return stay({ ...s, stops: [], target: null, pending: move });
  return play(s, move);
}

/** Keep the paths matching `stops` (and `target`); play the last one left. */
function narrow(s: State, stops: SquareName[], target: SquareName | null): Transition {
  let next: State = { ...s, stops, target };
  const c = candidates(next);
  if (c.length === 0) return stay(s);
  if (oneMove(c)) return resolve(next, c[0]);
  if (target !== null) {
    // Skip the stops every remaining path shares: only the forks need a tap.
    while (true) {
      const k = next.stops.length;
      const stop = c[0].path[k];
      if (c.some((m) => m.path.length - 1 <= k || m.path[k] !== stop)) break;
      next = { ...next, stops: [...next.stops, stop] };
    }
  }
  return stay(next);
}

/** A tap (or click, or Enter) on a square. */
export function tap(s: State, sq: SquareName): Transition {
  if (s.pending !== null) {
    if (destOf(s.pending) === sq) return play(s, s.pending);
    s = { ...s, pending: null, stops: [], target: null };
  }
  s = { ...s, cursor: sq };
  if (s.selected !== null) {
    const c = candidates(s);
    const k = s.stops.length;
    const finals = c.filter((m) => destOf(m) === sq);
    // one move, however many routes lead to it: played at once
    if (oneMove(finals)) return resolve(s, finals[0]);
    if (finals.length > 1) {
      // A path may pass its destination on the way; a second tap there means "stop here".
      const endingNow = finals.filter((m) => m.path.length === k + 1);
      if (s.target === sq && endingNow.length === 1) return resolve(s, endingNow[0]);
      return narrow(s, s.stops, sq);
    }
    if (c.some((m) => m.path.length - 1 > k && m.path[k] === sq))
      return narrow(s, [...s.stops, sq], s.target);
    if (sq === s.selected) return stay(select(s, null));
  }
  return stay(select(s, sq));
}

/** A piece dragged from `from` and dropped on `to` (null: off the board). */
export function drop(s: State, from: SquareName, to: SquareName | null): Transition {
  const base = s.selected === from && s.pending === null ? s : select(s, from);
  if (base.selected !== from) return stay(s);
  if (to === null || to === from || !isAction(base, to)) return stay(base);
  return tap(base, to);
}

/** A keyboard cursor move. */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** Move the keyboard cursor one square in a screen direction, stopping at the edge. */
export function moveCursor(s: State, dir: Direction): State {
  const sign = s.orientation === 'white' ? 1 : -1;
  const df = dir === 'right' ? sign : dir === 'left' ? -sign : 0;
  const dr = dir === 'up' ? sign : dir === 'down' ? -sign : 0;
  const cursor = squareAt(fileOf(s.cursor) + df, rankOf(s.cursor) + dr) ?? s.cursor;
  return { ...s, cursor };
}
