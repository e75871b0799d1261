import { describe, expect, it } from 'vitest';
import {
  candidates,
  captureDestinations,
  chainStops,
  configure,
  destinations,
  drop,
  glowSquares,
  initialState,
  isAction,
  moveCursor,
  movePieces,
  mustCapture,
  nextStops,
  sameMove,
  takenSquares,
  tap,
} from './state.ts';
import type { State } from './state.ts';
import type { MovePath, SquareName } from './types.ts';

const q = (from: SquareName, to: SquareName): MovePath => ({ from, path: [to], captures: [] });
const x = (from: SquareName, path: SquareName[], captures: SquareName[]): MovePath => ({
  from,
  path,
  captures,
});

// docs/RULES.md small case `W:WKa1:Ba3,c5,e3,c1`: 4 paths, 3 distinct moves; two paths end on a1.
const kingMoves = [
  x('a1', ['a5', 'e5', 'e1', 'b1'], ['a3', 'c5', 'e3', 'c1']),
  x('a1', ['a5', 'e5', 'e1', 'a1'], ['a3', 'c5', 'e3', 'c1']),
  x('a1', ['e1', 'e5', 'a5', 'a2'], ['c1', 'e3', 'c5', 'a3']),
  x('a1', ['e1', 'e5', 'a5', 'a1'], ['c1', 'e3', 'c5', 'a3']),
];
const kingState = (): State =>
  initialState({
    pieces: { a1: 'white-king', a3: 'black-man', c5: 'black-man', e3: 'black-man', c1: 'black-man' },
    movable: { color: 'white', moves: kingMoves },
  });

// Synthetic (the widget knows no rules): two paths from d1 to d5 taking different pieces.
const forkMoves = [
  x('d1', ['b1', 'b3', 'd3', 'd5'], ['c1', 'b2', 'c3', 'd4']),
  x('d1', ['f1', 'f3', 'd3', 'd5'], ['e1', 'f2', 'e3', 'd4']),
  x('d1', ['h1'], ['g1']),
];
const forkState = (): State =>
  initialState({
    pieces: { d1: 'white-king', c1: 'black-man', e1: 'black-man', g1: 'black-man' },
    movable: { color: 'white', moves: forkMoves },
  });

const startState = (): State =>
  initialState({
    pieces: { c3: 'white-man', d3: 'white-man', c6: 'black-man' },
    movable: { color: 'white', moves: [q('c3', 'c4'), q('d3', 'd4'), q('d3', 'e3')] },
  });

describe('selection', () => {
  it('selects a movable piece and shows its destinations', () => {
    const { state, move } = tap(startState(), 'd3');
    expect(move).toBeNull();
    expect(state.selected).toBe('d3');
    expect(destinations(state).sort()).toEqual(['d4', 'e3']);
    expect(captureDestinations(state)).toEqual([]);
  });

  it('does not select the other colour, a piece without moves, or an empty square', () => {
    expect(tap(startState(), 'c6').state.selected).toBeNull();
    expect(tap(startState(), 'e5').state.selected).toBeNull();
    const s = configure(startState(), { movable: { color: 'white', moves: [q('c3', 'c4')] } });
    expect(tap(s, 'd3').state.selected).toBeNull();
    const none = configure(startState(), { movable: { color: 'none', moves: [q('c3', 'c4')] } });
    expect(tap(none, 'c3').state.selected).toBeNull();
  });

  it("'both' lets either colour move", () => {
    const s = initialState({
      pieces: { c3: 'white-man', c6: 'black-man' },
      movable: { color: 'both', moves: [q('c6', 'c5')] },
    });
    expect(tap(s, 'c6').state.selected).toBe('c6');
  });

  it('tapping the selected piece, or elsewhere, deselects; tapping another piece switches', () => {
    const sel = tap(startState(), 'd3').state;
    expect(tap(sel, 'd3').state.selected).toBeNull();
    expect(tap(sel, 'h8').state.selected).toBeNull();
    expect(tap(sel, 'c3').state.selected).toBe('c3');
  });

  it('tapping a destination plays the move and shows it at once', () => {
    const sel = tap(startState(), 'd3').state;
    const { state, move } = tap(sel, 'e3');
    expect(move).toEqual(q('d3', 'e3'));
    expect(state.selected).toBeNull();
    expect(state.pieces).toEqual({ c3: 'white-man', e3: 'white-man', c6: 'black-man' });
    expect(state.lastMove).toEqual(q('d3', 'e3'));
    expect(state.movable.moves).toEqual([]); // the host sends the next moves
  });

  it('new pieces or moves keep a still-valid selection and drop a stale one', () => {
    const sel = tap(startState(), 'd3').state;
    expect(configure(sel, { movable: sel.movable }).selected).toBe('d3');
    expect(configure(sel, { movable: { color: 'white', moves: [q('c3', 'c4')] } }).selected).toBeNull();
  });

  it('the host can set the selection', () => {
    expect(configure(startState(), { selected: 'c3' }).selected).toBe('c3');
    expect(configure(tap(startState(), 'c3').state, { selected: null }).selected).toBeNull();
  });
});

describe('glow', () => {
  it('marks the from square of every capture move', () => {
    const moves = [x('c4', ['c6'], ['c5']), x('f4', ['f6'], ['f5']), x('f4', ['h4'], ['g4'])];
    expect(mustCapture(moves)).toEqual(['c4', 'f4']);
    expect(mustCapture([q('c3', 'c4')])).toEqual([]);
  });

  it('glows only pieces the user may move', () => {
    const pieces = { c4: 'white-man', c5: 'black-man' } as const;
    const moves = [x('c4', ['c6'], ['c5'])];
    expect(glowSquares(initialState({ pieces, movable: { color: 'white', moves } }))).toEqual(['c4']);
    expect(glowSquares(initialState({ pieces, movable: { color: 'none', moves } }))).toEqual([]);
    expect(glowSquares(initialState({ pieces, movable: { color: 'black', moves } }))).toEqual([]);
  });
});

describe('capture chains', () => {
  it('shows every stop, every destination and every piece that may be taken', () => {
    const s = tap(kingState(), 'a1').state;
    expect(destinations(s).sort()).toEqual(['a1', 'a2', 'b1']);
    expect(captureDestinations(s).sort()).toEqual(['a1', 'a2', 'b1']);
    expect(nextStops(s).sort()).toEqual(['a5', 'e1']);
    expect(chainStops(s).sort()).toEqual(['a5', 'e1', 'e5']);
    expect(takenSquares(s).sort()).toEqual(['a3', 'c1', 'c5', 'e3']);
  });

  it('plays at once a destination that only one path reaches', () => {
    const s = tap(kingState(), 'a1').state;
    const { move, state } = tap(s, 'b1');
    expect(move).toEqual(kingMoves[0]);
    expect(state.pieces).toEqual({ b1: 'white-king' });
  });

  it('plays at once a destination whose routes take the same pieces (one move, two routes)', () => {
    const s = tap(kingState(), 'a1').state;
    // a1 is the end of two routes round the same four men (and the king's own square): one move
    const t = tap(s, 'a1');
    expect(t.move).toEqual(kingMoves[1]);
    expect(t.state.pieces).toEqual({ a1: 'white-king' });
    expect(sameMove(kingMoves[1], kingMoves[3])).toBe(true);
    expect(sameMove(kingMoves[0], kingMoves[2])).toBe(false);
  });

  it('keeps the route the player showed when they tapped a stop of it first', () => {
    const t = tap(tap(tap(kingState(), 'a1').state, 'e1').state, 'a1');
    expect(t.move).toEqual(kingMoves[3]);
  });

  it('a drop: back on its own square is no move; on a real fork it asks which way', () => {
    expect(drop(kingState(), 'a1', 'a1').move).toBeNull();
    const u = drop(forkState(), 'd1', 'd5');
    expect(u.move).toBeNull();
    expect(u.state.target).toBe('d5');
  });

  it('narrows by prefix when a stop is tapped first, then plays the unique destination', () => {
    let t = tap(tap(kingState(), 'a1').state, 'a5');
    expect(t.move).toBeNull();
    expect(t.state.stops).toEqual(['a5']);
    expect(candidates(t.state)).toEqual([kingMoves[0], kingMoves[1]]);
    expect(destinations(t.state).sort()).toEqual(['a1', 'b1']);
    expect(nextStops(t.state)).toEqual(['e5']);
    t = tap(t.state, 'a1');
    expect(t.move).toEqual(kingMoves[1]);
  });

  it('skips the stops both remaining paths share and shows the fork', () => {
    let t = tap(tap(forkState(), 'd1').state, 'd5');
    expect(t.move).toBeNull();
    expect(t.state.target).toBe('d5');
    expect(nextStops(t.state).sort()).toEqual(['b1', 'f1']);
    expect(takenSquares(t.state).sort()).toEqual(['b2', 'c1', 'c3', 'd4', 'e1', 'e3', 'f2'].sort());
    t = tap(t.state, 'f1');
    expect(t.move).toEqual(forkMoves[1]);
    expect(t.state.pieces).toEqual({ c1: 'black-man', d5: 'white-king', g1: 'black-man' });
  });

  it('marks the shared tail as visited when the forks come late', () => {
    const moves = [
      x('a1', ['a3', 'c3', 'c5'], ['a2', 'b3', 'c4']),
      x('a1', ['a3', 'e3', 'c5'], ['a2', 'd3', 'd5']),
    ];
    const s = initialState({ pieces: { a1: 'white-king' }, movable: { color: 'white', moves } });
    const t = tap(tap(s, 'a1').state, 'c5');
    expect(t.state.stops).toEqual(['a3']);
    expect(nextStops(t.state).sort()).toEqual(['c3', 'e3']);
  });

  it('a stop tap that leaves one path plays it', () => {
    const t = tap(tap(forkState(), 'd1').state, 'b1');
    expect(t.move).toEqual(forkMoves[0]);
  });

  it('tapping a square off every path deselects', () => {
    const t = tap(tap(forkState(), 'd1').state, 'a8');
    expect(t.state.selected).toBeNull();
    expect(t.move).toBeNull();
  });
});

describe('confirmMove', () => {
  it('shows the move as pending and plays it on a second tap on the destination', () => {
    const sel = tap(configure(forkState(), { confirmMove: true }), 'd1').state;
    let t = tap(sel, 'h1');
    expect(t.move).toBeNull();
    expect(t.state.pending).toEqual(forkMoves[2]);
    expect(takenSquares(t.state)).toEqual(['g1']);
    expect(isAction(t.state, 'h1')).toBe(true);
    t = tap(t.state, 'h1');
    expect(t.move).toEqual(forkMoves[2]);
  });

  it('a tap elsewhere cancels the pending move and acts as a fresh tap', () => {
    const s = initialState({ ...startState(), confirmMove: true });
    const pending = tap(tap(s, 'd3').state, 'd4').state;
    expect(pending.pending).toEqual(q('d3', 'd4'));
    const other = tap(pending, 'e3');
    expect(other.move).toBeNull();
    expect(other.state.pending).toEqual(q('d3', 'e3'));
    const away = tap(pending, 'h8');
    expect(away.state.pending).toBeNull();
    expect(away.state.selected).toBeNull();
    const back = tap(pending, 'c3');
    expect(back.state.selected).toBe('c3');
  });
});

describe('drag', () => {
  it('dropping on an unambiguous destination plays it', () => {
    const t = drop(startState(), 'd3', 'd4');
    expect(t.move).toEqual(q('d3', 'd4'));
  });

  it('dropping on an ambiguous destination starts tap-through from there', () => {
    const t = drop(kingState(), 'a1', 'a2');
    expect(t.move).toEqual(kingMoves[2]);
    const f = drop(forkState(), 'd1', 'd5');
    expect(f.move).toBeNull();
    expect(f.state.selected).toBe('d1');
    expect(f.state.target).toBe('d5');
    expect(nextStops(f.state).sort()).toEqual(['b1', 'f1']);
  });

  it('dropping on the start square, off the board or on a non-destination keeps the piece selected', () => {
    for (const to of ['d3', null, 'h8'] as const) {
      const t = drop(startState(), 'd3', to);
      expect(t.move).toBeNull();
      expect(t.state.selected).toBe('d3');
    }
  });

  it('dragging a piece that cannot move does nothing', () => {
    const s = startState();
    expect(drop(s, 'c6', 'c5')).toEqual({ state: s, move: null });
  });
});

describe('keyboard cursor', () => {
  it('moves in screen directions and stops at the edge', () => {
    let s = initialState({});
    expect(s.cursor).toBe('d4');
    s = moveCursor(s, 'up');
    expect(s.cursor).toBe('d5');
    s = moveCursor(moveCursor(s, 'right'), 'right');
    expect(s.cursor).toBe('f5');
    const black = configure(s, { orientation: 'black' });
    expect(moveCursor(black, 'up').cursor).toBe('f4');
    expect(moveCursor(black, 'right').cursor).toBe('e5');
    const corner = { ...s, cursor: 'a1' as const };
    expect(moveCursor(moveCursor(corner, 'left'), 'down').cursor).toBe('a1');
  });
});

describe('movePieces', () => {
  it('moves the piece and removes the captured ones', () => {
    expect(
      movePieces({ a1: 'white-king', a3: 'black-man', c5: 'black-man' }, x('a1', ['a5', 'e5'], ['a3', 'c5'])),
    ).toEqual({
      e5: 'white-king',
    });
    expect(movePieces({ b6: 'white-man' }, q('b6', 'b7'), 'white-king')).toEqual({ b7: 'white-king' });
  });
});
