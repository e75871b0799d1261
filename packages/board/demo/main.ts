// Demo of @dama/board: a few fixed positions with their legal moves written out by hand
// (the widget has no rules, and this demo imports nothing else).
import '../src/board.css';
import { createBoard } from '../src/index.ts';
import type { BoardLabels, MovePath, PieceKind, Pieces, SquareName } from '../src/index.ts';

interface Demo {
  name: string;
  fen: string;
  moves: MovePath[];
  lastMove?: MovePath;
  arrows?: { from: SquareName; to: SquareName }[];
}

const q = (from: SquareName, to: SquareName): MovePath => ({ from, path: [to], captures: [] });
const x = (from: SquareName, path: SquareName[], captures: SquareName[]): MovePath => ({
  from,
  path,
  captures,
});

const demos: Demo[] = [
  {
    name: 'King chain: two paths end on a1',
    // docs/RULES.md small case: 3 distinct moves, 4 paths.
    fen: 'W:WKa1:Ba3,c5,e3,c1',
    moves: [
      x('a1', ['a5', 'e5', 'e1', 'b1'], ['a3', 'c5', 'e3', 'c1']),
      x('a1', ['a5', 'e5', 'e1', 'a1'], ['a3', 'c5', 'e3', 'c1']),
      x('a1', ['e1', 'e5', 'a5', 'a2'], ['c1', 'e3', 'c5', 'a3']),
      x('a1', ['e1', 'e5', 'a5', 'a1'], ['c1', 'e3', 'c5', 'a3']),
    ],
  },
  {
    name: 'Start position',
    fen: 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
    moves: (['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const).map((f) => q(`${f}3`, `${f}4`)),
    arrows: [{ from: 'd3', to: 'd4' }],
  },
  {
    name: 'Two men must capture',
    fen: 'W:Wc4,f4,a2,Kh1:Bc5,f5,Kh8,b7',
    moves: [x('c4', ['c6'], ['c5']), x('f4', ['f6'], ['f5'])],
    lastMove: q('b8', 'b7'),
    arrows: [{ from: 'f4', to: 'f6' }],
  },
  {
    name: 'Long chain (immediate removal)',
    // docs/RULES.md small case: exactly one move, f3xf5xd5xd7xb7.
    fen: 'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4',
    moves: [x('f3', ['f5', 'd5', 'd7', 'b7'], ['f4', 'e5', 'd6', 'c7'])],
  },
];

/** 'W:WKa1,b2:Bc3' → pieces (a tiny reader for the demo only). */
function readFen(fen: string): Pieces {
  const pieces: Pieces = {};
  for (const part of fen.split(':').slice(1)) {
    const color = part[0] === 'W' ? 'white' : 'black';
    for (const tok of part.slice(1).split(',')) {
      if (!tok) continue;
      const king = tok.startsWith('K');
      pieces[(king ? tok.slice(1) : tok) as SquareName] = `${color}-${king ? 'king' : 'man'}` as PieceKind;
    }
  }
  return pieces;
}

const turkish: BoardLabels = {
  board: 'Dama tahtası',
  square: (i) =>
    [
      i.square,
      i.piece === undefined
        ? 'boş'
        : `${i.piece.startsWith('white') ? 'beyaz' : 'siyah'} ${i.piece.endsWith('king') ? 'dama' : 'taş'}`,
      ...(i.mustCapture ? ['almak zorunda'] : []),
      ...(i.taken ? ['alınacak'] : []),
      ...(i.destination ? ['hedef'] : []),
    ].join(', '),
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const log = $('log');
const positionSelect = $<HTMLSelectElement>('position');
demos.forEach((d, i) => positionSelect.append(new Option(d.name, String(i))));
const params = new URLSearchParams(location.search);
positionSelect.value = params.get('p') ?? '0';
for (const id of ['twoTone', 'flip', 'confirm', 'far'])
  if (params.has(id)) $<HTMLInputElement>(id).checked = true;

const checked = (id: string) => $<HTMLInputElement>(id).checked;
const current = () => demos[Number(positionSelect.value)];

const board = createBoard($('board'), {
  onMove: (m) => {
    log.textContent = `onMove: ${m.from}${m.captures.length ? 'x' : '-'}${m.path.join('x')}  takes [${m.captures.join(', ')}]\n${log.textContent}`;
  },
  onSelect: (sq) => {
    log.textContent = `onSelect: ${sq}\n${log.textContent}`;
  },
});

function options() {
  return {
    theme: checked('twoTone') ? ('two-tone' as const) : ('classic' as const),
    orientation: checked('flip') ? ('black' as const) : ('white' as const),
    coordinates: checked('coords'),
    confirmMove: checked('confirm'),
    flipFarPieces: checked('far'),
    labels: checked('turkish') ? turkish : {},
  };
}

function load(): void {
  const d = current();
  board.set({
    ...options(),
    pieces: readFen(d.fen),
    movable: { color: d.fen.startsWith('W') ? 'white' : 'black', moves: d.moves },
    lastMove: d.lastMove ?? null,
    arrows: d.arrows ?? [],
    selected: null,
  });
}

positionSelect.addEventListener('change', load);
for (const id of ['twoTone', 'flip', 'coords', 'confirm', 'far', 'turkish']) {
  $(id).addEventListener('change', () => board.set(options()));
}
$('reset').addEventListener('click', load);
$('animate').addEventListener('click', () => {
  load();
  const move = current().moves[0];
  if (move) void board.animateMove(move).then(() => (log.textContent = `animation done\n${log.textContent}`));
});
load();
Object.assign(window, { board });
