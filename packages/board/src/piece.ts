// Piece drawings: inline SVG in a 100×100 box, crisp at any size. Colours come from CSS custom
// properties in board.css (classes `side`, `face`, `groove`, `crown`), so themes need no new SVG.
import { roleOf } from './square.ts';
import type { PieceKind } from './types.ts';

/** One disc seen slightly from above: a shadow, the side (rim), the face and a turned groove. */
function disc(cy: number, r: number, depth: number): string {
  return (
    `<ellipse class="shadow" cx="50" cy="${cy + depth + 2}" rx="${r + 1}" ry="${r}"/>` +
    `<circle class="side" cx="50" cy="${cy + depth}" r="${r}"/>` +
    `<circle class="face" cx="50" cy="${cy}" r="${r}"/>` +
    `<circle class="groove" cx="50" cy="${cy}" r="${Math.round(r * 0.68)}"/>` +
    `<path class="sheen" d="M${50 - r * 0.62} ${cy - r * 0.45}A${r * 0.78} ${r * 0.78} 0 0 1 ${50 + r * 0.1} ${
      cy - r * 0.78
    }"/>`
  );
}

const crown =
  '<path class="crown" d="M33 50 L29 31 L40.5 40 L50 26 L59.5 40 L71 31 L67 50 Z"/>' +
  '<path class="crown-band" d="M33.5 50 H66.5"/>' +
  '<circle class="crown" cx="29" cy="30" r="2.6"/><circle class="crown" cx="50" cy="25" r="2.8"/>' +
  '<circle class="crown" cx="71" cy="30" r="2.6"/>';

const man = disc(46, 40, 6);
const king = disc(57, 36, 5) + disc(41, 36, 5) + crown;

/** The inner SVG markup for a piece kind. */
export function pieceSvg(kind: PieceKind): string {
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">${
    roleOf(kind) === 'king' ? king : man
  }</svg>`;
}
