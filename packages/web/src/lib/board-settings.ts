// What a board takes from the player's settings, the same on every screen where the player moves
// pieces (game, online, puzzles): looks, coordinates, destination dots, animation speed, the
// confirm-move tap, and the accessible names in their language.
import type { BoardConfig } from '@dama/board';
import type { Catalog } from './i18n/index.ts';
import { boardLabels } from './labels.ts';
import { ANIMATION_MS, type Settings } from './settings.ts';

/** The settings' part of a playing board's config (pieces turned for a facing player: off). */
export const settingsBoard = (
  s: Settings,
  t: Catalog,
): Required<
  Pick<
    BoardConfig,
    'theme' | 'coordinates' | 'showDests' | 'animationMs' | 'confirmMove' | 'flipFarPieces' | 'labels'
  >
> => ({
  theme: s.theme,
  coordinates: s.coordinates,
  showDests: s.showDests,
  animationMs: ANIMATION_MS[s.animation],
  confirmMove: s.confirmMove,
  flipFarPieces: false,
  labels: boardLabels(t),
});
