// The board widget's vocabulary. The widget is an edge of the system, so squares are named
// ('c3'), not numbered: the host converts with `squareFromIndex` / `squareToIndex`.

/** The files, a (White's left) to h. */
export const files = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
/** A file letter: 'a' … 'h'. */
export type File = (typeof files)[number];

/** The ranks, 1 (White's side) to 8. */
export const ranks = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
/** A rank digit: '1' … '8'. */
export type Rank = (typeof ranks)[number];

/** A square name; a1 is White's bottom-left corner. */
export type SquareName = `${File}${Rank}`;

/** The two sides. */
export const colors = ['white', 'black'] as const;
/** 'white' or 'black'. */
export type Color = (typeof colors)[number];

/** A piece is a man or a king. */
export const roles = ['man', 'king'] as const;
/** 'man' or 'king'. */
export type Role = (typeof roles)[number];

/** Every piece the widget draws, colour and role. */
export const pieceKinds = ['white-man', 'white-king', 'black-man', 'black-king'] as const;
/** A piece: 'white-man', 'black-king', … */
export type PieceKind = `${Color}-${Role}`;

/** What stands where: { c3: 'white-man', h8: 'black-king' }. */
export type Pieces = Partial<Record<SquareName, PieceKind>>;

/** One legal move, with its whole capture path. */
export interface MovePath {
  /** 'a1' */
  from: SquareName;
  /** landing squares in order, last = destination: ['a5', 'e5', 'e1', 'b1']; a quiet move has one */
  path: SquareName[];
  /** taken squares in jump order: ['a3', 'c5', 'e3', 'c1']; [] for a quiet move */
  captures: SquareName[];
}

/** How an arrow is drawn: 'hint' (green, the default), 'best' (blue, the engine's move), 'alt' (a fainter blue, other lines), 'bad' (red, a mistake). */
export const arrowBrushes = ['hint', 'best', 'alt', 'bad'] as const;
/** One of `arrowBrushes`: 'hint', 'best', 'alt' or 'bad'. */
export type ArrowBrush = (typeof arrowBrushes)[number];

/** A hint arrow: { from: 'c3', to: 'c4' }, or { from: 'c3', to: 'c5', brush: 'best' }. */
export interface Arrow {
  from: SquareName;
  to: SquareName;
  /** 'hint' when absent */
  brush?: ArrowBrush;
}

/** The board's looks: 'classic' (one-colour wood, play along the lines) and 'two-tone' (chequered squares). */
export const themes = ['classic', 'two-tone'] as const;
/** One of `themes` (the class `dama-theme-NAME` on the board). */
export type Theme = (typeof themes)[number];

/** Which side's pieces the user may move: 'white', 'black', 'both' (analysis) or 'none'. */
export type MovableColor = Color | 'both' | 'none';

/** Who may move, and the legal moves the widget lets them choose among (it knows no rules itself). */
export interface Movable {
  /** 'white' */
  color: MovableColor;
  /** the legal moves of the side to move, as the rules module found them: [{ from: 'c3', path: ['c4'], captures: [] }] */
  moves: MovePath[];
}

/** What the widget knows about a square, handed to the label callback. */
export interface SquareInfo {
  /** 'c3' */
  square: SquareName;
  /** 'white-man', or undefined for an empty square */
  piece: PieceKind | undefined;
  /** true when this is the selected piece's square */
  selected: boolean;
  /** true when tapping here plays or advances the selected piece's move */
  destination: boolean;
  /** true when the piece here must capture */
  mustCapture: boolean;
  /** true when the piece here would be taken by the move being chosen */
  taken: boolean;
}

/** Translatable accessible names. */
export interface BoardLabels {
  /** the board's own name: 'Dama board' / 'Dama tahtası' */
  board?: string;
  /** a square's name: info => 'c3, white man' / 'c3, beyaz taş' */
  square?: (info: SquareInfo) => string;
}

/** The data part of the configuration: everything `set()` accepts except callbacks. */
export interface BoardOptions {
  /** 'white': White at the bottom (a1 bottom-left); 'black' flips the board */
  orientation: Color;
  /** { a2: 'white-man', d5: 'black-king' } */
  pieces: Pieces;
  /** { color: 'white', moves: legalMoves } — the widget knows no rules, only these paths */
  movable: Movable;
  /** { from: 'c3', path: ['c4'], captures: [] }, highlighted on its from and to squares; null clears */
  lastMove: MovePath | null;
  /** 'c3', the selected piece (the host may set it, e.g. for touch-move); null clears */
  selected: SquareName | null;
  /** [{ from: 'c3', to: 'c4' }] hint arrows */
  arrows: Arrow[];
  /** 'classic': one-colour wooden board with lines; 'two-tone': chequered */
  theme: Theme;
  /** true: file letters and rank numbers on the board's edge */
  coordinates: boolean;
  /** true: dots on destinations, rings on capture destinations */
  showDests: boolean;
  /** 180: milliseconds per landing square when animating; 0 disables animation */
  animationMs: number;
  /** true: a chosen move is shown as a ghost and needs a second tap on its destination */
  confirmMove: boolean;
  /** true: the far side's pieces are drawn turned 180°, for two players facing each other */
  flipFarPieces: boolean;
  /** { board: 'Dama tahtası', square: info => … } accessible names, for translation */
  labels: BoardLabels;
}

/** What the widget tells the host: a chosen move, a selection, a tap on a square. */
export interface BoardCallbacks {
  /** called once the user has chosen a complete move: move => game.play(move) */
  onMove?: (move: MovePath) => void;
  /** called when the user selects a piece ('c3') or clears the selection (null) */
  onSelect?: (square: SquareName | null) => void;
  /**
   * called for every tap (pointer, or Enter/Space on the keyboard cursor) on a square while no side
   * may move (`movable.color: 'none'`): 'c3' — what a position editor needs; the widget changes nothing
   */
  onSquare?: (square: SquareName) => void;
}

/** What `createBoard` and `set` accept: every option is optional and has a default. */
export type BoardConfig = Partial<BoardOptions> & BoardCallbacks;
